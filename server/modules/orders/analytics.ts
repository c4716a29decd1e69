// What the analytics module (ADR 0018) reads of orders: a print shop's shipped groups and a store's
// sales, as daily aggregates over a window, and subqueries its own SQL joins where one figure needs
// another module's rows too (a line's due time, a line's share in the ledger). Days are UTC days,
// as every date Platen shows. The caller has checked who asks (these read no order of anyone else).
import { and, eq, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../../kernel/index.ts";
import { orderLines, orders, shipmentGroups } from "./schema.ts";

type ReadCtx = Pick<Ctx, "db">;

/** A window of time, `from` included, `to` excluded. */
export interface Window {
  from: Date;
  to: Date;
}

/** The UTC day (`YYYY-MM-DD`) of a timestamp column, in SQL. */
const utcDay = (column: SQL | typeof orders.paidAt) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * The lines of a print shop's shipment groups shipped in the window, as a parenthesised subquery to
 * join with an alias: one row per line (a group without lines has one row, line_id null and
 * quantity 0). Columns: group_id, order_id, paid_at, shipped_at, production_days (promised at
 * checkout), line_id, quantity. The caller sums a group's lines itself, with its other facts per
 * line (its due time on the floor): one join and one aggregate for every group, not a lookup per
 * group. Reads the shop's groups by (fulfiller_id, shipped_at), their lines by group.
 */
export function fulfillerShippedLinesSql(fulfillerId: string, window: Window): SQL {
  return sql`(select g.id as group_id, g.order_id, o.paid_at, g.shipped_at, g.production_days, l.id as line_id,
      coalesce(l.quantity, 0) as quantity
    from ${shipmentGroups} g join ${orders} o on o.id = g.order_id left join ${orderLines} l on l.group_id = g.id
    where g.fulfiller_id = ${fulfillerId} and g.shipped_at >= ${window.from} and g.shipped_at < ${window.to}
      and o.paid_at is not null)`;
}

/**
 * The lines of orders, as a parenthesised subquery (columns: id, order_id, product_id, store_id,
 * title, quantity), for joining a line's other facts (its share in the ledger) to its product.
 * PostgreSQL inlines it, so the join uses the lines' primary key.
 */
export function orderLineProductsSql(): SQL {
  return sql`(select ${orderLines.id} as id, ${orderLines.orderId} as order_id, ${orderLines.productId} as product_id,
      ${orderLines.storeId} as store_id, ${orderLines.title} as title, ${orderLines.quantity} as quantity from ${orderLines})`;
}

const paidInWindow = (storeId: string, window: Window) =>
  and(eq(orderLines.storeId, storeId), isNotNull(orders.paidAt), gte(orders.paidAt, window.from), lt(orders.paidAt, window.to));

/** A store's sales per UTC day of payment: orders that bought its products and the units they bought. */
export async function storeSalesDaily(
  ctx: ReadCtx,
  storeId: string,
  window: Window,
): Promise<{ date: string; orders: number; units: number }[]> {
  const day = utcDay(orders.paidAt);
  const rows = await ctx.db
    .select({
      date: day,
      orders: sql<number>`count(distinct ${orders.id})::int`,
      units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(paidInWindow(storeId, window))
    .groupBy(day);
  return rows.map((r) => ({ date: r.date, orders: Number(r.orders), units: Number(r.units) }));
}

/** A store's sales per product in the window (orders paid in it): units, orders and the latest title. */
export async function storeProductSales(
  ctx: ReadCtx,
  storeId: string,
  window: Window,
): Promise<{ productId: string; title: string; orders: number; units: number }[]> {
  const rows = await ctx.db
    .select({
      productId: orderLines.productId,
      title: sql<string>`(array_agg(${orderLines.title} order by ${orders.paidAt} desc))[1]`,
      orders: sql<number>`count(distinct ${orders.id})::int`,
      units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(paidInWindow(storeId, window))
    .groupBy(orderLines.productId);
  return rows.map((r) => ({ productId: r.productId, title: r.title, orders: Number(r.orders), units: Number(r.units) }));
}
