import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../infra/db/index.ts";
import { actorUserId, assertRole, type Ctx } from "../../kernel/index.ts";
import {
  newestProductIds,
  productTraitsSql,
  recommendableProductsSql,
  similarProductIds as catalogSimilarProductIds,
  type ProductCard,
} from "../catalog/index.ts";
import { cardsInOrder } from "./cards.ts";

/**
 * Recommendations from product views and wishes (sales join in when orders exist). Every function
 * returns published products only, ordered best first, and runs one indexed query. Products are
 * the catalogue's: these queries join its `recommendableProductsSql()` and never name its tables.
 */

/** Window of trending signals, and the half-life of a signal's weight. */
export const TRENDING_DAYS = 14;
export const TRENDING_HALF_LIFE_DAYS = 3;
/** A wish counts as much as this many views. */
export const WISH_WEIGHT = 3;

async function ids(db: Db, query: SQL): Promise<string[]> {
  const result = (await db.execute(query)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

const clamp = (limit: number, max = 100) => Math.max(1, Math.min(max, Math.floor(limit) || 1));

/**
 * Trending: views (1) and wishes (WISH_WEIGHT) of the last TRENDING_DAYS days, each weighted by
 * exp(-age · ln2 / half-life), summed per product. Ties: newer product first.
 */
export async function trendingProductIds(ctx: Ctx, limit = 12): Promise<string[]> {
  const n = clamp(limit);
  const key = `${n}`;
  const cache = trendingCache(ctx.db);
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.ids;
  const decay = Math.LN2 / TRENDING_HALF_LIFE_DAYS;
  // Views are pre-aggregated per product and day (one row per viewer and day already), so the decay
  // is computed per (product, day) rather than per view.
  const result = await ids(
    ctx.db,
    sql`
      with v as (
        select product_id, count(*)::float8 * exp(-(extract(epoch from (now() - max(viewed_at))) / 86400.0) * ${decay}::float8) as s
        from product_views
        where viewed_at > now() - make_interval(days => ${TRENDING_DAYS})
        group by product_id, day
      ),
      w as (
        select product_id, ${WISH_WEIGHT}::float8 * exp(-(extract(epoch from (now() - created_at)) / 86400.0) * ${decay}::float8) as s
        from wishes
        where created_at > now() - make_interval(days => ${TRENDING_DAYS})
      ),
      scored as (
        select product_id, sum(s) as score from (select * from v union all select * from w) x group by product_id
      )
      select p.id
      from scored sc join ${recommendableProductsSql()} p on p.id = sc.product_id
      order by sc.score desc, p.published_at desc nulls last, p.id
      limit ${n}`,
  );
  cache.set(key, { ids: result, until: Date.now() + TRENDING_CACHE_MS });
  return result;
}

/** Trending changes slowly: answers are kept this long per database (the home page asks on every visit). */
export const TRENDING_CACHE_MS = 60_000;
const trendingCaches = new WeakMap<object, Map<string, { ids: string[]; until: number }>>();
function trendingCache(db: Db) {
  let c = trendingCaches.get(db);
  if (!c) trendingCaches.set(db, (c = new Map()));
  return c;
}
/** Forget cached trending answers (tests, or after a bulk change such as a takedown wave). */
export function clearTrendingCache(db?: Db): void {
  if (db) trendingCaches.delete(db);
}

/** Similar products (the catalogue ranks them: same category, shared tags, similar titles). */
export async function similarProductIds(ctx: Ctx, productId: string, limit = 8): Promise<string[]> {
  return catalogSimilarProductIds(ctx.db, productId, limit);
}

/** People who wished this also wished: other products in the wish lists of this product's wishers. */
export async function coWishedProductIds(ctx: Ctx, productId: string, limit = 8): Promise<string[]> {
  return ids(
    ctx.db,
    sql`
      select w2.product_id as id
      from wishes w1
      join wishes w2 on w2.user_id = w1.user_id and w2.product_id <> w1.product_id
      join ${recommendableProductsSql()} p on p.id = w2.product_id
      where w1.product_id = ${productId}
      group by w2.product_id
      order by count(*) desc, max(w2.created_at) desc, w2.product_id
      limit ${clamp(limit)}`,
  );
}

/**
 * "Bought together": needs orders, which arrive in a later issue. This hook returns [] until then;
 * the product page can already call it.
 */
export async function coBoughtProductIds(_ctx: Ctx, _productId: string, _limit = 8): Promise<string[]> {
  return [];
}

/**
 * Picks for the signed-in shopper from their wishes (3) and views of the last 60 days (1): products in
 * the categories (1x), stores (1.5x) and tags (0.5x) they like, not already wished. Topped up with
 * trending, then newest. Visitors get trending.
 */
export async function forYouProductIds(ctx: Ctx, limit = 12): Promise<string[]> {
  const n = clamp(limit);
  const userId = actorUserId(ctx.actor);
  const picked: string[] = [];
  if (userId) {
    const visible = recommendableProductsSql();
    picked.push(
      ...(await ids(
        ctx.db,
        sql`
          with seeds as (
            select product_id, ${WISH_WEIGHT}::float8 as w from wishes where user_id = ${userId}
            union all
            select product_id, 1.0::float8 from product_views where user_id = ${userId} and viewed_at > now() - interval '60 days'
          ),
          liked as (select p.category, p.store_id, p.tags, s.w from seeds s join ${productTraitsSql()} p on p.id = s.product_id),
          cats as (select category, sum(w) as w from liked group by category),
          sts as (select store_id, sum(w) as w from liked group by store_id),
          tg as (select t, sum(w) as w from liked, unnest(tags) t group by t),
          -- candidates through the indexes on (category, status) and (store_id, status), newest first, bounded
          cand as (
            (select p.id from ${visible} p where p.category in (select category from cats) order by p.published_at desc nulls last limit 400)
            union
            (select p.id from ${visible} p where p.store_id in (select store_id from sts) order by p.published_at desc nulls last limit 400)
          )
          select p.id
          from cand join ${visible} p on p.id = cand.id
          left join cats c on c.category = p.category
          left join sts st on st.store_id = p.store_id
          where not exists (select 1 from wishes w where w.user_id = ${userId} and w.product_id = p.id)
          order by coalesce(c.w, 0) + coalesce(st.w, 0) * 1.5 + coalesce((select sum(tg.w) from tg where tg.t = any(p.tags)), 0) * 0.5 desc,
            p.published_at desc nulls last, p.id
          limit ${n}`,
      )),
    );
  }
  if (picked.length < n) {
    const wished = userId
      ? new Set(await ids(ctx.db, sql`select product_id as id from wishes where user_id = ${userId}`))
      : new Set<string>();
    for (const id of await trendingProductIds(ctx, n * 2)) {
      if (picked.length >= n) break;
      if (!picked.includes(id) && !wished.has(id)) picked.push(id);
    }
    if (picked.length < n) picked.push(...(await newestProductIds(ctx.db, n - picked.length, [...picked, ...wished])));
  }
  return picked.slice(0, n);
}

export interface MostWished {
  productId: string;
  wishes: number;
  recentWishes: number;
  card: ProductCard | null;
}

/** Admin: the most-wished published products with their wish counts (all time, and last 30 days). */
export async function mostWishedProducts(ctx: Ctx, limit = 20): Promise<MostWished[]> {
  assertRole(ctx, "admin", "Only administrators can see the most-wished products.");
  const result = (await ctx.db.execute(sql`
    select w.product_id as id, count(*)::int as n, count(*) filter (where w.created_at > now() - interval '30 days')::int as recent
    from wishes w join ${recommendableProductsSql()} p on p.id = w.product_id
    group by w.product_id
    order by n desc, recent desc, w.product_id
    limit ${clamp(limit, 200)}`)) as unknown as { rows: { id: string; n: number; recent: number }[] };
  const cards = await cardsInOrder(
    ctx,
    result.rows.map((r) => r.id),
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  return result.rows.map((r) => ({ productId: r.id, wishes: Number(r.n), recentWishes: Number(r.recent), card: byId.get(r.id) ?? null }));
}

/** Cards for any id list from the functions above (published only, order kept). */
export const recommendationCards = (ctx: Ctx, productIds: readonly string[]) => cardsInOrder(ctx, productIds);
