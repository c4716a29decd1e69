import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import {
  commitStock,
  createBlank,
  createFulfiller,
  createWarehouse,
  deleteShippingRate,
  deleteShippingZone,
  getBlankDetail,
  groupShipping,
  listShippingProfile,
  listStock,
  releaseStock,
  reserveStock,
  routeOrderLines,
  saveShippingRate,
  saveShippingZone,
  setBlankStatus,
  setFulfillerStatus,
  setStock,
  stockLevels,
} from "./index.ts";
import { blankVariants, warehouseStock } from "./schema.ts";
import { admin, otherFulfiller, owner, shopper, teeInput } from "./test-fixtures.ts";
import { refusal } from "../../../tests/support/refusal.ts";

const t = useTestDatabase();

let seq = 0;
/** A business with Portland (US) and Leipzig (DE) stocking one tee, zones US / Europe / rest of world. */
async function setup() {
  const n = ++seq;
  const shop = await createFulfiller(t.ctx(admin), { handle: `route-shop-${n}`, name: `Route shop ${n}`, ownerUserId: "usr_owner" });
  const portland = await createWarehouse(t.ctx(owner), { fulfillerId: shop.id, name: "Portland", country: "US", region: "OR" });
  const leipzig = await createWarehouse(t.ctx(owner), { fulfillerId: shop.id, name: "Leipzig", country: "DE" });
  const blank = await createBlank(t.ctx(owner), teeInput(shop.id, { warehouseIds: [portland.id, leipzig.id], productionDays: 2 }));
  const detail = await getBlankDetail(t.ctx(owner), blank.id);
  const [whiteS, whiteM] = detail.variants;
  const us = await saveShippingZone(t.ctx(owner), { fulfillerId: shop.id, name: "United States", regions: "US", sortOrder: 0 });
  const eu = await saveShippingZone(t.ctx(owner), { fulfillerId: shop.id, name: "Europe", regions: ["DE", "FR", "GB"], sortOrder: 1 });
  const row = await saveShippingZone(t.ctx(owner), { fulfillerId: shop.id, name: "Rest of world", regions: "*", sortOrder: 2 });
  const rate = (zoneId: string, over: Record<string, unknown>) =>
    saveShippingRate(t.ctx(owner), {
      fulfillerId: shop.id,
      zoneId,
      category: "t-shirts",
      firstItemMinor: 500,
      additionalItemMinor: 200,
      minDays: 3,
      maxDays: 6,
      ...over,
    });
  return { shop, portland, leipzig, blank, whiteS: whiteS!, whiteM: whiteM!, us, eu, row, rate };
}

describe("routing", () => {
  it("sends a line to the cheapest warehouse (base cost plus shipping) and prices the group", async () => {
    const s = await setup();
    await s.rate(s.us.id, { warehouseId: s.portland.id, firstItemMinor: 400, additionalItemMinor: 150, minDays: 2, maxDays: 5 });
    await s.rate(s.us.id, { warehouseId: s.leipzig.id, firstItemMinor: 1500, additionalItemMinor: 900, minDays: 7, maxDays: 12 });
    const r = await routeOrderLines(t.ctx(shopper), [{ key: "a", blankId: s.blank.id, blankVariantId: s.whiteS.id, quantity: 2 }], {
      country: "us",
      subdivision: "CA",
    });
    expect(r.unroutable).toEqual([]);
    expect(r.groups).toHaveLength(1);
    const g = r.groups[0]!;
    expect([g.warehouseId, g.warehouseName, g.warehouseCountry, g.fulfillerId]).toEqual([s.portland.id, "Portland", "US", s.shop.id]);
    expect([g.shippingMinor, g.minDays, g.maxDays, g.productionDays]).toEqual([550, 2, 5, 2]);
    expect(g.unitBaseCostMinor).toEqual({ a: s.whiteS.baseCostMinor });
    expect(g.currency).toMatch(/^[A-Z]{3}$/);
  });

  it("a tie goes to the warehouse that already ships other lines, else the lower warehouse id", async () => {
    const s = await setup();
    // Same price from both for the tee, but only Leipzig has the M size cheaper.
    await s.rate(s.eu.id, { firstItemMinor: 500, additionalItemMinor: 200 });
    await setStock(t.ctx(owner), { warehouseId: s.portland.id, blankVariantId: s.whiteM.id, onHand: 0 });
    const lines = [
      { key: "s", blankId: s.blank.id, blankVariantId: s.whiteS.id, quantity: 1 },
      { key: "m", blankId: s.blank.id, blankVariantId: s.whiteM.id, quantity: 1 },
    ];
    const r = await routeOrderLines(t.ctx(shopper), lines, { country: "FR" });
    expect(r.groups).toHaveLength(1);
    expect(r.groups[0]!.warehouseId).toBe(s.leipzig.id);
    expect(r.groups[0]!.lineKeys).toEqual(["s", "m"]);
    // Alone, the tied line goes to the lower warehouse id.
    const alone = await routeOrderLines(t.ctx(shopper), [lines[0]!], { country: "FR" });
    expect(alone.groups[0]!.warehouseId).toBe([s.portland.id, s.leipzig.id].sort()[0]);
  });

  it("zones: a subdivision beats its country beats the rest of the world", async () => {
    const s = await setup();
    const alaska = await saveShippingZone(t.ctx(owner), {
      fulfillerId: s.shop.id,
      name: "Alaska and Hawaii",
      regions: "US-AK, US-HI",
      sortOrder: 5,
    });
    await s.rate(s.us.id, { firstItemMinor: 400 });
    await s.rate(alaska.id, { firstItemMinor: 1400 });
    await s.rate(s.row.id, { firstItemMinor: 2400 });
    const price = async (country: string, subdivision?: string) =>
      (
        await routeOrderLines(t.ctx(shopper), [{ key: "a", blankId: s.blank.id, blankVariantId: s.whiteS.id, quantity: 1 }], {
          country,
          subdivision,
        })
      ).groups[0]!.shippingMinor;
    expect(await price("US", "AK")).toBe(1400);
    expect(await price("US", "US-HI")).toBe(1400);
    expect(await price("US", "OR")).toBe(400);
    expect(await price("JP")).toBe(2400);
  });

  it("a blank's rate beats its category's; a warehouse's rate beats the fulfiller-wide one", async () => {
    const s = await setup();
    await s.rate(s.us.id, { firstItemMinor: 900 });
    await s.rate(s.us.id, { category: null, blankId: s.blank.id, firstItemMinor: 700 });
    await s.rate(s.us.id, { category: null, blankId: s.blank.id, warehouseId: s.leipzig.id, firstItemMinor: 650 });
    await s.rate(s.us.id, { warehouseId: s.portland.id, firstItemMinor: 100 });
    const r = await routeOrderLines(t.ctx(shopper), [{ key: "a", blankId: s.blank.id, blankVariantId: s.whiteS.id, quantity: 1 }], {
      country: "US",
    });
    // Portland: blank-wide 700 (beats its category's warehouse rate of 100); Leipzig: 650.
    expect([r.groups[0]!.warehouseId, r.groups[0]!.shippingMinor]).toEqual([s.leipzig.id, 650]);
  });

  it("sold out, no shipping and unavailable lines are reported with their reason", async () => {
    const s = await setup();
    await s.rate(s.us.id, {});
    await setStock(t.ctx(owner), { warehouseId: s.portland.id, blankVariantId: s.whiteS.id, onHand: 2 });
    await setStock(t.ctx(owner), { warehouseId: s.leipzig.id, blankVariantId: s.whiteS.id, onHand: 1 });
    const line = (quantity: number) => ({ key: "a", blankId: s.blank.id, blankVariantId: s.whiteS.id, quantity });
    expect((await routeOrderLines(t.ctx(shopper), [line(2)], { country: "US" })).groups[0]!.warehouseId).toBe(s.portland.id);
    expect((await routeOrderLines(t.ctx(shopper), [line(3)], { country: "US" })).unroutable).toEqual([
      { key: "a", reason: "sold_out", available: 2 },
    ]);
    expect((await routeOrderLines(t.ctx(shopper), [line(1)], { country: "JP" })).unroutable).toEqual([{ key: "a", reason: "no_shipping" }]);
    await t.db.update(blankVariants).set({ active: false }).where(eq(blankVariants.id, s.whiteM.id));
    const inactive = await routeOrderLines(t.ctx(shopper), [{ key: "m", blankId: s.blank.id, blankVariantId: s.whiteM.id, quantity: 1 }], {
      country: "US",
    });
    expect(inactive.unroutable).toEqual([{ key: "m", reason: "unavailable" }]);
    await setBlankStatus(t.ctx(owner), s.blank.id, "retired");
    expect((await routeOrderLines(t.ctx(shopper), [line(1)], { country: "US" })).unroutable[0]!.reason).toBe("unavailable");
    await setBlankStatus(t.ctx(admin), s.blank.id, "active");
    await setFulfillerStatus(t.ctx(admin), s.shop.id, "suspended", "Tests");
    expect((await routeOrderLines(t.ctx(shopper), [line(1)], { country: "US" })).unroutable[0]!.reason).toBe("unavailable");
  });

  it("group shipping (Printify): the highest first item once, every other unit its own additional price", () => {
    expect(groupShipping([])).toBe(0);
    expect(groupShipping([{ quantity: 1, firstItemMinor: 500, additionalItemMinor: 200 }])).toBe(500);
    expect(groupShipping([{ quantity: 3, firstItemMinor: 500, additionalItemMinor: 200 }])).toBe(900);
    expect(
      groupShipping([
        { quantity: 2, firstItemMinor: 500, additionalItemMinor: 200 },
        { quantity: 1, firstItemMinor: 900, additionalItemMinor: 450 },
        { quantity: 2, firstItemMinor: 300, additionalItemMinor: 100 },
      ]),
    ).toBe(900 + 2 * 200 + 2 * 100);
  });

  it("a group of two lines is priced by the group rule, with delivery days the max of its lines", async () => {
    const s = await setup();
    await s.rate(s.us.id, { firstItemMinor: 500, additionalItemMinor: 200, minDays: 3, maxDays: 6 });
    await s.rate(s.us.id, {
      category: null,
      blankId: s.blank.id,
      warehouseId: s.portland.id,
      firstItemMinor: 450,
      additionalItemMinor: 150,
      minDays: 4,
      maxDays: 8,
    });
    const r = await routeOrderLines(
      t.ctx(shopper),
      [
        { key: "a", blankId: s.blank.id, blankVariantId: s.whiteS.id, quantity: 2 },
        { key: "b", blankId: s.blank.id, blankVariantId: s.whiteM.id, quantity: 1 },
      ],
      { country: "US" },
    );
    expect(r.groups).toHaveLength(1);
    expect([r.groups[0]!.shippingMinor, r.groups[0]!.minDays, r.groups[0]!.maxDays]).toEqual([450 + 150 + 150, 4, 8]);
  });
});

describe("stock", () => {
  it("reserve, release and commit are idempotent and move the figures", async () => {
    const s = await setup();
    await setStock(t.ctx(owner), { warehouseId: s.portland.id, blankVariantId: s.whiteS.id, onHand: 5 });
    const items = [
      { warehouseId: s.portland.id, blankVariantId: s.whiteS.id, quantity: 2 },
      { warehouseId: s.leipzig.id, blankVariantId: s.whiteS.id, quantity: 4 }, // untracked: made to order
    ];
    const figures = async () =>
      (await listStock(t.ctx(owner), s.shop.id)).find((r) => r.warehouseId === s.portland.id && r.blankVariantId === s.whiteS.id)!;
    expect(await reserveStock(t.ctx(shopper), { orderId: "ord_1", items })).toEqual({ ok: true });
    expect(await reserveStock(t.ctx(shopper), { orderId: "ord_1", items })).toEqual({ ok: true });
    expect(await figures()).toMatchObject({ onHand: 5, reserved: 2, available: 3 });
    expect((await stockLevels(t.ctx(shopper), [s.whiteS.id])).get(s.whiteS.id)).toBeNull(); // Leipzig makes it to order
    await releaseStock(t.ctx(shopper), "ord_1");
    await releaseStock(t.ctx(shopper), "ord_1");
    expect(await figures()).toMatchObject({ onHand: 5, reserved: 0, available: 5 });

    expect(await reserveStock(t.ctx(shopper), { orderId: "ord_2", items })).toEqual({ ok: true });
    await commitStock(t.ctx(shopper), { orderId: "ord_2", warehouseId: s.portland.id });
    await commitStock(t.ctx(shopper), { orderId: "ord_2", warehouseId: s.portland.id });
    expect(await figures()).toMatchObject({ onHand: 3, reserved: 0, available: 3 });
    await releaseStock(t.ctx(shopper), "ord_2"); // only Leipzig's (untracked) hold was left
    expect(await figures()).toMatchObject({ onHand: 3, reserved: 0 });

    const refused = await reserveStock(t.ctx(shopper), { orderId: "ord_3", items: [{ ...items[0]!, quantity: 4 }] });
    expect(refused).toEqual({ ok: false, soldOut: [{ warehouseId: s.portland.id, blankVariantId: s.whiteS.id, available: 3 }] });
    expect(await figures()).toMatchObject({ reserved: 0 });
  });

  it("200 concurrent reservations of 10 units: exactly 10 succeed", async () => {
    const s = await setup();
    await setStock(t.ctx(owner), { warehouseId: s.portland.id, blankVariantId: s.whiteS.id, onHand: 10 });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.db.transaction((tx) =>
          reserveStock(
            { ...t.ctx(shopper), db: tx },
            { orderId: `ord_c${i}`, items: [{ warehouseId: s.portland.id, blankVariantId: s.whiteS.id, quantity: 1 }] },
          ),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok)).toHaveLength(190);
    const [row] = await t.db.select().from(warehouseStock).where(eq(warehouseStock.blankVariantId, s.whiteS.id));
    expect([row!.onHand, row!.reserved]).toEqual([10, 10]);
    expect((await stockLevels(t.ctx(shopper), [s.whiteS.id])).get(s.whiteS.id)).toBeNull();
  }, 60_000);

  it("setStock refuses less than is reserved and stopping tracking while held; others' stock is refused", async () => {
    const s = await setup();
    await setStock(t.ctx(owner), { warehouseId: s.portland.id, blankVariantId: s.whiteS.id, onHand: 4 });
    await reserveStock(t.ctx(shopper), {
      orderId: "ord_h",
      items: [{ warehouseId: s.portland.id, blankVariantId: s.whiteS.id, quantity: 3 }],
    });
    const low = await refusal(setStock(t.ctx(owner), { warehouseId: s.portland.id, blankVariantId: s.whiteS.id, onHand: 2 }));
    expect([low.status, low.message]).toEqual([409, "Open orders hold 3 of these units; on hand cannot be less than 3."]);
    const stop = await refusal(setStock(t.ctx(owner), { warehouseId: s.portland.id, blankVariantId: s.whiteS.id, onHand: null }));
    expect(stop.status).toBe(409);
    const neg = await refusal(setStock(t.ctx(owner), { warehouseId: s.portland.id, blankVariantId: s.whiteS.id, onHand: -1 }));
    expect(neg.status).toBe(422);
    const other = await refusal(setStock(t.ctx(otherFulfiller), { warehouseId: s.portland.id, blankVariantId: s.whiteS.id, onHand: 9 }));
    expect(other.status).toBe(403);
    await releaseStock(t.ctx(shopper), "ord_h");
    await setStock(t.ctx(owner), { warehouseId: s.portland.id, blankVariantId: s.whiteS.id, onHand: null });
    const row = (await listStock(t.ctx(owner), s.shop.id)).find(
      (r) => r.warehouseId === s.portland.id && r.blankVariantId === s.whiteS.id,
    )!;
    expect([row.onHand, row.available]).toEqual([null, null]);
  });
});

describe("shipping profile", () => {
  it("validates zones and rates with clear messages", async () => {
    const s = await setup();
    const badRegion = await refusal(saveShippingZone(t.ctx(owner), { fulfillerId: s.shop.id, name: "Mars", regions: "XX, US-CA" }));
    expect([badRegion.status, badRegion.field, badRegion.message]).toEqual([
      422,
      "regions",
      "XX is not a country or region code; use codes like US, DE, US-AK, or * for the rest of the world.",
    ]);
    const noName = await refusal(saveShippingZone(t.ctx(owner), { fulfillerId: s.shop.id, name: " ", regions: "US" }));
    expect([noName.field, noName.message]).toEqual(["name", "Enter a name for the zone."]);
    const dup = await refusal(saveShippingZone(t.ctx(owner), { fulfillerId: s.shop.id, name: "Europe", regions: "FR" }));
    expect([dup.status, dup.message]).toEqual([409, "A zone named “Europe” already exists."]);
    const base = {
      fulfillerId: s.shop.id,
      zoneId: s.us.id,
      category: "t-shirts" as const,
      firstItemMinor: 500,
      additionalItemMinor: 200,
      minDays: 3,
      maxDays: 6,
    };
    const both = await refusal(saveShippingRate(t.ctx(owner), { ...base, blankId: s.blank.id }));
    expect([both.field, both.message]).toEqual(["blankId", "Choose either one blank or one category for the rate."]);
    const neg = await refusal(saveShippingRate(t.ctx(owner), { ...base, firstItemMinor: -1 }));
    expect(neg.message).toBe("The first item's price cannot be negative.");
    const frac = await refusal(saveShippingRate(t.ctx(owner), { ...base, additionalItemMinor: 1.5 }));
    expect(frac.message).toBe("The additional item's price must be a whole number of cents.");
    const days = await refusal(saveShippingRate(t.ctx(owner), { ...base, minDays: 8, maxDays: 4 }));
    expect([days.field, days.message]).toEqual(["maxDays", "The slowest delivery cannot be faster than the fastest."]);
    const long = await refusal(saveShippingRate(t.ctx(owner), { ...base, maxDays: 61 }));
    expect(long.message).toBe("The slowest delivery must be between 1 and 60 days.");
  });

  it("edits and deletes; a zone in use is refused; another fulfiller is refused", async () => {
    const s = await setup();
    const { id } = await s.rate(s.eu.id, {});
    await saveShippingRate(t.ctx(owner), {
      id,
      fulfillerId: s.shop.id,
      zoneId: s.eu.id,
      category: "t-shirts",
      firstItemMinor: 650,
      additionalItemMinor: 250,
      minDays: 4,
      maxDays: 9,
    });
    const profile = await listShippingProfile(t.ctx(owner), s.shop.id);
    expect(profile.zones.map((z) => z.name)).toEqual(["United States", "Europe", "Rest of world"]);
    expect(profile.zones[1]!.rates.map((r) => [r.firstItemMinor, r.additionalItemMinor, r.minDays, r.maxDays])).toEqual([[650, 250, 4, 9]]);
    const inUse = await refusal(deleteShippingZone(t.ctx(owner), s.eu.id));
    expect([inUse.status, inUse.message]).toEqual([409, "The zone “Europe” still has 1 rate; delete it first."]);
    for (const actor of [otherFulfiller, shopper]) {
      expect((await refusal(deleteShippingRate(t.ctx(actor), id))).status).toBe(403);
      expect((await refusal(listShippingProfile(t.ctx(actor), s.shop.id))).status).toBe(403);
      expect((await refusal(saveShippingZone(t.ctx(actor), { fulfillerId: s.shop.id, name: "Mine", regions: "US" }))).status).toBe(403);
      expect((await refusal(listStock(t.ctx(actor), s.shop.id))).status).toBe(403);
    }
    await deleteShippingRate(t.ctx(owner), id);
    await deleteShippingZone(t.ctx(owner), s.eu.id);
    expect((await listShippingProfile(t.ctx(admin), s.shop.id)).zones.map((z) => z.name)).toEqual(["United States", "Rest of world"]);
  });
});
