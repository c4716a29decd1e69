// Where an order's money goes, per line and per shipment group: pure integer arithmetic.
import { money } from "../../contracts/money.ts";
import { applyTax, platformFeeMinor } from "../pricing/index.ts";
import type { GroupShares, LineShares, OrderMoney, OrderShares } from "./types.ts";

export class LedgerError extends Error {
  override name = "LedgerError";
}

/**
 * The shares of every line and group. Per line: the fulfiller gets base cost × quantity; the
 * platform its fee on the margin before discount (items without tax, less base cost); the store
 * the rest of the line's net (after discount, without tax); tax payable the line's tax. Per group:
 * the fulfiller gets the shipping without tax, tax payable the shipping's tax. Throws when the
 * parts do not add up to what the shopper paid.
 */
export function computeOrderShares(m: OrderMoney): OrderShares {
  const lines: LineShares[] = m.lines.map((l) => {
    const taxInside = m.pricesIncludeTax ? l.taxMinor : 0;
    const net = l.itemsMinor - l.discountMinor - taxInside;
    const base = l.unitBaseCostMinor * l.quantity;
    const netBefore =
      m.pricesIncludeTax && l.itemsMinor > 0
        ? l.itemsMinor - applyTax(money(l.itemsMinor, m.currency), m.taxRatePercent, true).tax.amount
        : l.itemsMinor;
    const fee = platformFeeMinor(netBefore - base, m.platformFeePercent);
    return {
      lineId: l.lineId,
      storeId: l.storeId,
      fulfillerId: l.fulfillerId,
      groupId: l.groupId,
      netMinor: net,
      baseCostMinor: base,
      platformFeeMinor: fee,
      storeMinor: net - base - fee,
      taxMinor: l.taxMinor,
      discountMinor: l.discountMinor,
    };
  });
  const groups: GroupShares[] = m.groups.map((g) => ({
    groupId: g.groupId,
    fulfillerId: g.fulfillerId,
    shippingNetMinor: g.shippingMinor - (m.pricesIncludeTax ? g.shippingTaxMinor : 0),
    shippingTaxMinor: g.shippingTaxMinor,
  }));
  const byStore: Record<string, number> = {};
  const byFulfiller: Record<string, number> = {};
  let tax = 0;
  let platform = 0;
  for (const l of lines) {
    byStore[l.storeId] = (byStore[l.storeId] ?? 0) + l.storeMinor;
    byFulfiller[l.fulfillerId] = (byFulfiller[l.fulfillerId] ?? 0) + l.baseCostMinor;
    tax += l.taxMinor;
    platform += l.platformFeeMinor;
  }
  for (const g of groups) {
    byFulfiller[g.fulfillerId] = (byFulfiller[g.fulfillerId] ?? 0) + g.shippingNetMinor;
    tax += g.shippingTaxMinor;
  }
  const sum = tax + platform + Object.values(byStore).reduce((a, b) => a + b, 0) + Object.values(byFulfiller).reduce((a, b) => a + b, 0);
  if (sum !== m.totalMinor) throw new LedgerError(`Order ${m.orderId}: the shares sum to ${sum} but the shopper paid ${m.totalMinor}.`);
  for (const v of [
    ...lines.flatMap((l) => [l.netMinor, l.baseCostMinor, l.platformFeeMinor, l.storeMinor, l.taxMinor]),
    ...groups.flatMap((g) => [g.shippingNetMinor, g.shippingTaxMinor]),
  ])
    if (!Number.isSafeInteger(v)) throw new LedgerError(`Order ${m.orderId}: an amount is not a whole number of minor units.`);
  return { lines, groups, totalMinor: m.totalMinor, taxMinor: tax, platformMinor: platform, byStore, byFulfiller };
}
