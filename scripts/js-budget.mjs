// How much JavaScript a browser downloads for each storefront page on first load, from the
// production build's React Router manifest (build/client/assets/manifest-*.js): the client entry
// and its imports, plus, for each route the page matches (root, layouts, the page), its module and
// its static imports; each file counted once, gzipped (level 9, as `compression` serves it).
//
//   node scripts/js-budget.mjs              prints the table (PLATEN_BUILD_DIR, default build/)
//   import { measureJs } from "./js-budget.mjs"    used by `npm run bench` and the budget test
//
// Lazy chunks (dynamic import()) are not counted: they load after the page is interactive. Nor is
// the manifest file (manifest-*.js, every route: 7 KB gzipped) when the build discovers routes
// lazily, React Router's default: the page then carries its own routes' part of the manifest inline,
// and a browser never loads the file (checked in Chromium's network log). With
// `routeDiscovery: { mode: "initial" }` every page imports it, and it is counted.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The storefront pages and the route ids they match, outermost first (see app/routes.ts). */
export const STOREFRONT_PAGES = [
  { page: "/", routes: ["root", "layouts/default", "routes/home"] },
  { page: "/shop", routes: ["root", "layouts/default", "routes/shop/index"] },
  { page: "/shop/products/:category", routes: ["root", "layouts/default", "routes/shop/category"] },
  { page: "/shop/product/:id", routes: ["root", "layouts/default", "routes/shop/product"] },
  { page: "/search", routes: ["root", "layouts/default", "routes/search/index"] },
  { page: "/shop/stores/@:name", routes: ["root", "layouts/default", "routes/shop/store-front"] },
  { page: "/checkout", routes: ["root", "layouts/default", "routes/checkout/index"] },
  { page: "/payment", routes: ["root", "layouts/default", "routes/checkout/payment"] },
  { page: "/shop/orders/:id", routes: ["root", "layouts/default", "routes/shop/order"] },
];

const shopPage = (page, route) => ({
  page: `/fulfillment/@:name/administration${page}`,
  routes: ["root", "seller-orders", "layouts/fulfiller", route],
});

/** The print shop's back office and its neighbours (issue 23), with the route ids they match. */
export const BACK_OFFICE_PAGES = [
  shopPage("", "routes/fulfillment/overview"),
  shopPage("/getting-started", "routes/fulfillment/getting-started"),
  shopPage("/orders", "routes/fulfillment/orders"),
  shopPage("/warehouses", "routes/fulfillment/warehouses"),
  shopPage("/warehouses/create", "routes/fulfillment/warehouse-create"),
  shopPage("/warehouses/:id", "routes/fulfillment/warehouse"),
  shopPage("/warehouses/:warehouseName/batches", "routes/fulfillment/batches"),
  shopPage("/blanks", "routes/fulfillment/blanks"),
  shopPage("/blanks/create", "routes/fulfillment/blank-create"),
  shopPage("/parcels", "routes/fulfillment/parcels"),
  shopPage("/shipments", "routes/fulfillment/shipments"),
  shopPage("/manifests", "routes/fulfillment/manifests"),
  shopPage("/carriers", "routes/fulfillment/carriers"),
  shopPage("/config", "routes/fulfillment/config"),
  shopPage("/cases", "fulfillment-cases"),
  shopPage("/analytics", "routes/fulfillment/analytics"),
  { page: "/shop/partners/@:name/administration/analytics", routes: ["root", "layouts/default", "routes/seller/analytics"] },
  { page: "/shop/partners/@:name/fulfillment-application", routes: ["root", "layouts/default", "routes/fulfillment/apply"] },
  { page: "/shop/partners/@:name/fulfillment/register", routes: ["root", "layouts/default", "routes/fulfillment/register"] },
  { page: "/shop/partners/@:name/fulfillment/@:shop", routes: ["root", "layouts/default", "routes/fulfillment/public"] },
  { page: "/admin/fulfillers", routes: ["root", "layouts/default", "routes/admin/fulfillers"] },
  { page: "/admin/cases", routes: ["root", "layouts/admin", "routes/admin/cases/list"] },
  { page: "/admin/cases/:id", routes: ["root", "layouts/admin", "routes/admin/cases/detail"] },
];

/** The budget per storefront page (issue 9), gzipped bytes. */
export const JS_BUDGET_BYTES = 150 * 1024;

function readManifest(clientDir) {
  const assets = path.join(clientDir, "assets");
  // React Router names it manifest-<8 hex digits>.js; a route module named manifest-… (the manifests'
  // PDF route, manifest-document.ts) also lands in assets/ as manifest-document-<hash>.js.
  const file = readdirSync(assets).find((f) => /^manifest-[0-9a-f]{8}\.js$/.test(f));
  if (!file) throw new Error(`No React Router manifest in ${assets}: build first (npm run build).`);
  const text = readFileSync(path.join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return { manifest: JSON.parse(json), manifestFile: `/assets/${file}` };
}

/** Whether the server build discovers routes up front, so that each page imports the whole manifest. */
function discoversRoutesUpFront(buildDir) {
  const server = readFileSync(path.join(buildDir, "server", "index.js"), "utf8");
  const match = /routeDiscovery = \{\s*"mode":\s*"(\w+)"/.exec(server);
  if (!match)
    throw new Error(`No routeDiscovery in ${buildDir}/server/index.js: React Router's build output changed; update scripts/js-budget.mjs.`);
  return match[1] === "initial";
}

/** A route of the manifest by id (the file path without extension, as app/routes.ts names it). */
const findRoute = (routes, id) => routes[id] ?? null;

/**
 * The JavaScript of each storefront page: `{ page, bytes, files: [{ file, bytes }], zodFiles }`, bytes
 * gzipped; `zodFiles` lists the files that carry Zod's runtime (none, since issue 9).
 * `pages` defaults to the storefront's (STOREFRONT_PAGES); BACK_OFFICE_PAGES are the print shop's.
 * Throws when a route of the list is not in the manifest (a renamed route must update the list).
 */
export function measureJs(buildDir = process.env.PLATEN_BUILD_DIR || "build", pages = STOREFRONT_PAGES) {
  const clientDir = path.resolve(buildDir, "client");
  const { manifest, manifestFile } = readManifest(clientDir);
  const upFront = discoversRoutesUpFront(path.resolve(buildDir));
  const sizes = new Map();
  const zod = new Map();
  // Zod's runtime marks every schema with `_zod`: a storefront page must not ship it (issue 9).
  const hasZod = (url) => {
    if (!zod.has(url)) zod.set(url, readFileSync(path.join(clientDir, url), "utf8").includes("_zod"));
    return zod.get(url);
  };
  const gz = (url) => {
    if (!sizes.has(url)) sizes.set(url, gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length);
    return sizes.get(url);
  };
  return pages.map(({ page, routes }) => {
    const files = new Set([...(upFront ? [manifestFile] : []), manifest.entry.module, ...manifest.entry.imports]);
    for (const id of routes) {
      const route = findRoute(manifest.routes, id);
      if (!route)
        throw new Error(`The route "${id}" of ${page} is not in the build's manifest: update the page list in scripts/js-budget.mjs.`);
      files.add(route.module);
      for (const f of route.imports ?? []) files.add(f);
    }
    const list = [...files].map((file) => ({ file, bytes: gz(file) })).sort((a, b) => b.bytes - a.bytes);
    const zodFiles = list.filter((f) => hasZod(f.file)).map((f) => f.file);
    return { page, bytes: list.reduce((n, f) => n + f.bytes, 0), files: list, zodFiles };
  });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

export function printJsTable(results, budget = JS_BUDGET_BYTES) {
  const width = Math.max(...results.map((r) => r.page.length));
  console.log(`${"page".padEnd(width)}  JS (gzip)   budget ${kb(budget)}   largest files`);
  for (const r of results)
    console.log(
      `${r.page.padEnd(width)}  ${kb(r.bytes).padStart(9)}   ${(r.bytes <= budget ? "within" : "OVER").padEnd(14)}   ${r.files
        .slice(0, 4)
        .map((f) => `${f.file.replace("/assets/", "")} ${kb(f.bytes)}`)
        .join(", ")}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printJsTable(measureJs());
  console.log("");
  printJsTable(measureJs(undefined, BACK_OFFICE_PAGES));
}
