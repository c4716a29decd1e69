import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { ThemeProvider } from "@mui/material/styles";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createEmotionCache } from "#app/theme/emotion-cache.ts";
import { ServerTemplatesContext, type TemplateLookup } from "#app/theme/server-templates.ts";
import { getTheme, type ThemeName } from "#app/theme/themes.ts";

/**
 * HTML and critical CSS of a server render in `theme`, Emotion's hashes replaced by their order of
 * appearance: what a drop-in (app/components/ui) must render exactly as MUI's component does.
 */
export function renderWithStyles(node: ReactNode, theme: string) {
  const cache = createEmotionCache();
  const server = createEmotionServer(cache);
  const html = renderToString(h(CacheProvider, { value: cache }, h(ThemeProvider, { theme: getTheme(theme as never) }, node)));
  const css = server.extractCritical(html).css;
  const names = new Map<string, string>();
  // MUI labels its classes outside production builds (`mui-<hash>-MuiTypography-root`, one label
  // per style composed into the class).
  const norm = (s: string) =>
    s.replace(
      /mui-[a-z0-9]+(?:-Mui[A-Za-z]+-[A-Za-z]+)*/g,
      (m) => names.get(m) ?? (names.set(m, `mui-${names.size}`), `mui-${names.size - 1}`),
    );
  const outHtml = norm(html);
  // CSS rules in the order of the classes in the HTML (a cache's insertion order can differ).
  const rules = [...css.matchAll(/\.(mui-[a-z0-9-]+)[^{]*\{[^}]*\}|@media[^{]+\{\.(mui-[a-z0-9-]+)[^}]*\}\}/gi)].map((m) => norm(m[0]));
  return { html: outHtml, css: rules.sort().join("\n") };
}

/**
 * HTML and critical CSS of a server render in `theme`, with the server's templates (`lookup`) or
 * without them (null), as they are (Emotion's hashes kept): what a server template must render
 * exactly as MUI's components do.
 */
export function renderWithTemplates(node: ReactNode, theme: ThemeName, lookup: TemplateLookup | null) {
  const cache = createEmotionCache();
  const server = createEmotionServer(cache);
  const html = renderToString(
    h(
      ServerTemplatesContext.Provider,
      { value: lookup },
      h(CacheProvider, { value: cache }, h(ThemeProvider, { theme: getTheme(theme) }, node)),
    ),
  );
  return { html, css: server.extractCritical(html).css };
}
