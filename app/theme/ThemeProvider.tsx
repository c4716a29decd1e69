import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { THEME_COOKIE } from "../lib/constants.ts";
import { readUserData, writeUserData } from "../lib/user-data.ts";
import { DEFAULT_THEME, getTheme, isThemeName, type ThemeName } from "./themes.ts";

interface ThemeChoice {
  name: ThemeName;
  setName(name: ThemeName): void;
}
const ThemeChoiceContext = createContext<ThemeChoice>({ name: "myPurpleTheme", setName: () => undefined });
export const useThemeChoice = () => useContext(ThemeChoiceContext);

function writeThemeCookie(name: ThemeName) {
  document.cookie = `${THEME_COOKIE}=${name}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

function hasThemeCookie(): boolean {
  return document.cookie.split(/;\s*/).some((c) => c.startsWith(`${THEME_COOKIE}=`));
}

/**
 * The theme lives in `userData.theme`; a cookie mirrors it so that the server renders the
 * chosen theme (no flash after a reload).
 */
export function AppThemeProvider({ initial, children }: { initial: ThemeName; children: ReactNode }) {
  const [name, setNameState] = useState<ThemeName>(initial);

  useEffect(() => {
    const stored = readUserData().theme;
    if (hasThemeCookie()) {
      if (stored !== initial) writeUserData((d) => ({ ...d, theme: initial }));
    } else if (isThemeName(stored) && stored !== DEFAULT_THEME) {
      // No cookie yet: the server rendered the default. Mirror a non-default choice so the
      // next page renders it; the default needs no cookie (and writing one would let it win
      // over a later userData change).
      writeThemeCookie(stored);
      if (stored !== initial) setNameState(stored);
    }
  }, [initial]);

  const setName = useCallback((next: ThemeName) => {
    setNameState(next);
    writeUserData((d) => ({ ...d, theme: next }));
    writeThemeCookie(next);
  }, []);

  const value = useMemo(() => ({ name, setName }), [name, setName]);
  return (
    <ThemeChoiceContext.Provider value={value}>
      <ThemeProvider theme={getTheme(name)}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeChoiceContext.Provider>
  );
}
