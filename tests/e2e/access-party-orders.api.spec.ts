import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAll, WHO, type Who } from "./support/roles.ts";

/**
 * The order pages of a store's partners and of fulfillers × anonymous, shopper, partner (owner of
 * @inkwell), fulfiller (owner of the fulfillment business @print-works and of the store
 * @print-works-studio: "another store's owner" for @inkwell) and admin. The partner holds no
 * fulfiller role, so it stands for "another fulfiller" on @print-works: a 404, never a hint.
 */
type Want = 200 | 400 | 403 | 404 | 409 | 422 | "login";

const contexts = new Map<Who, APIRequestContext>();

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL)) contexts.set(who, ctx);
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

const all = (want: Want): Record<Who, Want> => ({ anonymous: want, shopper: want, partner: want, fulfiller: want, admin: want });
const signedIn = (want: Want): Record<Who, Want> => ({ ...all(want), anonymous: "login" });
const inkwellAdmin: Record<Who, Want> = { anonymous: "login", shopper: 403, partner: 200, fulfiller: 403, admin: 200 };
const printWorksStore: Record<Who, Want> = { anonymous: "login", shopper: 403, partner: 403, fulfiller: 200, admin: 200 };
const printWorksFulfiller: Record<Who, Want> = { anonymous: "login", shopper: 404, partner: 404, fulfiller: 200, admin: 200 };

const FUL = "/fulfillment/@print-works/administration/orders";
const ADM = "/fulfillment/@print-works/administration";
const CFG = `${ADM}/config`;
const NO_ZONE = "shz_00000000000000000000000000";
const NO_RATE = "shr_00000000000000000000000000";
const NO_WAREHOUSE = "whs_00000000000000000000000000";
const NO_GROUP = "grp_00000000000000000000000000";
const NO_LINE = "oln_00000000000000000000000000";

const GETS: { path: string; want: Record<Who, Want> }[] = [
  { path: "/shop/partners/@inkwell/administration/orders", want: inkwellAdmin },
  { path: "/shop/partners/@inkwell/administration/orders?page=2", want: inkwellAdmin },
  { path: "/shop/partners/@inkwell/administration/orders?page=-1", want: inkwellAdmin },
  { path: "/shop/partners/@print-works-studio/administration/orders", want: printWorksStore },
  { path: "/shop/partners/inkwell/administration/orders", want: all(404) },
  { path: "/shop/partners/@no-such-store/administration/orders", want: signedIn(404) },
  { path: FUL, want: printWorksFulfiller },
  ...["open", "pending", "in_production", "shipped", "delivered", "all", "bogus"].map((s) => ({
    path: `${FUL}?status=${s}`,
    want: printWorksFulfiller,
  })),
  { path: "/fulfillment/print-works/administration/orders", want: all(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/orders", want: signedIn(404) },
  { path: `${FUL}/${NO_GROUP}/files/${NO_LINE}/front`, want: signedIn(404) },
  // the fulfiller's administration: overview and shipping and stock (config)
  { path: ADM, want: printWorksFulfiller },
  { path: CFG, want: printWorksFulfiller },
  { path: `${CFG}?warehouse=${NO_WAREHOUSE}&blank=nope`, want: printWorksFulfiller },
  { path: `${CFG}?editZone=${NO_ZONE}&editRate=${NO_RATE}`, want: printWorksFulfiller },
  { path: "/fulfillment/print-works/administration", want: all(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/config", want: signedIn(404) },
  { path: `/fulfillment/@no-such-fulfiller/administration/orders/${NO_GROUP}/files/${NO_LINE}/front`, want: signedIn(404) },
];

// POST intents with an unknown shipment or bad fields: refusals are exact, allowed users get a 4xx (never a 500).
const POSTS: { path: string; form: Record<string, string>; want: Record<Who, Want> }[] = [
  { path: FUL, form: { intent: "accept", groupId: NO_GROUP }, want: { ...printWorksFulfiller, fulfiller: 409, admin: 409 } },
  // shipments ship when their label is bought (Shipments) and are delivered by the carrier's tracking: no hand-typed intents
  { path: FUL, form: { intent: "deliver", groupId: NO_GROUP }, want: { ...printWorksFulfiller, fulfiller: 400, admin: 400 } },
  {
    path: FUL,
    form: { intent: "ship", groupId: NO_GROUP, carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
    want: { ...printWorksFulfiller, fulfiller: 400, admin: 400 },
  },
  {
    path: FUL,
    form: { intent: "ship", groupId: NO_GROUP, carrier: "Pigeon", trackingNumber: "<script>" },
    want: { ...printWorksFulfiller, fulfiller: 400, admin: 400 },
  },
  { path: FUL, form: { intent: "explode", groupId: NO_GROUP }, want: { ...printWorksFulfiller, fulfiller: 400, admin: 400 } },
  { path: FUL, form: { intent: "accept" }, want: { ...printWorksFulfiller, fulfiller: 400, admin: 400 } },
  { path: "/fulfillment/print-works/administration/orders", form: { intent: "accept", groupId: NO_GROUP }, want: all(404) },
  // shipping and stock: refusals for allowed users are 4xx with the message on the field, nothing written
  { path: CFG, form: { intent: "save-zone", name: "", regions: "XX, US" }, want: { ...printWorksFulfiller, fulfiller: 422, admin: 422 } },
  { path: CFG, form: { intent: "delete-zone", id: NO_ZONE }, want: { ...printWorksFulfiller, fulfiller: 404, admin: 404 } },
  { path: CFG, form: { intent: "delete-rate", id: NO_RATE }, want: { ...printWorksFulfiller, fulfiller: 404, admin: 404 } },
  {
    path: CFG,
    form: {
      intent: "save-rate",
      zoneId: NO_ZONE,
      target: "category:t-shirts",
      firstItem: "4.50",
      additionalItem: "-1",
      minDays: "3",
      maxDays: "2",
    },
    want: { ...printWorksFulfiller, fulfiller: 422, admin: 422 },
  },
  // stock moved to each warehouse's page (access-warehouses.api.spec.ts): the old intent is unknown here
  {
    path: CFG,
    form: { intent: "save-stock", warehouseId: NO_WAREHOUSE, [`onHand:bvr_0000`]: "5" },
    want: { ...printWorksFulfiller, fulfiller: 400, admin: 400 },
  },
  { path: CFG, form: { intent: "explode" }, want: { ...printWorksFulfiller, fulfiller: 400, admin: 400 } },
  { path: "/fulfillment/print-works/administration/config", form: { intent: "save-zone", name: "X", regions: "US" }, want: all(404) },
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

for (const route of POSTS) {
  test(`POST ${route.path} ${JSON.stringify(route.form)}`, async () => {
    for (const who of WHO) {
      const res = await contexts.get(who)!.post(route.path, { form: route.form, maxRedirects: 0 });
      await test.step(`${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], route.want[who], route.path));
    }
  });
}

test("the account lists orders for a signed-in shopper and sends visitors to sign in", async () => {
  const anon = await contexts.get("anonymous")!.get("/account", { maxRedirects: 0 });
  expect(anon.status()).toBe(302);
  for (const who of ["shopper", "partner", "fulfiller", "admin"] as const) {
    const res = await contexts.get(who)!.get("/account");
    expect(res.status(), who).toBe(200);
    expect(await res.text(), who).toContain('id="orders"');
  }
});
