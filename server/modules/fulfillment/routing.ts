// Routing: which warehouse makes and ships each line of an order, and what its shipment group
// costs to ship (ADR 0012). Pure reads: reserving the stock is the caller's next step.
import { and, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../../kernel/index.ts";
import type { ReadCtx } from "./access.ts";
import { blanks, blankVariants, blankWarehouses, fulfillers, shippingRates, shippingZones, warehouseStock, warehouses } from "./schema.ts";
import type { UnroutableReason } from "./types.ts";

export interface RoutingLineInput {
  key: string;
  blankId: string;
  blankVariantId: string;
  quantity: number;
}
export interface Destination {
  country: string;
  subdivision?: string | null; // subdivision like "CA" or "US-CA"
}
export interface RoutedGroup {
  warehouseId: string;
  warehouseName: string;
  warehouseCountry: string;
  fulfillerId: string;
  fulfillerName: string;
  lineKeys: string[];
  shippingMinor: number;
  currency: string;
  /** delivery days after dispatch (from the rates), and production days (max of the blanks' productionDays) */
  minDays: number;
  maxDays: number;
  productionDays: number;
  /** per line key: base cost per unit (blank variant's baseCostMinor) */
  unitBaseCostMinor: Record<string, number>;
}
export interface UnroutableLine {
  key: string;
  reason: UnroutableReason;
  /** units available when sold_out (0 if none) */
  available?: number;
}
export interface RoutingResult {
  groups: RoutedGroup[];
  unroutable: UnroutableLine[];
}

type RateRow = typeof shippingRates.$inferSelect;
type ZoneRow = typeof shippingZones.$inferSelect;

/** The zone of a fulfiller that covers the destination: a subdivision beats its country beats `*`. */
export function matchZone(zones: readonly ZoneRow[], destination: Destination): ZoneRow | undefined {
  const country = destination.country.trim().toUpperCase();
  const sub = destination.subdivision?.trim().toUpperCase();
  const subdivision = sub ? (sub.includes("-") ? sub : `${country}-${sub}`) : null;
  const ordered = [...zones].sort((a, b) => a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : 1));
  return (
    (subdivision ? ordered.find((z) => z.regions.includes(subdivision)) : undefined) ??
    ordered.find((z) => z.regions.includes(country)) ??
    ordered.find((z) => z.regions.includes("*"))
  );
}

/** The rate for a blank from a warehouse in a zone: blank beats category, warehouse beats fulfiller-wide. */
export function matchRate(
  rates: readonly RateRow[],
  zoneId: string,
  blank: { id: string; category: string },
  warehouseId: string,
): RateRow | undefined {
  const inZone = rates.filter((r) => r.zoneId === zoneId);
  const pick = (f: (r: RateRow) => boolean) => inZone.filter(f).sort((a, b) => (a.id < b.id ? -1 : 1))[0];
  return (
    pick((r) => r.blankId === blank.id && r.warehouseId === warehouseId) ??
    pick((r) => r.blankId === blank.id && r.warehouseId === null) ??
    pick((r) => r.blankId === null && r.category === blank.category && r.warehouseId === warehouseId) ??
    pick((r) => r.blankId === null && r.category === blank.category && r.warehouseId === null)
  );
}

/**
 * A shipment group's shipping, Printify's rule: the highest first-item price among its lines is
 * charged once; every other unit pays its own additional-item price.
 */
export function groupShipping(lines: readonly { quantity: number; firstItemMinor: number; additionalItemMinor: number }[]): number {
  if (!lines.length) return 0;
  let lead = 0;
  for (let i = 1; i < lines.length; i++) if (lines[i]!.firstItemMinor > lines[lead]!.firstItemMinor) lead = i;
  let total = 0;
  lines.forEach((l, i) => {
    total += i === lead ? l.firstItemMinor + l.additionalItemMinor * (l.quantity - 1) : l.additionalItemMinor * l.quantity;
  });
  return total;
}

interface Candidate {
  warehouseId: string;
  cost: number;
  rate: RateRow;
}

/** Route each line to its cheapest capable warehouse and price the resulting shipment groups. */
export async function routeOrderLines(
  ctx: ReadCtx | Ctx,
  lines: readonly RoutingLineInput[],
  destination: Destination,
): Promise<RoutingResult> {
  if (!lines.length) return { groups: [], unroutable: [] };
  const blankIds = [...new Set(lines.map((l) => l.blankId))];
  const variantIds = [...new Set(lines.map((l) => l.blankVariantId))];
  const blankRows = await ctx.db
    .select({
      id: blanks.id,
      category: blanks.category,
      status: blanks.status,
      productionDays: blanks.productionDays,
      fulfillerId: blanks.fulfillerId,
      fulfillerName: fulfillers.name,
      fulfillerStatus: fulfillers.status,
    })
    .from(blanks)
    .innerJoin(fulfillers, eq(fulfillers.id, blanks.fulfillerId))
    .where(inArray(blanks.id, blankIds));
  const blankById = new Map(blankRows.map((b) => [b.id, b]));
  const variantRows = await ctx.db
    .select({
      id: blankVariants.id,
      blankId: blankVariants.blankId,
      active: blankVariants.active,
      baseCostMinor: blankVariants.baseCostMinor,
    })
    .from(blankVariants)
    .where(inArray(blankVariants.id, variantIds));
  const variantById = new Map(variantRows.map((v) => [v.id, v]));
  const whRows = await ctx.db
    .select({
      blankId: blankWarehouses.blankId,
      id: warehouses.id,
      name: warehouses.name,
      country: warehouses.country,
      fulfillerId: warehouses.fulfillerId,
    })
    .from(blankWarehouses)
    .innerJoin(warehouses, eq(warehouses.id, blankWarehouses.warehouseId))
    .where(inArray(blankWarehouses.blankId, blankIds));
  const fulfillerIds = [...new Set(blankRows.map((b) => b.fulfillerId))];
  const warehouseIds = [...new Set(whRows.map((w) => w.id))];
  const [zones, rates, stock] = await Promise.all([
    fulfillerIds.length ? ctx.db.select().from(shippingZones).where(inArray(shippingZones.fulfillerId, fulfillerIds)) : [],
    fulfillerIds.length ? ctx.db.select().from(shippingRates).where(inArray(shippingRates.fulfillerId, fulfillerIds)) : [],
    warehouseIds.length
      ? ctx.db
          .select()
          .from(warehouseStock)
          .where(and(inArray(warehouseStock.warehouseId, warehouseIds), inArray(warehouseStock.blankVariantId, variantIds)))
      : [],
  ]);
  const stockOf = new Map(stock.map((s) => [`${s.warehouseId}\u0000${s.blankVariantId}`, Math.max(0, s.onHand - s.reserved)]));
  const warehouseById = new Map(whRows.map((w) => [w.id, w]));

  const unroutable: UnroutableLine[] = [];
  const candidates = new Map<string, Candidate[]>();
  for (const line of lines) {
    const blank = blankById.get(line.blankId);
    const variant = variantById.get(line.blankVariantId);
    const stocking = whRows.filter((w) => w.blankId === line.blankId && w.fulfillerId === blank?.fulfillerId);
    if (
      !blank ||
      blank.status !== "active" ||
      blank.fulfillerStatus !== "active" ||
      !variant ||
      variant.blankId !== blank.id ||
      !variant.active ||
      !stocking.length
    ) {
      unroutable.push({ key: line.key, reason: "unavailable" });
      continue;
    }
    const zone = matchZone(
      zones.filter((z) => z.fulfillerId === blank.fulfillerId),
      destination,
    );
    const fulfillerRates = rates.filter((r) => r.fulfillerId === blank.fulfillerId);
    const shipping = stocking.flatMap((w) => {
      const rate = zone ? matchRate(fulfillerRates, zone.id, blank, w.id) : undefined;
      return rate ? [{ w, rate }] : [];
    });
    if (!shipping.length) {
      unroutable.push({ key: line.key, reason: "no_shipping" });
      continue;
    }
    const capable = shipping.filter(({ w }) => {
      const available = stockOf.get(`${w.id}\u0000${line.blankVariantId}`);
      return available === undefined || available >= line.quantity;
    });
    if (!capable.length) {
      const available = Math.max(0, ...shipping.map(({ w }) => stockOf.get(`${w.id}\u0000${line.blankVariantId}`) ?? 0));
      unroutable.push({ key: line.key, reason: "sold_out", available });
      continue;
    }
    candidates.set(
      line.key,
      capable
        .map(({ w, rate }) => ({
          warehouseId: w.id,
          rate,
          cost: variant.baseCostMinor * line.quantity + rate.firstItemMinor + rate.additionalItemMinor * (line.quantity - 1),
        }))
        .sort((a, b) => a.cost - b.cost || (a.warehouseId < b.warehouseId ? -1 : 1)),
    );
  }

  // Lines with one cheapest warehouse take it; tied lines then prefer a warehouse other lines use.
  const chosen = new Map<string, Candidate>();
  const tied: string[] = [];
  for (const [key, list] of candidates) {
    if (list.length > 1 && list[1]!.cost === list[0]!.cost) tied.push(key);
    else chosen.set(key, list[0]!);
  }
  for (let pass = 0; pass < 2; pass++) {
    for (const key of tied) {
      const list = candidates.get(key)!;
      const best = list.filter((c) => c.cost === list[0]!.cost);
      const used = new Set([...chosen].filter(([k]) => k !== key).map(([, c]) => c.warehouseId));
      chosen.set(key, best.find((c) => used.has(c.warehouseId)) ?? best[0]!);
    }
  }

  const groups = new Map<string, RoutedGroup & { parts: { quantity: number; firstItemMinor: number; additionalItemMinor: number }[] }>();
  for (const line of lines) {
    const pick = chosen.get(line.key);
    if (!pick) continue;
    const w = warehouseById.get(pick.warehouseId)!;
    const blank = blankById.get(line.blankId)!;
    let g = groups.get(w.id);
    if (!g) {
      g = {
        warehouseId: w.id,
        warehouseName: w.name,
        warehouseCountry: w.country,
        fulfillerId: blank.fulfillerId,
        fulfillerName: blank.fulfillerName,
        lineKeys: [],
        shippingMinor: 0,
        currency: pick.rate.currency,
        minDays: 0,
        maxDays: 0,
        productionDays: 0,
        unitBaseCostMinor: {},
        parts: [],
      };
      groups.set(w.id, g);
    }
    g.lineKeys.push(line.key);
    g.parts.push({ quantity: line.quantity, firstItemMinor: pick.rate.firstItemMinor, additionalItemMinor: pick.rate.additionalItemMinor });
    g.minDays = Math.max(g.minDays, pick.rate.minDays);
    g.maxDays = Math.max(g.maxDays, pick.rate.maxDays);
    g.productionDays = Math.max(g.productionDays, blank.productionDays);
    g.unitBaseCostMinor[line.key] = variantById.get(line.blankVariantId)!.baseCostMinor;
  }
  return {
    groups: [...groups.values()].map(({ parts, ...g }) => ({ ...g, shippingMinor: groupShipping(parts) })),
    unroutable,
  };
}
