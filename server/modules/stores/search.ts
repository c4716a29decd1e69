// Stores found by name for /search and instant search: active stores only.
import { sql } from "drizzle-orm";
import type { Ctx } from "../../kernel/index.ts";
import { stores } from "./schema.ts";
import type { StoreSearchHit } from "./types.ts";

/** Words of a query as store names are matched: lower case, letters and digits, at most 6. */
function wordsOf(q: string): string[] {
  return (
    q
      .toLowerCase()
      .replace(/^@/, "")
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .filter((w) => w.length >= 2 && w.length <= 40)
    .slice(0, 6);
}

/**
 * Active stores (suspended ones never) whose name or handle matches the query: every word starts a
 * word of the name or handle, or is a close misspelling of one ("fernwod"). For queries mixing a
 * store and a product ("kenji ramen") a store matching any word is found. Best matches first.
 * Stores are few (hundreds), so this reads the table, not the search index.
 */
export async function searchStores(ctx: Ctx, q: string, limit = 4): Promise<StoreSearchHit[]> {
  const words = wordsOf(q);
  if (!words.length) return [];
  const text = sql`(lower(${stores.name}) || ' ' || replace(${stores.handle}, '-', ' '))`;
  const matches = words.map((w) => {
    const starts = sql`${text} ~ ${`(^|[^[:alnum:]])${w}`}`;
    return w.length >= 4
      ? sql`(case when ${starts} then 1.0 when word_similarity(${w}, ${text}) >= 0.6 then word_similarity(${w}, ${text}) else 0 end)`
      : sql`(case when ${starts} then 1.0 else 0 end)`;
  });
  const score = sql.join(matches, sql` + `);
  const result = (await ctx.db.execute(sql`
    select handle, name, bio, avatar_key as "avatarKey", accent_color as "accentColor", score from (
      select ${stores.handle} as handle, ${stores.name} as name, ${stores.bio} as bio, ${stores.avatarKey} as avatar_key,
        ${stores.accentColor} as accent_color, ${stores.featured} as featured, (${score}) as score
      from ${stores} where ${stores.status} = 'active') s
    where score > 0
    order by score desc, featured desc, name
    limit ${Math.min(Math.max(limit, 1), 20)}`)) as unknown as { rows: (StoreSearchHit & { score: number })[] };
  // A store matching a single word of a long query ("kenji ramen cat") is still shown; more words first.
  return result.rows.map(({ handle, name, bio, avatarKey, accentColor }) => ({ handle, name, bio, avatarKey, accentColor }));
}
