import { createTheme, type Theme, type ThemeOptions } from "@mui/material/styles";
import { BREAKPOINTS, type ThemeName } from "../lib/theme-constants.ts";

export { THEME_NAMES, DEFAULT_THEME, THEME_LABELS, isThemeName, BREAKPOINTS, type ThemeName } from "../lib/theme-constants.ts";

const outlined = { defaultProps: { variant: "outlined" as const } };

const shared: ThemeOptions = {
  breakpoints: { values: BREAKPOINTS },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: "2.25rem", fontWeight: 700 },
    h2: { fontSize: "1.75rem", fontWeight: 700 },
    h3: { fontSize: "1.4rem", fontWeight: 600 },
    h4: { fontSize: "1.2rem", fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    // Select, text field, combobox, file input, textarea and autocomplete: outlined by default.
    MuiTextField: outlined,
    MuiSelect: outlined,
    MuiFormControl: outlined,
    MuiButton: { defaultProps: { disableElevation: true } },
    // In the dark theme the link colour is too close to the text's to tell links apart by colour
    // alone (WCAG 1.4.1): links that underline on hover are underlined there all the time.
    MuiLink: {
      defaultProps: { underline: "hover" },
      styleOverrides: {
        root: ({ theme }) => (theme.palette.mode === "dark" ? { "&.MuiLink-underlineHover": { textDecoration: "underline" } } : {}),
      },
    },
    // Plain anchors (router links in text, Markdown) take the theme's link colour in the dark theme:
    // the browser's default blue is unreadable on its background. Anchors with a class (MUI
    // components, the logo) keep their own colour.
    MuiCssBaseline: {
      styleOverrides: (theme: Theme) => (theme.palette.mode === "dark" ? { "a:not([class])": { color: theme.palette.primary.light } } : {}),
    },
  },
};

const options: Record<ThemeName, ThemeOptions> = {
  // Light purple primary, light green secondary (spec section 9).
  myPurpleTheme: {
    palette: {
      mode: "light",
      primary: { main: "#7e57c2", light: "#b39ddb", dark: "#5e35b1", contrastText: "#ffffff" },
      secondary: { main: "#9ccc65", light: "#c5e1a5", dark: "#689f38", contrastText: "#1b2e0a" },
      background: { default: "#faf8fd", paper: "#ffffff" },
    },
  },
  myDarkTheme: {
    palette: {
      mode: "dark",
      primary: { main: "#b39ddb", light: "#d1c4e9", dark: "#7e57c2", contrastText: "#1a1027" },
      secondary: { main: "#aed581", light: "#c5e1a5", dark: "#7cb342", contrastText: "#132006" },
      background: { default: "#121016", paper: "#1c1921" },
    },
  },
  myNeutralTheme: {
    palette: {
      mode: "light",
      primary: { main: "#37474f", light: "#62727b", dark: "#102027", contrastText: "#ffffff" },
      secondary: { main: "#a1887f", light: "#d3b8ae", dark: "#725b53", contrastText: "#1f1512" },
      background: { default: "#f5f5f4", paper: "#ffffff" },
    },
  },
};

const cache = new Map<ThemeName, Theme>();
export function getTheme(name: ThemeName): Theme {
  let theme = cache.get(name);
  if (!theme) {
    // contrastThreshold 4.5: every palette colour gets a text colour meeting WCAG AA.
    theme = createTheme({
      ...shared,
      ...options[name],
      palette: { contrastThreshold: 4.5, ...options[name].palette },
      components: shared.components,
    });
    cache.set(name, theme);
  }
  return theme;
}
