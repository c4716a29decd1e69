import { CacheProvider } from "@emotion/react";
import { ThemeProvider } from "@mui/material/styles";
import { renderToString } from "react-dom/server";
import { createEmotionCache } from "./emotion-cache.ts";
import { themeIdentity } from "./fixed-styles.tsx";
import { getTheme, THEME_NAMES } from "./themes.ts";
import { slotMark, splitTemplate, type RenderedTemplate, type TemplateDefinition, type TemplateLookup } from "./server-templates.ts";

/** Renders one template in one theme, with a private Emotion cache that collects its styles. */
export function renderTemplate(def: TemplateDefinition, theme: ReturnType<typeof getTheme>, variant: string): RenderedTemplate {
  const cache = Object.assign(createEmotionCache(), { compat: true as const });
  const html = renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>{def.render(variant, slotMark)}</ThemeProvider>
    </CacheProvider>,
  );
  const registered: Record<string, string> = {};
  for (const [name, styles] of Object.entries(cache.registered)) if (typeof styles === "string") registered[name] = styles;
  const inserted: Record<string, string> = {};
  for (const [name, css] of Object.entries(cache.inserted)) if (typeof css === "string") inserted[name] = css;
  return { ...splitTemplate(html), registered, inserted };
}

/** Renders every definition in every theme and variant (a few milliseconds, once per process). */
export function renderServerTemplates(defs: readonly TemplateDefinition[]): TemplateLookup {
  const byTheme = new WeakMap<object, Map<string, RenderedTemplate>>();
  for (const name of THEME_NAMES) {
    const theme = getTheme(name);
    const table = new Map<string, RenderedTemplate>();
    for (const def of defs) for (const variant of def.variants) table.set(`${def.id} ${variant}`, renderTemplate(def, theme, variant));
    byTheme.set(themeIdentity(theme), table);
  }
  return (id, theme, variant) => byTheme.get(themeIdentity(theme))?.get(`${id} ${variant}`);
}
