import { and, asc, count, eq, sql } from "drizzle-orm";
import { transaction } from "../../infra/db/index.ts";
import { AppError, type Ctx } from "../../kernel/index.ts";
import { getVariantsForCart } from "../catalog/index.ts";
import { getSettings } from "../platform/index.ts";
import { cardsById } from "./cards.ts";
import { cartItems } from "./schema.ts";
import { CART_MAX_LINES, CART_MAX_QUANTITY, cartLineSchema, normaliseCartLines, type CartLine, type CartView } from "./types.ts";
import { lockShopperList, requireUserId } from "./actor.ts";

const lineError = (message: string, field = "variantId") => new AppError("cart-line", message, 422, field);

/** Turn lines into what the drawer shows: product cards, variant labels, prices, subtotal. */
export async function resolveCart(ctx: Ctx, lines: readonly CartLine[]): Promise<CartView> {
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
    if (available) {
      subtotal += unit * l.quantity;
      itemCount += l.quantity;
    }
    return {
      productId,
      variantId: l.variantId,
      quantity: l.quantity,
      card,
      color: v?.color ?? "",
      size: v?.size ?? "",
      variantLabel: v ? [v.color, v.size].filter((s) => s && s !== "One size").join(" / ") || "One size" : "",
      unitPriceMinor: unit,
      lineTotalMinor: unit * l.quantity,
      available,
    };
  });
  return { lines: out, subtotalMinor: subtotal, count: itemCount, currency };
}

async function serverLines(ctx: Ctx, userId: string): Promise<CartLine[]> {
  return ctx.db
    .select({ productId: cartItems.productId, variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.variantId));
}

/** The signed-in shopper's cart. */
export async function getCart(ctx: Ctx): Promise<CartView> {
  const userId = requireUserId(ctx, "Sign in to keep a cart on your account.");
  return resolveCart(ctx, await serverLines(ctx, userId));
}

/** Number of items in the signed-in shopper's cart (header badge without JavaScript). */
export async function cartCount(ctx: Ctx): Promise<number> {
  const userId = requireUserId(ctx);
  const [row] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return Number(row?.n ?? 0);
}

async function checkVariant(ctx: Ctx, line: CartLine) {
  const v = (await getVariantsForCart(ctx, [line.variantId])).get(line.variantId);
  if (!v || v.productId !== line.productId) throw lineError("That colour and size is not available for this product.");
  if (!v.available) throw lineError("This product is not for sale at the moment.");
  return v;
}

export interface CartChange {
  cart: CartView;
  /** Set when a cap changed what was asked (shown to the shopper). */
  message?: string;
}

/** Add a line (quantities of the same variant are summed, capped at CART_MAX_QUANTITY). */
export async function addToCart(ctx: Ctx, input: unknown): Promise<CartChange> {
  const userId = requireUserId(ctx, "Sign in to keep a cart on your account.");
  const parsed = cartLineSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("cart-line", issue?.message ?? "Check the item.", 422, String(issue?.path[0] ?? "_form"));
  }
  const line = parsed.data;
  await checkVariant(ctx, line);
  let message: string | undefined;
  await transaction(ctx.db, async (tx) => {
    // One writer per cart at a time: the line cap is counted and kept inside this transaction.
    await lockShopperList(tx, "cart", userId);
    const [existing] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, line.variantId)));
    if (existing) {
      if (existing.quantity + line.quantity > CART_MAX_QUANTITY)
        message = `You can order at most ${CART_MAX_QUANTITY} of one item; your cart has ${CART_MAX_QUANTITY}.`;
    } else {
      const [row] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
      if (Number(row?.n ?? 0) >= CART_MAX_LINES)
        throw lineError(`Your cart holds at most ${CART_MAX_LINES} different items. Remove one first.`, "_form");
    }
    await tx
      .insert(cartItems)
      .values({ userId, productId: line.productId, variantId: line.variantId, quantity: line.quantity })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.variantId],
        set: { quantity: sql`least(${CART_MAX_QUANTITY}, ${cartItems.quantity} + excluded.quantity)` },
      });
  });
  return { cart: await getCart(ctx), message };
}

/** Set a line's quantity (1..CART_MAX_QUANTITY); 0 removes it. */
export async function setCartQuantity(ctx: Ctx, variantId: string, quantity: number): Promise<CartChange> {
  const userId = requireUserId(ctx, "Sign in to keep a cart on your account.");
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > CART_MAX_QUANTITY)
    throw new AppError("cart-quantity", `Enter a quantity from 1 to ${CART_MAX_QUANTITY}.`, 422, "quantity");
  if (quantity === 0) return removeFromCart(ctx, variantId);
  const updated = await ctx.db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, variantId)))
    .returning({ v: cartItems.variantId });
  if (!updated.length) throw new AppError("cart-missing", "That item is no longer in your cart.", 404, "variantId");
  return { cart: await getCart(ctx) };
}

export async function removeFromCart(ctx: Ctx, variantId: string): Promise<CartChange> {
  const userId = requireUserId(ctx, "Sign in to keep a cart on your account.");
  await ctx.db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, variantId)));
  return { cart: await getCart(ctx) };
}

/**
 * Merge a visitor's cart (sent on sign-in) into the account's: quantities of the same variant are
 * summed and capped at CART_MAX_QUANTITY per line; at most CART_MAX_LINES lines (the account's lines
 * first, then the visitor's in order). Lines of unknown or unavailable variants are skipped.
 */
export async function mergeCart(ctx: Ctx, visitorLines: unknown): Promise<CartChange> {
  const userId = requireUserId(ctx, "Sign in to keep a cart on your account.");
  if (!Array.isArray(visitorLines)) throw new AppError("cart-merge", "The cart to merge must be a list of items.", 400, "lines");
  if (visitorLines.length > 200) throw new AppError("cart-merge", "That cart has too many items to merge.", 413, "lines");
  const incoming = normaliseCartLines(visitorLines);
  const variants = await getVariantsForCart(
    ctx,
    incoming.map((l) => l.variantId),
  );
  const valid = incoming.filter((l) => {
    const v = variants.get(l.variantId);
    return v && v.available && v.productId === l.productId;
  });
  let skipped = incoming.length - valid.length;
  let capped = false;
  await transaction(ctx.db, async (tx) => {
    await lockShopperList(tx, "cart", userId);
    const current = await tx.select().from(cartItems).where(eq(cartItems.userId, userId));
    const byVariant = new Map(current.map((r) => [r.variantId, r.quantity]));
    let lines = current.length;
    for (const l of valid) {
      const have = byVariant.get(l.variantId);
      if (have !== undefined) {
        const q = Math.min(CART_MAX_QUANTITY, have + l.quantity);
        if (q < have + l.quantity) capped = true;
        if (q !== have)
          await tx
            .update(cartItems)
            .set({ quantity: q })
            .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, l.variantId)));
        byVariant.set(l.variantId, q);
      } else if (lines < CART_MAX_LINES) {
        await tx.insert(cartItems).values({ userId, productId: l.productId, variantId: l.variantId, quantity: l.quantity });
        byVariant.set(l.variantId, l.quantity);
        lines++;
      } else {
        skipped++;
      }
    }
  });
  const notes: string[] = [];
  if (capped) notes.push(`Some quantities were capped at ${CART_MAX_QUANTITY}.`);
  if (skipped) notes.push(`${skipped} item${skipped === 1 ? " was" : "s were"} no longer available or did not fit in your cart.`);
  return { cart: await getCart(ctx), message: notes.join(" ") || undefined };
}
