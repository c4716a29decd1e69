// Property tests of the money path (fast-check): random carts priced by the one pricing function,
// posted to the ledger, then random partial refunds and cancellations. Every journal balances,
// the money taken equals the sum of the shares, and no party's share goes below zero.
import fc from "fast-check";
import { money } from "../../contracts/money.ts";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { newId } from "../../infra/db/index.ts";
import { systemCtx } from "../../kernel/index.ts";
import {
  computeOrderShares,
  orderBreakdown,
  orderJournals,
  postOrderPaid,
  postOrderRefund,
  postRefundPaidOut,
  trialBalance,
  type OrderMoney,
} from "../ledger/index.ts";
import { priceCheckout, storeShareAfter, type PricingInput } from "./pricing.ts";

const t = useTestDatabase();

const orderArb = fc
  .record({
    currency: fc.constantFrom("USD", "EUR", "JPY", "KWD"),
    incl: fc.boolean(),
    rate: fc.integer({ min: 0, max: 27_000 }).map((v) => v / 1000),
    fee: fc.integer({ min: 0, max: 10_000 }).map((v) => v / 100),
    lines: fc.array(
      fc.record({
        storeId: fc.constantFrom("sto_a", "sto_b", "sto_c"),
        group: fc.integer({ min: 0, max: 3 }),
        quantity: fc.integer({ min: 1, max: 99 }),
        base: fc.integer({ min: 0, max: 20_000 }),
        markup: fc.integer({ min: 0, max: 30_000 }),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    shipping: fc.array(fc.integer({ min: 0, max: 4_000 }), { minLength: 4, maxLength: 4 }),
    discount: fc.option(
      fc.record({
        storeId: fc.constantFrom("sto_a", "sto_b"),
        kind: fc.constantFrom("percent" as const, "fixed" as const),
        value: fc.integer({ min: 1, max: 50_000 }),
      }),
    ),
  })
  .map((r): OrderMoney => {
    const groups = [0, 1, 2, 3];
    const input: PricingInput = {
      currency: r.currency,
      pricesIncludeTax: r.incl,
      taxRatePercent: r.rate,
      platformFeePercent: r.fee,
      // Checkout does not sell a line whose price leaves the store less than nothing (tax included).
      lines: r.lines
        .map((l, i) => ({
          key: `oln_${i}`,
          storeId: l.storeId,
          groupKey: `sgr_${l.group}`,
          quantity: l.quantity,
          unitBaseCostMinor: l.base,
          unitPriceMinor: l.base + l.markup,
        }))
        .filter(
          (l) =>
            storeShareAfter(l, 0, {
              currency: r.currency,
              pricesIncludeTax: r.incl,
              taxRatePercent: r.rate,
              platformFeePercent: r.fee,
              lines: [],
              groups: [],
              discount: null,
            }) >= 0,
        ),
      groups: groups.map((g) => ({ key: `sgr_${g}`, shippingMinor: r.shipping[g]! })),
      discount: r.discount
        ? {
            storeId: r.discount.storeId,
            kind: r.discount.kind,
            percentOff: r.discount.kind === "percent" ? Math.min(100, r.discount.value) : null,
            amountOffMinor: r.discount.kind === "fixed" ? r.discount.value : null,
          }
        : null,
    };
    const p = priceCheckout(input);
    return {
      orderId: "",
      currency: r.currency,
      pricesIncludeTax: r.incl,
      taxRatePercent: r.rate,
      platformFeePercent: r.fee,
      lines: input.lines.map((l, i) => ({
        lineId: l.key,
        storeId: l.storeId,
        fulfillerId: `ful_${l.groupKey.slice(-1)}`,
        groupId: l.groupKey,
        quantity: l.quantity,
        unitPriceMinor: l.unitPriceMinor,
        unitBaseCostMinor: l.unitBaseCostMinor,
        itemsMinor: p.lines[i]!.itemsMinor,
        discountMinor: p.lines[i]!.discountMinor,
        taxMinor: p.lines[i]!.taxMinor,
      })),
      groups: p.groups.map((g) => ({
        groupId: g.key,
        fulfillerId: `ful_${g.key.slice(-1)}`,
        shippingMinor: g.shippingMinor,
        shippingTaxMinor: g.shippingTaxMinor,
      })),
      totalMinor: p.totalMinor,
    };
  });

describe("shares (pure)", () => {
  it("every priced order splits exactly: the shares sum to what the shopper paid, none negative", () => {
    fc.assert(
      fc.property(orderArb, (m) => {
        const s = computeOrderShares({ ...m, orderId: "ord_x" });
        const sum =
          s.taxMinor +
          s.platformMinor +
          Object.values(s.byStore).reduce((a, b) => a + b, 0) +
          Object.values(s.byFulfiller).reduce((a, b) => a + b, 0);
        expect(sum).toBe(m.totalMinor);
        for (const l of s.lines) {
          expect(l.storeMinor).toBeGreaterThanOrEqual(0);
          expect(l.platformFeeMinor).toBeGreaterThanOrEqual(0);
          expect(l.netMinor).toBe(l.baseCostMinor + l.platformFeeMinor + l.storeMinor);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("journals (database)", () => {
  it("paid, then random partial refunds and a cancel: every journal balances and nothing goes negative", async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant("line" as const), index: fc.nat(7), share: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant("group" as const), index: fc.nat(3) }),
      fc.record({ kind: fc.constant("amount" as const), share: fc.integer({ min: 1, max: 40 }) }),
      fc.record({ kind: fc.constant("cancel" as const) }),
    );
    await fc.assert(
      fc.asyncProperty(orderArb, fc.array(step, { maxLength: 5 }), async (raw, steps) => {
        const ctx = systemCtx(t.db, "property test");
        const m = { ...raw, orderId: newId("ord") };
        // Checkout never makes an order without a line (the price filter above can drop them all).
        if (m.totalMinor === 0 || m.lines.length === 0) return;
        await postOrderPaid(ctx, m);
        let refunded = 0;
        for (const [i, s] of steps.entries()) {
          const left = m.totalMinor - refunded;
          if (left <= 0) break;
          const refundId = `ref_${m.orderId}_${i}`;
          if (s.kind === "cancel") {
            await postOrderRefund(ctx, { orderId: m.orderId, refundId, kind: "cancelled" });
            // The provider makes the refund of everything left (a later, separate journal).
            await postRefundPaidOut(ctx, { orderId: m.orderId, refundId, amount: money(left, m.currency) });
            refunded = m.totalMinor;
            break;
          }
          let amount = 0;
          let input: Parameters<typeof postOrderRefund>[1] = { orderId: m.orderId, refundId, kind: "refunded" };
          if (s.kind === "line") {
            const l = m.lines[s.index % m.lines.length]!;
            amount = Math.min(left, Math.floor(((l.itemsMinor - l.discountMinor + (m.pricesIncludeTax ? 0 : l.taxMinor)) * s.share) / 100));
            input = { ...input, lines: [{ lineId: l.lineId, amountMinor: amount }] };
          } else if (s.kind === "group") {
            const g = m.groups[s.index % m.groups.length]!;
            amount = Math.min(left, g.shippingMinor + (m.pricesIncludeTax ? 0 : g.shippingTaxMinor));
            input = { ...input, groups: [{ groupId: g.groupId, amountMinor: amount }] };
          } else {
            amount = Math.max(1, Math.floor((left * s.share) / 100));
            input = { ...input, extraMinor: amount };
          }
          if (amount <= 0) continue;
          await postOrderRefund(ctx, input);
          // Granted: owed to the shopper until the provider makes it.
          expect((await orderBreakdown(ctx, m.orderId)).refundPending).toBe(amount);
          await postRefundPaidOut(ctx, { orderId: m.orderId, refundId, amount: money(amount, m.currency) });
          refunded += amount;
        }
        // A refund beyond what is left is refused.
        await expect(
          postOrderRefund(ctx, {
            orderId: m.orderId,
            refundId: `ref_${m.orderId}_over`,
            kind: "refunded",
            extraMinor: m.totalMinor - refunded + 1,
          }),
        ).rejects.toThrow();
        const journals = await orderJournals(ctx, m.orderId);
        for (const j of journals) expect(j.entries.reduce((a, e) => a + e.amountMinor, 0)).toBe(0);
        const tb = await trialBalance(ctx, { orderId: m.orderId });
        for (const [account, v] of Object.entries(tb)) if (account !== "payments_clearing") expect(v, account).toBeLessThanOrEqual(0);
        const b = await orderBreakdown(ctx, m.orderId);
        expect(b.charged).toBe(m.totalMinor);
        expect(b.refunded).toBe(refunded);
        expect(b.refundPending).toBe(0);
        expect(tb.refunds ?? 0).toBe(0);
        const standing =
          b.tax + b.platform + Object.values(b.stores).reduce((a, v) => a + v, 0) + Object.values(b.fulfillers).reduce((a, v) => a + v, 0);
        expect(standing).toBe(m.totalMinor - refunded);
        if (refunded === m.totalMinor) expect(standing).toBe(0);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
