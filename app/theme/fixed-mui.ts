import type { Theme, TypographyVariant } from "@mui/material/styles";

// What MUI's Typography and Link put in their CSS, as fixed styles (app/theme/fixed-styles.tsx):
// the same declarations in the same order, so a page reads the same to the pixel (checked by
// scripts/compare-styles.mjs in the three themes).

type TextColor = "primary" | "secondary";

/**
 * Typography: `margin: 0`, the variant's font, and `color="textSecondary"` (or `textPrimary`). MUI 9's
 * Typography ignores `color="text.secondary"` (a string it has no variant for): such text is in the
 * inherited colour, and its fixed version takes no colour.
 */
export function typographyStyle(t: Theme, variant: TypographyVariant, color?: TextColor, gutterBottom = false) {
  return {
    margin: 0,
    ...t.typography[variant],
    ...(color ? { color: t.palette.text[color] } : {}),
    ...(gutterBottom ? { marginBottom: "0.35em" } : {}),
  };
}

/** The class names MUI gives that Typography. */
export const typographyClasses = (variant: TypographyVariant, gutterBottom = false) =>
  `MuiTypography-root MuiTypography-${variant}${gutterBottom ? " MuiTypography-gutterBottom" : ""}`;

/**
 * Link with the theme's default `underline="hover"`, as Platen's theme sets it (underlined all the
 * time in the dark theme, WCAG 1.4.1).
 */
export function linkStyle(t: Theme, variant: TypographyVariant, color: TextColor) {
  return {
    ...typographyStyle(t, variant, color),
    textDecoration: "none",
    "&:hover": { textDecoration: "underline" },
    ...(t.palette.mode === "dark" ? { "&.MuiLink-underlineHover": { textDecoration: "underline" } } : {}),
  };
}

export const linkClasses = (variant: TypographyVariant) => `${typographyClasses(variant)} MuiLink-root MuiLink-underlineHover`;
