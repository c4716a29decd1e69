import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  blanks,
  blankVariants,
  cartItems,
  fulfillers,
  productRequestAnswers,
  productRequests,
  products,
  productVariants,
  productViews,
  stores,
  users,
  wishes,
} from "../infra/db/schema.ts";
import { anonymous, type Actor } from "../kernel/index.ts";
import type { Role } from "../modules/identity/index.ts";
import { forYouProductIds, mostWishedProducts, trendingProductIds } from "../modules/shopping/index.ts";
import { useTestDatabase } from "../../tests/support/db.ts";
import { seedDemoShopping } from "./shopping.ts";

const t = useTestDatabase();
const EMAILS = ["shopper", "admin", "partner", "fulfiller", "mara", "kenji", "lumen", "fernwood"].map((n) => `${n}@demo.platen.test`);
const CATS = ["t-shirts", "hoodies", "mugs", "posters", "stickers", "tote-bags", "phone-cases"] as const;

beforeAll(async () => {
  await t.db.insert(users).values(
    EMAILS.map((email, i) => ({
      id: `usr_demo${i}`,
      email,
      emailNormalized: email,
      roles: i === 1 ? (["admin"] as Role[]) : ([] as Role[]),
    })),
  );
  await t.db.insert(fulfillers).values({ id: "ful_a", handle: "ful", name: "Ful", ownerUserId: "usr_demo3" });
  await t.db.insert(stores).values([
    { id: "sto_ink", handle: "inkwell", name: "Inkwell Studio", ownerUserId: "usr_demo2" },
    { id: "sto_pws", handle: "print-works-studio", name: "Print Works Studio", ownerUserId: "usr_demo3" },
  ]);
  for (const [i, c] of CATS.entries()) {
    await t.db.insert(blanks).values({ id: `blk_${i}`, fulfillerId: "ful_a", name: c, category: c });
    await t.db
      .insert(blankVariants)
      .values({ id: `bvr_${i}`, blankId: `blk_${i}`, color: "Black", size: "M", sku: `SKU-${i}`, baseCostMinor: 500, weightGrams: 100 });
  }
  const rows = Array.from({ length: 21 }, (_, n) => ({
    id: `prd_${String(n).padStart(2, "0")}`,
    storeId: n % 2 ? "sto_ink" : "sto_pws",
    blankId: `blk_${n % 7}`,
    title: `Demo ${CATS[n % 7]} ${n}`,
    slug: `demo-${n}`,
    category: CATS[n % 7]!,
    priceMinor: 2000,
    status: "published" as const,
    publishedAt: new Date(Date.UTC(2026, 0, 1 + n)),
  }));
  await t.db.insert(products).values(rows);
  await t.db
    .insert(productVariants)
    .values(rows.map((r, n) => ({ id: `var_${n}`, productId: r.id, blankVariantId: `bvr_${n % 7}`, color: "Black", size: "M" })));
});

describe("seedDemoShopping", () => {
  it("adds wishes, views, a cart line and requests once; a second run adds nothing", async () => {
    const first = await seedDemoShopping(t.db);
    expect(first).toBeGreaterThan(50);
    expect(await seedDemoShopping(t.db)).toBe(0);
    const shopper = "usr_demo0";
    expect((await t.db.select().from(wishes).where(eq(wishes.userId, shopper))).length).toBe(3);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, shopper))).toHaveLength(1);
    const requests = await t.db.select().from(productRequests);
    expect(requests.map((r) => r.status).sort()).toEqual(["answered", "open", "open"]);
    const [answer] = await t.db.select().from(productRequestAnswers);
    expect(answer?.storeId).toBe("sto_ink");
    expect((await t.db.select().from(productViews)).length).toBeGreaterThan(50);
  });

  it("makes trending, for-you and most-wished non-empty", async () => {
    const shopper: Actor = { kind: "user", userId: "usr_demo0", roles: ["shopper"] };
    const admin: Actor = { kind: "user", userId: "usr_demo1", roles: ["admin"] };
    expect((await trendingProductIds(t.ctx(anonymous()), 12)).length).toBe(12);
    expect((await forYouProductIds(t.ctx(shopper), 8)).length).toBe(8);
    const top = await mostWishedProducts(t.ctx(admin), 5);
    expect(top[0]!.wishes).toBeGreaterThanOrEqual(3);
  });
});
