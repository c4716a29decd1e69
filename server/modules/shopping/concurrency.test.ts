// Carts and wishes under parallel requests (PostgreSQL runs them on separate connections).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, visitorCartItems, wishes } from "../../schema.ts";
import { AppError, anonymous, type Actor } from "../../kernel/index.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeProducts, makeUser, makeWideBlank, variantIdsOf, type UserActor } from "../../../tests/support/factories.ts";
import { addToCart, CART_MAX_LINES, CART_MAX_QUANTITY, listWishIds, mergeCart, toggleWish } from "./index.ts";

const t = useTestDatabase();
const VARIANTS = 60;

// Made through the modules' APIs (tests/support/factories.ts): five shoppers, a print shop's tee
// in two colours and 30 sizes, and 30 published products of one store (the 60 variants are the
// first product's; the others are wished for).
const shoppers: UserActor[] = [];
const user = (n: number): Actor => shoppers[n - 1]!;
const userId = (n: number): string => shoppers[n - 1]!.userId;
let productIds: string[] = [];
let variantIds: string[] = [];
const product0 = () => productIds[0]!;
const variantId = (i: number) => variantIds[i]!;

beforeAll(async () => {
  for (let i = 0; i < 5; i++) shoppers.push(await makeUser(t.db));
  const { blank, colors, sizes } = await makeWideBlank(t.db);
  const made = await makeProducts(t.db, 30, { blank, input: (i) => ({ title: `Design ${i}`, colors, sizes: i === 0 ? sizes : ["S0"] }) });
  productIds = made.products.map((p) => p.id);
  variantIds = await variantIdsOf(t.db, product0(), colors, sizes);
  expect(new Set(variantIds).size).toBe(VARIANTS);
});

const settle = <T>(ps: Promise<T>[]) => Promise.allSettled(ps);

describe("cart under parallel requests", () => {
  it(`60 parallel adds of different items give exactly ${CART_MAX_LINES} lines and a clear 4xx for the rest`, async () => {
    const ctx = t.ctx(user(1));
    const results = await settle(
      Array.from({ length: VARIANTS }, (_, i) => addToCart(ctx, { productId: product0(), variantId: variantId(i), quantity: 1 })),
    );
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason as unknown);
    for (const e of refused) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).status).toBe(422);
      expect((e as AppError).message).toMatch(/at most 50 different items/);
    }
    const lines = await t.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, userId(1)));
    expect(lines).toHaveLength(CART_MAX_LINES);
    expect(refused).toHaveLength(VARIANTS - CART_MAX_LINES);
  });

  it("parallel adds of the same new item make one line, summed and capped, never a 500", async () => {
    const ctx = t.ctx(user(2));
    const results = await settle(
      Array.from({ length: 12 }, () => addToCart(ctx, { productId: product0(), variantId: variantId(7), quantity: 1 })),
    );
    expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const lines = await t.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, userId(2)));
    expect(lines.map((l) => [l.variantId, l.quantity])).toEqual([[variantId(7), CART_MAX_QUANTITY]]);
  });

  it("a merge and adds in parallel still keep the cap", async () => {
    const ctx = t.ctx(user(3));
    const merge = mergeCart(
      ctx,
      Array.from({ length: 40 }, (_, i) => ({ productId: product0(), variantId: variantId(i), quantity: 1 })),
    );
    const adds = Array.from({ length: 20 }, (_, i) => addToCart(ctx, { productId: product0(), variantId: variantId(40 + i), quantity: 1 }));
    const results = await settle([merge, ...adds]);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).status).toBe(422);
    const lines = await t.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, userId(3)));
    expect(lines).toHaveLength(CART_MAX_LINES);
  });
});

describe("a visitor's cart under parallel requests", () => {
  it(`60 parallel adds to one visitor cart give exactly ${CART_MAX_LINES} lines and a clear 4xx for the rest`, async () => {
    const ctx = t.ctx(anonymous());
    const { visitorCartId } = await addToCart(ctx, { productId: product0(), variantId: variantId(0), quantity: 1 });
    const results = await settle(
      Array.from({ length: VARIANTS - 1 }, (_, i) =>
        addToCart(ctx, { productId: product0(), variantId: variantId(i + 1), quantity: 1 }, visitorCartId),
      ),
    );
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason as unknown);
    for (const e of refused) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).status).toBe(422);
    }
    const lines = await t.db.select().from(visitorCartItems).where(eq(visitorCartItems.cartId, visitorCartId!));
    expect(lines).toHaveLength(CART_MAX_LINES);
    expect(refused).toHaveLength(VARIANTS - CART_MAX_LINES);
  });

  it("parallel adds of the same item to one visitor cart make one line, capped, never a 500", async () => {
    const ctx = t.ctx(anonymous());
    const { visitorCartId } = await addToCart(ctx, { productId: product0(), variantId: variantId(9), quantity: 1 });
    const results = await settle(
      Array.from({ length: 12 }, () => addToCart(ctx, { productId: product0(), variantId: variantId(9), quantity: 1 }, visitorCartId)),
    );
    expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const lines = await t.db.select().from(visitorCartItems).where(eq(visitorCartItems.cartId, visitorCartId!));
    expect(lines.map((l) => [l.variantId, l.quantity])).toEqual([[variantId(9), CART_MAX_QUANTITY]]);
  });
});

describe("wishes under parallel requests", () => {
  it("parallel toggles of one product alternate: the answers and the final state agree", async () => {
    const ctx = t.ctx(user(4));
    const results = await Promise.all(Array.from({ length: 11 }, () => toggleWish(ctx, productIds[1]!)));
    expect(results.filter((r) => r.wished)).toHaveLength(6);
    expect(results.filter((r) => !r.wished)).toHaveLength(5);
    expect(await listWishIds(ctx)).toEqual([productIds[1]]);
  });

  it("parallel toggles of different products lose none", async () => {
    const ctx = t.ctx(user(5));
    const ids = productIds.slice(1);
    const results = await Promise.all(ids.map((id) => toggleWish(ctx, id)));
    expect(results.every((r) => r.wished)).toBe(true);
    const rows = await t.db
      .select()
      .from(wishes)
      .where(eq(wishes.userId, userId(5)));
    expect(rows.map((r) => r.productId).sort()).toEqual([...ids].sort());
  });
});
