import { and, count as sqlCount, desc, eq, inArray } from "drizzle-orm";
import { transaction, type Db, type Tx } from "../../infra/db/index.ts";
import { AppError, withDb, type Ctx } from "../../kernel/index.ts";
import { publishedProductIds } from "../catalog/index.ts";
import { lockShopperList, requireUserId } from "./actor.ts";
import { cardsInOrder } from "./cards.ts";
import { wishes } from "./schema.ts";
import { normaliseWishIds, WISHES_MAX, type WishesView } from "./types.ts";

const idPattern = /^[a-z]+_[0-9a-z]+$/;

/** The signed-in shopper's wished product ids, newest first. */
export async function listWishIds(ctx: Ctx): Promise<string[]> {
  const userId = requireUserId(ctx, "Sign in to keep wishes on your account.");
  return wishIdsOf(ctx.db, userId);
}

/** Wish list with product cards (published only; a wish of a product taken down stays, hidden). */
export async function getWishes(ctx: Ctx): Promise<WishesView> {
  const productIds = await listWishIds(ctx);
  return { productIds, cards: await cardsInOrder(ctx, productIds) };
}

/** Cards for a visitor's wished ids (from localStorage), published only, in the given order. */
export async function wishCardsFor(ctx: Ctx, ids: unknown): Promise<WishesView> {
  const productIds = normaliseWishIds(ids).slice(0, 100);
  const cards = await cardsInOrder(ctx, productIds);
  return { productIds: cards.map((c) => c.id), cards };
}

async function assertWishable(ctx: Ctx, productId: string) {
  if (!idPattern.test(productId)) throw new AppError("wish-product", "Choose a product.", 422, "productId");
  if (!(await publishedProductIds(ctx, [productId])).has(productId))
    throw new AppError("wish-product", "This product is not available.", 404, "productId");
}

/** Wished ids of `userId`, newest first (in `db`, which may be a transaction). */
async function wishIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: wishes.productId })
    .from(wishes)
    .where(eq(wishes.userId, userId))
    .orderBy(desc(wishes.createdAt), desc(wishes.productId));
  return rows.map((r) => r.productId);
}

/** Insert a wish under the shopper's list lock (the cap is counted in the same transaction), dated by the context's clock. */
async function insertWish(tx: Tx, userId: string, productId: string, at: Date): Promise<void> {
  const [row] = await tx.select({ n: sqlCount() }).from(wishes).where(eq(wishes.userId, userId));
  if (Number(row?.n ?? 0) >= WISHES_MAX)
    throw new AppError("wishes-full", `You can keep at most ${WISHES_MAX} wishes. Remove some first.`, 409, "productId");
  await tx.insert(wishes).values({ userId, productId, createdAt: at }).onConflictDoNothing();
}

const hasWish = async (tx: Tx, userId: string, productId: string) =>
  (
    await tx
      .select({ p: wishes.productId })
      .from(wishes)
      .where(and(eq(wishes.userId, userId), eq(wishes.productId, productId)))
      .limit(1)
  ).length > 0;

export async function addWish(ctx: Ctx, productId: string): Promise<string[]> {
  const userId = requireUserId(ctx, "Sign in to keep wishes on your account.");
  await assertWishable(ctx, productId);
  return transaction(ctx.db, async (tx) => {
    await lockShopperList(tx, "wishes", userId);
    if (!(await hasWish(tx, userId, productId))) await insertWish(tx, userId, productId, ctx.clock.now());
    return wishIdsOf(tx, userId);
  });
}

export async function removeWish(ctx: Ctx, productId: string): Promise<string[]> {
  const userId = requireUserId(ctx, "Sign in to keep wishes on your account.");
  return transaction(ctx.db, async (tx) => {
    await lockShopperList(tx, "wishes", userId);
    await tx.delete(wishes).where(and(eq(wishes.userId, userId), eq(wishes.productId, productId)));
    return wishIdsOf(tx, userId);
  });
}

/**
 * Toggle; returns whether the product is now wished and the new list. Atomic per shopper: parallel
 * toggles of one product alternate (each sees the state the previous one left).
 */
export async function toggleWish(ctx: Ctx, productId: string): Promise<{ wished: boolean; productIds: string[] }> {
  const userId = requireUserId(ctx, "Sign in to keep wishes on your account.");
  if (!idPattern.test(productId)) throw new AppError("wish-product", "Choose a product.", 422, "productId");
  return transaction(ctx.db, async (tx) => {
    await lockShopperList(tx, "wishes", userId);
    const had = await hasWish(tx, userId, productId);
    if (had) await tx.delete(wishes).where(and(eq(wishes.userId, userId), eq(wishes.productId, productId)));
    else {
      await assertWishable(withDb(ctx, tx), productId);
      await insertWish(tx, userId, productId, ctx.clock.now());
    }
    return { wished: !had, productIds: await wishIdsOf(tx, userId) };
  });
}

/** Merge a visitor's wishes (sent on sign-in): a set union; unknown or unpublished products are skipped. */
export async function mergeWishes(ctx: Ctx, visitorIds: unknown): Promise<{ productIds: string[]; added: number }> {
  const userId = requireUserId(ctx, "Sign in to keep wishes on your account.");
  if (!Array.isArray(visitorIds)) throw new AppError("wish-merge", "The wishes to merge must be a list of products.", 400, "productIds");
  if (visitorIds.length > WISHES_MAX) throw new AppError("wish-merge", "That list has too many wishes to merge.", 413, "productIds");
  const ids = normaliseWishIds(visitorIds);
  const published = await publishedProductIds(ctx, ids);
  let added = 0;
  await transaction(ctx.db, async (tx) => {
    await lockShopperList(tx, "wishes", userId);
    const existing = new Set(
      ids.length
        ? (
            await tx
              .select({ p: wishes.productId })
              .from(wishes)
              .where(and(eq(wishes.userId, userId), inArray(wishes.productId, ids)))
          ).map((r) => r.p)
        : [],
    );
    const fresh = ids.filter((id) => published.has(id) && !existing.has(id));
    const [row] = await tx.select({ n: sqlCount() }).from(wishes).where(eq(wishes.userId, userId));
    const room = Math.max(0, WISHES_MAX - Number(row?.n ?? 0));
    const take = fresh.slice(0, room);
    // Older visitor wishes get older timestamps so the list keeps the visitor's order (newest first).
    const now = ctx.clock.now().getTime();
    if (take.length)
      await tx
        .insert(wishes)
        .values(take.map((productId, i) => ({ userId, productId, createdAt: new Date(now - i) })))
        .onConflictDoNothing();
    added = take.length;
  });
  return { productIds: await listWishIds(ctx), added };
}
