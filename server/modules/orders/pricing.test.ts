// The one pricing function: hand-worked examples and properties over random carts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitMinor } from "../../contracts/money.ts";
import { maxLineDiscount, priceCheckout, storeShareAfter, type PricingInput } from "./pricing.ts";

const base: Omit<PricingInput, "lines" | "groups" | "discount"> = {
  currency: "USD",
  pricesIncludeTax: false,
  taxRatePercent: 7.25,
  platformFeePercent: 20,
};

describe("splitMinor, the one rounding split (contracts/money.ts) that pricing and the ledger use", () => {
  it("splits by largest remainder and always sums exactly", () => {
    expect(splitMinor(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitMinor(10, [3, 0, 7])).toEqual([3, 0, 7]);
    expect(splitMinor(0, [1, 2])).toEqual([0, 0]);
    expect(splitMinor(5, [0, 0])).toEqual([3, 2]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (total, weights) => {
          const parts = splitMinor(total, weights);
          const sumW = weights.reduce((a, b) => a + b, 0);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((p, i) => {
            expect(Number.isInteger(p)).toBe(true);
            if (sumW > 0) expect(Math.abs(p - (total * weights[i]!) / sumW)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe("priceCheckout", () => {
  it("US style: tax on top of items after discount and on shipping", () => {
    const p = priceCheckout({
      ...base,
      lines: [
        { key: "a", storeId: "s1", groupKey: "w1", quantity: 2, unitPriceMinor: 2800, unitBaseCostMinor: 1150 },
        { key: "b", storeId: "s2", groupKey: "w2", quantity: 1, unitPriceMinor: 1650, unitBaseCostMinor: 600 },
      ],
      groups: [
        { key: "w1", shippingMinor: 499 },
        { key: "w2", shippingMinor: 899 },
      ],
      discount: { storeId: "s1", kind: "percent", percentOff: 10, amountOffMinor: null },
    });
    expect(p.lines[0]).toEqual({ key: "a", itemsMinor: 5600, discountMinor: 560, taxMinor: 365 }); // 7.25% of 5040 = 365.4
    expect(p.lines[1]).toEqual({ key: "b", itemsMinor: 1650, discountMinor: 0, taxMinor: 120 }); // 119.6
    expect(p.groups).toEqual([
      { key: "w1", shippingMinor: 499, shippingTaxMinor: 36 },
      { key: "w2", shippingMinor: 899, shippingTaxMinor: 65 },
    ]);
    expect(p.totalMinor).toBe(5600 - 560 + 1650 + 499 + 899 + 365 + 120 + 36 + 65);
  });

  it("EU style: tax is inside the prices and the total is what the tags say", () => {
    const p = priceCheckout({
      ...base,
      pricesIncludeTax: true,
      taxRatePercent: 19,
      lines: [{ key: "a", storeId: "s1", groupKey: "w1", quantity: 1, unitPriceMinor: 3570, unitBaseCostMinor: 1200 }],
      groups: [{ key: "w1", shippingMinor: 595 }],
      discount: null,
    });
    expect(p.lines[0]!.taxMinor).toBe(570);
    expect(p.groups[0]!.shippingTaxMinor).toBe(95);
    expect(p.totalMinor).toBe(3570 + 595);
  });

  it("a fixed code applies to its store's lines only, split by largest remainder", () => {
    const p = priceCheckout({
      ...base,
      lines: [
        { key: "a", storeId: "s1", groupKey: "w1", quantity: 1, unitPriceMinor: 3000, unitBaseCostMinor: 1000 },
        { key: "b", storeId: "s1", groupKey: "w1", quantity: 1, unitPriceMinor: 3000, unitBaseCostMinor: 1000 },
        { key: "c", storeId: "s2", groupKey: "w1", quantity: 1, unitPriceMinor: 3000, unitBaseCostMinor: 1000 },
      ],
      groups: [{ key: "w1", shippingMinor: 0 }],
      discount: { storeId: "s1", kind: "fixed", percentOff: null, amountOffMinor: 501 },
    });
    expect(p.lines.map((l) => l.discountMinor)).toEqual([251, 250, 0]);
    expect(p.discountMinor).toBe(501);
  });

  it("never discounts a line below what the store earns on it", () => {
    const line = { key: "a", storeId: "s1", groupKey: "w1", quantity: 1, unitPriceMinor: 2000, unitBaseCostMinor: 1500 };
    const p = priceCheckout({
      ...base,
      lines: [line],
      groups: [{ key: "w1", shippingMinor: 0 }],
      discount: { storeId: "s1", kind: "percent", percentOff: 50, amountOffMinor: null },
    });
    // margin 500, fee 100, the store earns 400: the 1000 off is capped at 400.
    expect(p.lines[0]!.discountMinor).toBe(400);
    expect(p.discountCapped).toBe(true);
  });

  it("properties: totals add up, discounts stay within the store's share, whole numbers throughout", () => {
    const currency = fc.constantFrom("USD", "JPY", "KWD", "EUR");
    const lineArb = fc.record({
      storeId: fc.constantFrom("s1", "s2", "s3"),
      groupKey: fc.constantFrom("w1", "w2"),
      quantity: fc.integer({ min: 1, max: 99 }),
      unitBaseCostMinor: fc.integer({ min: 0, max: 50_000 }),
      markup: fc.integer({ min: 0, max: 50_000 }),
    });
    fc.assert(
      fc.property(
        currency,
        fc.boolean(),
        fc.double({ min: 0, max: 27, noNaN: true }).map((v) => Math.round(v * 1000) / 1000),
        fc.integer({ min: 0, max: 100 }),
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        fc.option(
          fc.record({
            storeId: fc.constantFrom("s1", "s2"),
            kind: fc.constantFrom("percent" as const, "fixed" as const),
            value: fc.integer({ min: 1, max: 100_000 }),
          }),
        ),
        fc.integer({ min: 0, max: 5_000 }),
        (cur, incl, rate, fee, raw, d, ship) => {
          const input: PricingInput = {
            currency: cur,
            pricesIncludeTax: incl,
            taxRatePercent: rate,
            platformFeePercent: fee,
            lines: raw.map((l, i) => ({
              key: `l${i}`,
              storeId: l.storeId,
              groupKey: l.groupKey,
              quantity: l.quantity,
              unitBaseCostMinor: l.unitBaseCostMinor,
              unitPriceMinor: l.unitBaseCostMinor + l.markup,
            })),
            groups: [
              { key: "w1", shippingMinor: ship },
              { key: "w2", shippingMinor: ship * 2 },
            ],
            discount: d
              ? {
                  storeId: d.storeId,
                  kind: d.kind,
                  percentOff: d.kind === "percent" ? Math.min(100, d.value) : null,
                  amountOffMinor: d.kind === "fixed" ? d.value : null,
                }
              : null,
          };
          const p = priceCheckout(input);
          const lineTax = p.lines.reduce((a, l) => a + l.taxMinor, 0);
          const shipTax = p.groups.reduce((a, g) => a + g.shippingTaxMinor, 0);
          expect(p.taxMinor).toBe(lineTax + shipTax);
          expect(p.totalMinor).toBe(p.itemsMinor - p.discountMinor + p.shippingMinor + (incl ? 0 : p.taxMinor));
          for (const [i, l] of p.lines.entries()) {
            const src = input.lines[i]!;
            expect(l.discountMinor).toBeGreaterThanOrEqual(0);
            expect(l.discountMinor).toBeLessThanOrEqual(maxLineDiscount(src, input));
            if (l.discountMinor > 0) expect(storeShareAfter(src, l.discountMinor, input)).toBeGreaterThanOrEqual(0);
            if (!input.discount || src.storeId !== input.discount.storeId) expect(l.discountMinor).toBe(0);
            for (const v of [l.itemsMinor, l.discountMinor, l.taxMinor]) expect(Number.isSafeInteger(v)).toBe(true);
          }
          expect(p.totalMinor).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
