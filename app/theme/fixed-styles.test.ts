import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import Box from "#app/components/ui/Box.tsx";
import { ThemeProvider } from "@mui/material/styles";
import { createElement as h, type ElementType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createEmotionCache } from "./emotion-cache.ts";
import { fixed, fixedStyle } from "./fixed-styles.tsx";
import { getTheme } from "./themes.ts";

function render(node: ReactNode, theme = getTheme("myPurpleTheme")) {
  const cache = createEmotionCache();
  const server = createEmotionServer(cache);
  const html = renderToString(h(CacheProvider, { value: cache }, h(ThemeProvider, { theme }, node)));
  return { html, css: server.extractCritical(html).css };
}

const sx = { display: "flex", gap: { xs: 1, md: 2 }, px: 1.5, bgcolor: "primary.main", "&:hover": { boxShadow: 3 } } as const;
const Row = fixed("ul", sx, "MuiBox-root");

describe("fixed styles (issue 24: styles worked out once per theme)", () => {
  it("gives the CSS that the same sx on a Box gives, with the MUI class names kept", () => {
    const fixedOut = render(h(Row, { "data-x": "1" }, h("li", null, "a")));
    const boxOut = render(h(Box as ElementType, { component: "ul", sx }, h("li", null, "a")));
    expect(fixedOut.html).toMatch(/^<ul data-x="1" class="MuiBox-root mui-[a-z0-9]+"><li>a<\/li><\/ul>$/);
    const rules = (css: string) => css.replace(/\.mui-[a-z0-9]+/g, ".X");
    expect(rules(fixedOut.css)).toBe(rules(boxOut.css));
    expect(fixedOut.css).toContain("background-color:#7e57c2");
    expect(fixedOut.css).toContain("@media (min-width:768px)");
  });

  it("compiles once per theme across requests, though MUI's ThemeProvider copies the theme on each render", () => {
    let compiles = 0;
    const Counted = fixed("div", (t) => {
      compiles += 1;
      return { color: t.palette.primary.main };
    });
    const Keyed = () => h(Box as ElementType, { sx: { mt: 13.25 } }, "x");
    // Two server renders are two requests: a new theme object from the provider each time.
    const first = render([h(Counted, { key: 1 }), h(Keyed, { key: 2 })]);
    const second = render([h(Counted, { key: 1 }), h(Keyed, { key: 2 })]);
    expect(compiles).toBe(1);
    expect(second).toEqual(first);
  });

  it("follows the theme, and works the CSS out once per theme", () => {
    const style = fixedStyle({ color: "primary.main" });
    const purple = getTheme("myPurpleTheme");
    const dark = getTheme("myDarkTheme");
    expect(style(purple)).toBe(style(purple));
    expect(style(purple).className).not.toBe(style(dark).className);
    expect(render(h(Row), dark).css).toContain("background-color:#b39ddb");
  });

  it("passes other props through, renders another component with `as`, and adds a caller's class", () => {
    const Link = (p: { to: string; className?: string; children?: ReactNode }) =>
      h("a", { href: p.to, className: p.className }, p.children);
    const { html } = render(h(Row, { as: Link, to: "/shop", className: "mine" }, "Shop"));
    expect(html).toMatch(/^<a href="\/shop" class="MuiBox-root mui-[a-z0-9]+ mine">Shop<\/a>$/);
  });
});
