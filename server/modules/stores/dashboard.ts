// The seller hub's dashboard: recent activity and the getting-started facts.
import { and, count, desc, eq, ne, or, sql } from "drizzle-orm";
import { type Ctx } from "../../kernel/index.ts";
import { assertStorePermission } from "./access.ts";
import { countFanClubMembers } from "./fan-club.ts";
import { fanClubMembers, fanClubPosts, storeMembers } from "./schema.ts";

export interface StoreActivity {
  at: Date;
  text: string;
}

/** Recent things that happened in a store (team, fan club, posts), newest first. */
export async function recentStoreActivity(ctx: Ctx, storeId: string, limit = 10): Promise<StoreActivity[]> {
  await assertStorePermission(ctx, storeId);
  const joins = await ctx.db
    .select({ at: fanClubMembers.joinedAt })
    .from(fanClubMembers)
    .where(eq(fanClubMembers.storeId, storeId))
    .orderBy(desc(fanClubMembers.joinedAt))
    .limit(limit);
  const posts = await ctx.db
    .select({ at: fanClubPosts.createdAt, title: fanClubPosts.title })
    .from(fanClubPosts)
    .where(eq(fanClubPosts.storeId, storeId))
    .orderBy(desc(fanClubPosts.createdAt))
    .limit(limit);
  const team = await ctx.db
    .select({ at: storeMembers.createdAt, acceptedAt: storeMembers.acceptedAt, email: storeMembers.email, status: storeMembers.status })
    .from(storeMembers)
    .where(eq(storeMembers.storeId, storeId))
    .orderBy(desc(storeMembers.createdAt))
    .limit(limit);
  const items: StoreActivity[] = [
    ...joins.map((j) => ({ at: j.at, text: "A shopper joined your fan club" })),
    ...posts.map((p) => ({ at: p.at, text: `Fan club post published: "${p.title}"` })),
    ...team.map((t) =>
      t.acceptedAt ? { at: t.acceptedAt, text: `${t.email} joined the team` } : { at: t.at, text: `${t.email} was invited to the team` },
    ),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}

/** Counts for the getting-started checklist (products come from the catalog). */
export async function storeSetupFacts(
  ctx: Ctx,
  storeId: string,
): Promise<{ teamInvited: boolean; fanClubPost: boolean; fanClubMembers: number }> {
  await assertStorePermission(ctx, storeId);
  const [t] = await ctx.db
    .select({ n: count() })
    .from(storeMembers)
    .where(
      and(
        eq(storeMembers.storeId, storeId),
        ne(storeMembers.status, "removed"),
        or(sql`${storeMembers.invitedBy} is not null`, sql`${storeMembers.userId} is null`),
      ),
    );
  const [p] = await ctx.db.select({ n: count() }).from(fanClubPosts).where(eq(fanClubPosts.storeId, storeId));
  return { teamInvited: (t?.n ?? 0) > 0, fanClubPost: (p?.n ?? 0) > 0, fanClubMembers: await countFanClubMembers(ctx, storeId) };
}
