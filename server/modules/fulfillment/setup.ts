// How far a print shop has set up its catalogue and shipping, counted (its getting-started page).
import { and, eq, sql } from "drizzle-orm";
import { forbidden, type Ctx } from "../../kernel/index.ts";
import { canManageFulfiller, loadFulfiller } from "./access.ts";
import { blankWarehouses, blanks, shippingRates, shippingZones } from "./schema.ts";

export interface SetupCounts {
  /** Blanks offered to designers. */
  activeBlanks: number;
  /** Of those, blanks at least one warehouse makes. */
  activeBlanksMade: number;
  /** Shipping zones, and the rates in them. */
  zones: number;
  rates: number;
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
  const [catalogue, shipping] = await Promise.all([
    ctx.db
      .select({
        activeBlanks: sql<number>`count(*)::int`,
        activeBlanksMade: sql<number>`count(*) filter (where ${made})::int`,
      })
      .from(blanks)
      .where(and(eq(blanks.fulfillerId, fulfillerId), eq(blanks.status, "active"))),
    ctx.db
      .select({
        zones: sql<number>`count(distinct ${shippingZones.id})::int`,
        rates: sql<number>`count(${shippingRates.id})::int`,
      })
      .from(shippingZones)
      .leftJoin(shippingRates, and(eq(shippingRates.zoneId, shippingZones.id), eq(shippingRates.fulfillerId, fulfillerId)))
      .where(eq(shippingZones.fulfillerId, fulfillerId)),
  ]);
  return {
    activeBlanks: catalogue[0]?.activeBlanks ?? 0,
    activeBlanksMade: catalogue[0]?.activeBlanksMade ?? 0,
    zones: shipping[0]?.zones ?? 0,
    rates: shipping[0]?.rates ?? 0,
  };
}
