import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAll, WHO, type Who } from "./support/roles.ts";

/**
 * The analytics pages and their CSVs (issue 23 §4) × visitor, shopper, partner, fulfiller and admin.
 * The print shop's (@print-works, owned by the demo fulfiller): its owner and admins get in; the
 * partner, who runs no print shop, stands for another print shop's owner (a 404, as for everyone
 * signed in who is not the owner: the page never tells whose shop it is); the module's test refuses
 * a real second print shop's owner (server/modules/analytics/analytics.test.ts). The store's
 * (@inkwell, owned by the demo partner): the fulfiller owns another store (@print-works-studio), so
 * it is another store's partner there (403, as for a shopper). Reading writes nothing.
 */
type Want = 200 | 403 | 404 | 422 | "login";

const contexts = new Map<Who, APIRequestContext>();

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL, "analytics")) contexts.set(who, ctx);
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

const all = (want: Want): Record<Who, Want> => ({ anonymous: want, shopper: want, partner: want, fulfiller: want, admin: want });
const signedIn = (want: Want): Record<Who, Want> => ({ ...all(want), anonymous: "login" });
/** The print shop's owner and admins get `allowed`; everyone else signed in a 404. */
const shop = (allowed: Want = 200): Record<Who, Want> => ({
  anonymous: "login",
  shopper: 404,
  partner: 404,
  fulfiller: allowed,
  admin: allowed,
});
/** The store's owner and admins get `allowed`; other signed-in users a 403. */
const store = (allowed: Want = 200): Record<Who, Want> => ({
  anonymous: "login",
  shopper: 403,
  partner: allowed,
  fulfiller: 403,
  admin: allowed,
});

const SHOP = "/fulfillment/@print-works/administration/analytics";
const STORE = "/shop/partners/@inkwell/administration/analytics";
const RANGE = "from=2026-01-01&to=2026-12-31";

const GETS: { path: string; want: Record<Who, Want> }[] = [
  { path: SHOP, want: shop() },
  { path: `${SHOP}?${RANGE}`, want: shop() },
  { path: `${SHOP}?from=2026-02-30&to=%3Cscript%3E`, want: shop() },
  { path: `${SHOP}/units?${RANGE}`, want: shop() },
  { path: `${SHOP}/on-time`, want: shop() },
  { path: `${SHOP}/payouts`, want: shop() },
  { path: `${SHOP}/units?from=2026-05-01&to=2026-04-01`, want: shop(422) },
  { path: `${SHOP}/units?from=2020-01-01&to=2026-01-01`, want: shop(422) },
  { path: `${SHOP}/revenue`, want: shop(404) },
  { path: "/fulfillment/print-works/administration/analytics", want: all(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/analytics", want: signedIn(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/analytics/units", want: signedIn(404) },
  { path: STORE, want: store() },
  { path: `${STORE}?${RANGE}`, want: store() },
  { path: `${STORE}?from=yesterday`, want: store() },
  { path: `${STORE}/revenue?${RANGE}`, want: store() },
  { path: `${STORE}/sales`, want: store() },
  { path: `${STORE}/audience`, want: store() },
  { path: `${STORE}/products`, want: store() },
  { path: `${STORE}/products?from=2026-13-01`, want: store(422) },
  { path: `${STORE}/units`, want: store(404) },
  { path: "/shop/partners/inkwell/administration/analytics", want: all(404) },
  { path: "/shop/partners/@no-such-store/administration/analytics", want: signedIn(404) },
];

function check(status: number, location: string | undefined, want: Want, path: string) {
  if (want === "login") {
    expect(status, path).toBe(302);
    expect(location, path).toBe(`/login?next=${encodeURIComponent(path)}`);
  } else expect(status, path).toBe(want);
}

for (const route of GETS) {
  test(`GET ${route.path}`, async () => {
    for (const who of WHO) {
      const res = await contexts.get(who)!.get(route.path, { maxRedirects: 0 });
      await test.step(`${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], route.want[who], route.path));
    }
  });
}

test("the pages take no form posts", async () => {
  for (const path of [SHOP, STORE])
    for (const who of WHO) {
      const res = await contexts.get(who)!.post(path, { form: { from: "2026-01-01" }, maxRedirects: 0 });
      await test.step(`${who} POST ${path} → ${res.status()}`, () => expect([302, 403, 404, 405]).toContain(res.status()));
    }
});

test("the CSVs download with their header, the range in their name, and the same figures for the owner and an admin", async () => {
  for (const [path, who, name, header] of [
    [`${SHOP}/units?${RANGE}`, "fulfiller", "print-works-units-2026-01-01-to-2026-12-31.csv", "date,units,shipments"],
    [
      `${SHOP}/on-time?${RANGE}`,
      "fulfiller",
      "print-works-on-time-2026-01-01-to-2026-12-31.csv",
      "date,shipments,on_time,on_time_rate,median_hours_paid_to_shipped",
    ],
    [`${STORE}/revenue?${RANGE}`, "partner", "inkwell-revenue-2026-01-01-to-2026-12-31.csv", "date,revenue,currency"],
    [
      `${STORE}/products?${RANGE}`,
      "partner",
      "inkwell-products-2026-01-01-to-2026-12-31.csv",
      "product_id,title,units,orders,revenue,currency,product_views,conversion",
    ],
  ] as const) {
    const res = await contexts.get(who)!.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers()["content-disposition"]).toBe(`attachment; filename="${name}"`);
    expect(res.headers()["cache-control"]).toBe("private, no-store");
    const text = await res.text();
    expect(text.startsWith(`\uFEFF${header}\n`), path).toBe(true);
    if (path.includes("units") || path.includes("revenue")) expect(text.trimEnd().split("\n"), path).toHaveLength(366);
    expect(await (await contexts.get("admin")!.get(path)).text(), `${path} for an admin`).toBe(text);
  }
});
