// The one pricing function of checkout: items, shipping, discount, tax and total, per line and per
// shipment group, in integer minor units. The checkout page shows its result; placing an order
// stores exactly it; the ledger splits exactly it.
import { money, splitMinor } from "../../contracts/money.ts";
import { applyTax, platformFeeMinor } from "../pricing/index.ts";

export interface PricingLine {
  key: string;
  storeId: string;
  groupKey: string;
  quantity: number;
  unitPriceMinor: number;
  unitBaseCostMinor: number;
}

export interface PricingGroup {
  key: string;
  shippingMinor: number;
}

export interface PricingDiscount {
  storeId: string;
  kind: "percent" | "fixed";
  percentOff: number | null;
  amountOffMinor: number | null;
}

export interface PricingInput {
  currency: string;
  pricesIncludeTax: boolean;
  taxRatePercent: number;
  platformFeePercent: number;
  lines: readonly PricingLine[];
  groups: readonly PricingGroup[];
  discount: PricingDiscount | null;
}

export interface PricedLine {
  key: string;
  itemsMinor: number;
  discountMinor: number;
  taxMinor: number;
}

export interface PricedGroup {
  key: string;
  shippingMinor: number;
  shippingTaxMinor: number;
}

export interface PricedCheckout {
  lines: PricedLine[];
  groups: PricedGroup[];
  itemsMinor: number;
  discountMinor: number;
  shippingMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** True when a line's discount was limited to what the store earns on it. */
  discountCapped: boolean;
}

function taxOf(amount: number, input: PricingInput): number {
  if (amount <= 0) return 0;
  return applyTax(money(amount, input.currency), input.taxRatePercent, input.pricesIncludeTax).tax.amount;
}

/** What the store earns on a line after a discount (the ledger's rule): net − base cost − fee on the margin before discount. */
export function storeShareAfter(line: PricingLine, discountMinor: number, input: PricingInput): number {
  const items = line.unitPriceMinor * line.quantity;
  const base = line.unitBaseCostMinor * line.quantity;
  const after = items - discountMinor;
  const taxAfter = input.pricesIncludeTax ? taxOf(after, input) : 0;
  const netAfter = after - taxAfter;
  const taxBefore = input.pricesIncludeTax ? taxOf(items, input) : 0;
  const netBefore = items - taxBefore;
  const fee = platformFeeMinor(netBefore - base, input.platformFeePercent);
  return netAfter - base - fee;
}

/** The largest discount a line can carry without the store earning less than nothing on it. */
export function maxLineDiscount(line: PricingLine, input: PricingInput): number {
  const items = line.unitPriceMinor * line.quantity;
  if (storeShareAfter(line, 0, input) <= 0) return 0;
  // The store's share falls as the discount rises: binary search the largest discount that keeps it >= 0.
  let lo = 0;
  let hi = items;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (storeShareAfter(line, mid, input) >= 0) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Price a checkout. A store's discount applies to that store's lines only, split over them by
 * largest remainder in proportion to their items, and never more on a line than the store earns
 * on it. Tax is computed per line (after its discount) and per group's shipping, at the
 * destination's rate, included in the prices or added on top.
 */
export function priceCheckout(input: PricingInput): PricedCheckout {
  const lines = input.lines.map((l) => ({ ...l, items: l.unitPriceMinor * l.quantity }));
  const discounts = new Map<string, number>();
  let discountCapped = false;
  const d = input.discount;
  if (d) {
    const eligible = lines.filter((l) => l.storeId === d.storeId);
    const eligibleItems = eligible.reduce((a, l) => a + l.items, 0);
    let wanted = 0;
    if (d.kind === "percent" && d.percentOff) wanted = Math.round((eligibleItems * Math.min(100, Math.max(0, d.percentOff))) / 100);
    else if (d.kind === "fixed" && d.amountOffMinor) wanted = Math.min(eligibleItems, Math.max(0, d.amountOffMinor));
    const parts = splitMinor(
      wanted,
      eligible.map((l) => l.items),
    );
    eligible.forEach((l, i) => {
      const cap = maxLineDiscount(l, input);
      const part = parts[i]!;
      if (part > cap) discountCapped = true;
      discounts.set(l.key, Math.min(part, cap));
    });
  }
  const pricedLines: PricedLine[] = lines.map((l) => {
    const discountMinor = discounts.get(l.key) ?? 0;
    return { key: l.key, itemsMinor: l.items, discountMinor, taxMinor: taxOf(l.items - discountMinor, input) };
  });
  const pricedGroups: PricedGroup[] = input.groups.map((g) => ({
    key: g.key,
    shippingMinor: g.shippingMinor,
    shippingTaxMinor: taxOf(g.shippingMinor, input),
  }));
  const itemsMinor = pricedLines.reduce((a, l) => a + l.itemsMinor, 0);
  const discountMinor = pricedLines.reduce((a, l) => a + l.discountMinor, 0);
  const shippingMinor = pricedGroups.reduce((a, g) => a + g.shippingMinor, 0);
  const taxMinor = pricedLines.reduce((a, l) => a + l.taxMinor, 0) + pricedGroups.reduce((a, g) => a + g.shippingTaxMinor, 0);
  const totalMinor = itemsMinor - discountMinor + shippingMinor + (input.pricesIncludeTax ? 0 : taxMinor);
  return { lines: pricedLines, groups: pricedGroups, itemsMinor, discountMinor, shippingMinor, taxMinor, totalMinor, discountCapped };
}
