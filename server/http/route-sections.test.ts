import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import { routeSections, sectionedHandler } from "./route-sections.ts";

type Routes = ServerBuild["routes"];
let routes: Routes;

/** The app's routes as the server build lists them (id, parent, path, index), from app/routes.ts. */
beforeAll(async () => {
  (globalThis as { __reactRouterAppDirectory?: string }).__reactRouterAppDirectory = "app";
  const config = (await import("../../app/routes.ts")).default as RouteConfigEntry[];
  routes = { root: { id: "root", path: "", module: {} } } as unknown as Routes;
  const add = (e: RouteConfigEntry, parentId: string) => {
    const id = e.id ?? e.file.replace(/\.[jt]sx?$/, "");
    routes[id] = { id, parentId, path: e.path, index: e.index, caseSensitive: e.caseSensitive, module: {} } as Routes[string];
    for (const child of e.children ?? []) add(child, id);
  };
  for (const e of config) add(e, "root");
});

/** Route objects for React Router's matching, from a build's flat list. */
function tree(list: Routes, parentId?: string): RouteObject[] {
  return Object.values(list)
    .filter((r) => r!.parentId === parentId)
    .map((r) =>
      r!.index
        ? { id: r!.id, index: true, path: r!.path }
        : { id: r!.id, path: r!.path, caseSensitive: r!.caseSensitive, children: tree(list, r!.id) },
    );
}

const ids = (r: RouteObject[], p: string) => matchRoutes(r, p)?.map((m) => m.route.id) ?? null;

/** An address for a route's full path: parameters filled, a splat given two segments. */
function addresses(list: Routes): string[] {
  const full = (id: string): string => {
    const r = list[id]!;
    const parent = r.parentId ? full(r.parentId) : "";
    return [parent, r.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(list).map(
    (id) =>
      "/" +
      full(id)
        .split("/")
        .filter(Boolean)
        .map((s) => (s === "*" ? "a/b" : s.startsWith(":") ? "@x1" : s.replace(/\?$/, "")))
        .join("/"),
  );
}

function ancestors(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const out = [pathname, "/"];
  while (segments.pop() !== undefined && segments.length) out.push(`/${segments.join("/")}`);
  return out;
}

describe("route sections", () => {
  it("match every address and its ancestors to the same routes as the whole app", () => {
    const whole = tree(routes);
    const sections = routeSections(routes);
    const all = [...addresses(routes), "/", "/SHOP/Product/abc", "/nowhere/at/all", "/shop/nope", "/fulfillment/@x/administration/nope"];
    let checked = 0;
    for (const address of all) {
      const section = sections.sectionOf(address);
      if (section === null) continue;
      const part = tree(sections.routesOf(section)!);
      for (const p of ancestors(address)) {
        expect(ids(part, p), `${p} (from ${address}, section "${section}")`).toEqual(ids(whole, p));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("give a section far fewer routes, in the build's order, with the root and the not-found page", () => {
    const sections = routeSections(routes);
    const order = Object.keys(routes);
    for (const section of ["", "shop", "fulfillment", "admin"]) {
      const kept = Object.keys(sections.routesOf(section)!);
      expect(kept.length, section).toBeLessThan(order.length / 2);
      expect(kept).toContain("root");
      expect(kept.map((id) => order.indexOf(id))).toEqual(kept.map((id) => order.indexOf(id)).sort((a, b) => a - b));
    }
    expect(sections.routesOf("")!).toBe(sections.routesOf("")!);
  });

  it("send addresses no section can answer to the whole app", () => {
    const sections = routeSections(routes);
    expect(sections.sectionOf("/")).toBe("");
    expect(sections.sectionOf("/Shop/product/x")).toBe("shop");
    expect(sections.sectionOf("/shop/product/x.data")).toBe("shop");
    expect(sections.sectionOf("/%73hop/product/x")).toBeNull();
    expect(sections.sectionOf("/__manifest")).toBeNull();
    expect(sections.sectionOf("/_root.data")).toBeNull();
    expect(sections.sectionOf("/no/such/page")).toBeNull();
    expect(sections.routesOf("nowhere")).toBeNull();
  });

  it("makes a section's handler once, on its first request", () => {
    const made: string[] = [];
    const handlerFor = sectionedHandler({ routes } as ServerBuild, (b) => {
      made.push(Object.keys(b.routes).length === Object.keys(routes).length ? "whole" : "part");
      return made.length;
    });
    expect(made).toEqual(["whole"]);
    const shop = handlerFor("/shop/product/x");
    expect(handlerFor("/shop")).toBe(shop);
    expect(handlerFor("/__manifest")).toBe(1);
    expect(handlerFor("/")).not.toBe(shop);
    expect(made).toEqual(["whole", "part", "part"]);
  });
});
