/**
 * The route branches a document's `<Scripts>` needs to look at (issue 24, ADR 0028).
 *
 * With lazy route discovery, React Router's `<Scripts>` writes into every document the manifest of
 * the routes that match the page's address and each of its ancestors ("/", "/shop",
 * "/shop/product" for "/shop/product/x"), so that the browser can navigate up without asking. It
 * finds them by running each ancestor through every branch of the route tree in rank order: about
 * 170 branches here, each trying the root layout, joining paths and building match objects before
 * it fails, three to five times per page, about 4 % of an uncached storefront render.
 *
 * A branch whose path starts with a plain segment ("shop", "fulfillment", "legal") can only match
 * an address whose first segment is that word, and every ancestor of a page's address shares the
 * page's first segment (or is "/"). So `<Scripts>` is given only the branches that start with the
 * page's first segment, and those that can match any first segment (the home page "/", pathless
 * layouts' children that start with a parameter, a splat, an optional segment). React Router still
 * does the matching, on the same branches in the same order, minus those that could not match.
 *
 * Only `<Scripts>`' partial manifest reads the branches given to `<ServerRouter>` (the server has
 * already matched the request with its own); the unit test checks, for every route of the app, that
 * no branch left out matches the address or any of its ancestors.
 *
 * `<ServerRouter>` also builds, on every request, a route object with its components for every route
 * of the manifest (`createServerRoutes`), and a static router converts each of them again, to render
 * the few that matched: ~3 % of an uncached storefront render. `manifestForBranches` gives it the
 * manifest of the kept branches' routes only (every route on each kept branch, root and layouts
 * included), so it builds those. Every route the request matched is on a kept branch, and so is
 * every route `<Scripts>`' partial manifest names, so the page is the same.
 */

import { plainFirstSegment } from "#server/http/route-sections.ts";

// The first segment of a path pattern, as the server's route sections read it (ADR 0030).
export { plainFirstSegment };

/** A branch as React Router flattens it (only its full path is read). */
interface Branch {
  path: string;
}

/** A branch with the routes on it, root first, as React Router's static handler keeps it. */
interface BranchWithRoutes extends Branch {
  routesMeta: readonly { route: { id?: string } }[];
}

/** Plain first segments get a list each; everything else is in every list. */
interface BranchIndex<B> {
  byFirst: Map<string, B[]>;
  any: B[];
}

const indexes = new WeakMap<Branch[], BranchIndex<Branch>>();

function indexOf<B extends Branch>(branches: B[]): BranchIndex<B> {
  let index = indexes.get(branches) as BranchIndex<B> | undefined;
  if (!index) {
    // Each branch's first segment, worked out once.
    const keyed = branches.map((b) => ({ b, first: plainFirstSegment(b.path) }));
    const any = keyed.filter((k) => k.first === null).map((k) => k.b);
    const byFirst = new Map<string, B[]>();
    for (const f of new Set(keyed.map((k) => k.first))) {
      if (f !== null)
        byFirst.set(
          f,
          keyed.filter((k) => k.first === null || k.first === f).map((k) => k.b),
        );
    }
    index = { byFirst, any };
    indexes.set(branches, index as BranchIndex<Branch>);
  }
  return index;
}

/**
 * The branches, in their rank order, that may match `pathname` or one of its ancestors. Returns
 * `branches` itself when the address is one the filter does not read (percent-encoded, so React
 * Router would decode it first).
 */
export function branchesForPath<B extends Branch>(branches: B[], pathname: string): B[] {
  if (pathname.includes("%")) return branches;
  const first = pathname.split("/").find((s) => s !== "");
  const index = indexOf(branches);
  if (first === undefined) return index.any;
  return index.byFirst.get(first.toLowerCase()) ?? index.any;
}

/** Per kept list of branches, per manifest: the manifest of their routes (the lists are kept per first segment). */
const manifests = new WeakMap<object, WeakMap<object, object>>();

/**
 * `manifest` with only the routes on `kept`, in the manifest's own order (the order in which
 * `<ServerRouter>` builds a parent's children); `manifest` itself when `kept` is every branch.
 */
export function manifestForBranches<M extends { routes: Record<string, unknown> }>(
  manifest: M,
  kept: BranchWithRoutes[],
  all: BranchWithRoutes[],
): M {
  if (kept === all) return manifest;
  let perManifest = manifests.get(kept);
  if (!perManifest) {
    perManifest = new WeakMap();
    manifests.set(kept, perManifest);
  }
  let reduced = perManifest.get(manifest) as M | undefined;
  if (!reduced) {
    const ids = new Set(kept.flatMap((b) => b.routesMeta.map((m) => m.route.id)));
    const routes: Record<string, unknown> = {};
    for (const [id, route] of Object.entries(manifest.routes)) if (ids.has(id)) routes[id] = route;
    reduced = { ...manifest, routes };
    perManifest.set(manifest, reduced);
  }
  return reduced;
}
