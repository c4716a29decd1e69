import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAll, WHO, type Who } from "./support/roles.ts";

/**
 * A print shop's warehouse pages (issue 23) × anonymous, shopper, partner, fulfiller (owner of the
 * print shop @print-works) and admin. The partner holds no fulfiller role: it stands for another
 * print shop's owner on @print-works and, like a shopper, gets a 404 that tells nothing. Refused
 * input gets its 4xx with the message on the field, never a 500, and writes nothing: the sheet and
 * the page read the same after every refusal.
 */
type Want = 200 | 400 | 403 | 404 | 409 | 413 | 422 | "login";

const contexts = new Map<Who, APIRequestContext>();
let warehouseId = "";

const ADM = "/fulfillment/@print-works/administration";
const W = `${ADM}/warehouses`;
const NO_WAREHOUSE = "wh_00000000000000000000000000";
const NO_BOX = "box_00000000000000000000000000";
const NO_VARIANT = "bvr_00000000000000000000000000";
const NO_BLANK = "blk_00000000000000000000000000";

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL, "warehouses")) contexts.set(who, ctx);
  const list = await contexts.get("fulfiller")!.get(W);
  expect(list.status()).toBe(200);
  warehouseId = /\/warehouses\/(wh_[0-9a-z]{26})"/.exec(await list.text())?.[1] ?? "";
  expect(warehouseId, "a demo warehouse on the list").not.toBe("");
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

const all = (want: Want): Record<Who, Want> => ({ anonymous: want, shopper: want, partner: want, fulfiller: want, admin: want });
const signedIn = (want: Want): Record<Who, Want> => ({ ...all(want), anonymous: "login" });
const shop: Record<Who, Want> = { anonymous: "login", shopper: 404, partner: 404, fulfiller: 200, admin: 200 };
/** The shop's owner and admins get `want` (a refusal of their input); everyone else as `shop`. */
const shopRefuses = (want: Want): Record<Who, Want> => ({ ...shop, fulfiller: want, admin: want });

function check(status: number, location: string | undefined, want: Want, path: string) {
  if (want === "login") {
    expect(status, path).toBe(302);
    expect(location, path).toBe(`/login?next=${encodeURIComponent(path)}`);
  } else expect(status, path).toBe(want);
}

const gets = (): { path: string; want: Record<Who, Want> }[] => [
  { path: W, want: shop },
  { path: `${W}?done=created`, want: shop },
  { path: `${W}/create`, want: shop },
  { path: `${W}/${warehouseId}`, want: shop },
  { path: `${W}/${warehouseId}?editBox=${NO_BOX}&blank=nope&done=sheet&changed=-4`, want: shop },
  { path: `${W}/${warehouseId}/stock.csv`, want: shop },
  { path: `${W}/${NO_WAREHOUSE}`, want: signedIn(404) },
  { path: `${W}/not-a-warehouse`, want: signedIn(404) },
  { path: `${W}/${NO_WAREHOUSE}/stock.csv`, want: signedIn(404) },
  { path: `${W}/not-a-warehouse/stock.csv`, want: signedIn(404) },
  { path: "/fulfillment/print-works/administration/warehouses", want: all(404) },
  { path: `/fulfillment/print-works/administration/warehouses/${NO_WAREHOUSE}`, want: all(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/warehouses", want: signedIn(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/warehouses/create", want: signedIn(404) },
  { path: `/fulfillment/@no-such-fulfiller/administration/warehouses/${warehouseId}`, want: signedIn(404) },
  { path: `/fulfillment/@no-such-fulfiller/administration/warehouses/${warehouseId}/stock.csv`, want: signedIn(404) },
];

test("GET every warehouse page and the stock sheet", async () => {
  for (const route of gets())
    for (const who of WHO) {
      const res = await contexts.get(who)!.get(route.path, { maxRedirects: 0 });
      await test.step(`${route.path}: ${who} → ${res.status()}`, () =>
        check(res.status(), res.headers()["location"], route.want[who], route.path));
    }
});

test("the stock sheet is a CSV download, for the shop's owner and admins only", async () => {
  for (const who of ["fulfiller", "admin"] as const) {
    const res = await contexts.get(who)!.get(`${W}/${warehouseId}/stock.csv`);
    expect(res.headers()["content-type"], who).toBe("text/csv; charset=utf-8");
    expect(res.headers()["cache-control"], who).toBe("private, no-store");
    expect((await res.text()).replace(/^\uFEFF/, "").split("\n")[0], who).toBe("sku,on_hand,bin");
  }
});

const address = {
  name: "Access test",
  line1: "Torstraße 1",
  city: "Berlin",
  region: "",
  country: "DE",
  timeZone: "Europe/Berlin",
  cutoffTime: "14:00",
};

const posts = (): { path: string; form: Record<string, string>; want: Record<Who, Want> }[] => [
  // add a warehouse: every problem on its field
  { path: `${W}/create`, form: { ...address, postalCode: "ABC" }, want: shopRefuses(422) },
  { path: `${W}/create`, form: { ...address, postalCode: "10119", timeZone: "Mars/Base" }, want: shopRefuses(422) },
  { path: `${W}/create`, form: {}, want: shopRefuses(422) },
  // a warehouse's page
  { path: `${W}/${warehouseId}`, form: { intent: "save-warehouse", ...address, postalCode: "1" }, want: shopRefuses(422) },
  {
    path: `${W}/${warehouseId}`,
    form: { intent: "save-warehouse", ...address, postalCode: "10119", cutoffTime: "25:61" },
    want: shopRefuses(422),
  },
  { path: `${W}/${warehouseId}`, form: { intent: "save-blanks", blankIds: NO_BLANK }, want: shopRefuses(422) },
  {
    path: `${W}/${warehouseId}`,
    form: { intent: "save-box", name: "", lengthCm: "-1", widthCm: "x", heightCm: "2", weightGrams: "1.5" },
    want: shopRefuses(422),
  },
  {
    path: `${W}/${warehouseId}`,
    form: { intent: "save-box", id: NO_BOX, name: "Ghost", lengthCm: "1", widthCm: "1", heightCm: "1", weightGrams: "1" },
    want: shopRefuses(404),
  },
  { path: `${W}/${warehouseId}`, form: { intent: "delete-box", id: NO_BOX }, want: shopRefuses(404) },
  {
    path: `${W}/${warehouseId}`,
    form: { intent: "save-stock", [`onHand:${NO_VARIANT}`]: "5", [`wasOnHand:${NO_VARIANT}`]: "" },
    want: shopRefuses(404),
  },
  { path: `${W}/${warehouseId}`, form: { intent: "import-stock" }, want: shopRefuses(422) },
  { path: `${W}/${warehouseId}`, form: { intent: "explode" }, want: shopRefuses(400) },
  // unknown warehouses and shops
  { path: `${W}/${NO_WAREHOUSE}`, form: { intent: "delete-box", id: NO_BOX }, want: signedIn(404) },
  { path: `${W}/not-a-warehouse`, form: { intent: "explode" }, want: signedIn(404) },
  { path: `/fulfillment/print-works/administration/warehouses/${warehouseId}`, form: { intent: "explode" }, want: all(404) },
  { path: `/fulfillment/@no-such-fulfiller/administration/warehouses/create`, form: address, want: signedIn(404) },
];

test("POST every action with refused input: 4xx for the shop and admins, nothing for anyone else, nothing written", async () => {
  const sheet = async () => (await contexts.get("fulfiller")!.get(`${W}/${warehouseId}/stock.csv`)).text();
  const listed = async () => (await (await contexts.get("fulfiller")!.get(W)).text()).match(/data-testid="warehouse-card"/g)?.length;
  const [sheetBefore, cardsBefore] = [await sheet(), await listed()];
  for (const route of posts())
    for (const who of WHO) {
      const res = await contexts.get(who)!.post(route.path, { form: route.form, maxRedirects: 0 });
      await test.step(`${route.path} ${route.form.intent ?? "create"}: ${who} → ${res.status()}`, () =>
        check(res.status(), res.headers()["location"], route.want[who], route.path));
    }
  expect(await sheet()).toBe(sheetBefore);
  expect(await listed()).toBe(cardsBefore);
});

test("POST a stock sheet with bad rows: each named for the shop and admins, refused for everyone else, nothing written", async () => {
  const path = `${W}/${warehouseId}`;
  const before = await (await contexts.get("fulfiller")!.get(`${path}/stock.csv`)).text();
  const want = shopRefuses(422);
  for (const who of WHO) {
    const res = await contexts.get(who)!.post(path, {
      multipart: {
        intent: "import-stock",
        sheet: { name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from("sku,on_hand,bin\nNO-SUCH-SKU,-3,\n") },
      },
      maxRedirects: 0,
    });
    await test.step(`${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], want[who], path));
    if (want[who] === 422) {
      const html = await res.text();
      expect(html, who).toContain("Row 2, sku: No blank of yours has the SKU “NO-SUCH-SKU”.");
      expect(html, who).toContain("Row 2, on_hand: Units on hand cannot be negative.");
    }
  }
  // a workbook is refused by its name, a file that is not text by its content
  for (const [name, body, message] of [
    ["stock.xlsx", "PK\u0003\u0004", "This is a spreadsheet workbook"],
    ["stock.csv", "\u0000\u0001\u0002", "This file is not a CSV sheet"],
  ] as const) {
    const res = await contexts.get("fulfiller")!.post(path, {
      multipart: { intent: "import-stock", sheet: { name, mimeType: "text/csv", buffer: Buffer.from(body) } },
      maxRedirects: 0,
    });
    expect(res.status(), name).toBe(422);
    expect(await res.text(), name).toContain(message);
  }
  expect(await (await contexts.get("fulfiller")!.get(`${path}/stock.csv`)).text()).toBe(before);
});
