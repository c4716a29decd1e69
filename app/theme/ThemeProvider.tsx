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

function themeCookie(): string | undefined {
  return document.cookie
    .split(/;\s*/)
    .find((c) => c.startsWith(`${THEME_COOKIE}=`))
    ?.slice(THEME_COOKIE.length + 1);
}
const hasThemeCookie = () => themeCookie() !== undefined;

/** Keep a signed-in user's choice on the account, so their other devices follow it. */
function saveToAccount(name: ThemeName) {
  void fetch("/resources/theme", {
    method: "POST",
    headers: { Accept: "application/json" },
    body: new URLSearchParams({ theme: name }),
    credentials: "same-origin",
  }).catch(() => undefined);
}

/**
 * The theme lives in `userData.theme`; a cookie mirrors it so that the server renders the
 * chosen theme (no flash after a reload). A signed-in user's choice is also saved on the account
 * (`signedIn`), and the server renders the account's theme on every device.
 */
export function AppThemeProvider({ initial, signedIn = false, children }: { initial: ThemeName; signedIn?: boolean; children: ReactNode }) {
  const [name, setNameState] = useState<ThemeName>(initial);

  useEffect(() => {
    setNameState(initial);
    const stored = readUserData().theme;
    if (hasThemeCookie()) {
      if (stored !== initial) writeUserData((d) => ({ ...d, theme: initial }));
      // The account's theme (chosen on another device) replaces this browser's older choice.
      if (themeCookie() !== initial) writeThemeCookie(initial);
    } else if (isThemeName(stored) && stored !== DEFAULT_THEME) {
      // No cookie yet: the server rendered the default. Mirror a non-default choice so the
      // next page renders it; the default needs no cookie (and writing one would let it win
      // over a later userData change).
      writeThemeCookie(stored);
      if (stored !== initial) setNameState(stored);
    }
  }, [initial]);

  const setName = useCallback(
    (next: ThemeName) => {
      setNameState(next);
      writeUserData((d) => ({ ...d, theme: next }));
      writeThemeCookie(next);
      if (signedIn) saveToAccount(next);
    },
    [signedIn],
  );

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
