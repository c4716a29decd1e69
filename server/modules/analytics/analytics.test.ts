// Analytics on a real database with known orders: three orders paid and shipped through the real
// flow under a manual clock, by a print shop whose first warehouse is in Los Angeles. The figures
// read back must equal the ledger (revenue, what the shop earned and is owed) and the orders
// (units), give the on-time rate and the median hours from payment to shipping, and count days in
// the print shop's time zone (a shipment at 05:00 UTC on the 3rd is the 2nd in Los Angeles).
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeUser, type UserActor } from "../../../tests/support/factories.ts";
import { makeShop, paidOrder, type PaidOrder, type Shop } from "../../../tests/support/orders.ts";
import { manualClock } from "../../contracts/clock.ts";
import { AppError, createCtx } from "../../kernel/index.ts";
import { updateWarehouse } from "../fulfillment/index.ts";
import { partyBalance } from "../ledger/index.ts";
import { deliverGroup, shipGroup, startGroupProduction } from "../orders/index.ts";
import { addWish, recordProductView } from "../shopping/index.ts";
import { joinFanClub } from "../stores/index.ts";
import { parseAnalyticsRange, shopAnalytics, shopCsv, storeAnalytics, storeCsv, windowOf, type AnalyticsRange } from "./index.ts";

const t = useTestDatabase();
const HOUR = 3_600_000;
const T0 = new Date("2026-10-01T08:00:00Z"); // 01:00 in Los Angeles
const clock = manualClock(T0);
const admin = { kind: "user" as const, userId: "usr_admin", roles: ["admin" as const] };
const range = (from: string, to: string): AnalyticsRange => {
  const r = parseAnalyticsRange({ from, to }, clock.now());
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.range;
};

let shop: Shop;
let other: Shop;
let shopper: UserActor;
const orders: Record<"a" | "b" | "c", PaidOrder> = {} as never;

async function ship(o: PaidOrder) {
  const ctx = createCtx(t.db, shop.owner, { clock });
  for (const g of o.groupIds) {
    await startGroupProduction(ctx, g);
    await shipGroup(ctx, { groupId: g, carrier: "UPS", trackingNumber: `1Z999AA10123${o.number.replace(/\D/g, "").slice(-6)}` });
  }
}

beforeAll(async () => {
  shop = await makeShop(t.db);
  other = await makeShop(t.db);
  await updateWarehouse(createCtx(t.db, shop.owner), shop.warehouse.id, { timeZone: "America/Los_Angeles" });
  shopper = await makeUser(t.db, { roles: ["shopper"] });
  const viewer = await makeUser(t.db, { roles: ["shopper"] });
  // Oct 1, 08:00 UTC: A (2 units) and B (1 unit) paid; two shoppers look at the product, one wishes
  // for it and joins the store's fan club.
  orders.a = await paidOrder(t.db, shop, { clock, lines: [{ variant: "White/S", quantity: 2 }] });
  orders.b = await paidOrder(t.db, shop, { clock, lines: [{ variant: "White/M", quantity: 1 }] });
  for (const u of [shopper, viewer]) await recordProductView(createCtx(t.db, u, { clock }), shop.productId, null);
  await addWish(createCtx(t.db, shopper, { clock }), shop.productId);
  await joinFanClub(createCtx(t.db, shopper, { clock }), shop.storeId);
  clock.set(T0.getTime() + 10 * HOUR); // Oct 1, 18:00 UTC: A ships after 10 hours
  await ship(orders.a);
  clock.set("2026-10-02T09:00:00Z"); // C (3 units) paid
  orders.c = await paidOrder(t.db, shop, { clock, lines: [{ variant: "White/S", quantity: 3 }] });
  await joinFanClub(createCtx(t.db, viewer, { clock }), shop.storeId);
  clock.set("2026-10-03T05:00:00Z"); // C ships after 20 hours: Oct 3 in UTC, Oct 2 (22:00) in Los Angeles
  await ship(orders.c);
  clock.set(T0.getTime() + 60 * HOUR); // Oct 3, 20:00 UTC: B ships after 60 hours, past its 2 production days
  await ship(orders.b);
  await deliverGroup(createCtx(t.db, shop.owner, { clock }), orders.a.groupIds[0]!); // A's share held 14 days
  // Another print shop's order does not count.
  const x = await paidOrder(t.db, other, { clock });
  for (const g of x.groupIds) {
    await startGroupProduction(createCtx(t.db, other.owner, { clock }), g);
    await shipGroup(createCtx(t.db, other.owner, { clock }), { groupId: g, carrier: "UPS", trackingNumber: "1Z999AA10123999999" });
  }
});

describe("the print shop's analytics", () => {
  it("counts units, on-time shipments and the median production time per day of its time zone", async () => {
    const ctx = createCtx(t.db, shop.owner, { clock });
    const a = await shopAnalytics(ctx, { fulfillerId: shop.fulfiller.id, range: range("2026-10-01", "2026-10-03") });
    expect(a.timeZone).toBe("America/Los_Angeles");
    expect(a.totals).toMatchObject({ units: 6, shipments: 3, orders: 3, onTime: 2, medianHours: 20 });
    expect(a.totals.onTimeRate).toBeCloseTo(2 / 3, 5);
    expect(a.daily.map((d) => [d.date, d.units, d.shipments, d.onTime, d.medianHours])).toEqual([
      ["2026-10-01", 2, 1, 1, 10],
      ["2026-10-02", 3, 1, 1, 20],
      ["2026-10-03", 1, 1, 0, 60],
    ]);
    expect(a.defects).toEqual({ tracked: false });
  });

  it("reads the range's ends in the print shop's time zone", async () => {
    const ctx = createCtx(t.db, shop.owner, { clock });
    expect(windowOf(range("2026-10-01", "2026-10-02"), "America/Los_Angeles")).toMatchObject({
      from: new Date("2026-10-01T07:00:00Z"),
      to: new Date("2026-10-03T07:00:00Z"),
    });
    const first = await shopAnalytics(ctx, { fulfillerId: shop.fulfiller.id, range: range("2026-10-01", "2026-10-02") });
    expect(first.totals).toMatchObject({ shipments: 2, units: 5, onTime: 2, onTimeRate: 1, medianHours: 15 });
    const third = await shopAnalytics(ctx, { fulfillerId: shop.fulfiller.id, range: range("2026-10-03", "2026-10-03") });
    expect(third.totals).toMatchObject({ shipments: 1, units: 1, onTime: 0, onTimeRate: 0, medianHours: 60 });
    const none = await shopAnalytics(ctx, { fulfillerId: shop.fulfiller.id, range: range("2026-09-01", "2026-09-30") });
    expect(none.totals).toMatchObject({ shipments: 0, units: 0, onTimeRate: null, medianHours: null, earnedMinor: 0 });
    expect(none.daily).toHaveLength(30);
  });

  it("takes what it earned and is owed from the ledger, and cases per 100 orders from the counter", async () => {
    const ctx = createCtx(t.db, shop.owner, { clock });
    const balance = await partyBalance(ctx, { kind: "fulfiller", id: shop.fulfiller.id }, "USD");
    const a = await shopAnalytics(ctx, {
      fulfillerId: shop.fulfiller.id,
      range: range("2026-10-01", "2026-10-03"),
      countCases: async (_ctx, q) => (q.fulfillerId === shop.fulfiller.id ? 1 : 99),
    });
    expect(a.totals.earnedMinor).toBeGreaterThan(0);
    expect(a.totals.earnedMinor).toBe(balance.pendingMinor + balance.heldMinor + balance.availableMinor);
    expect(a.owed).toMatchObject({ pendingMinor: balance.pendingMinor, heldMinor: balance.heldMinor, availableMinor: 0 });
    expect(a.owed.heldMinor).toBeGreaterThan(0);
    // A was delivered Oct 3, 20:00 UTC: its share is available 14 days later, Oct 17 in Los Angeles.
    expect(a.owed.schedule).toEqual([{ date: "2026-10-17", amountMinor: a.owed.heldMinor }]);
    expect(a.defects).toEqual({ tracked: true, cases: 1, orders: 3, per100: 33.3 });
  });

  it("is its owner's and admins' only", async () => {
    const input = { fulfillerId: shop.fulfiller.id, range: range("2026-10-01", "2026-10-03") };
    await expect(shopAnalytics(createCtx(t.db, admin, { clock }), input)).resolves.toMatchObject({ totals: { shipments: 3 } });
    for (const actor of [other.owner, shopper, shop.storeOwner])
      await expect(shopAnalytics(createCtx(t.db, actor, { clock }), input)).rejects.toMatchObject({ status: 404 });
  });
});

describe("the store's analytics", () => {
  it("takes revenue from the ledger and orders, units, views, wishes and fan-club growth from what was recorded", async () => {
    const ctx = createCtx(t.db, shop.storeOwner, { clock });
    const balance = await partyBalance(ctx, { kind: "store", id: shop.storeId }, "USD");
    const a = await storeAnalytics(ctx, { storeId: shop.storeId, range: range("2026-10-01", "2026-10-03") });
    expect(a.totals.revenueMinor).toBeGreaterThan(0);
    expect(a.totals.revenueMinor).toBe(balance.pendingMinor + balance.heldMinor + balance.availableMinor);
    expect(a.totals).toMatchObject({
      orders: 3,
      units: 6,
      views: 2,
      wishes: 1,
      wishesStanding: 1,
      joined: 2,
      membersAtStart: 0,
      membersAtEnd: 2,
    });
    expect(a.totals.conversion).toBeCloseTo(3 / 2, 5);
    expect(a.daily.map((d) => [d.date, d.orders, d.units, d.views, d.wishes, d.joined, d.members])).toEqual([
      ["2026-10-01", 2, 3, 2, 1, 1, 1],
      ["2026-10-02", 1, 3, 0, 0, 1, 2],
      ["2026-10-03", 0, 0, 0, 0, 0, 2],
    ]);
    expect(a.topProducts).toEqual([
      expect.objectContaining({ productId: shop.productId, units: 6, orders: 3, views: 2, revenueMinor: a.totals.revenueMinor }),
    ]);
    const later = await storeAnalytics(ctx, { storeId: shop.storeId, range: range("2026-10-02", "2026-10-03") });
    expect(later.totals).toMatchObject({ orders: 1, units: 3, views: 0, conversion: null, membersAtStart: 1, membersAtEnd: 2 });
  });

  it("is refused to anyone outside the store, and a bad range is refused on its field", async () => {
    const input = { storeId: shop.storeId, range: range("2026-10-01", "2026-10-03") };
    await expect(storeAnalytics(createCtx(t.db, admin, { clock }), input)).resolves.toMatchObject({ totals: { orders: 3 } });
    for (const actor of [other.storeOwner, shopper, shop.owner])
      await expect(storeAnalytics(createCtx(t.db, actor, { clock }), input)).rejects.toBeInstanceOf(AppError);
    expect(parseAnalyticsRange({ from: "2026-10-05", to: "2026-10-01" }, clock.now())).toEqual({
      ok: false,
      errors: { from: "The start date is after the end date." },
    });
    expect(parseAnalyticsRange({ from: "2026-02-30" }, clock.now())).toMatchObject({ ok: false, errors: { from: expect.any(String) } });
    expect(parseAnalyticsRange({ from: "2025-01-01", to: "2026-10-01" }, clock.now())).toMatchObject({
      ok: false,
      errors: { to: expect.any(String) },
    });
    // Without dates: the last 30 days to today in the given time zone (Oct 3, 20:00 UTC is Oct 3 in LA, Oct 4 in Tokyo).
    expect(parseAnalyticsRange({}, clock.now(), "Asia/Tokyo")).toEqual({
      ok: true,
      range: { from: "2026-09-05", to: "2026-10-04", days: 30 },
    });
  });
});

describe("CSV", () => {
  it("holds what each chart's table shows, money in decimal units and titles safe from formulas", async () => {
    const shopA = await shopAnalytics(createCtx(t.db, shop.owner, { clock }), {
      fulfillerId: shop.fulfiller.id,
      range: range("2026-10-01", "2026-10-03"),
    });
    const units = shopCsv(shopA, "units").trim().split(/\r?\n/);
    expect(units).toEqual(["date,units,shipments", "2026-10-01,2,1", "2026-10-02,3,1", "2026-10-03,1,1"]);
    expect(shopCsv(shopA, "on-time").split(/\r?\n/)[3]).toBe("2026-10-03,1,0,0,60");
    const held = (shopA.owed.heldMinor / 100).toFixed(2);
    expect(shopCsv(shopA, "payouts").trim().split(/\r?\n/)).toEqual(["available_on,amount,currency", `2026-10-17,${held},USD`]);

    const storeA = await storeAnalytics(createCtx(t.db, shop.storeOwner, { clock }), {
      storeId: shop.storeId,
      range: range("2026-10-01", "2026-10-03"),
    });
    expect(storeCsv(storeA, "sales").split(/\r?\n/)[1]).toBe("2026-10-01,2,3,2,1");
    expect(storeCsv(storeA, "audience").split(/\r?\n/)[2]).toBe("2026-10-02,0,1,2");
    const revenue = storeCsv(storeA, "revenue").trim().split(/\r?\n/);
    expect(revenue[0]).toBe("date,revenue,currency");
    const products = storeCsv({ ...storeA, topProducts: storeA.topProducts.map((p) => ({ ...p, title: "=HYPERLINK(1)" })) }, "products");
    expect(products.split(/\r?\n/)[0]).toBe("product_id,title,units,orders,revenue,currency,product_views,conversion");
    expect(products).toContain(`${shop.productId},'=HYPERLINK(1),6,3,${(storeA.totals.revenueMinor / 100).toFixed(2)},USD,2,1.5`);
  });
});
