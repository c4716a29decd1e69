// What the analytics module (ADR 0018) reads of a store: its fan club's growth. Leaving the fan
// club deletes the membership, so growth counts the members who joined and are still members.
// The caller has checked who asks.
import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { Ctx } from "../../kernel/index.ts";
import { fanClubMembers } from "./schema.ts";

/**
 * The store's fan-club members who joined per UTC day in `[from, to)`, how many of today's members
 * had joined before `from`, and how many there are now. Reads the store's members (keyed by store).
 */
export async function fanClubGrowth(
  ctx: Pick<Ctx, "db">,
  storeId: string,
  window: { from: Date; to: Date },
): Promise<{ daily: { date: string; joined: number }[]; before: number; now: number }> {
  const day = sql<string>`to_char(${fanClubMembers.joinedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [daily, [totals]] = await Promise.all([
    ctx.db
      .select({ date: day, joined: count() })
      .from(fanClubMembers)
      .where(and(eq(fanClubMembers.storeId, storeId), gte(fanClubMembers.joinedAt, window.from), lt(fanClubMembers.joinedAt, window.to)))
      .groupBy(day),
    ctx.db
      .select({
        before: sql<number>`(count(*) filter (where ${fanClubMembers.joinedAt} < ${window.from}))::int`,
        now: count(),
      })
      .from(fanClubMembers)
      .where(eq(fanClubMembers.storeId, storeId)),
  ]);
  return {
    daily: daily.map((d) => ({ date: d.date, joined: Number(d.joined) })),
    before: Number(totals?.before ?? 0),
    now: Number(totals?.now ?? 0),
  };
}
