import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Link as RouterLink, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { isPlainPath, Link } from "./Link.tsx";

async function render(node: ReactNode, url = "http://localhost/shop/products/t-shirts") {
  const handler = createStaticHandler([{ path: "*", Component: () => node }]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(h(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

const cases: Record<string, unknown>[] = [
  { to: "/shop/product/prd_1" },
  { to: "/" },
  { to: "/shop/", className: "card", "aria-label": "A cat", children: "Cat" },
  { to: "/search?q=cat%20dog&page=2#results", prefetch: "intent", target: "_blank", rel: "noopener" },
  { to: "/shop/stores/@print%2Dworks", replace: true, state: { a: 1 }, preventScrollReset: true, id: "x", tabIndex: -1 },
  { to: "/fulfillment/@print-works/administration/orders?status=open", reloadDocument: true, style: { color: "red" } },
  { to: "/a b/ü", children: ["one", "two"] },
  // Not plain: React Router's own on the server too.
  { to: "../up" },
  { to: "relative/path" },
  { to: "https://example.com/x" },
  { to: "//example.com/x" },
  { to: "/x/./y" },
  { to: "/x?" },
  { to: { pathname: "/x", search: "?a=1" } },
  { to: "/x", prefetch: "render" },
  { to: "/x", discover: "none" },
];

describe("Link (issue 24: React Router's Link without its hooks on the server)", () => {
  it("renders what React Router's Link renders", async () => {
    for (const props of cases) {
      const ours = await render(h(Link, props as never));
      const theirs = await render(h(RouterLink, props as never));
      expect(ours, JSON.stringify(props)).toBe(theirs);
    }
  });

  it("takes the short way for plain absolute paths only", () => {
    expect(isPlainPath("/shop/product/prd_1?x=1#y")).toBe(true);
    for (const to of ["../up", "rel", "//host/x", "https://x.test/", "/x/../y", "/x/.", "/x?", "/x#", { pathname: "/x" }])
      expect(isPlainPath(to), JSON.stringify(to)).toBe(false);
  });
});
