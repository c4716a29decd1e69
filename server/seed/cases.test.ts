// The demo cases on a real database: the demo shopper's delivered orders get one case in each
// state through the cases module; a second run adds nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { makeFulfillerWithBlank, makeProduct, makeUser, type UserActor } from "../../tests/support/factories.ts";
import { createCtx } from "../kernel/index.ts";
import { getProductPage } from "../modules/catalog/index.ts";
import { listCases } from "../modules/cases/index.ts";
import { saveShippingRate, saveShippingZone } from "../modules/fulfillment/index.ts";
import {
  deliverGroup,
  getOrder,
  payOrderWithCard,
  placeOrder,
  quoteCheckout,
  shipGroup,
  startGroupProduction,
  type OrderAddress,
} from "../modules/orders/index.ts";
import { seedDemoCases } from "./cases.ts";

const t = useTestDatabase();
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
let admin: UserActor;

beforeAll(async () => {
  admin = await makeUser(t.db, { email: "admin@demo.platen.test", roles: ["admin", "shopper"] });
  const shopper = await makeUser(t.db, { email: "shopper@demo.platen.test" });
  const owner = await makeUser(t.db, { email: "fulfiller@demo.platen.test", roles: ["fulfiller", "shopper"] });
  const f = await makeFulfillerWithBlank(t.db, { owner });
  const asOwner = createCtx(t.db, owner);
  const zone = await saveShippingZone(asOwner, { fulfillerId: f.fulfiller.id, name: "United States", regions: ["US"] });
  await saveShippingRate(asOwner, {
    fulfillerId: f.fulfiller.id,
    zoneId: zone.id,
    category: f.blank.category,
    firstItemMinor: 500,
    additionalItemMinor: 200,
    minDays: 3,
    maxDays: 5,
  });
  const p = await makeProduct(t.db, { blank: f.blank, input: { priceMinor: 2500 } });
  const variantId = (await getProductPage(createCtx(t.db, admin), p.product.id)).variants[0]!.id;
  const ctx = createCtx(t.db, shopper);
  for (let i = 0; i < 6; i++) {
    const req = { lines: [{ productId: p.product.id, variantId, quantity: 2 }], address };
    const quote = await quoteCheckout(ctx, req);
    const placed = await placeOrder(ctx, {
      ...req,
      email: "shopper@demo.platen.test",
      placeKey: `test-seed-cases-key-${process.pid}-${i}`,
      seenTotalMinor: quote.totals.totalMinor,
    });
    if (!placed.ok) throw new Error(placed.message);
    await payOrderWithCard(ctx, {
      orderId: placed.orderId,
      token: placed.token,
      card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" },
      attemptKey: `a-${placed.orderId}`,
    });
    const g = (await getOrder(createCtx(t.db, admin), { orderId: placed.orderId })).groups[0]!;
    await startGroupProduction(asOwner, g.id);
    await shipGroup(asOwner, { groupId: g.id, carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    await deliverGroup(asOwner, g.id);
  }
});

describe("demo cases", () => {
  it("one case in each state on the demo shopper's delivered orders; a second run adds nothing", async () => {
    expect(await seedDemoCases(t.db)).toBe(5);
    const { counts } = await listCases(createCtx(t.db, admin), { status: "all" });
    expect(counts).toEqual({ open: 1, waiting_on_print_shop: 1, waiting_on_shopper: 1, resolved: 1, closed: 1 });
    expect(await seedDemoCases(t.db)).toBe(0);
  });
});
