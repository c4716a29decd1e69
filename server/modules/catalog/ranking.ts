// What other modules need of the catalogue to rank products (shopping's recommendations): the
// products shoppers may see, as a subquery their own ranking SQL joins, and the rankings that read
// products only. Other modules never name the products table: when what "visible" means changes,
// it changes here, and every recommendation follows.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../infra/db/index.ts";
import { products } from "./schema.ts";

/**
 * The products a shopper may be recommended, as a parenthesised subquery to join with an alias
 * (`join ${recommendableProductsSql()} p on p.id = x.product_id`). Columns: id, store_id,
 * category, tags, title, artwork_id, published_at. PostgreSQL inlines it, so the indexes on
 * products still serve the joins.
 */
export function recommendableProductsSql(): SQL {
  return sql`(select ${products.id} as id, ${products.storeId} as store_id, ${products.category} as category, ${products.tags} as tags,
    ${products.title} as title, ${products.artworkId} as artwork_id, ${products.publishedAt} as published_at
    from ${products} where ${products.status} = 'published')`;
}

/**
 * The traits of every product, whatever its state (what a shopper's wishes and views say about
 * their taste), as a parenthesised subquery. Columns: id, store_id, category, tags.
 */
export function productTraitsSql(): SQL {
  return sql`(select ${products.id} as id, ${products.storeId} as store_id, ${products.category} as category, ${products.tags} as tags from ${products})`;
}

async function ids(db: Db, query: SQL): Promise<string[]> {
  const result = (await db.execute(query)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

const clamp = (limit: number, max = 100) => Math.max(1, Math.min(max, Math.floor(limit) || 1));

/**
 * Similar products: same category (2), each shared tag (1), trigram title similarity (x3), among
 * bounded candidates (newest 600 of the category, and up to 600 sharing a tag). Other colours of the
 * same design (same artwork) and the product itself are left out.
 */
export async function similarProductIds(db: Db, productId: string, limit = 8): Promise<string[]> {
  const visible = recommendableProductsSql();
  return ids(
    db,
    sql`
      with base as (select id, category, tags, title, artwork_id from ${products} where id = ${productId}),
      -- candidates: the newest of the same category (index on category, status) and any sharing a tag
      cand as (
        (select p.id from ${visible} p, base b where p.category = b.category order by p.published_at desc nulls last limit 600)
        union
        (select p.id from ${visible} p, base b where p.tags && b.tags limit 600)
      )
      select p.id
      from cand join ${visible} p on p.id = cand.id, base b
      where p.id <> b.id and (b.artwork_id is null or p.artwork_id is distinct from b.artwork_id)
      order by
        (case when p.category = b.category then 2 else 0 end)
        + coalesce((select count(*) from unnest(p.tags) t where t = any(b.tags)), 0)
        + similarity(p.title, b.title) * 3 desc,
        p.published_at desc nulls last, p.id
      limit ${clamp(limit)}`,
  );
}

/** Newest recommendable products, leaving out `exclude` (the last fallback when there is no signal). */
export async function newestProductIds(db: Db, limit: number, exclude: readonly string[] = []): Promise<string[]> {
  const notIn = exclude.length
    ? sql`where p.id not in (${sql.join(
        exclude.map((e) => sql`${e}`),
        sql`, `,
      )})`
    : sql``;
  return ids(
    db,
    sql`select p.id from ${recommendableProductsSql()} p ${notIn} order by p.published_at desc nulls last, p.id limit ${clamp(limit)}`,
  );
}
