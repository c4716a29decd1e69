// How far a print shop has set up its catalogue and shipping, counted (its getting-started page).
import { and, asc, eq, sql } from "drizzle-orm";
import { forbidden, type Ctx } from "../../kernel/index.ts";
import { canManageFulfiller, loadFulfiller } from "./access.ts";
import { blankWarehouses, blanks, shippingRates, shippingZones } from "./schema.ts";

export interface SetupCounts {
  /** Blanks in the catalogue, retired ones too. */
  blanks: number;
  /** Blanks offered to designers. */
  activeBlanks: number;
  /** Of those, blanks at least one warehouse makes. */
  activeBlanksMade: number;
  /** Shipping zones, and the rates in them. */
  zones: number;
  rates: number;
  /** The names of zones without a rate (shoppers there cannot check out), in the zones' order. */
  zonesWithoutRates: string[];
}

/**
 * The counts behind a print shop's setup checklist, in two aggregate reads: the same figures as
 * `listBlanksOfFulfiller`, `warehousesStockingBlanks` and `listShippingProfile` give, without reading
 * every blank's colours, sizes, print areas and costs, and every rate, to count them. Its owner or an
 * admin.
 */
export async function setupCountsOfFulfiller(ctx: Ctx, fulfillerId: string): Promise<SetupCounts> {
  const fulfiller = await loadFulfiller(ctx, fulfillerId);
  if (!canManageFulfiller(ctx, fulfiller)) throw forbidden("You can only manage your own fulfillment businesses.");
  const made = sql`exists (select 1 from ${blankWarehouses} where ${blankWarehouses.blankId} = ${blanks.id})`;
  const active = eq(blanks.status, "active");
  const [catalogue, zones] = await Promise.all([
    ctx.db
      .select({
        blanks: sql<number>`count(*)::int`,
        activeBlanks: sql<number>`count(*) filter (where ${active})::int`,
        activeBlanksMade: sql<number>`count(*) filter (where ${active} and ${made})::int`,
      })
      .from(blanks)
      .where(eq(blanks.fulfillerId, fulfillerId)),
    // Each zone with its number of rates, in the zones' order (listShippingProfile's).
    ctx.db
      .select({ name: shippingZones.name, rates: sql<number>`count(${shippingRates.id})::int` })
      .from(shippingZones)
      .leftJoin(shippingRates, and(eq(shippingRates.zoneId, shippingZones.id), eq(shippingRates.fulfillerId, fulfillerId)))
      .where(eq(shippingZones.fulfillerId, fulfillerId))
      .groupBy(shippingZones.id, shippingZones.name, shippingZones.sortOrder)
      .orderBy(asc(shippingZones.sortOrder), asc(shippingZones.name)),
  ]);
  return {
    blanks: catalogue[0]?.blanks ?? 0,
    activeBlanks: catalogue[0]?.activeBlanks ?? 0,
    activeBlanksMade: catalogue[0]?.activeBlanksMade ?? 0,
    zones: zones.length,
    rates: zones.reduce((n, z) => n + z.rates, 0),
    zonesWithoutRates: zones.filter((z) => z.rates === 0).map((z) => z.name),
  };
}
