import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import Button from "@mui/material/Button";
import Stack from "#app/components/ui/Stack.tsx";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createEmotionCache } from "./emotion-cache.ts";

function criticalCss(node: ReactNode): string {
  const cache = createEmotionCache();
  const server = createEmotionServer(cache);
  const html = renderToString(h(CacheProvider, { value: cache }, node));
  return server.extractCritical(html).css;
}

describe("Emotion cache (critical CSS of server-rendered pages)", () => {
  it("writes no legacy vendor prefixes, and keeps -webkit- where current Safari needs it", () => {
    const css = criticalCss(
      h(Stack, { direction: "row", sx: { backdropFilter: "blur(4px)" } }, h(Button, { variant: "contained" }, "Add to cart")),
    );
    expect(css).toContain("display:flex;");
    expect(css).toContain("flex-direction:row;");
    expect(css).not.toMatch(/-webkit-box|-ms-flex|-webkit-flex|-webkit-transition|@-webkit-keyframes/);
    // The button's user-select:none and the backdrop filter, with the prefix Safari reads.
    expect(css).toContain("-webkit-user-select:none;user-select:none;");
    expect(css).toContain("-webkit-backdrop-filter:blur(4px);backdrop-filter:blur(4px);");
  });

  it("compiles a style once for the whole server process, not once per request's cache", () => {
    // Emotion keys its server-side compiled CSS by style name, per plugins array: two requests'
    // caches share it when they are given the same array (a new one each would compile again).
    const first = createEmotionCache();
    const second = createEmotionCache();
    const name = `shared-${Date.now()}`;
    first.insert(".a", { name, styles: "color:red;", next: undefined }, first.sheet, false);
    const again = second.insert(".a", { name, styles: "color:blue;", next: undefined }, second.sheet, false);
    // The second cache answers with the first compile (same name: the same styles, by Emotion's hash).
    expect(again).toBe(".a{color:red;}");
  });
});
