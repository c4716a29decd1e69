// A print shop's measured figures, from its shipment groups (issue 23 §1: the print shop's public
// page): how long it takes from payment to shipping, and how often it ships within the production
// days promised at checkout. Public: they describe the shop, never an order or a shopper.
import { and, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Ctx } from "../../kernel/index.ts";
import { orders, shipmentGroups } from "./schema.ts";

/** Below this many shipments in the window, the figures are not shown (too few to mean anything). */
export const PERFORMANCE_MIN_SHIPMENTS = 5;

export interface FulfillerPerformance {
  /** Shipment groups of the shop shipped in the window. */
  shipments: number;
  /** Median hours from payment to shipping; null below PERFORMANCE_MIN_SHIPMENTS. */
  medianProductionHours: number | null;
  /**
   * Share (0..1) of those shipped no later than the production days promised at checkout after
   * payment (the group's `productionDays`, in days of 24 hours); null below PERFORMANCE_MIN_SHIPMENTS.
   */
  onTimeRate: number | null;
  since: Date;
  until: Date;
}

/**
 * The figures of one print shop over the shipments it shipped in `[since, until)` (until: now).
 * One aggregate query on the shop's groups (indexed by fulfiller).
 */
export async function fulfillerPerformance(
  ctx: Pick<Ctx, "db" | "clock">,
  fulfillerId: string,
  options: { since: Date; until?: Date },
): Promise<FulfillerPerformance> {
  const until = options.until ?? ctx.clock.now();
  const since = options.since;
  const hours = sql`extract(epoch from (${shipmentGroups.shippedAt} - ${orders.paidAt})) / 3600.0`;
  const [row] = await ctx.db
    .select({
      shipments: sql<number>`count(*)::int`,
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${hours})`,
      onTime: sql<number>`(count(*) filter (where ${shipmentGroups.shippedAt} <= ${orders.paidAt} + make_interval(days => ${shipmentGroups.productionDays})))::int`,
    })
    .from(shipmentGroups)
    .innerJoin(orders, eq(orders.id, shipmentGroups.orderId))
    .where(
      and(
        eq(shipmentGroups.fulfillerId, fulfillerId),
        isNotNull(shipmentGroups.shippedAt),
        isNotNull(orders.paidAt),
        gte(shipmentGroups.shippedAt, since),
        lt(shipmentGroups.shippedAt, until),
      ),
    );
  const shipments = Number(row?.shipments ?? 0);
  const enough = shipments >= PERFORMANCE_MIN_SHIPMENTS;
  return {
    shipments,
    medianProductionHours: enough && row?.median != null ? Math.round(Number(row.median) * 10) / 10 : null,
    onTimeRate: enough ? Number(row?.onTime ?? 0) / shipments : null,
    since,
    until,
  };
}
