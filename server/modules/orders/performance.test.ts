// A print shop's measured figures from real orders: placed, paid with the test processor, shipped
// after known delays (a manual clock), read back as the median hours from payment to shipping and
// the share shipped within the production days promised at checkout.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeFulfillerWithBlank, makeProduct, type UserActor } from "../../../tests/support/factories.ts";
import { manualClock } from "../../contracts/clock.ts";
import { anonymous, createCtx } from "../../kernel/index.ts";
import { getProductPage } from "../catalog/index.ts";
import { saveShippingRate, saveShippingZone, type FulfillerRow } from "../fulfillment/index.ts";
import {
  fulfillerPerformance,
  getOrder,
  payOrderWithCard,
  placeOrder,
  quoteCheckout,
  shipGroup,
  startGroupProduction,
  type OrderAddress,
} from "./index.ts";

const t = useTestDatabase();
const HOUR = 3_600_000;
const start = new Date("2026-10-01T08:00:00Z");
const clock = manualClock(start);
const admin = { kind: "user" as const, userId: "usr_admin", roles: ["admin" as const] };
const address: OrderAddress = {
  fullName: "Maya Chen",
  line1: "2150 Shattuck Avenue",
  line2: "",
  city: "Berkeley",
  region: "CA",
  postalCode: "94704",
  country: "US",
  phone: "",
};

let shop: FulfillerRow;
let other: FulfillerRow;
let shopOwner: UserActor;
let otherOwner: UserActor;
let line: { productId: string; variantId: string; quantity: number };
let otherLine: { productId: string; variantId: string; quantity: number };
let n = 0;

async function printShopWithProduct() {
  const f = await makeFulfillerWithBlank(t.db); // its blank promises 2 production days
  const owner = createCtx(t.db, f.owner, { clock });
  const zone = await saveShippingZone(owner, { fulfillerId: f.fulfiller.id, name: "United States", regions: ["US"] });
  await saveShippingRate(owner, {
    fulfillerId: f.fulfiller.id,
    zoneId: zone.id,
    category: f.blank.category,
    firstItemMinor: 500,
    additionalItemMinor: 200,
    minDays: 3,
    maxDays: 5,
  });
  const { product } = await makeProduct(t.db, { blank: f.blank, input: { priceMinor: 2500 } });
  const page = await getProductPage(t.ctx(anonymous()), product.id);
  return { f, line: { productId: product.id, variantId: page.variants[0]!.id, quantity: 1 } };
}

/** An order paid now, shipped `hours` later by its print shop. */
async function shippedAfter(hours: number, which = line, by = shopOwner) {
  const guest = createCtx(t.db, anonymous(), { clock });
  const quote = await quoteCheckout(guest, { lines: [which], address });
  const placed = await placeOrder(guest, {
    lines: [which],
    address,
    email: "maya@example.com",
    placeKey: `performance-${process.pid}-${++n}`,
    seenTotalMinor: quote.totals.totalMinor,
  });
  if (!placed.ok) throw new Error(placed.message);
  const access = { orderId: placed.orderId, token: placed.token };
  const card = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" };
  expect((await payOrderWithCard(guest, { ...access, card, attemptKey: `performance-attempt-${n}` })).outcome).toBe("paid");
  const order = await getOrder(createCtx(t.db, admin, { clock }), access);
  const ful = createCtx(t.db, by, { clock });
  clock.advance(hours * HOUR * 0.25);
  for (const g of order.groups) await startGroupProduction(ful, g.id);
  clock.advance(hours * HOUR * 0.75);
  for (const g of order.groups)
    await shipGroup(ful, { groupId: g.id, carrier: "UPS", trackingNumber: `1Z999AA1012345${String(n).padStart(4, "0")}` });
  clock.advance(10 * HOUR); // the next order is paid later
}

beforeAll(async () => {
  const a = await printShopWithProduct();
  shop = a.f.fulfiller;
  shopOwner = a.f.owner;
  line = a.line;
  const b = await printShopWithProduct();
  other = b.f.fulfiller;
  otherOwner = b.f.owner;
  otherLine = b.line;
});

describe("a print shop's figures", () => {
  it("says nothing below 5 shipments, then gives the median hours from payment to shipping and the on-time rate", async () => {
    const since = new Date(start.getTime() - HOUR);
    for (const h of [10, 20, 30, 40]) await shippedAfter(h);
    const few = await fulfillerPerformance(createCtx(t.db, anonymous(), { clock }), shop.id, { since });
    expect(few).toMatchObject({ shipments: 4, medianProductionHours: null, onTimeRate: null });

    for (const h of [60, 80]) await shippedAfter(h);
    // another shop's shipments do not count
    for (const h of [1, 1, 1, 1, 1]) await shippedAfter(h, otherLine, otherOwner);
    const figures = await fulfillerPerformance(createCtx(t.db, anonymous(), { clock }), shop.id, { since });
    expect(figures.shipments).toBe(6);
    expect(figures.medianProductionHours).toBe(35); // (30 + 40) / 2
    expect(figures.onTimeRate).toBeCloseTo(4 / 6, 5); // within 2 days of payment: 10, 20, 30, 40 hours
    expect(figures.until.toISOString()).toBe(clock.now().toISOString());
    const otherFigures = await fulfillerPerformance(createCtx(t.db, anonymous(), { clock }), other.id, { since });
    expect(otherFigures).toMatchObject({ shipments: 5, medianProductionHours: 1, onTimeRate: 1 });

    // the window: only shipments shipped since `since` count
    const later = new Date(start.getTime() + 150 * HOUR);
    const recent = await fulfillerPerformance(createCtx(t.db, anonymous(), { clock }), shop.id, { since: later });
    expect(recent.shipments).toBeLessThan(6);
    expect(recent.medianProductionHours).toBeNull();
  });
});
