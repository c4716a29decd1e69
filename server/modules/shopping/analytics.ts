// What the analytics module (ADR 0018) reads of shopping: the views and wishes of a store's
// products per UTC day, and views per product. A store's products come from the catalogue's
// `productTraitsSql()` (every product, whatever its state: a product taken down was still seen
// and wished while it was up). The caller has checked who asks.
import { sql } from "drizzle-orm";
import type { Ctx } from "../../kernel/index.ts";
import { productTraitsSql } from "../catalog/index.ts";
import { productViews, wishes } from "./schema.ts";

type ReadCtx = Pick<Ctx, "db">;

interface Window {
  from: Date;
  to: Date;
}

async function rows<T>(ctx: ReadCtx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await ctx.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Product page views of a store's products per UTC day in the window: one per viewer, product and
 * day (as recorded: `recordProductView`). Reads the views of the window (indexed by viewed_at);
 * counts them by their recorded UTC `day` (the UTC day of viewed_at, without formatting each view's time).
 */
export async function storeViewsDaily(ctx: ReadCtx, storeId: string, window: Window): Promise<{ date: string; views: number }[]> {
  const r = await rows<{ date: string; views: number | string }>(
    ctx,
    sql`select v.day as date, count(*)::int as views
      from ${productTraitsSql()} p join ${productViews} v on v.product_id = p.id
      where p.store_id = ${storeId} and v.viewed_at >= ${window.from} and v.viewed_at < ${window.to}
      group by v.day`,
  );
  return r.map((x) => ({ date: x.date, views: Number(x.views) }));
}

/** Product page views of each of a store's products in the window (products never viewed are left out). */
export async function storeProductViews(ctx: ReadCtx, storeId: string, window: Window): Promise<Map<string, number>> {
  const r = await rows<{ product_id: string; views: number | string }>(
    ctx,
    sql`select v.product_id, count(*)::int as views
      from ${productTraitsSql()} p join ${productViews} v on v.product_id = p.id
      where p.store_id = ${storeId} and v.viewed_at >= ${window.from} and v.viewed_at < ${window.to}
      group by v.product_id`,
  );
  return new Map(r.map((x) => [x.product_id, Number(x.views)]));
}

/**
 * Wishes of a store's products per UTC day they were made, in the window, and how many of its
 * products' wishes stand now. A wish taken back is deleted, so a day counts the wishes made that
 * day that are still on shoppers' lists.
 */
export async function storeWishes(
  ctx: ReadCtx,
  storeId: string,
  window: Window,
): Promise<{ daily: { date: string; wishes: number }[]; standing: number }> {
  const [daily, total] = await Promise.all([
    rows<{ date: string; wishes: number | string }>(
      ctx,
      sql`select to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD') as date, count(*)::int as wishes
        from ${productTraitsSql()} p join ${wishes} w on w.product_id = p.id
        where p.store_id = ${storeId} and w.created_at >= ${window.from} and w.created_at < ${window.to}
        group by 1`,
    ),
    rows<{ n: number | string }>(
      ctx,
      sql`select count(*)::int as n from ${productTraitsSql()} p join ${wishes} w on w.product_id = p.id where p.store_id = ${storeId}`,
    ),
  ]);
  return { daily: daily.map((x) => ({ date: x.date, wishes: Number(x.wishes) })), standing: Number(total[0]?.n ?? 0) };
}
