// Carts and wishes under parallel requests (PostgreSQL runs them on separate connections).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  blankColors,
  blanks,
  blankVariants,
  cartItems,
  fulfillers,
  products,
  productVariants,
  stores,
  users,
  visitorCartItems,
  wishes,
} from "../../infra/db/schema.ts";
import { AppError, anonymous, type Actor } from "../../kernel/index.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { addToCart, CART_MAX_LINES, CART_MAX_QUANTITY, listWishIds, mergeCart, toggleWish } from "./index.ts";

const t = useTestDatabase();
const user = (userId: string): Actor => ({ kind: "user", userId, roles: [] });
const VARIANTS = 60;
const sizes = Array.from({ length: VARIANTS }, (_, i) => `S${i}`);
const variantId = (i: number) => `var_c${i}`;

beforeAll(async () => {
  const db = t.db;
  await db.insert(users).values(
    ["usr_c1", "usr_c2", "usr_c3", "usr_c4", "usr_c5"].map((id) => ({
      id,
      email: `${id}@example.test`,
      emailNormalized: `${id}@example.test`,
    })),
  );
  await db.insert(fulfillers).values({ id: "ful_c", handle: "fulc", name: "Ful", ownerUserId: "usr_f" });
  await db.insert(blanks).values({ id: "blk_c", fulfillerId: "ful_c", name: "Tee", category: "t-shirts" });
  await db.insert(blankColors).values({ blankId: "blk_c", name: "Black", hex: "#111111" });
  await db.insert(blankVariants).values(
    sizes.map((size, i) => ({
      id: `bvr_c${i}`,
      blankId: "blk_c",
      color: "Black",
      size,
      sku: `C-${i}`,
      baseCostMinor: 900,
      weightGrams: 150,
    })),
  );
  await db.insert(stores).values({ id: "sto_c", handle: "conc", name: "Conc", ownerUserId: "usr_c5" });
  await db.insert(products).values(
    Array.from({ length: 30 }, (_, i) => ({
      id: `prd_c${i}`,
      storeId: "sto_c",
      blankId: "blk_c",
      title: `Design ${i}`,
      slug: `design-${i}`,
      category: "t-shirts" as const,
      priceMinor: 2500,
      status: "published" as const,
      publishedAt: new Date(),
      primaryColor: "Black",
    })),
  );
  await db
    .insert(productVariants)
    .values(sizes.map((size, i) => ({ id: variantId(i), productId: "prd_c0", blankVariantId: `bvr_c${i}`, color: "Black", size })));
});

const settle = <T>(ps: Promise<T>[]) => Promise.allSettled(ps);

describe("cart under parallel requests", () => {
  it(`60 parallel adds of different items give exactly ${CART_MAX_LINES} lines and a clear 4xx for the rest`, async () => {
    const ctx = t.ctx(user("usr_c1"));
    const results = await settle(
      Array.from({ length: VARIANTS }, (_, i) => addToCart(ctx, { productId: "prd_c0", variantId: variantId(i), quantity: 1 })),
    );
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason as unknown);
    for (const e of refused) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).status).toBe(422);
      expect((e as AppError).message).toMatch(/at most 50 different items/);
    }
    const lines = await t.db.select().from(cartItems).where(eq(cartItems.userId, "usr_c1"));
    expect(lines).toHaveLength(CART_MAX_LINES);
    expect(refused).toHaveLength(VARIANTS - CART_MAX_LINES);
  });

  it("parallel adds of the same new item make one line, summed and capped, never a 500", async () => {
    const ctx = t.ctx(user("usr_c2"));
    const results = await settle(
      Array.from({ length: 12 }, () => addToCart(ctx, { productId: "prd_c0", variantId: variantId(7), quantity: 1 })),
    );
    expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const lines = await t.db.select().from(cartItems).where(eq(cartItems.userId, "usr_c2"));
    expect(lines.map((l) => [l.variantId, l.quantity])).toEqual([[variantId(7), CART_MAX_QUANTITY]]);
  });

  it("a merge and adds in parallel still keep the cap", async () => {
    const ctx = t.ctx(user("usr_c3"));
    const merge = mergeCart(
      ctx,
      Array.from({ length: 40 }, (_, i) => ({ productId: "prd_c0", variantId: variantId(i), quantity: 1 })),
    );
    const adds = Array.from({ length: 20 }, (_, i) => addToCart(ctx, { productId: "prd_c0", variantId: variantId(40 + i), quantity: 1 }));
    const results = await settle([merge, ...adds]);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).status).toBe(422);
    const lines = await t.db.select().from(cartItems).where(eq(cartItems.userId, "usr_c3"));
    expect(lines).toHaveLength(CART_MAX_LINES);
  });
});

describe("a visitor's cart under parallel requests", () => {
  it(`60 parallel adds to one visitor cart give exactly ${CART_MAX_LINES} lines and a clear 4xx for the rest`, async () => {
    const ctx = t.ctx(anonymous());
    const { visitorCartId } = await addToCart(ctx, { productId: "prd_c0", variantId: variantId(0), quantity: 1 });
    const results = await settle(
      Array.from({ length: VARIANTS - 1 }, (_, i) =>
        addToCart(ctx, { productId: "prd_c0", variantId: variantId(i + 1), quantity: 1 }, visitorCartId),
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
    const { visitorCartId } = await addToCart(ctx, { productId: "prd_c0", variantId: variantId(9), quantity: 1 });
    const results = await settle(
      Array.from({ length: 12 }, () => addToCart(ctx, { productId: "prd_c0", variantId: variantId(9), quantity: 1 }, visitorCartId)),
    );
    expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const lines = await t.db.select().from(visitorCartItems).where(eq(visitorCartItems.cartId, visitorCartId!));
    expect(lines.map((l) => [l.variantId, l.quantity])).toEqual([[variantId(9), CART_MAX_QUANTITY]]);
  });
});

describe("wishes under parallel requests", () => {
  it("parallel toggles of one product alternate: the answers and the final state agree", async () => {
    const ctx = t.ctx(user("usr_c4"));
    const results = await Promise.all(Array.from({ length: 11 }, () => toggleWish(ctx, "prd_c1")));
    expect(results.filter((r) => r.wished)).toHaveLength(6);
    expect(results.filter((r) => !r.wished)).toHaveLength(5);
    expect(await listWishIds(ctx)).toEqual(["prd_c1"]);
  });

  it("parallel toggles of different products lose none", async () => {
    const ctx = t.ctx(user("usr_c5"));
    const ids = Array.from({ length: 29 }, (_, i) => `prd_c${i + 1}`);
    const results = await Promise.all(ids.map((id) => toggleWish(ctx, id)));
    expect(results.every((r) => r.wished)).toBe(true);
    const rows = await t.db.select().from(wishes).where(eq(wishes.userId, "usr_c5"));
    expect(rows.map((r) => r.productId).sort()).toEqual([...ids].sort());
  });
});
