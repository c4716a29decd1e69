import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { ThemeProvider } from "@mui/material/styles";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ServerTemplatesContext, type TemplateLookup } from "#app/theme/server-templates.ts";
import { renderServerTemplates } from "#app/theme/server-templates.server.tsx";
import { createEmotionCache } from "#app/theme/emotion-cache.ts";
import { getTheme, THEME_NAMES, type ThemeName } from "#app/theme/themes.ts";
import { WishButton, wishIconTemplate } from "./WishButton.tsx";

/** A server render of `node` under a root route at `url`, with or without the server's templates. */
async function render(node: ReactNode, theme: ThemeName, lookup: TemplateLookup | null, url: string) {
  const handler = createStaticHandler([{ id: "root", path: "*", loader: () => ({ user: null }), Component: () => node }]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("unexpected response");
  const cache = createEmotionCache();
  const server = createEmotionServer(cache);
  const html = renderToString(
    h(
      ServerTemplatesContext.Provider,
      { value: lookup },
      h(
        CacheProvider,
        { value: cache },
        h(ThemeProvider, {
          theme: getTheme(theme),
          children: h(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
        }),
      ),
    ),
  );
  return { html, css: server.extractCritical(html).css };
}

describe("a card's wish heart from the server's template (issue 24)", () => {
  const rendered = renderServerTemplates([wishIconTemplate]);
  let used = 0;
  const lookup: TemplateLookup = (...args) => {
    const t = rendered(...args);
    if (t) used += 1;
    return t;
  };

  it("is the HTML and CSS the components render, in the three themes and both sizes", async () => {
    for (const theme of THEME_NAMES) {
      for (const size of ["small", "medium"] as const) {
        const node = h(WishButton, { productId: "prd_1&2", productTitle: `Tom & "Jerry" <3's`, size });
        const url = "http://localhost/shop/products/t-shirts?colour=red&q=a%20b";
        const templated = await render(node, theme, lookup, url);
        const components = await render(node, theme, null, url);
        expect(templated.html).toContain('data-testid="wish-button"');
        expect(templated).toEqual(components);
      }
    }
    expect(used).toBe(6);
  });

  it("is not used for the product page's button", async () => {
    const node = h(WishButton, { productId: "prd_1", variant: "button" });
    const a = await render(node, "myPurpleTheme", lookup, "http://localhost/shop/product/prd_1");
    expect(a.html).toContain("Add to wishes");
    expect(a).toEqual(await render(node, "myPurpleTheme", null, "http://localhost/shop/product/prd_1"));
  });
});
