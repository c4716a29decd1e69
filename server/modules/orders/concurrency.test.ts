// 200 shoppers check out the last 10 of a variant at once: exactly 10 orders are placed and paid,
// 190 get a clear "sold out", and no one is charged twice. On PGlite and on PostgreSQL.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeFulfillerWithBlank, makeProduct } from "../../../tests/support/factories.ts";
import { anonymous, createCtx } from "../../kernel/index.ts";
import { getProductPage } from "../catalog/index.ts";
import { getBlankDetail, saveShippingRate, saveShippingZone, setStock, stockLevels } from "../fulfillment/index.ts";
import { trialBalance } from "../ledger/index.ts";
import { getPayment } from "../payments/index.ts";
import { payOrderWithCard, placeOrder, quoteCheckout, type OrderAddress } from "./index.ts";

const t = useTestDatabase();
const address: OrderAddress = {
  fullName: "Rush Buyer",
  line1: "1 Main Street",
  line2: "",
  city: "Portland",
  region: "OR",
  postalCode: "97205",
  country: "US",
  phone: "",
};
let line = { productId: "", variantId: "", quantity: 1 };
let blankVariantId = "";

beforeAll(async () => {
  const f = await makeFulfillerWithBlank(t.db);
  const owner = createCtx(t.db, f.owner);
  const zone = await saveShippingZone(owner, { fulfillerId: f.fulfiller.id, name: "US", regions: ["US"] });
  await saveShippingRate(owner, {
    fulfillerId: f.fulfiller.id,
    zoneId: zone.id,
    category: f.blank.category,
    firstItemMinor: 400,
    additionalItemMinor: 100,
    minDays: 2,
    maxDays: 4,
  });
  const { product } = await makeProduct(t.db, { blank: f.blank });
  const page = await getProductPage(t.ctx(anonymous()), product.id);
  const v = page.variants[0]!;
  line = { productId: product.id, variantId: v.id, quantity: 1 };
  const detail = await getBlankDetail(owner, f.blank.id);
  blankVariantId = detail.variants.find((b) => b.color === v.color && b.size === v.size)!.id;
  await setStock(owner, { warehouseId: f.warehouse.id, blankVariantId, onHand: 10 });
});

describe("a rush on the last 10", () => {
  it("200 parallel checkouts: 10 paid orders, 190 sold out, one charge each", async () => {
    const ctx = createCtx(t.db, anonymous());
    const quote = await quoteCheckout(ctx, { lines: [line], address });
    expect(quote.canPlace).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const placed = await placeOrder(createCtx(t.db, anonymous()), {
          lines: [line],
          address,
          email: `rush-${i}@example.com`,
          placeKey: `rush-${process.pid}-${i.toString().padStart(4, "0")}-key`,
          seenTotalMinor: quote.totals.totalMinor,
        });
        if (!placed.ok) return { placed: false as const, message: placed.message, line: placed.quote.lines[0]?.problem?.message ?? "" };
        const card = { number: "4242424242424242", expMonth: 12, expYear: 2031, cvc: "123" };
        const a = { orderId: placed.orderId, token: placed.token, card, attemptKey: `rush-attempt-${i}` };
        // A double click on Pay: two posts of the same form.
        const [p1, p2] = await Promise.all([
          payOrderWithCard(createCtx(t.db, anonymous()), a),
          payOrderWithCard(createCtx(t.db, anonymous()), a),
        ]);
        return { placed: true as const, orderId: placed.orderId, outcomes: [p1.outcome, p2.outcome] };
      }),
    );
    const placed = results.filter((r) => r.placed);
    const refused = results.filter((r) => !r.placed);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const r of refused) {
      expect(r.message).toMatch(/sold out/i);
      expect(r.line).toMatch(/sold out/i);
    }
    for (const r of placed) {
      expect(r.outcomes).toEqual(["paid", "paid"]);
      const payment = await getPayment(createCtx(t.db, anonymous()), r.orderId!);
      expect(payment?.status).toBe("succeeded");
      expect(payment?.amountMinor).toBe(quote.totals.totalMinor);
    }
    const tb = await trialBalance(createCtx(t.db, anonymous()));
    expect(tb.payments_clearing).toBe(10 * quote.totals.totalMinor);
    expect(Object.values(tb).reduce((a, b) => a + b, 0)).toBe(0);
    expect((await stockLevels(createCtx(t.db, anonymous()), [blankVariantId])).get(blankVariantId)).toBe(0);
  }, 120_000);
});
