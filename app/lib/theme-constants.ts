// The theme names and breakpoints without MUI: browser helpers (user data, network timeouts) use
// them, and app/theme builds the MUI themes from them (app/theme imports app/lib, never the
// reverse: `npm run lint` refuses cycles between the app's layers).

/** The spec's theme names: contracts, keep verbatim. */
export const THEME_NAMES = ["myPurpleTheme", "myDarkTheme", "myNeutralTheme"] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: ThemeName = "myPurpleTheme";
export const THEME_LABELS: Record<ThemeName, string> = {
  myPurpleTheme: "Purple (light)",
  myDarkTheme: "Dark",
  myNeutralTheme: "Neutral",
};

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === "string" && (THEME_NAMES as readonly string[]).includes(value);
}

/** Spec breakpoints; the mobile breakpoint is sm. */
export const BREAKPOINTS = { xs: 0, sm: 640, md: 768, lg: 1024, xl: 1536 } as const;
