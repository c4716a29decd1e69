import { randomBytes } from "node:crypto";
import { and, asc, count, eq, gte, lt, sql } from "drizzle-orm";
import { transaction, UntilWriteMemo, type Db } from "../../infra/db/index.ts";
import { AppError, type Ctx } from "../../kernel/index.ts";
import { getVariantsForCart } from "../catalog/index.ts";
import { getSettings } from "../platform/index.ts";
import { cardsById } from "./cards.ts";
import { cartItems, visitorCartItems, visitorCarts } from "./schema.ts";
import { CART_MAX_LINES, CART_MAX_QUANTITY, cartLineSchema, normaliseCartLines, type CartLine, type CartView } from "./types.ts";
import { lockShopperList, requireUserId } from "./actor.ts";

/** A visitor's cart is forgotten this many days after its last change. */
export const VISITOR_CART_TTL_DAYS = 30;
const VISITOR_CART_TTL_MS = VISITOR_CART_TTL_DAYS * 24 * 60 * 60 * 1000;
const VISITOR_CART_ID = /^vcart_[0-9a-f]{32}$/;

/** A well-formed visitor cart id (the cookie is signed too; this only rejects garbage early). */
export const isVisitorCartId = (value: unknown): value is string => typeof value === "string" && VISITOR_CART_ID.test(value);

/** A stored cart line: what `userData.cart` keeps, plus the unit price when it was added (null: not known). */
export type StoredCartLine = CartLine & { addedPriceMinor?: number | null };

const lineError = (message: string, field = "variantId") => new AppError("cart-line", message, 422, field);

/** Turn lines into what the drawer shows: product cards, variant labels, prices, subtotal. */
export async function resolveCart(ctx: Ctx, lines: readonly StoredCartLine[]): Promise<CartView> {
  const addedPrice = new Map(lines.map((l) => [l.variantId, l.addedPriceMinor ?? null]));
  const clean = normaliseCartLines(lines);
  // The cart is priced in the platform currency; a line stored in another currency cannot be summed with it.
  const { currency } = await getSettings(ctx);
  const variants = await getVariantsForCart(
    ctx,
    clean.map((l) => l.variantId),
  );
  const cards = await cardsById(
    ctx,
    clean.map((l) => variants.get(l.variantId)?.productId ?? l.productId),
  );
  let subtotal = 0;
  let itemCount = 0;
  const out = clean.map((l) => {
    const v = variants.get(l.variantId);
    const productId = v?.productId ?? l.productId;
    const card = cards.get(productId) ?? null;
    const available = Boolean(v?.available && card && v.currency === currency);
    const unit = v?.priceMinor ?? 0;
    const left = v?.left ?? null;
    const stockProblem = !available || left === null || l.quantity <= left ? null : stockMessage(left);
    if (available && !stockProblem) {
      subtotal += unit * l.quantity;
      itemCount += l.quantity;
    }
    return {
      productId,
      variantId: l.variantId,
      quantity: l.quantity,
      card,
      image: card ? (v?.image ?? card.image) : null,
      color: v?.color ?? "",
      size: v?.size ?? "",
      variantLabel: v ? [v.color, v.size].filter((s) => s && s !== "One size").join(" / ") || "One size" : "",
      unitPriceMinor: unit,
      lineTotalMinor: unit * l.quantity,
      priceWhenAddedMinor: priceChange(addedPrice.get(l.variantId), unit, available),
      available,
      left,
      stockProblem,
    };
  });
  return { lines: out, subtotalMinor: subtotal, count: itemCount, currency };
}

/** What a line asking for more than is left says (the same words as the checkout's). */
export function stockMessage(left: number): string {
  return left <= 0 ? "Sold out" : `Only ${left} left: lower the quantity to ${left} or fewer.`;
}

/** The price a line was added at, when it differs from today's (a sellable line only). */
export function priceChange(added: number | null | undefined, now: number, available: boolean): number | null {
  return available && typeof added === "number" && added !== now ? added : null;
}

// ---- whose cart: the account's, or a visitor's (cookie) -----------------------------------------

type Owner = { kind: "user"; userId: string } | { kind: "visitor"; cartId: string };

const liveSince = (ctx: Ctx) => new Date(ctx.clock.now().getTime() - VISITOR_CART_TTL_MS);

/** The visitor cart `id` names, when it exists and has not expired. */
async function liveVisitorCart(ctx: Ctx, db: Db, id: string | null | undefined): Promise<{ id: string; fromUserId: string | null } | null> {
  if (!isVisitorCartId(id)) return null;
  const [row] = await db
    .select({ id: visitorCarts.id, fromUserId: visitorCarts.fromUserId })
    .from(visitorCarts)
    .where(and(eq(visitorCarts.id, id), gte(visitorCarts.updatedAt, liveSince(ctx))));
  return row ?? null;
}

/** Whose cart a read sees: the signed-in user's, the visitor's live cart, or none. */
async function readOwner(ctx: Ctx, visitorCartId: string | null | undefined): Promise<Owner | null> {
  if (ctx.actor.kind === "user") return { kind: "user", userId: ctx.actor.userId };
  const cart = await liveVisitorCart(ctx, ctx.db, visitorCartId);
  return cart ? { kind: "visitor", cartId: cart.id } : null;
}

/**
 * Expired visitor carts (and their lines) go when a new one is made, so the table never keeps
 * abandoned carts for long. Returns how many were deleted.
 */
export async function purgeExpiredVisitorCarts(ctx: Ctx, db: Db = ctx.db): Promise<number> {
  const gone = await db
    .delete(visitorCarts)
    .where(lt(visitorCarts.updatedAt, liveSince(ctx)))
    .returning({ id: visitorCarts.id });
  return gone.length;
}

async function createVisitorCart(ctx: Ctx, db: Db, fromUserId: string | null = null): Promise<string> {
  await purgeExpiredVisitorCarts(ctx, db);
  const id = `vcart_${randomBytes(16).toString("hex")}`;
  const now = ctx.clock.now();
  await db.insert(visitorCarts).values({ id, fromUserId, createdAt: now, updatedAt: now });
  return id;
}

/** Whose cart a write changes; a visitor without a live cart gets a new one (inside `tx`). */
async function writeOwner(ctx: Ctx, tx: Db, visitorCartId: string | null | undefined): Promise<Owner> {
  if (ctx.actor.kind === "user") return { kind: "user", userId: ctx.actor.userId };
  const cart = await liveVisitorCart(ctx, tx, visitorCartId);
  return { kind: "visitor", cartId: cart?.id ?? (await createVisitorCart(ctx, tx)) };
}

const lockOwner = (tx: Db, owner: Owner) => lockShopperList(tx, "cart", owner.kind === "user" ? owner.userId : `visitor:${owner.cartId}`);

async function touch(ctx: Ctx, db: Db, owner: Owner): Promise<void> {
  if (owner.kind === "visitor") await db.update(visitorCarts).set({ updatedAt: ctx.clock.now() }).where(eq(visitorCarts.id, owner.cartId));
}

async function ownerLines(db: Db, owner: Owner | null): Promise<StoredCartLine[]> {
  if (!owner) return [];
  if (owner.kind === "user")
    return db
      .select({
        productId: cartItems.productId,
        variantId: cartItems.variantId,
        quantity: cartItems.quantity,
        addedPriceMinor: cartItems.addedPriceMinor,
      })
      .from(cartItems)
      .where(eq(cartItems.userId, owner.userId))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.variantId));
  return db
    .select({
      productId: visitorCartItems.productId,
      variantId: visitorCartItems.variantId,
      quantity: visitorCartItems.quantity,
      addedPriceMinor: visitorCartItems.addedPriceMinor,
    })
    .from(visitorCartItems)
    .where(eq(visitorCartItems.cartId, owner.cartId))
    .orderBy(asc(visitorCartItems.addedAt), asc(visitorCartItems.variantId));
}

async function lineQuantity(db: Db, owner: Owner, variantId: string): Promise<number | undefined> {
  const [row] =
    owner.kind === "user"
      ? await db
          .select({ quantity: cartItems.quantity })
          .from(cartItems)
          .where(and(eq(cartItems.userId, owner.userId), eq(cartItems.variantId, variantId)))
      : await db
          .select({ quantity: visitorCartItems.quantity })
          .from(visitorCartItems)
          .where(and(eq(visitorCartItems.cartId, owner.cartId), eq(visitorCartItems.variantId, variantId)));
  return row?.quantity;
}

async function lineCount(db: Db, owner: Owner): Promise<number> {
  const [row] =
    owner.kind === "user"
      ? await db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, owner.userId))
      : await db.select({ n: count() }).from(visitorCartItems).where(eq(visitorCartItems.cartId, owner.cartId));
  return Number(row?.n ?? 0);
}

/** Insert a line, or add to the existing one (capped at CART_MAX_QUANTITY). */
async function addLine(db: Db, owner: Owner, line: StoredCartLine): Promise<void> {
  // Adding again at today's price: the shopper has seen it, so it becomes the line's price.
  const addedPriceMinor = line.addedPriceMinor ?? null;
  if (owner.kind === "user")
    await db
      .insert(cartItems)
      .values({ userId: owner.userId, productId: line.productId, variantId: line.variantId, quantity: line.quantity, addedPriceMinor })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.variantId],
        set: {
          quantity: sql`least(${CART_MAX_QUANTITY}, ${cartItems.quantity} + excluded.quantity)`,
          addedPriceMinor: sql`coalesce(excluded.added_price_minor, ${cartItems.addedPriceMinor})`,
        },
      });
  else
    await db
      .insert(visitorCartItems)
      .values({ cartId: owner.cartId, productId: line.productId, variantId: line.variantId, quantity: line.quantity, addedPriceMinor })
      .onConflictDoUpdate({
        target: [visitorCartItems.cartId, visitorCartItems.variantId],
        set: {
          quantity: sql`least(${CART_MAX_QUANTITY}, ${visitorCartItems.quantity} + excluded.quantity)`,
          addedPriceMinor: sql`coalesce(excluded.added_price_minor, ${visitorCartItems.addedPriceMinor})`,
        },
      });
}

async function updateLine(db: Db, owner: Owner, variantId: string, quantity: number): Promise<boolean> {
  const updated =
    owner.kind === "user"
      ? await db
          .update(cartItems)
          .set({ quantity })
          .where(and(eq(cartItems.userId, owner.userId), eq(cartItems.variantId, variantId)))
          .returning({ v: cartItems.variantId })
      : await db
          .update(visitorCartItems)
          .set({ quantity })
          .where(and(eq(visitorCartItems.cartId, owner.cartId), eq(visitorCartItems.variantId, variantId)))
          .returning({ v: visitorCartItems.variantId });
  return updated.length > 0;
}

async function deleteLine(db: Db, owner: Owner, variantId: string): Promise<void> {
  if (owner.kind === "user") await db.delete(cartItems).where(and(eq(cartItems.userId, owner.userId), eq(cartItems.variantId, variantId)));
  else await db.delete(visitorCartItems).where(and(eq(visitorCartItems.cartId, owner.cartId), eq(visitorCartItems.variantId, variantId)));
}

const viewOf = async (ctx: Ctx, owner: Owner | null) => resolveCart(ctx, await ownerLines(ctx.db, owner));

// ---- reads ---------------------------------------------------------------------------------------

/**
 * The shopper's cart: the signed-in user's, else the visitor cart named by `visitorCartId` (from
 * the signed cookie; empty when there is none or it expired).
 */
export async function getCart(ctx: Ctx, visitorCartId?: string | null): Promise<CartView> {
  return viewOf(ctx, await readOwner(ctx, visitorCartId));
}

/** The cart's lines as `userData.cart` keeps them (what checkout and the browser mirror read). */
export async function getCartLines(ctx: Ctx, visitorCartId?: string | null): Promise<StoredCartLine[]> {
  return ownerLines(ctx.db, await readOwner(ctx, visitorCartId));
}

/** Number of items in the shopper's cart (header badge without JavaScript). */
/** Signed-in shoppers' item counts (every page's header), kept until the next database write. */
const userCartCounts = new UntilWriteMemo<number>(10_000);

export async function cartCount(ctx: Ctx, visitorCartId?: string | null): Promise<number> {
  const owner = await readOwner(ctx, visitorCartId);
  if (!owner) return 0;
  if (owner.kind === "user") {
    const { userId } = owner;
    return userCartCounts.get(ctx.db, userId, async () => {
      const [row] = await ctx.db
        .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
        .from(cartItems)
        .where(eq(cartItems.userId, userId));
      return Number(row?.n ?? 0);
    });
  }
  const [row] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${visitorCartItems.quantity}), 0)::int` })
    .from(visitorCartItems)
    .where(eq(visitorCartItems.cartId, owner.cartId));
  return Number(row?.n ?? 0);
}

// ---- writes --------------------------------------------------------------------------------------

async function checkVariant(ctx: Ctx, line: CartLine) {
  const v = (await getVariantsForCart(ctx, [line.variantId])).get(line.variantId);
  if (!v || v.productId !== line.productId) throw lineError("That colour and size is not available for this product.");
  if (!v.available) throw lineError("This product is not for sale at the moment.");
  // A size that is gone is refused before it reaches the cart (the checkout would refuse it).
  if (v.left === 0) throw lineError("This size is sold out. Choose another size or colour.");
  return v;
}

export interface CartChange {
  cart: CartView;
  /** Set when a cap changed what was asked (shown to the shopper). */
  message?: string;
  /** A visitor's cart id (new on the first add): the route keeps it in the signed cart cookie. */
  visitorCartId?: string;
}

const changeOf = async (ctx: Ctx, owner: Owner | null, message?: string): Promise<CartChange> => ({
  cart: await viewOf(ctx, owner),
  ...(message ? { message } : {}),
  ...(owner?.kind === "visitor" ? { visitorCartId: owner.cartId } : {}),
});

function parseLine(input: unknown): CartLine {
  const parsed = cartLineSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("cart-line", issue?.message ?? "Check the item.", 422, String(issue?.path[0] ?? "_form"));
  }
  return parsed.data;
}

/**
 * Add a line (quantities of the same variant are summed, capped at CART_MAX_QUANTITY; at most
 * CART_MAX_LINES lines). A visitor's line goes to the visitor cart `visitorCartId`, or to a new one
 * (its id is returned for the cookie). Caps are counted under the cart's advisory lock.
 */
export async function addToCart(ctx: Ctx, input: unknown, visitorCartId?: string | null): Promise<CartChange> {
  const parsed = parseLine(input);
  const variant = await checkVariant(ctx, parsed);
  const line: StoredCartLine = { ...parsed, addedPriceMinor: variant.priceMinor };
  let message: string | undefined;
  const owner = await transaction(ctx.db, async (tx) => {
    const o = await writeOwner(ctx, tx, visitorCartId);
    // One writer per cart at a time: the line cap is counted and kept inside this transaction.
    await lockOwner(tx, o);
    const existing = await lineQuantity(tx, o, line.variantId);
    message = undefined;
    if (existing !== undefined) {
      if (existing + line.quantity > CART_MAX_QUANTITY)
        message = `You can order at most ${CART_MAX_QUANTITY} of one item; your cart has ${CART_MAX_QUANTITY}.`;
    } else if ((await lineCount(tx, o)) >= CART_MAX_LINES) {
      throw lineError(`Your cart holds at most ${CART_MAX_LINES} different items. Remove one first.`, "_form");
    }
    // No more than is left: the cart keeps what can be bought and says so.
    const left = variant.left;
    if (left !== null && (existing ?? 0) + line.quantity > left) {
      if ((existing ?? 0) >= left) throw lineError(`Only ${left} left, and your cart already has ${existing}.`, "quantity");
      line.quantity = left - (existing ?? 0);
      message = `Only ${left} left: your cart has ${left}.`;
    }
    await addLine(tx, o, line);
    await touch(ctx, tx, o);
    return o;
  });
  return changeOf(ctx, owner, message);
}

/** Set a line's quantity (1..CART_MAX_QUANTITY); 0 removes it. */
export async function setCartQuantity(ctx: Ctx, variantId: string, quantity: number, visitorCartId?: string | null): Promise<CartChange> {
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > CART_MAX_QUANTITY)
    throw new AppError("cart-quantity", `Enter a quantity from 1 to ${CART_MAX_QUANTITY}.`, 422, "quantity");
  if (quantity === 0) return removeFromCart(ctx, variantId, visitorCartId);
  const owner = await readOwner(ctx, visitorCartId);
  if (!owner || !(await updateLine(ctx.db, owner, variantId, quantity)))
    throw new AppError("cart-missing", "That item is no longer in your cart.", 404, "variantId");
  await touch(ctx, ctx.db, owner);
  return changeOf(ctx, owner);
}

export async function removeFromCart(ctx: Ctx, variantId: string, visitorCartId?: string | null): Promise<CartChange> {
  const owner = await readOwner(ctx, visitorCartId);
  if (owner) {
    await deleteLine(ctx.db, owner, variantId);
    await touch(ctx, ctx.db, owner);
  }
  return changeOf(ctx, owner);
}

interface MergeOutcome {
  capped: boolean;
  skipped: number;
}

/** Keep only lines of known, sellable variants of the product they name. */
async function sellable(ctx: Ctx, lines: StoredCartLine[]): Promise<{ valid: StoredCartLine[]; skipped: number }> {
  const variants = await getVariantsForCart(
    ctx,
    lines.map((l) => l.variantId),
  );
  const valid = lines.flatMap((l) => {
    const v = variants.get(l.variantId);
    // A line from the browser is priced as it is today; a visitor cart's line keeps its own price.
    return v && v.available && v.productId === l.productId ? [{ ...l, addedPriceMinor: l.addedPriceMinor ?? v.priceMinor }] : [];
  });
  return { valid, skipped: lines.length - valid.length };
}

/** Sum `lines` into `owner`'s cart (inside `tx`, under its lock): capped per line, at most CART_MAX_LINES lines. */
async function mergeInto(ctx: Ctx, tx: Db, owner: Owner, lines: StoredCartLine[]): Promise<MergeOutcome> {
  await lockOwner(tx, owner);
  const current = await ownerLines(tx, owner);
  const byVariant = new Map(current.map((r) => [r.variantId, r.quantity]));
  let count = current.length;
  let capped = false;
  let skipped = 0;
  for (const l of lines) {
    const have = byVariant.get(l.variantId);
    if (have !== undefined) {
      const q = Math.min(CART_MAX_QUANTITY, have + l.quantity);
      if (q < have + l.quantity) capped = true;
      if (q !== have) await updateLine(tx, owner, l.variantId, q);
      byVariant.set(l.variantId, q);
    } else if (count < CART_MAX_LINES) {
      await addLine(tx, owner, l);
      byVariant.set(l.variantId, l.quantity);
      count++;
    } else {
      skipped++;
    }
  }
  await touch(ctx, tx, owner);
  return { capped, skipped };
}

function mergeMessage({ capped, skipped }: MergeOutcome): string | undefined {
  const notes: string[] = [];
  if (capped) notes.push(`Some quantities were capped at ${CART_MAX_QUANTITY}.`);
  if (skipped) notes.push(`${skipped} item${skipped === 1 ? " was" : "s were"} no longer available or did not fit in your cart.`);
  return notes.join(" ") || undefined;
}

/**
 * Merge lines kept in the browser (`userData.cart`) into the shopper's cart: the account's, or the
 * visitor cart (made when needed). Quantities of the same variant are summed and capped at
 * CART_MAX_QUANTITY per line; at most CART_MAX_LINES lines (the cart's lines first, then these in
 * order). Lines of unknown or unavailable variants are skipped.
 */
export async function mergeCart(ctx: Ctx, browserLines: unknown, visitorCartId?: string | null): Promise<CartChange> {
  if (!Array.isArray(browserLines)) throw new AppError("cart-merge", "The cart to merge must be a list of items.", 400, "lines");
  if (browserLines.length > 200) throw new AppError("cart-merge", "That cart has too many items to merge.", 413, "lines");
  const { valid, skipped } = await sellable(ctx, normaliseCartLines(browserLines));
  if (!valid.length && ctx.actor.kind !== "user") {
    const owner = await readOwner(ctx, visitorCartId);
    return changeOf(ctx, owner, mergeMessage({ capped: false, skipped }));
  }
  const [owner, outcome] = await transaction(ctx.db, async (tx) => {
    const o = await writeOwner(ctx, tx, visitorCartId);
    return [o, await mergeInto(ctx, tx, o, valid)] as const;
  });
  return changeOf(ctx, owner, mergeMessage({ ...outcome, skipped: outcome.skipped + skipped }));
}

/**
 * On sign-in: the visitor cart `visitorCartId` is merged into the account's (as `mergeCart`), then
 * deleted. A cart kept at sign-out of this same account adds only what was added since (its
 * `baseQuantity`), so signing out and in again never counts the kept lines twice. Returns null when
 * there was no live visitor cart.
 */
export async function adoptVisitorCart(ctx: Ctx, visitorCartId: string | null | undefined): Promise<CartChange | null> {
  const userId = requireUserId(ctx, "Sign in to keep a cart on your account.");
  const cart = await liveVisitorCart(ctx, ctx.db, visitorCartId);
  if (!cart) {
    if (isVisitorCartId(visitorCartId)) await ctx.db.delete(visitorCarts).where(eq(visitorCarts.id, visitorCartId));
    return null;
  }
  const rows = await ctx.db
    .select()
    .from(visitorCartItems)
    .where(eq(visitorCartItems.cartId, cart.id))
    .orderBy(asc(visitorCartItems.addedAt), asc(visitorCartItems.variantId));
  const sameAccount = cart.fromUserId === userId;
  const added = rows.flatMap((r) => {
    const quantity = r.quantity - (sameAccount ? r.baseQuantity : 0);
    return quantity > 0 ? [{ productId: r.productId, variantId: r.variantId, quantity, addedPriceMinor: r.addedPriceMinor }] : [];
  });
  const { valid, skipped } = await sellable(ctx, added);
  const owner: Owner = { kind: "user", userId };
  const outcome = await transaction(ctx.db, async (tx) => {
    await lockOwner(tx, { kind: "visitor", cartId: cart.id });
    const result = await mergeInto(ctx, tx, owner, valid);
    await tx.delete(visitorCarts).where(eq(visitorCarts.id, cart.id));
    return result;
  });
  return changeOf(ctx, owner, mergeMessage({ ...outcome, skipped: outcome.skipped + skipped }));
}

/**
 * On sign-out the cart stays on the device (the spec keeps `userData.cart`): a visitor cart is made
 * as a copy of the account's, remembering the account and its quantities, so signing in to the same
 * account again adds only what changed. Returns the new visitor cart id, or null for an empty cart.
 */
export async function keepCartAfterSignOut(ctx: Ctx): Promise<string | null> {
  const userId = requireUserId(ctx);
  const lines = await ctx.db
    .select({
      productId: cartItems.productId,
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      addedPriceMinor: cartItems.addedPriceMinor,
      addedAt: cartItems.addedAt,
    })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  if (!lines.length) return null;
  return transaction(ctx.db, async (tx) => {
    const id = await createVisitorCart(ctx, tx, userId);
    await tx.insert(visitorCartItems).values(lines.map((l) => ({ cartId: id, ...l, baseQuantity: l.quantity })));
    return id;
  });
}

/**
 * An order was paid: take what it bought out of the cart it came from (the buyer's account cart,
 * or the visitor cart it was placed from), in the caller's transaction. Quantities added since
 * stay; idempotent enough to run once per payment (a line already gone is skipped).
 */
export async function removeOrderedItems(
  ctx: Ctx,
  input: { userId: string | null; visitorCartId: string | null; items: readonly { variantId: string; quantity: number }[] },
): Promise<void> {
  const owners: Owner[] = [];
  if (input.userId) owners.push({ kind: "user", userId: input.userId });
  if (input.visitorCartId && isVisitorCartId(input.visitorCartId)) owners.push({ kind: "visitor", cartId: input.visitorCartId });
  for (const owner of owners) {
    const lines = new Map((await ownerLines(ctx.db, owner)).map((l) => [l.variantId, l.quantity]));
    for (const item of input.items) {
      const have = lines.get(item.variantId);
      if (have === undefined) continue;
      if (have <= item.quantity) await deleteLine(ctx.db, owner, item.variantId);
      else await updateLine(ctx.db, owner, item.variantId, have - item.quantity);
    }
    await touch(ctx, ctx.db, owner);
  }
}
