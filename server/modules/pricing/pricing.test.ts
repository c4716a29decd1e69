import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { money } from "../../contracts/money.ts";
import { applyTax, minimumRetailMinor, platformFeeMinor, splitSale, taxRateFor } from "./index.ts";

const rules = { platformFeePercent: 20, minimumMarginMinor: 200 };

describe("platform fee and margin", () => {
  it("takes the fee as a percent of the margin, not of the price", () => {
    expect(splitSale(2500, 1200, rules)).toEqual({
      marginMinor: 1300,
      platformFeeMinor: 260,
      partnerEarningsMinor: 1040,
      meetsMinimum: true,
    });
    expect(splitSale(1300, 1200, rules)).toEqual({ marginMinor: 100, platformFeeMinor: 20, partnerEarningsMinor: 80, meetsMinimum: false });
  });

  it("takes no fee on a margin of zero or less", () => {
    expect(splitSale(1200, 1200, rules).platformFeeMinor).toBe(0);
    expect(splitSale(1000, 1200, rules)).toMatchObject({ marginMinor: -200, platformFeeMinor: 0, partnerEarningsMinor: -200 });
  });

  it("rounds the fee half away from zero to the minor unit, exactly for fees with decimals", () => {
    expect(platformFeeMinor(5, 10)).toBe(1); // 0.5
    expect(platformFeeMinor(4, 10)).toBe(0); // 0.4
    expect(platformFeeMinor(1000, 12.345)).toBe(123); // 123.45
    expect(platformFeeMinor(1001, 12.35)).toBe(124); // 123.6235
    expect(platformFeeMinor(10, 0.1 + 0.2)).toBe(0); // 0.03, no float noise
    expect(platformFeeMinor(100, 100)).toBe(100);
  });

  it("finds the lowest retail price that leaves the partner the minimum margin", () => {
    const min = minimumRetailMinor(1200, rules)!;
    expect(min).toBe(1450);
    expect(splitSale(min, 1200, rules).meetsMinimum).toBe(true);
    expect(splitSale(min - 1, 1200, rules).meetsMinimum).toBe(false);
    expect(minimumRetailMinor(1200, { platformFeePercent: 20, minimumMarginMinor: 0 })).toBe(1200);
    expect(minimumRetailMinor(1200, { platformFeePercent: 100, minimumMarginMinor: 1 })).toBeNull();
  });

  it("the minimum retail price is always the least that meets the minimum", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 9999 }).map((v) => v / 100),
        fc.integer({ min: 1, max: 100_000 }),
        (base, fee, minimum) => {
          const r = { platformFeePercent: fee, minimumMarginMinor: minimum };
          const min = minimumRetailMinor(base, r)!;
          expect(splitSale(min, base, r).meetsMinimum).toBe(true);
          expect(splitSale(min - 1, base, r).meetsMinimum).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("tax", () => {
  const s = {
    taxRates: [
      { region: "US-CA", ratePercent: 7.25 },
      { region: "US", ratePercent: 1 },
      { region: "DE", ratePercent: 19 },
    ],
  };

  it("picks a subdivision's rate over its country's, then the country's, else none", () => {
    expect(taxRateFor(s, "us", "CA")).toBe(7.25);
    expect(taxRateFor(s, "US", "US-CA")).toBe(7.25);
    expect(taxRateFor(s, "US", "NY")).toBe(1);
    expect(taxRateFor(s, "US")).toBe(1);
    expect(taxRateFor(s, "DE", "DE-BY")).toBe(19);
    expect(taxRateFor(s, "FR")).toBe(0);
  });

  it("adds tax on top when prices exclude it", () => {
    expect(applyTax(money(1000, "USD"), 7.25, false)).toEqual({
      net: money(1000, "USD"),
      tax: money(73, "USD"), // 72.5 rounds up
      gross: money(1073, "USD"),
    });
    expect(applyTax(money(1200, "JPY"), 10, false).gross).toEqual(money(1320, "JPY"));
    expect(applyTax(money(1500, "KWD"), 5, false).tax).toEqual(money(75, "KWD"));
  });

  it("takes tax out of the price when prices include it", () => {
    expect(applyTax(money(11900, "EUR"), 19, true)).toEqual({
      net: money(10000, "EUR"),
      tax: money(1900, "EUR"),
      gross: money(11900, "EUR"),
    });
    expect(applyTax(money(1000, "EUR"), 19, true)).toEqual({ net: money(840, "EUR"), tax: money(160, "EUR"), gross: money(1000, "EUR") }); // 840.34
    expect(applyTax(money(1000, "USD"), 0, true).tax).toEqual(money(0, "USD"));
  });

  it("always has net + tax = gross, in the price's currency", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("USD", "JPY", "KWD"),
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 50_000 }).map((v) => v / 1000),
        fc.boolean(),
        (currency, amount, rate, included) => {
          const r = applyTax(money(amount, currency), rate, included);
          expect(r.net.amount + r.tax.amount).toBe(r.gross.amount);
          expect(r.tax.currency).toBe(currency);
          expect(r.tax.amount).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it("refuses a negative rate", () => {
    expect(() => applyTax(money(100, "USD"), -1, false)).toThrow(RangeError);
  });
});
