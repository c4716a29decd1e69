// Fan clubs: shoppers following a store, posts and perks for members, new-product e-mails.
import { and, count, desc, eq } from "drizzle-orm";
import { newId, type Db } from "../../infra/db/index.ts";
import { enqueue, type EventHandler } from "../../jobs/index.ts";
import { actorUserId, AppError, type Ctx } from "../../kernel/index.ts";
import { displayNamesOf } from "../identity/index.ts";
import { sendEmail } from "../notifications/index.ts";
import { assertStorePermission, getStoreAccess, getStoreById } from "./access.ts";
import { fanClubMembers, fanClubPerks, fanClubPosts, stores } from "./schema.ts";
import { randomToken, requireUserId, url, userEmail, type FanClubPerkRow, type FanClubPostRow, type StoreRow } from "./shared.ts";

export const FAN_CLUB_NEW_PRODUCT_TOPIC = "stores.fan-club.new-product";

export async function countFanClubMembers(ctx: Ctx, storeId: string): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(fanClubMembers).where(eq(fanClubMembers.storeId, storeId));
  return row?.n ?? 0;
}

export async function isFanClubMember(ctx: Ctx, storeId: string): Promise<boolean> {
  const userId = actorUserId(ctx.actor);
  if (!userId) return false;
  const [row] = await ctx.db
    .select({ u: fanClubMembers.userId })
    .from(fanClubMembers)
    .where(and(eq(fanClubMembers.storeId, storeId), eq(fanClubMembers.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function joinFanClub(ctx: Ctx, storeId: string): Promise<void> {
  const userId = requireUserId(ctx, "Sign in to join the fan club.");
  const store = await getStoreById(ctx, storeId);
  if (!store || store.status !== "active") throw new AppError("not-found", "That store was not found.", 404);
  await ctx.db.insert(fanClubMembers).values({ storeId, userId, unsubscribeToken: randomToken() }).onConflictDoNothing();
}

export async function leaveFanClub(ctx: Ctx, storeId: string): Promise<void> {
  const userId = requireUserId(ctx);
  await ctx.db.delete(fanClubMembers).where(and(eq(fanClubMembers.storeId, storeId), eq(fanClubMembers.userId, userId)));
}

export interface FanClubView {
  memberCount: number;
  isMember: boolean;
  emailOptIn: boolean;
  canManage: boolean;
  posts: (Omit<FanClubPostRow, "body"> & { body: string; locked: boolean; authorName: string })[];
  perks: (Omit<FanClubPerkRow, "code"> & { code: string | null })[];
}

/** The fan club page: members-only post bodies and perk codes only for members and the store's team. */
export async function getFanClub(ctx: Ctx, store: Pick<StoreRow, "id" | "ownerUserId">): Promise<FanClubView> {
  const userId = actorUserId(ctx.actor);
  const [membership] = userId
    ? await ctx.db
        .select()
        .from(fanClubMembers)
        .where(and(eq(fanClubMembers.storeId, store.id), eq(fanClubMembers.userId, userId)))
        .limit(1)
    : [];
  const access = await getStoreAccess(ctx, store);
  const canManage = access.role === "owner" || access.role === "admin" || access.permissions.includes("profile");
  const insider = Boolean(membership) || access.role !== "none";
  const posts = await ctx.db
    .select()
    .from(fanClubPosts)
    .where(eq(fanClubPosts.storeId, store.id))
    .orderBy(desc(fanClubPosts.createdAt))
    .limit(50);
  const perks = await ctx.db
    .select()
    .from(fanClubPerks)
    .where(and(eq(fanClubPerks.storeId, store.id), eq(fanClubPerks.active, true)))
    .orderBy(desc(fanClubPerks.createdAt));
  const names = await displayNamesOf(
    ctx.db,
    posts.map((p) => p.authorUserId),
  );
  return {
    memberCount: await countFanClubMembers(ctx, store.id),
    isMember: Boolean(membership),
    emailOptIn: membership?.emailOptIn ?? false,
    canManage,
    posts: posts.map((p) => ({
      ...p,
      body: p.membersOnly && !insider ? "" : p.body,
      locked: p.membersOnly && !insider,
      authorName: (p.authorUserId && names[p.authorUserId]) || "The team",
    })),
    perks: perks.map((p) => ({ ...p, code: insider ? p.code : null })),
  };
}

export async function createFanClubPost(
  ctx: Ctx,
  storeId: string,
  input: { title: string; body: string; membersOnly: boolean },
): Promise<FanClubPostRow> {
  await assertStorePermission(ctx, storeId, "profile");
  const [row] = await ctx.db
    .insert(fanClubPosts)
    .values({ id: newId("fcp"), storeId, authorUserId: actorUserId(ctx.actor), ...input })
    .returning();
  return row!;
}

export async function deleteFanClubPost(ctx: Ctx, storeId: string, postId: string): Promise<void> {
  await assertStorePermission(ctx, storeId, "profile");
  const res = await ctx.db
    .delete(fanClubPosts)
    .where(and(eq(fanClubPosts.id, postId), eq(fanClubPosts.storeId, storeId)))
    .returning({ id: fanClubPosts.id });
  if (!res.length) throw new AppError("not-found", "That post was not found.", 404);
}

export async function createFanClubPerk(
  ctx: Ctx,
  storeId: string,
  input: { title: string; description: string; code: string | null; percentOff?: number },
): Promise<FanClubPerkRow> {
  await assertStorePermission(ctx, storeId, "profile");
  const [row] = await ctx.db
    .insert(fanClubPerks)
    .values({
      id: newId("prk"),
      storeId,
      title: input.title,
      description: input.description,
      code: input.code,
      percentOff: input.percentOff ?? null,
    })
    .returning();
  return row!;
}

export async function endFanClubPerk(ctx: Ctx, storeId: string, perkId: string): Promise<void> {
  await assertStorePermission(ctx, storeId, "profile");
  const res = await ctx.db
    .update(fanClubPerks)
    .set({ active: false })
    .where(and(eq(fanClubPerks.id, perkId), eq(fanClubPerks.storeId, storeId)))
    .returning({ id: fanClubPerks.id });
  if (!res.length) throw new AppError("not-found", "That perk was not found.", 404);
}

/** The store behind an unsubscribe token (for the confirmation page), or null. */
export async function getUnsubscribeInfo(
  ctx: Ctx,
  token: string,
): Promise<{ storeName: string; storeHandle: string; emailOptIn: boolean } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await ctx.db
    .select({ name: stores.name, handle: stores.handle, optIn: fanClubMembers.emailOptIn })
    .from(fanClubMembers)
    .innerJoin(stores, eq(stores.id, fanClubMembers.storeId))
    .where(eq(fanClubMembers.unsubscribeToken, token))
    .limit(1);
  return row ? { storeName: row.name, storeHandle: row.handle, emailOptIn: row.optIn } : null;
}

/** One-click unsubscribe from a fan club's e-mails (no sign-in). False for an unknown token. */
export async function unsubscribeByToken(ctx: Ctx, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const res = await ctx.db
    .update(fanClubMembers)
    .set({ emailOptIn: false })
    .where(eq(fanClubMembers.unsubscribeToken, token))
    .returning({ u: fanClubMembers.userId });
  return res.length > 0;
}

export async function setFanClubEmails(ctx: Ctx, storeId: string, optIn: boolean): Promise<void> {
  const userId = requireUserId(ctx);
  await ctx.db
    .update(fanClubMembers)
    .set({ emailOptIn: optIn })
    .where(and(eq(fanClubMembers.storeId, storeId), eq(fanClubMembers.userId, userId)));
}

/**
 * Tell the fan club a product was published: ONE outbox job per opted-in member (dedupe key per
 * member and product), each sending a `notice` with the unsubscribe link. Runs as the subscriber
 * of `product.published` (`fanClubOnProductPublished`); idempotent.
 */
export async function notifyFanClubOfNewProduct(
  tx: Db,
  input: { storeId: string; productId: string; productTitle: string; productUrl: string },
): Promise<number> {
  const members = await tx
    .select({ userId: fanClubMembers.userId })
    .from(fanClubMembers)
    .where(and(eq(fanClubMembers.storeId, input.storeId), eq(fanClubMembers.emailOptIn, true)));
  for (const m of members) {
    await enqueue(
      tx,
      FAN_CLUB_NEW_PRODUCT_TOPIC,
      {
        storeId: input.storeId,
        userId: m.userId,
        productId: input.productId,
        productTitle: input.productTitle,
        productUrl: input.productUrl,
      },
      { dedupeKey: `fanclub:${m.userId}:${input.productId}` },
    );
  }
  return members.length;
}

/** Subscriber of `product.published`: the first publication of a product goes to the store's fan club. */
export const fanClubOnProductPublished: EventHandler<"product.published"> = async (ctx, event) => {
  const { productId, storeId, title, firstTime } = event.payload;
  if (!firstTime) return;
  await notifyFanClubOfNewProduct(ctx.db, { storeId, productId, productTitle: title, productUrl: `/shop/product/${productId}` });
};

/** Outbox handler: sends one fan club e-mail (skipped if the member left or unsubscribed since). */
export async function fanClubNewProductHandler(db: Db, payload: Record<string, unknown>): Promise<void> {
  const storeId = String(payload.storeId ?? "");
  const userId = String(payload.userId ?? "");
  const [row] = await db
    .select({ m: fanClubMembers, name: stores.name, handle: stores.handle, status: stores.status })
    .from(fanClubMembers)
    .innerJoin(stores, eq(stores.id, fanClubMembers.storeId))
    .where(and(eq(fanClubMembers.storeId, storeId), eq(fanClubMembers.userId, userId)))
    .limit(1);
  if (!row || !row.m.emailOptIn || row.status !== "active") return;
  const who = await userEmail(db, userId);
  if (!who) return;
  const productUrl = String(payload.productUrl ?? "");
  const absolute = productUrl.startsWith("http")
    ? productUrl
    : url(productUrl.startsWith("/") ? productUrl : `/shop/product/${String(payload.productId ?? "")}`);
  await sendEmail(db, {
    to: who.email,
    template: "notice",
    params: {
      name: who.name,
      subject: `New from ${row.name}: ${String(payload.productTitle ?? "a new product")}`.slice(0, 200),
      heading: `${row.name} just published something new`,
      paragraphs: [
        `"${String(payload.productTitle ?? "A new product")}" is now in the shop.`,
        "As a fan club member you hear about it first.",
      ],
      actionLabel: "See the product",
      actionUrl: absolute,
      reason: `You joined the fan club of ${row.name} (@${row.handle}).`,
      unsubscribeUrl: url(`/fan-club/unsubscribe/${encodeURIComponent(row.m.unsubscribeToken)}`),
    },
  });
}
