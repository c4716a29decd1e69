// React Router matches every request against every branch of the app's route tree, in rank order
// (about 170 branches: the root layout tried, paths joined and match objects built before each
// fails), twice per page (the request handler, then the static handler's query) and again for
// `<Scripts>`' partial manifest: about 5 % of an uncached storefront render, for a home page whose
// address only a handful of routes can match.
//
// A route whose full path starts with a plain segment ("shop", "fulfillment", "legal") can only
// match an address whose first segment is that word (React Router's matching ignores case unless a
// route asks otherwise), and every ancestor of an address shares its first segment or is "/". So
// the server keeps one request handler per first segment of the app's routes, each on a build with
// the routes of that section and those that can match any first segment (the root layout, "/",
// pathless layouts, routes starting with a parameter, an optional segment or a splat, such as the
// not-found page), with their parents. An address whose first segment no route starts with, one
// with a percent-encoded part (React Router decodes it first), the route discovery manifest
// (`/__manifest`, asked about any address) and "/_root.data" go to the handler of the whole app.
// Each handler is made on the first request of its section. ADR 0030.
import type { ServerBuild } from "react-router";

type Routes = ServerBuild["routes"];

/** The first segment of a path pattern, lower case, or null when it can match any first segment. */
export function plainFirstSegment(path: string): string | null {
  const first = path.split("/").find((s) => s !== "");
  if (first === undefined) return null; // "/" or a pathless layout: any address may start here
  return /[:*?()\\]/.test(first) ? null : first.toLowerCase();
}

/** Each route's full path (its parents' paths and its own, joined). */
function fullPaths(routes: Routes): Map<string, string> {
  const out = new Map<string, string>();
  const pathOf = (id: string): string => {
    const known = out.get(id);
    if (known !== undefined) return known;
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? pathOf(route.parentId) : "";
    const own = route.path ?? "";
    const full = own.startsWith("/") ? own : [parent, own].filter(Boolean).join("/");
    out.set(id, full);
    return full;
  };
  for (const id of Object.keys(routes)) pathOf(id);
  return out;
}

export interface RouteSections {
  /** The section an address belongs to ("" for "/"), or null for the whole app's handler. */
  sectionOf(pathname: string): string | null;
  /** The routes of a section (in the build's order), or null for a section no route starts. */
  routesOf(section: string): Routes | null;
}

export function routeSections(routes: Routes): RouteSections {
  const paths = fullPaths(routes);
  const firsts = new Map([...paths].map(([id, p]) => [id, plainFirstSegment(p)]));
  const sections = new Set([...firsts.values()].filter((f): f is string => f !== null));
  const kept = new Map<string, Routes>();
  return {
    sectionOf(pathname) {
      if (pathname.includes("%")) return null;
      const first = pathname.split("/").find((s) => s !== "");
      if (first === undefined) return "";
      const key = first.toLowerCase();
      return sections.has(key) ? key : null;
    },
    routesOf(section) {
      if (section !== "" && !sections.has(section)) return null;
      let out = kept.get(section);
      if (!out) {
        const ids = new Set<string>();
        for (const [id, first] of firsts) {
          if (first !== null && first !== section) continue;
          // The route and its parents (a layout above a section's page may have its own path).
          for (let at: string | undefined = id; at && !ids.has(at); at = routes[at]?.parentId) ids.add(at);
        }
        out = Object.fromEntries(Object.entries(routes).filter(([id]) => ids.has(id))) as Routes;
        kept.set(section, out);
      }
      return out;
    },
  };
}

/**
 * A request handler that hands each request to its section's handler (made by `make` on a build
 * with that section's routes, the first time), else to the whole app's. A build given as a
 * function (the development server's, read on each request) keeps one handler.
 */
export function sectionedHandler<B extends ServerBuild | (() => Promise<ServerBuild>), H>(
  build: B,
  make: (build: B | ServerBuild) => H,
): (pathname: string) => H {
  const whole = make(build);
  if (typeof build === "function") return () => whole;
  const sections = routeSections(build.routes);
  const handlers = new Map<string, H>();
  return (pathname) => {
    const section = sections.sectionOf(pathname);
    if (section === null) return whole;
    let handler = handlers.get(section);
    if (!handler) {
      const routes = sections.routesOf(section);
      handler = routes ? make({ ...build, routes }) : whole;
      handlers.set(section, handler);
    }
    return handler;
  };
}
