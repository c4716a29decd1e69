// The visitor's server cart (signed cookie): adds, caps, expiry, keeping it at sign-out and merging it on sign-in.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../contracts/clock.ts";
import { cartItems, visitorCartItems, visitorCarts } from "../../schema.ts";
import { anonymous, type Actor } from "../../kernel/index.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeProducts, makeUser, makeWideBlank, variantIdsOf, type UserActor } from "../../../tests/support/factories.ts";
import {
  addToCart,
  adoptVisitorCart,
  cartCount,
  getCart,
  getCartLines,
  keepCartAfterSignOut,
  mergeCart,
  removeFromCart,
  setCartQuantity,
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  VISITOR_CART_TTL_DAYS,
} from "./index.ts";
import { refusal } from "../../../tests/support/refusal.ts";

const t = useTestDatabase();
const visitor = () => t.ctx(anonymous("203.0.113.9"));
const VARIANTS = 60;

// Made through the modules' APIs (tests/support/factories.ts): four shoppers, one store with two
// published products on a tee in two colours and 30 sizes: the first offers all 60 variants (the
// second one, Black S1, at 28.00 instead of 25.00); the second offers one.
const shoppers: UserActor[] = [];
const user = (n: number): Actor => shoppers[n - 1]!;
let storeId = "";
let product0 = "";
let otherProduct = "";
let variantIds: string[] = [];
let otherVariant = "";
const v = (i: number) => variantIds[i]!;
const line = (i: number, quantity = 1) => ({ productId: product0, variantId: v(i), quantity });
// Lines added in one transaction share their time, so their order is the ids' (random here): compare as sets.
const sortedLines = (lines: [string, number][]) => [...lines].sort((a, b) => a[0].localeCompare(b[0]));
const byVariant = (lines: { variantId: string; quantity: number }[]) => sortedLines(lines.map((l) => [l.variantId, l.quantity]));
const DAY = 86_400_000;

beforeAll(async () => {
  for (let i = 0; i < 4; i++) shoppers.push(await makeUser(t.db));
  const { blank, colors, sizes } = await makeWideBlank(t.db);
  const made = await makeProducts(t.db, 2, {
    blank,
    input: (i) =>
      i === 0
        ? { title: "Visitor design", colors, sizes, priceMinor: 2500, variantPrices: { "Black|S1": 2800 } }
        : { title: "Another design", colors: ["Black"], sizes: ["S0"], priceMinor: 2500 },
  });
  storeId = made.store.id;
  [product0, otherProduct] = made.products.map((p) => p.id) as [string, string];
  variantIds = await variantIdsOf(t.db, product0, colors, sizes);
  otherVariant = (await variantIdsOf(t.db, otherProduct, ["Black"], ["S0"]))[0]!;
  expect(new Set(variantIds).size).toBe(VARIANTS);
});

describe("a visitor's server cart", () => {
  it("is made on the first add, and later adds sum and cap within it, with prices, variant and store", async () => {
    const ctx = visitor();
    expect((await getCart(ctx)).lines).toEqual([]);
    const first = await addToCart(ctx, line(0, 2));
    const id = first.visitorCartId!;
    expect(id).toMatch(/^vcart_[0-9a-f]{32}$/);
    const second = await addToCart(ctx, { ...line(1), quantity: "3" }, id);
    expect(second.visitorCartId).toBe(id);
    const capped = await addToCart(ctx, line(0, 9), id);
    expect(capped.message).toMatch(/at most 10/);
    expect(capped.cart.lines.map((l) => [l.variantId, l.quantity, l.unitPriceMinor, l.card?.storeId])).toEqual([
      [v(0), CART_MAX_QUANTITY, 2500, storeId],
      [v(1), 3, 2800, storeId],
    ]);
    expect(capped.cart.subtotalMinor).toBe(CART_MAX_QUANTITY * 2500 + 3 * 2800);
    expect(await cartCount(ctx, id)).toBe(CART_MAX_QUANTITY + 3);
    // Each line remembers the unit price it was added at (checkout says when it changes).
    expect(await getCartLines(ctx, id)).toEqual([
      { ...line(0, CART_MAX_QUANTITY), addedPriceMinor: 2500 },
      { ...line(1, 3), addedPriceMinor: 2800 },
    ]);

    // change the quantity, 0 removes, remove removes
    expect((await setCartQuantity(ctx, v(1), 5, id)).cart.lines[1]!.quantity).toBe(5);
    expect((await setCartQuantity(ctx, v(0), 0, id)).cart.lines.map((l) => l.variantId)).toEqual([v(1)]);
    expect((await removeFromCart(ctx, v(1), id)).cart.lines).toEqual([]);
    expect((await refusal(setCartQuantity(ctx, v(1), 2, id))).status).toBe(404);
    expect((await refusal(setCartQuantity(ctx, v(1), 11, id))).field).toBe("quantity");
  });

  it("never shows or changes a cart it was not given the id of", async () => {
    const a = await addToCart(visitor(), line(2));
    const other = `vcart_${"0".repeat(32)}`;
    expect((await getCart(visitor(), other)).lines).toEqual([]);
    expect((await getCart(visitor(), "garbage")).lines).toEqual([]);
    const b = await addToCart(visitor(), line(3), other);
    expect(b.visitorCartId).not.toBe(other);
    expect(b.visitorCartId).not.toBe(a.visitorCartId);
    expect((await getCart(visitor(), a.visitorCartId)).lines.map((l) => l.variantId)).toEqual([v(2)]);
    // a signed-in shopper's cart is the account's, whatever visitor cart id comes along
    expect((await getCart(t.ctx(user(3)), a.visitorCartId)).lines).toEqual([]);
  });

  it(`holds at most ${CART_MAX_LINES} lines, and refuses unsellable variants`, async () => {
    const { visitorCartId } = await addToCart(visitor(), line(0));
    await t.db
      .insert(visitorCartItems)
      .values(Array.from({ length: CART_MAX_LINES - 1 }, (_, i) => ({ cartId: visitorCartId!, ...line(i + 1) })));
    const full = await refusal(addToCart(visitor(), line(55), visitorCartId));
    expect([full.status, full.field]).toEqual([422, "_form"]);
    expect(full.message).toMatch(/at most 50 different items/);
    expect((await addToCart(visitor(), line(0), visitorCartId)).cart.lines).toHaveLength(CART_MAX_LINES);
    expect((await refusal(addToCart(visitor(), { productId: product0, variantId: otherVariant, quantity: 1 }))).status).toBe(422);
  });

  it("merges lines kept in the browser into the visitor cart (made when needed)", async () => {
    const merged = await mergeCart(visitor(), [line(4, 2), line(4, 1), { productId: product0, variantId: "var_nope", quantity: 1 }]);
    expect(merged.visitorCartId).toMatch(/^vcart_/);
    expect(merged.cart.lines.map((l) => [l.variantId, l.quantity])).toEqual([[v(4), 3]]);
    expect(merged.message).toMatch(/1 item was no longer available/);
    const nothing = await mergeCart(visitor(), []);
    expect(nothing.visitorCartId).toBeUndefined();
  });

  it(`expires ${VISITOR_CART_TTL_DAYS} days after its last change; a new cart clears expired ones`, async () => {
    const clock = manualClock(Date.now());
    const ctx = t.ctx(anonymous(), { clock });
    const { visitorCartId: id } = await addToCart(ctx, line(5));
    clock.advance((VISITOR_CART_TTL_DAYS - 1) * DAY);
    await setCartQuantity(ctx, v(5), 2, id); // a change keeps it alive
    clock.advance((VISITOR_CART_TTL_DAYS - 1) * DAY);
    expect((await getCart(ctx, id)).count).toBe(2);
    clock.advance(2 * DAY);
    expect((await getCart(ctx, id)).lines).toEqual([]);
    expect(await cartCount(ctx, id)).toBe(0);
    const fresh = await addToCart(ctx, line(6), id);
    expect(fresh.visitorCartId).not.toBe(id);
    expect(fresh.cart.lines.map((l) => l.variantId)).toEqual([v(6)]);
    expect(await t.db.select().from(visitorCarts).where(eq(visitorCarts.id, id!))).toEqual([]);
    expect(await t.db.select().from(visitorCartItems).where(eq(visitorCartItems.cartId, id!))).toEqual([]);
  });
});

describe("signing in and out", () => {
  it("on sign-in the visitor cart is merged into the account's (summed, capped, unsellable lines dropped) and deleted", async () => {
    const account = t.ctx(user(1));
    await addToCart(account, line(0, 8));
    await addToCart(account, line(1, 1));
    const { visitorCartId: id } = await addToCart(visitor(), line(0, 5));
    await addToCart(visitor(), line(2, 2), id);
    await t.db.insert(visitorCartItems).values({ cartId: id!, productId: otherProduct, variantId: "var_vgone", quantity: 1 });
    const merged = await adoptVisitorCart(account, id);
    expect(byVariant(merged!.cart.lines)).toEqual(
      sortedLines([
        [v(0), CART_MAX_QUANTITY],
        [v(1), 1],
        [v(2), 2],
      ]),
    );
    expect(merged!.message).toMatch(/capped at 10/);
    expect(merged!.message).toMatch(/1 item was no longer available/);
    expect(merged!.visitorCartId).toBeUndefined();
    expect(await t.db.select().from(visitorCarts).where(eq(visitorCarts.id, id!))).toEqual([]);
    expect((await getCart(visitor(), id)).lines).toEqual([]);
    // again (a second tab, a replayed cookie): nothing more is added
    expect(await adoptVisitorCart(account, id)).toBeNull();
    expect(await adoptVisitorCart(account, null)).toBeNull();
    expect((await refusal(adoptVisitorCart(visitor(), id))).status).toBe(401);
  });

  it("sign-out keeps a copy for the device; signing in to the same account adds only what changed, another account gets it all", async () => {
    const account = t.ctx(user(2));
    expect(await keepCartAfterSignOut(account)).toBeNull();
    await addToCart(account, line(0, 3));
    await addToCart(account, line(1, 1));
    const kept = await keepCartAfterSignOut(account);
    expect(byVariant((await getCart(visitor(), kept)).lines)).toEqual(
      sortedLines([
        [v(0), 3],
        [v(1), 1],
      ]),
    );
    await addToCart(visitor(), line(1, 2), kept);
    await addToCart(visitor(), line(7, 1), kept);
    const back = await adoptVisitorCart(account, kept);
    expect(byVariant(back!.cart.lines)).toEqual(
      sortedLines([
        [v(0), 3],
        [v(1), 3],
        [v(7), 1],
      ]),
    );

    const again = await keepCartAfterSignOut(account);
    const other = await adoptVisitorCart(t.ctx(user(3)), again);
    expect(byVariant(other!.cart.lines)).toEqual(
      sortedLines([
        [v(0), 3],
        [v(1), 3],
        [v(7), 1],
      ]),
    );
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, shoppers[1]!.userId))).toHaveLength(3);
  });
});
