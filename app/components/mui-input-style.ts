import type { CSSObject, Theme } from "@mui/material/styles";

// MUI 9's InputBase / OutlinedInput measures (@mui/material's InputBase.js and OutlinedInput.js)
// and SvgIcon's box, for the controls drawn without MUI's components: the header's light search
// field (search/InstantSearch.tsx), the storefront's outlined fields (OutlinedField.tsx) and its
// checkboxes and radio buttons (ChoiceControl.tsx). One copy, so that they all stay on the same
// pixels as MUI's own.

/** The outline's colour at rest. */
export const outlineColor = (theme: Theme): string =>
  theme.palette.mode === "light" ? "rgba(0, 0, 0, 0.23)" : "rgba(255, 255, 255, 0.23)";

/** The placeholder's opacity. */
export const placeholderOpacity = (theme: Theme): number => (theme.palette.mode === "light" ? 0.42 : 0.5);

/** InputBase's root: the box around the input and its adornments. */
export const inputRootStyle = (theme: Theme): CSSObject => ({
  ...(theme.typography.body1 as CSSObject),
  lineHeight: "1.4375em",
  color: theme.palette.text.primary,
  boxSizing: "border-box",
  position: "relative",
  cursor: "text",
});

/** InputBase's input, at MUI's medium outlined padding (callers set their own padding). */
export const inputStyle = (theme: Theme): CSSObject => ({
  font: "inherit",
  letterSpacing: "inherit",
  color: "currentColor",
  padding: "16.5px 14px",
  border: 0,
  boxSizing: "content-box",
  background: "none",
  height: "1.4375em",
  margin: 0,
  WebkitTapHighlightColor: "transparent",
  display: "block",
  minWidth: 0,
  width: "100%",
  "&::placeholder": {
    color: "currentColor",
    opacity: placeholderOpacity(theme),
    transition: theme.transitions.create("opacity", { duration: theme.transitions.duration.shorter }),
  },
  "&:focus": { outline: 0 },
  "&:invalid": { boxShadow: "none" },
  "&::-webkit-search-decoration": { WebkitAppearance: "none" },
});

/** SvgIcon's root (an inline `<svg viewBox="0 0 24 24">`) at `fontSize` (MUI's small: 20 px, medium: 24 px). */
export const svgIconStyle = (theme: Theme, fontSize: number): CSSObject => ({
  userSelect: "none",
  width: "1em",
  height: "1em",
  display: "inline-block",
  flexShrink: 0,
  fill: "currentColor",
  fontSize: theme.typography.pxToRem(fontSize),
  transition: theme.transitions.create("fill", { duration: theme.transitions.duration.shorter }),
});
