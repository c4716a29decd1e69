// The HTTP load scenarios `npm run bench` runs, in order, against the production server.
//
// Add a scenario by appending an object:
//   name          short label for the table and tmp/bench-results.json
//   path          request path (GET unless `method` is given)
//   method, body, headers                optional, passed to autocannon
//   expectStatus  the status a single request must get before the load starts (default 200);
//                 a different status is reported next to the figures, so a 404 page is never
//                 mistaken for a fast page
//   connections   optional, overrides BENCH_CONNECTIONS for this scenario
//   resolvePath   optional async ({ baseUrl }) => path, run once before the check (e.g. find a
//                 demo product's id on /shop)
//   setup         optional async ({ baseUrl }) => ({ headers }) run once before the load, e.g. to
//                 sign in and return a session cookie for pages behind a login
//
// Only the local server is ever targeted (127.0.0.1).

/** @typedef {{ name: string, path: string, method?: string, body?: string, headers?: Record<string, string>, expectStatus?: number, connections?: number, setup?: (ctx: { baseUrl: string }) => Promise<{ headers?: Record<string, string> }> }} Scenario */

/** @type {Scenario[]} */
export const scenarios = [
  { name: "home", path: "/" },
  { name: "privacy policy", path: "/legal/privacyPolicy" },
  { name: "health check", path: "/healthz" },
  // storefront (issue 3)
  {
    name: "product page",
    path: "/shop",
    resolvePath: async ({ baseUrl }) => {
      const html = await (await fetch(`${baseUrl}/shop`)).text();
      const id = /href="\/shop\/product\/(prd_[0-9a-z]+)"/.exec(html)?.[1];
      if (!id) throw new Error("no product link on /shop");
      return `/shop/product/${id}`;
    },
  },
  { name: "category page", path: "/shop/products/t-shirts" },
  // a signed-in shopper's product page: never from the page cache (issue 9: at least 300/s)
  {
    name: "signed-in product page",
    path: "/shop",
    resolvePath: async ({ baseUrl }) => {
      const html = await (await fetch(`${baseUrl}/shop`)).text();
      const id = /href="\/shop\/product\/(prd_[0-9a-z]+)"/.exec(html)?.[1];
      if (!id) throw new Error("no product link on /shop");
      return `/shop/product/${id}`;
    },
    setup: async ({ baseUrl }) => {
      const res = await fetch(`${baseUrl}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "shopper@demo.platen.test", password: "platen-demo-2026", next: "/account" }),
        redirect: "manual",
      });
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      if (!/platen_session=/.test(cookie)) throw new Error(`signing in the demo shopper failed (${res.status})`);
      return { headers: { cookie } };
    },
  },
  { name: "shop", path: "/shop" },
  { name: "search", path: "/search?q=shirt" },
];
