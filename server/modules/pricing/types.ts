// Pricing: where a sale's money goes (platform fee as a percent of the margin, the partner's
// minimum margin) and tax by destination. Pure functions on integer minor units.
// Browser-safe: no server-only imports (the designer's live earnings and the /admin/config example
// use the same rules as the server).
import { currencyDigits, money, type Money } from "../../contracts/money.ts";

/** The platform's pricing rules (kept in the platform settings, edited in /admin/config). */
export interface PricingRules {
  /** Percent of the margin (retail - base cost) the platform keeps, 0..100, at most 2 decimals. */
  platformFeePercent: number;
  /** The least a partner must earn per sale, in minor units of the platform currency. */
  minimumMarginMinor: number;
}

/** A tax rate for a region: a country (`DE`) or a subdivision (`US-CA`, ISO 3166-2). */
export interface RegionRate {
  region: string;
  ratePercent: number;
}

/** Round a non-negative-or-negative bigint ratio half away from zero. */
function roundDiv(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let q = n / d;
  if ((n % d) * 2n >= d) q += 1n;
  return negative ? -q : q;
}

/** A percentage with up to 6 decimals as an exact integer of millionths of a percent. */
const scaledPercent = (percent: number) => BigInt(Math.round(percent * 1_000_000));

/** The platform fee on a margin: `platformFeePercent` of it, rounded half away from zero; nothing on a margin of 0 or less. */
export function platformFeeMinor(marginMinor: number, feePercent: number): number {
  if (marginMinor <= 0) return 0;
  return Number(roundDiv(BigInt(marginMinor) * scaledPercent(feePercent), 100_000_000n));
}

export interface SaleSplit {
  marginMinor: number;
  platformFeeMinor: number;
  partnerEarningsMinor: number;
  /** Whether the partner's earnings reach the minimum margin. */
  meetsMinimum: boolean;
}

/**
 * Where a sale's money goes: the margin (retail - base cost) is split between the platform
 * (`platformFeePercent` of it) and the partner. Integer minor units of one currency throughout.
 */
export function splitSale(retailMinor: number, baseCostMinor: number, rules: PricingRules): SaleSplit {
  const marginMinor = retailMinor - baseCostMinor;
  const fee = platformFeeMinor(marginMinor, rules.platformFeePercent);
  const partnerEarningsMinor = marginMinor - fee;
  return { marginMinor, platformFeeMinor: fee, partnerEarningsMinor, meetsMinimum: partnerEarningsMinor >= rules.minimumMarginMinor };
}

/** The lowest retail price whose partner earnings reach the minimum margin (null if the fee takes it all). */
export function minimumRetailMinor(baseCostMinor: number, rules: PricingRules): number | null {
  if (rules.minimumMarginMinor <= 0) return baseCostMinor;
  if (rules.platformFeePercent >= 100) return null;
  // The partner's earnings never fall as the price rises (the fee grows by at most one unit per
  // unit of margin), and margin m earns at most m * (1 - fee) + 0.5: start at that lower bound and
  // step up to the first price that meets the minimum.
  const lower = Math.floor(((rules.minimumMarginMinor - 0.5) * 100) / (100 - rules.platformFeePercent));
  let retail = baseCostMinor + Math.max(0, lower - 1);
  while (!splitSale(retail, baseCostMinor, rules).meetsMinimum) retail++;
  return retail;
}

/** The tax rate for a destination: the subdivision's rate, else the country's, else 0. */
export function taxRateFor(s: { taxRates: readonly RegionRate[] }, country: string, subdivision?: string | null): number {
  const c = country.trim().toUpperCase();
  if (subdivision) {
    const sub = subdivision.trim().toUpperCase();
    const code = sub.includes("-") ? sub : `${c}-${sub}`;
    const hit = s.taxRates.find((r) => r.region === code);
    if (hit) return hit.ratePercent;
  }
  return s.taxRates.find((r) => r.region === c)?.ratePercent ?? 0;
}

export interface TaxedAmount {
  /** The amount before tax. */
  net: Money;
  tax: Money;
  /** What the shopper pays: net + tax. */
  gross: Money;
}

/**
 * Tax on a price at `ratePercent` (up to 6 decimals). When prices include tax the price is the
 * gross and the tax is taken out of it (gross - round(gross / (1 + rate))); otherwise the tax is
 * added on top (round(price * rate)). Rounded half away from zero to the currency's minor unit;
 * net + tax = gross always.
 */
export function applyTax(price: Money, ratePercent: number, pricesIncludeTax: boolean): TaxedAmount {
  if (!(ratePercent >= 0)) throw new RangeError("A tax rate cannot be negative.");
  currencyDigits(price.currency);
  const rate = scaledPercent(ratePercent); // millionths of a percent
  const hundred = 100_000_000n;
  if (pricesIncludeTax) {
    const net = Number(roundDiv(BigInt(price.amount) * hundred, hundred + rate));
    return { net: money(net, price.currency), tax: money(price.amount - net, price.currency), gross: price };
  }
  const tax = Number(roundDiv(BigInt(price.amount) * rate, hundred));
  return { net: price, tax: money(tax, price.currency), gross: money(price.amount + tax, price.currency) };
}
