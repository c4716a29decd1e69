// Fan clubs: shoppers following a store, posts and perks for members, new-product e-mails.
import { and, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { newId, type Db } from "../../infra/db/index.ts";
import { enqueue, type EventHandler } from "../../jobs/index.ts";
import { actorUserId, AppError, type Ctx } from "../../kernel/index.ts";
import { displayNamesOf } from "../identity/index.ts";
import { sendEmail } from "../notifications/index.ts";
import { assertStorePermission, getStoreAccess, getStoreById } from "./access.ts";
import { fanClubMembers, fanClubPerkRedemptions, fanClubPerks, fanClubPosts, stores } from "./schema.ts";
import { DISCOUNT_REFUSAL_MESSAGES, type DiscountCode, type DiscountKind, type DiscountRefusal } from "./types.ts";
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
  await ctx.db
    .insert(fanClubMembers)
    .values({ storeId, userId, unsubscribeToken: randomToken(), joinedAt: ctx.clock.now() })
    .onConflictDoNothing();
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

export interface NewFanClubPerk {
  title: string;
  description: string;
  code: string | null;
  discountKind?: DiscountKind | null;
  percentOff?: number | null;
  amountOffMinor?: number | null;
  currency?: string | null;
  expiresAt?: Date | null;
  maxUses?: number | null;
}

/** A perk, optionally with a discount code (percent or fixed amount, optional expiry and number of uses). */
export async function createFanClubPerk(ctx: Ctx, storeId: string, input: NewFanClubPerk): Promise<FanClubPerkRow> {
  await assertStorePermission(ctx, storeId, "profile");
  const code = input.code ? input.code.trim().toUpperCase() : null;
  const kind = code ? (input.discountKind ?? (input.percentOff ? "percent" : null)) : null;
  if (kind && !code) throw new AppError("invalid-perk", "Enter the code shoppers type at checkout.", 400, "code");
  if (kind === "percent" && !(Number.isInteger(input.percentOff) && input.percentOff! >= 1 && input.percentOff! <= 100))
    throw new AppError("invalid-perk", "Enter a whole percentage from 1 to 100.", 400, "percentOff");
  if (kind === "fixed" && !(Number.isInteger(input.amountOffMinor) && input.amountOffMinor! > 0 && input.currency))
    throw new AppError("invalid-perk", "Enter an amount above zero.", 400, "amountOff");
  if (input.expiresAt && input.expiresAt.getTime() <= ctx.clock.now().getTime())
    throw new AppError("invalid-perk", "Choose an expiry date in the future.", 400, "expiresOn");
  if (input.maxUses != null && !(Number.isInteger(input.maxUses) && input.maxUses >= 1))
    throw new AppError("invalid-perk", "Enter a whole number of uses, at least 1.", 400, "maxUses");
  if (code) {
    const [clash] = await ctx.db
      .select({ id: fanClubPerks.id })
      .from(fanClubPerks)
      .where(and(eq(fanClubPerks.storeId, storeId), sql`upper(${fanClubPerks.code}) = ${code}`))
      .limit(1);
    if (clash) throw new AppError("duplicate-code", `The code ${code} is already used by another perk of this store.`, 409, "code");
  }
  const rows = await ctx.db
    .insert(fanClubPerks)
    .values({
      id: newId("prk"),
      storeId,
      title: input.title,
      description: input.description,
      code,
      discountKind: kind,
      percentOff: kind === "percent" ? input.percentOff! : kind ? null : (input.percentOff ?? null),
      amountOffMinor: kind === "fixed" ? input.amountOffMinor! : null,
      currency: kind === "fixed" ? input.currency! : null,
      expiresAt: input.expiresAt ?? null,
      maxUses: input.maxUses ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!rows[0]) throw new AppError("duplicate-code", `The code ${code} is already used by another perk of this store.`, 409, "code");
  return rows[0];
}

// ---- discount codes at checkout -------------------------------------------------------------

const ACTIVE_STORE = "active";

function refusal(reason: DiscountRefusal): { ok: false; reason: DiscountRefusal; message: string } {
  return { ok: false, reason, message: DISCOUNT_REFUSAL_MESSAGES[reason] };
}

/**
 * Look a fan-club discount code up (case-insensitive) for a shopper. Only members of the store's
 * fan club may use it; a guest (`userId` null) is refused with "not_member".
 */
export async function findDiscountCode(
  ctx: Pick<Ctx, "db" | "clock">,
  input: { code: string; userId: string | null },
): Promise<{ ok: true; discount: DiscountCode } | { ok: false; reason: DiscountRefusal; message: string }> {
  const code = input.code.normalize("NFKC").trim().toUpperCase();
  if (!code || code.length > 60) return refusal("unknown");
  const rows = await ctx.db
    .select({ perk: fanClubPerks, storeStatus: stores.status, member: fanClubMembers.userId })
    .from(fanClubPerks)
    .innerJoin(stores, eq(stores.id, fanClubPerks.storeId))
    .leftJoin(fanClubMembers, and(eq(fanClubMembers.storeId, fanClubPerks.storeId), eq(fanClubMembers.userId, input.userId ?? "")))
    .where(and(sql`upper(${fanClubPerks.code}) = ${code}`, sql`${fanClubPerks.discountKind} is not null`))
    .orderBy(desc(fanClubPerks.active), desc(fanClubPerks.createdAt));
  if (!rows.length) return refusal("unknown");
  const now = ctx.clock.now().getTime();
  const verdict = (r: (typeof rows)[number]): DiscountRefusal | null => {
    const p = r.perk;
    if (!p.active || r.storeStatus !== ACTIVE_STORE) return "ended";
    if (p.expiresAt && p.expiresAt.getTime() <= now) return "expired";
    if (p.maxUses !== null && p.usedCount >= p.maxUses) return "used_up";
    if (!input.userId || !r.member) return "not_member";
    return null;
  };
  // The same code may exist in several stores: a usable one wins, then the shopper's own clubs.
  const ranked = [...rows].sort((a, b) => Number(Boolean(b.member)) - Number(Boolean(a.member)));
  for (const r of ranked) {
    if (verdict(r) === null) {
      const p = r.perk;
      return {
        ok: true,
        discount: {
          perkId: p.id,
          storeId: p.storeId,
          code: p.code!,
          kind: p.discountKind!,
          percentOff: p.discountKind === "percent" ? p.percentOff : null,
          amountOffMinor: p.discountKind === "fixed" ? p.amountOffMinor : null,
          currency: p.discountKind === "fixed" ? p.currency : null,
          expiresAt: p.expiresAt,
          usesLeft: p.maxUses === null ? null : Math.max(0, p.maxUses - p.usedCount),
        },
      };
    }
  }
  return refusal(verdict(ranked[0]!)!);
}

/**
 * Take one use of a code for an order, in the caller's transaction: one conditional UPDATE (active,
 * not expired, uses left) and a redemption row. Idempotent per (perkId, orderId). False when the
 * code was used up, expired or ended meanwhile.
 */
export async function redeemDiscountCode(ctx: Ctx, input: { perkId: string; orderId: string; userId: string | null }): Promise<boolean> {
  const now = ctx.clock.now();
  const takeUse = async () => {
    const taken = await ctx.db
      .update(fanClubPerks)
      .set({ usedCount: sql`${fanClubPerks.usedCount} + 1` })
      .where(
        and(
          eq(fanClubPerks.id, input.perkId),
          eq(fanClubPerks.active, true),
          sql`${fanClubPerks.discountKind} is not null`,
          or(isNull(fanClubPerks.expiresAt), gt(fanClubPerks.expiresAt, now)),
          or(isNull(fanClubPerks.maxUses), lt(fanClubPerks.usedCount, fanClubPerks.maxUses)),
        ),
      )
      .returning({ id: fanClubPerks.id });
    return taken.length > 0;
  };
  const inserted = await ctx.db
    .insert(fanClubPerkRedemptions)
    .values({ perkId: input.perkId, orderId: input.orderId, userId: input.userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ perkId: fanClubPerkRedemptions.perkId });
  if (inserted.length) {
    if (await takeUse()) return true;
    await ctx.db
      .delete(fanClubPerkRedemptions)
      .where(and(eq(fanClubPerkRedemptions.perkId, input.perkId), eq(fanClubPerkRedemptions.orderId, input.orderId)));
    return false;
  }
  // Already redeemed for this order: still held means done; a released use is taken again.
  const [existing] = await ctx.db
    .select({ releasedAt: fanClubPerkRedemptions.releasedAt })
    .from(fanClubPerkRedemptions)
    .where(and(eq(fanClubPerkRedemptions.perkId, input.perkId), eq(fanClubPerkRedemptions.orderId, input.orderId)))
    .limit(1);
  if (!existing) return false;
  if (existing.releasedAt === null) return true;
  const reclaimed = await ctx.db
    .update(fanClubPerkRedemptions)
    .set({ releasedAt: null })
    .where(
      and(
        eq(fanClubPerkRedemptions.perkId, input.perkId),
        eq(fanClubPerkRedemptions.orderId, input.orderId),
        isNotNull(fanClubPerkRedemptions.releasedAt),
      ),
    )
    .returning({ perkId: fanClubPerkRedemptions.perkId });
  if (!reclaimed.length) return true;
  if (await takeUse()) return true;
  await ctx.db
    .update(fanClubPerkRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(fanClubPerkRedemptions.perkId, input.perkId), eq(fanClubPerkRedemptions.orderId, input.orderId)));
  return false;
}

/** Give an order's use of a code back (the unpaid order expired or was cancelled). Idempotent. */
export async function releaseDiscountCode(ctx: Ctx, input: { perkId: string; orderId: string }): Promise<void> {
  const released = await ctx.db
    .update(fanClubPerkRedemptions)
    .set({ releasedAt: ctx.clock.now() })
    .where(
      and(
        eq(fanClubPerkRedemptions.perkId, input.perkId),
        eq(fanClubPerkRedemptions.orderId, input.orderId),
        isNull(fanClubPerkRedemptions.releasedAt),
      ),
    )
    .returning({ perkId: fanClubPerkRedemptions.perkId });
  if (!released.length) return;
  await ctx.db
    .update(fanClubPerks)
    .set({ usedCount: sql`greatest(${fanClubPerks.usedCount} - 1, 0)` })
    .where(eq(fanClubPerks.id, input.perkId));
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
