import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  add,
  allocate,
  currencyDigits,
  formatMoney,
  money,
  MoneyError,
  formatAmount,
  parseMoney,
  parseMoneyOrThrow,
  percentOf,
  sum,
  times,
  toDecimalString,
  type Money,
  EN_US_CURRENCIES,
} from "./money.ts";
import { CURRENCIES } from "../modules/platform/types.ts";

const parsed = (text: string, currency: string) => {
  const r = parseMoney(text, currency);
  return r.ok ? r.money.amount : r.message;
};

describe("parseMoney: the number and its currency, nothing else", () => {
  it("reads an amount with a currency symbol or code around it", () => {
    expect(parsed("$12.50", "USD")).toBe(1250);
    expect(parsed("USD 12.50", "USD")).toBe(1250);
    expect(parsed("12,50 €", "EUR")).toBe(1250);
    expect(parsed("US$ 3", "USD")).toBe(300);
  });

  it("refuses markup or words around a number instead of reading the number inside (issue 22, a $1.00 refund)", () => {
    for (const junk of ["<script>alert(1)</script>", "<b>1</b>", "refund 10 please", "1)", "(1", "12.50abc", "abc12.50"])
      expect(typeof parsed(junk, "USD"), junk).toBe("string");
  });
});

const WRITTEN_CURRENCIES = Object.keys(EN_US_CURRENCIES);

describe("formatMoney without Intl: the marketplace's currencies, exactly as Intl writes them", () => {
  const intl = (amount: number, currency: string) => {
    const digits = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    const f = new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    return { digits, text: f.format(toDecimalString({ amount, currency }) as unknown as number) };
  };

  it("covers every currency a marketplace can sell in", () => {
    expect([...WRITTEN_CURRENCIES].sort()).toEqual([...CURRENCIES].sort());
  });

  it("has Intl's digits and text for every amount", () => {
    const edges = [
      0,
      1,
      -1,
      9,
      10,
      99,
      100,
      999,
      1000,
      1001,
      99_999,
      100_000,
      123_456_789,
      -123_456_789,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
    ];
    for (const currency of WRITTEN_CURRENCIES) {
      expect(currencyDigits(currency), currency).toBe(intl(0, currency).digits);
      for (const amount of edges) expect(formatMoney(money(amount, currency)), `${amount} ${currency}`).toBe(intl(amount, currency).text);
    }
    fc.assert(
      fc.property(fc.constantFrom(...WRITTEN_CURRENCIES), fc.integer({ min: -1e13, max: 1e13 }), (currency, amount) => {
        expect(formatMoney(money(amount, currency))).toBe(intl(amount, currency).text);
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves other locales and currencies to Intl", () => {
    expect(formatMoney(money(123456, "EUR"), "de-DE")).toBe(
      new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(1234.56),
    );
    expect(formatMoney(money(1500, "KWD")).replace(/\s/g, " ")).toBe("KWD 1.500");
  });
});

describe("Money", () => {
  it("knows each currency's digits", () => {
    expect(currencyDigits("USD")).toBe(2);
    expect(currencyDigits("EUR")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("KWD")).toBe(3);
    expect(() => currencyDigits("XYZ1")).toThrow(MoneyError);
  });

  it("formats with the currency's digits", () => {
    expect(formatMoney(money(123456, "USD"))).toBe("$1,234.56");
    expect(formatMoney(money(1200, "JPY"))).toBe("¥1,200");
    expect(formatMoney(money(1500, "KWD")).replace(/\s/g, " ")).toBe("KWD 1.500");
    expect(formatMoney(money(-5, "USD"))).toBe("-$0.05");
    expect(toDecimalString(money(5, "USD"))).toBe("0.05");
    expect(toDecimalString(money(1200, "JPY"))).toBe("1200");
  });

  it("parses what people type, by the currency's digits (a JPY price of 1200 is ¥1,200, not ¥120,000)", () => {
    expect(parsed("1200", "JPY")).toBe(1200);
    expect(parsed("1,200", "JPY")).toBe(1200);
    expect(parsed("12.5", "JPY")).toMatch(/no decimals/);
    expect(parsed("12", "USD")).toBe(1200);
    expect(parsed("12.5", "USD")).toBe(1250);
    expect(parsed("12,50", "EUR")).toBe(1250);
    expect(parsed("1,200", "USD")).toBe(120000);
    expect(parsed("1,200.75", "USD")).toBe(120075);
    expect(parsed("$1,200.75", "USD")).toBe(120075);
    expect(parsed("12.345", "USD")).toMatch(/at most 2 decimals/);
    expect(parsed("1.5", "KWD")).toBe(1500);
    expect(parsed(".5", "USD")).toBe(50);
    expect(parsed("", "USD")).toMatch(/Enter an amount/);
    expect(parsed("abc", "USD")).toMatch(/Enter an amount/);
    expect(parsed("1,20,0", "USD")).toMatch(/Enter an amount/);
    expect(parsed("12.3.4", "USD")).toMatch(/Enter an amount/);
  });

  it("round-trips parse ∘ format for 0-, 2- and 3-digit currencies", () => {
    const currencies = ["JPY", "KRW", "USD", "EUR", "GBP", "KWD", "BHD", "JOD"];
    fc.assert(
      fc.property(fc.constantFrom(...currencies), fc.integer({ min: -1e12, max: 1e12 }), (currency, amount) => {
        const m = money(amount, currency);
        const viaFormat = parseMoney(formatMoney(m), currency);
        const viaDecimal = parseMoney(toDecimalString(m), currency);
        expect(viaFormat).toEqual({ ok: true, money: m });
        expect(viaDecimal).toEqual({ ok: true, money: m });
      }),
      { numRuns: 2000 },
    );
  });

  it("format ∘ parse gives back what was typed, in canonical form, for valid inputs", () => {
    // A valid input: whole part (grouped by commas or not), up to the currency's digits of
    // fraction (a decimal point, or a decimal comma for 1-2 decimals), optional sign and symbol.
    const input = fc
      .record({
        currency: fc.constantFrom("JPY", "KRW", "USD", "EUR", "GBP", "KWD", "BHD"),
        whole: fc.bigInt({ min: 0n, max: 999_999_999_999n }),
        fraction: fc.nat({ max: 999 }),
        fractionLength: fc.nat({ max: 3 }),
        grouped: fc.boolean(),
        decimalComma: fc.boolean(),
        negative: fc.boolean(),
        symbol: fc.constantFrom("", "prefix-code", "suffix-code", "symbol"),
      })
      .map((r) => {
        const digits = currencyDigits(r.currency);
        const length = Math.min(r.fractionLength, digits);
        const frac = length ? String(r.fraction % 10 ** length).padStart(length, "0") : "";
        const wholeText = r.grouped ? r.whole.toLocaleString("en-US") : r.whole.toString();
        const sep = r.decimalComma && length > 0 && length < 3 && !r.grouped ? "," : ".";
        let text = frac ? `${wholeText}${sep}${frac}` : wholeText;
        if (r.symbol === "prefix-code") text = `${r.currency} ${text}`;
        if (r.symbol === "suffix-code") text = `${text} ${r.currency}`;
        if (r.symbol === "symbol") text = formatMoney(money(0, r.currency)).replace(/[\d.,\s]+/g, "") + text;
        if (r.negative) text = `-${text}`;
        const minor = Number(r.whole) * 10 ** digits + (frac ? Number(frac.padEnd(digits, "0")) : 0);
        return { currency: r.currency, text, expected: money(r.negative && minor !== 0 ? -minor : minor, r.currency) };
      });
    fc.assert(
      fc.property(input, ({ currency, text, expected }) => {
        const r = parseMoney(text, currency);
        expect(r).toEqual({ ok: true, money: expected });
        if (r.ok) {
          expect(formatMoney(r.money)).toBe(formatMoney(expected));
          expect(parseMoney(formatMoney(r.money), currency)).toEqual(r);
        }
      }),
      { numRuns: 2000 },
    );
    expect(formatMoney(parseMoneyOrThrow("1200", "JPY"))).toBe("¥1,200");
    expect(formatMoney(parseMoneyOrThrow("12,50", "EUR"))).toBe("€12.50");
    expect(formatMoney(parseMoneyOrThrow("1.5", "BHD")).replace(/\s/g, " ")).toBe("BHD 1.500");
    expect(formatAmount(1200, "JPY")).toBe("¥1,200");
  });

  it("allocates by largest remainder so the parts always sum to the total", () => {
    expect(allocate(money(100, "USD"), [1, 1, 1]).map((m) => m.amount)).toEqual([34, 33, 33]);
    expect(allocate(money(-100, "USD"), [1, 1, 1]).map((m) => m.amount)).toEqual([-34, -33, -33]);
    expect(allocate(money(5, "USD"), [0, 0]).map((m) => m.amount)).toEqual([3, 2]);
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 20 }),
        (amount, weights) => {
          const parts = allocate(money(amount, "USD"), weights);
          expect(sum(parts, "USD").amount).toBe(amount);
          const weightSum = weights.reduce((s, w) => s + w, 0);
          if (weightSum > 0)
            parts.forEach((p, i) => expect(Math.abs(p.amount - (amount * weights[i]!) / weightSum)).toBeLessThan(1 + 1e-6));
        },
      ),
    );
  });

  it("takes percentages exactly, rounding half away from zero", () => {
    expect(percentOf(money(1000, "USD"), 7.25).amount).toBe(73); // 72.5 -> 73
    expect(percentOf(money(-1000, "USD"), 7.25).amount).toBe(-73);
    expect(percentOf(money(1999, "USD"), 20).amount).toBe(400); // 399.8
    expect(percentOf(money(333, "JPY"), 10).amount).toBe(33);
  });

  it("refuses to mix currencies or hold fractions of a minor unit", () => {
    expect(() => add(money(1, "USD"), money(1, "EUR"))).toThrow(/Cannot combine/);
    expect(() => money(1.5, "USD")).toThrow(MoneyError);
    expect(times(money(250, "USD"), 3)).toEqual<Money>({ amount: 750, currency: "USD" });
  });
});
