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

/**
 * Renders every definition in every theme and variant (a few milliseconds, once per process). The
 * definitions in `later` are rendered once the current work is done (`setImmediate`): until then
 * the lookup has none of them, and their components render themselves (the same HTML, slower).
 */
export function renderServerTemplates(defs: readonly TemplateDefinition[], later: readonly TemplateDefinition[] = []): TemplateLookup {
  const byTheme = new WeakMap<object, Map<string, RenderedTemplate>>();
  const renderAll = (list: readonly TemplateDefinition[]) => {
    for (const name of THEME_NAMES) {
      const theme = getTheme(name);
      let table = byTheme.get(themeIdentity(theme));
      if (!table) {
        table = new Map();
        byTheme.set(themeIdentity(theme), table);
      }
      for (const def of list) for (const variant of def.variants) table.set(`${def.id} ${variant}`, renderTemplate(def, theme, variant));
    }
  };
  renderAll(defs);
  if (later.length)
    setImmediate(() => {
      try {
        renderAll(later);
      } catch (error) {
        // What was rendered is right; the rest render themselves.
        console.error(error);
      }
    });
  return (id, theme, variant) => byTheme.get(themeIdentity(theme))?.get(`${id} ${variant}`);
}
