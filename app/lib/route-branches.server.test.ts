import { createStaticHandler, matchPath, type RouteObject } from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import { branchesForPath, manifestForBranches, plainFirstSegment } from "./route-branches.server.ts";

interface Branch {
  path: string;
  routesMeta: { route: { id?: string } }[];
}

let branches: Branch[];

/** The app's route tree as React Router flattens and ranks it for the server. */
beforeAll(async () => {
  (globalThis as { __reactRouterAppDirectory?: string }).__reactRouterAppDirectory = "app";
  const config = (await import("../routes.ts")).default as RouteConfigEntry[];
  const toObject = (e: RouteConfigEntry): RouteObject =>
    e.index ? { id: e.id ?? e.file, index: true, path: e.path } : { id: e.id ?? e.file, path: e.path, children: e.children?.map(toObject) };
  const handler = createStaticHandler([{ id: "root", path: "", children: config.map(toObject) }]);
  branches = (handler as unknown as { _internalRouteBranches: Branch[] })._internalRouteBranches;
});

/** An address for a route pattern: parameters filled, a splat given two segments. */
const addressOf = (pattern: string) =>
  "/" +
  pattern
    .split("/")
    .filter(Boolean)
    .map((s) => (s === "*" ? "a/b" : s.startsWith(":") ? "@x1" : s))
    .join("/");

/** The address and its ancestors, as React Router's <Scripts> matches them. */
function ancestors(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const out = [pathname, "/"];
  segments.pop();
  while (segments.length > 0) {
    out.push(`/${segments.join("/")}`);
    segments.pop();
  }
  return out;
}

const matches = (b: Branch, p: string) => matchPath({ path: b.path, caseSensitive: false, end: true }, p) !== null;

describe("branchesForPath", () => {
  it("keeps every branch that matches an address of the app or one of its ancestors", () => {
    expect(branches.length).toBeGreaterThan(100);
    const addresses = [
      ...branches.map((b) => addressOf(b.path)),
      "/",
      "/SHOP/Product/abc",
      "/nowhere/at/all",
      "/shop/product",
      "/fulfillment/@print-works",
      "/sitemap.xml",
      "/robots.txt",
    ];
    for (const address of addresses) {
      const kept = new Set(branchesForPath(branches, address));
      for (const p of ancestors(address)) {
        for (const b of branches) {
          if (matches(b, p)) expect(kept.has(b), `${b.path} matches ${p} (from ${address})`).toBe(true);
        }
      }
    }
  });

  it("keeps the rank order and leaves out most branches", () => {
    const kept = branchesForPath(branches, "/shop/product/prd_1");
    expect(kept.length).toBeLessThan(branches.length / 2);
    const positions = kept.map((b) => branches.indexOf(b));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("gives every branch for an address React Router would decode first", () => {
    expect(branchesForPath(branches, "/%73hop/product/x")).toBe(branches);
  });

  it("reads a segment with a parameter, a splat or an optional part as matching anything", () => {
    expect(plainFirstSegment("/shop/product/:id")).toBe("shop");
    expect(plainFirstSegment("/Legal")).toBe("legal");
    expect(plainFirstSegment("/")).toBeNull();
    expect(plainFirstSegment("/:lang?/shop")).toBeNull();
    expect(plainFirstSegment("/*")).toBeNull();
    expect(plainFirstSegment("/:handle")).toBeNull();
    // A route's own path, as the server build lists it (no leading slash).
    expect(plainFirstSegment("shop/product/:id")).toBe("shop");
    expect(plainFirstSegment("")).toBeNull();
    expect(plainFirstSegment(":lang?/shop")).toBeNull();
    expect(plainFirstSegment("*")).toBeNull();
    expect(plainFirstSegment(":handle")).toBeNull();
  });
});

describe("manifestForBranches", () => {
  /** A manifest as the build writes it: every route of the app, parents before their children. */
  const manifestOf = () => {
    const routes: Record<string, { id: string }> = {};
    for (const b of branches) for (const m of b.routesMeta) routes[m.route.id!] ??= { id: m.route.id! };
    return { version: "x", entry: { module: "/e.js", imports: [] }, routes };
  };

  it("keeps every route on a branch that matches the address or an ancestor, in the manifest's order", () => {
    const manifest = manifestOf();
    const order = Object.keys(manifest.routes);
    for (const address of ["/", "/shop/product/prd_1", "/fulfillment/@print-works/administration/orders", "/no/such/page", "/legal"]) {
      const reduced = manifestForBranches(manifest, branchesForPath(branches, address), branches);
      const ids = Object.keys(reduced.routes);
      for (const p of ancestors(address))
        for (const b of branches.filter((b) => matches(b, p)))
          for (const m of b.routesMeta) expect(ids, `${m.route.id} (on ${b.path}, matching ${p})`).toContain(m.route.id);
      expect(ids.map((id) => order.indexOf(id))).toEqual(ids.map((id) => order.indexOf(id)).sort((a, b) => a - b));
      expect(ids).toContain("root");
      expect(reduced.entry).toBe(manifest.entry);
      expect(reduced.version).toBe("x");
    }
  });

  it("leaves out most routes, works each list out once, and gives the manifest itself for every branch", () => {
    const manifest = manifestOf();
    const kept = branchesForPath(branches, "/shop/product/prd_1");
    const reduced = manifestForBranches(manifest, kept, branches);
    expect(Object.keys(reduced.routes).length).toBeLessThan(Object.keys(manifest.routes).length / 2);
    expect(manifestForBranches(manifest, kept, branches)).toBe(reduced);
    expect(manifestForBranches(manifest, branches, branches)).toBe(manifest);
    expect(manifestForBranches(manifest, branchesForPath(branches, "/%73hop/product/x"), branches)).toBe(manifest);
  });
});
