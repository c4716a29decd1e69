import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Link as RouterLink, NavLink as RouterNavLink, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { isPlainPath, Link, NavLink } from "./Link.tsx";

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

  it("NavLink renders what React Router's NavLink renders, current page or not", async () => {
    expect(NavLink).not.toBe(RouterNavLink); // the server's own (import.meta.env.SSR), as in the SSR build
    const fn = {
      className: ({ isActive, isPending }: { isActive: boolean; isPending: boolean }) =>
        `nav${isActive ? " on" : ""}${isPending ? " wait" : ""}`,
      style: ({ isActive }: { isActive: boolean }) => (isActive ? { fontWeight: 700 } : {}),
      children: ({ isActive }: { isActive: boolean }) => (isActive ? "Here" : "There"),
    };
    const navCases: Record<string, unknown>[] = [
      { to: "/shop", children: "Shop" },
      { to: "/shop/", className: "MuiButton-root" },
      { to: "/shop", end: true, children: "Shop" },
      { to: "/shop/products/t-shirts", end: true },
      { to: "/shop/products/T-Shirts" },
      { to: "/shop/products/T-Shirts", caseSensitive: true },
      { to: "/sh", children: "Not a prefix of a segment" },
      { to: "/", end: true },
      { to: "/" },
      { to: "/shop", "aria-current": "location", id: "n1", tabIndex: 0 },
      { to: "/shop", ...fn },
      { to: "/search", ...fn },
      { to: "/shop/stores/@print-works/administration/orders" },
      // React Router's own on the server too.
      { to: "/shop?x=1" },
      { to: "/a b" },
      { to: "shop" },
      { to: "/shop", viewTransition: true },
      { to: { pathname: "/shop" } },
    ];
    for (const url of ["http://localhost/shop/products/t-shirts", "http://localhost/", "http://localhost/shop/"])
      for (const props of navCases) {
        const ours = await render(h(NavLink, props as never), url);
        const theirs = await render(h(RouterNavLink, props as never), url);
        expect(ours, `${url} ${JSON.stringify(props)}`).toBe(theirs);
      }
  });
});
