import { CacheProvider } from "@emotion/react";
import { ThemeProvider, type Theme } from "@mui/material/styles";
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

/** At most this many variants of on-demand definitions are rendered per process (and kept). */
export const MAX_ON_DEMAND = 3000;

/**
 * Renders every definition in every theme and variant (a few milliseconds, once per process). The
 * definitions in `later` are rendered once the current work is done (`setImmediate`): until then
 * the lookup has none of them, and their components render themselves (the same HTML, slower).
 * The definitions in `onDemand` have too many variants to render them all (a button's variant,
 * colour, size, element...): a variant is rendered after the work in which it was first looked up,
 * in the theme it was looked up in, and the lookups before that find none.
 */
export function renderServerTemplates(
  defs: readonly TemplateDefinition[],
  later: readonly TemplateDefinition[] = [],
  onDemand: readonly TemplateDefinition[] = [],
): TemplateLookup {
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
  const demanded = new Map(onDemand.map((d) => [d.id, d]));
  const wanted = new WeakMap<object, Set<string>>();
  const queue: { def: TemplateDefinition; theme: Theme; variant: string }[] = [];
  let rendered = 0;
  const renderQueued = () => {
    for (const { def, theme, variant } of queue.splice(0)) {
      try {
        let table = byTheme.get(themeIdentity(theme));
        if (!table) {
          table = new Map();
          byTheme.set(themeIdentity(theme), table);
        }
        table.set(`${def.id} ${variant}`, renderTemplate(def, theme, variant));
      } catch (error) {
        // That variant renders itself from now on.
        console.error(error);
      }
    }
  };
  return (id, theme, variant) => {
    const found = byTheme.get(themeIdentity(theme))?.get(`${id} ${variant}`);
    if (found) return found;
    const def = demanded.get(id);
    if (def && rendered < MAX_ON_DEMAND) {
      let asked = wanted.get(themeIdentity(theme));
      if (!asked) wanted.set(themeIdentity(theme), (asked = new Set()));
      if (!asked.has(`${id} ${variant}`)) {
        asked.add(`${id} ${variant}`);
        rendered += 1;
        if (!queue.length) setImmediate(renderQueued);
        queue.push({ def, theme, variant });
      }
    }
    return undefined;
  };
}
