import { beforeAll, describe, expect, it } from "vitest";
import {
  blankColors,
  blankPrintAreas,
  blanks,
  blankVariants,
  blankWarehouses,
  fulfillers,
  productMockups,
  products,
  productVariants,
  storeMembers,
  stores,
  warehouses,
} from "../../infra/db/schema.ts";
import { anonymous, system, type Actor } from "../../kernel/index.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { searchQuerySchema } from "../search/types.ts";
import {
  browseProducts,
  categoryCounts,
  getProductCards,
  getProductPage,
  listFeaturedProductIds,
  listFeaturedStores,
  listNewProductIds,
  moreFromStore,
  sitemapEntries,
} from "./storefront.ts";

const t = useTestDatabase();
const visitor = anonymous();
const owner: Actor = { kind: "user", userId: "usr_owner", roles: ["partner"] };
const worker: Actor = { kind: "user", userId: "usr_worker", roles: [] };
const viewerOnly: Actor = { kind: "user", userId: "usr_viewer", roles: [] };
const stranger: Actor = { kind: "user", userId: "usr_stranger", roles: ["partner"] };
const admin: Actor = { kind: "user", userId: "usr_admin", roles: ["admin"] };

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

beforeAll(async () => {
  const db = t.db;
  await db.insert(fulfillers).values({ id: "ful_a", handle: "shop-a", name: "Shop A", ownerUserId: "usr_f" });
  await db.insert(warehouses).values([
    { id: "wh_pdx", fulfillerId: "ful_a", name: "Portland, OR", country: "US", region: "OR", city: "Portland", createdAt: day(0) },
    { id: "wh_lej", fulfillerId: "ful_a", name: "Leipzig", country: "DE", city: "Leipzig", createdAt: day(1) },
  ]);
  await db.insert(blanks).values({
    id: "blk_tee",
    fulfillerId: "ful_a",
    name: "Classic tee",
    category: "t-shirts",
    productionDays: 3,
    sizeGuide: { S: { "Chest (in)": "34-36" } },
  });
  await db.insert(blankPrintAreas).values([
    {
      id: "bpa_f",
      blankId: "blk_tee",
      key: "front",
      label: "Front",
      widthIn: 12,
      heightIn: 16,
      templateWidth: 1000,
      templateHeight: 1000,
      templateRect: { x: 1, y: 1, w: 10, h: 10 },
      sortOrder: 0,
    },
    {
      id: "bpa_b",
      blankId: "blk_tee",
      key: "back",
      label: "Back",
      widthIn: 12,
      heightIn: 16,
      templateWidth: 1000,
      templateHeight: 1000,
      templateRect: { x: 1, y: 1, w: 10, h: 10 },
      sortOrder: 1,
    },
  ]);
  await db.insert(blankColors).values([
    { blankId: "blk_tee", name: "Black", hex: "#111111", sortOrder: 0 },
    { blankId: "blk_tee", name: "White", hex: "#ffffff", sortOrder: 1 },
    { blankId: "blk_tee", name: "Red", hex: "#cc0000", sortOrder: 2 },
  ]);
  await db.insert(blankVariants).values([
    { id: "bvr_bs", blankId: "blk_tee", color: "Black", size: "S", sku: "TEE-B-S", baseCostMinor: 900, weightGrams: 150, sortOrder: 0 },
    { id: "bvr_bm", blankId: "blk_tee", color: "Black", size: "M", sku: "TEE-B-M", baseCostMinor: 900, weightGrams: 150, sortOrder: 1 },
    { id: "bvr_ws", blankId: "blk_tee", color: "White", size: "S", sku: "TEE-W-S", baseCostMinor: 900, weightGrams: 150, sortOrder: 2 },
    { id: "bvr_rs", blankId: "blk_tee", color: "Red", size: "S", sku: "TEE-R-S", baseCostMinor: 900, weightGrams: 150, sortOrder: 3 },
  ]);
  await db.insert(blankWarehouses).values([
    { blankId: "blk_tee", warehouseId: "wh_pdx" },
    { blankId: "blk_tee", warehouseId: "wh_lej" },
  ]);
  await db.insert(stores).values([
    { id: "sto_a", handle: "alpha", name: "Alpha Studio", ownerUserId: "usr_owner", featured: true },
    { id: "sto_b", handle: "beta", name: "Beta", ownerUserId: "usr_other" },
    { id: "sto_s", handle: "gone", name: "Suspended", ownerUserId: "usr_other", status: "suspended" },
  ]);
  await db.insert(storeMembers).values([
    { id: "smb_w", storeId: "sto_a", userId: "usr_worker", email: "w@example.test", permissions: ["products"], status: "active" },
    { id: "smb_v", storeId: "sto_a", userId: "usr_viewer", email: "v@example.test", permissions: ["analytics"], status: "active" },
  ]);
  const product = (
    id: string,
    storeId: string,
    status: "draft" | "published" | "taken_down",
    n: number,
    extra: Partial<typeof products.$inferInsert> = {},
  ) => ({
    id,
    storeId,
    blankId: "blk_tee",
    title: `Tee ${id}`,
    slug: id,
    category: "t-shirts" as const,
    priceMinor: 2400,
    status,
    primaryColor: "White",
    publishedAt: status === "published" ? day(n) : null,
    updatedAt: day(n),
    ...extra,
  });
  await db
    .insert(products)
    .values([
      product("prd_a1", "sto_a", "published", 1, { featured: true, tags: ["fox"] }),
      product("prd_a2", "sto_a", "published", 2),
      product("prd_a3", "sto_a", "published", 3),
      product("prd_ad", "sto_a", "draft", 4),
      product("prd_at", "sto_a", "taken_down", 5),
      product("prd_b1", "sto_b", "published", 6, { category: "mugs", priceMinor: 1500 }),
      product("prd_s1", "sto_s", "published", 7),
    ]);
  await db.insert(productVariants).values([
    { id: "var_1", productId: "prd_a1", blankVariantId: "bvr_bs", color: "Black", size: "S" },
    { id: "var_2", productId: "prd_a1", blankVariantId: "bvr_bm", color: "Black", size: "M", priceMinor: 2800 },
    { id: "var_3", productId: "prd_a1", blankVariantId: "bvr_ws", color: "White", size: "S" },
    { id: "var_4", productId: "prd_a1", blankVariantId: "bvr_rs", color: "Red", size: "S", enabled: false },
    { id: "var_5", productId: "prd_a2", blankVariantId: "bvr_bs", color: "Black", size: "S" },
    { id: "var_6", productId: "prd_b1", blankVariantId: "bvr_ws", color: "White", size: "S" },
    { id: "var_7", productId: "prd_ad", blankVariantId: "bvr_ws", color: "White", size: "S" },
  ]);
  await db.insert(productMockups).values([
    { id: "mck_1", productId: "prd_a1", color: "Black", areaKey: "front", hash: "hblackfront", width: 1024, height: 1024, sortOrder: 0 },
    { id: "mck_2", productId: "prd_a1", color: "White", areaKey: "front", hash: "hwhitefront", width: 1024, height: 1024, sortOrder: 1 },
    { id: "mck_3", productId: "prd_a1", color: "White", areaKey: "back", hash: "hwhiteback", width: 1024, height: 1024, sortOrder: 2 },
    { id: "mck_4", productId: "prd_b1", color: "White", areaKey: "front", hash: "hmug", width: 1024, height: 1024, sortOrder: 0 },
  ]);
});

describe("getProductCards", () => {
  it("keeps the given order and leaves out drafts, takedowns, suspended stores and unknown ids", async () => {
    const cards = await getProductCards(t.ctx(visitor), ["prd_b1", "prd_ad", "prd_a1", "nope", "prd_at", "prd_s1", "prd_a2", "prd_b1"]);
    expect(cards.map((c) => c.id)).toEqual(["prd_b1", "prd_a1", "prd_a2"]);
  });

  it("fills prices per variant, enabled colours and the primary colour's image", async () => {
    const [card] = await getProductCards(t.ctx(visitor), ["prd_a1"]);
    expect(card).toMatchObject({
      priceMinor: 2400,
      priceMaxMinor: 2800,
      storeHandle: "alpha",
      storeName: "Alpha Studio",
      status: "published",
    });
    expect(card!.colors).toEqual([
      { name: "Black", hex: "#111111" },
      { name: "White", hex: "#ffffff" },
    ]);
    expect(card!.image?.hash).toBe("hwhitefront");
  });

  it("answers an empty list for no ids", async () => {
    expect(await getProductCards(t.ctx(visitor), [])).toEqual([]);
  });
});

describe("getProductPage", () => {
  it("shows a published product to a visitor with variants, gallery and shipping", async () => {
    const page = await getProductPage(t.ctx(visitor), "prd_a1");
    expect(page.hiddenFromPublic).toBe(false);
    expect(page.variants.map((v) => [v.sku, v.priceMinor])).toEqual([
      ["TEE-B-S", 2400],
      ["TEE-B-M", 2800],
      ["TEE-W-S", 2400],
    ]);
    expect(page.sizes).toEqual(["S", "M"]);
    expect(page.colors.map((c) => c.name)).toEqual(["Black", "White"]);
    expect(page.mockups.map((m) => `${m.color}/${m.areaKey}`)).toEqual(["Black/front", "White/front", "White/back"]);
    expect(page.areaLabels).toEqual({ front: "Front", back: "Back" });
    expect(page.blank.sizeGuide).toEqual({ S: { "Chest (in)": "34-36" } });
    expect(page.shipping.map((s) => [s.from, s.country, s.productionDays])).toEqual([
      ["Portland, OR", "US", 3],
      ["Leipzig", "DE", 3],
    ]);
    expect(page.card.image?.hash).toBe("hwhitefront");
  });

  it("hides drafts and takedowns from visitors and strangers (404)", async () => {
    for (const actor of [visitor, stranger, viewerOnly]) {
      await expect(getProductPage(t.ctx(actor), "prd_ad")).rejects.toMatchObject({ status: 404 });
      await expect(getProductPage(t.ctx(actor), "prd_at")).rejects.toMatchObject({ status: 404 });
    }
    await expect(getProductPage(t.ctx(visitor), "prd_s1")).rejects.toMatchObject({ status: 404 });
  });

  it("shows drafts to the owner, a team member with products permission and admins, flagged", async () => {
    for (const actor of [owner, worker, admin, system("test")]) {
      const page = await getProductPage(t.ctx(actor), "prd_ad");
      expect(page.hiddenFromPublic).toBe(true);
      expect(page.product.status).toBe("draft");
    }
  });

  it("answers 404 for unknown and malformed ids", async () => {
    await expect(getProductPage(t.ctx(visitor), "prd_missing")).rejects.toMatchObject({ status: 404 });
    await expect(getProductPage(t.ctx(visitor), "../etc/passwd")).rejects.toMatchObject({ status: 404 });
    await expect(getProductPage(t.ctx(visitor), "")).rejects.toMatchObject({ status: 404 });
  });
});

describe("home rows", () => {
  it("lists featured and new products, published only, newest first", async () => {
    expect(await listFeaturedProductIds(t.ctx(visitor), 10)).toEqual(["prd_a1"]);
    expect(await listNewProductIds(t.ctx(visitor), 10)).toEqual(["prd_b1", "prd_a3", "prd_a2", "prd_a1"]);
    expect(await listNewProductIds(t.ctx(visitor), 10, { perStore: 1 })).toEqual(["prd_b1", "prd_a3"]);
    expect(await listNewProductIds(t.ctx(visitor), 2)).toHaveLength(2);
  });

  it("more from this store excludes the product itself and other stores", async () => {
    const more = await moreFromStore(t.ctx(visitor), "sto_a", "prd_a1", 10);
    expect(more.map((c) => c.id)).toEqual(["prd_a3", "prd_a2"]);
  });

  it("counts published products per category with a mockup", async () => {
    const counts = await categoryCounts(t.ctx(visitor));
    expect(counts).toHaveLength(7);
    expect(counts.find((c) => c.category === "t-shirts")).toMatchObject({ count: 3, image: { hash: "hwhitefront" } });
    expect(counts.find((c) => c.category === "mugs")).toMatchObject({ count: 1, image: { hash: "hmug" } });
    expect(counts.find((c) => c.category === "posters")).toMatchObject({ count: 0, image: null });
  });

  it("lists active stores with products, featured first", async () => {
    const list = await listFeaturedStores(t.ctx(visitor), 10);
    expect(list.map((s) => [s.handle, s.productCount])).toEqual([
      ["alpha", 3],
      ["beta", 1],
    ]);
    expect(list[0]!.images.map((i) => i.hash)).toEqual(["hwhitefront"]);
  });
});

describe("browseProducts", () => {
  const q = (input: Record<string, unknown>) => searchQuerySchema.parse({ colors: [], sizes: [], ...input });

  it("filters by category, store, colour, size and price, with facets", async () => {
    const all = await browseProducts(t.ctx(visitor), q({}));
    expect(all.total).toBe(4);
    expect(all.facets.category).toEqual([
      { value: "t-shirts", count: 3 },
      { value: "mugs", count: 1 },
    ]);
    expect((await browseProducts(t.ctx(visitor), q({ category: "mugs" }))).hits.map((h) => h.id)).toEqual(["prd_b1"]);
    expect((await browseProducts(t.ctx(visitor), q({ storeHandle: "alpha" }))).total).toBe(3);
    expect((await browseProducts(t.ctx(visitor), q({ colors: ["Black"] }))).hits.map((h) => h.id).sort()).toEqual(["prd_a1", "prd_a2"]);
    expect((await browseProducts(t.ctx(visitor), q({ sizes: ["M"] }))).hits.map((h) => h.id)).toEqual(["prd_a1"]);
    expect((await browseProducts(t.ctx(visitor), q({ maxPriceMinor: 2000 }))).hits.map((h) => h.id)).toEqual(["prd_b1"]);
    expect((await browseProducts(t.ctx(visitor), q({ q: "fox" }))).hits.map((h) => h.id)).toEqual(["prd_a1"]);
    expect((await browseProducts(t.ctx(visitor), q({ q: "100%_" }))).total).toBe(0);
  });

  it("sorts by price and pages", async () => {
    const asc = await browseProducts(t.ctx(visitor), q({ sort: "price-asc" }));
    expect(asc.hits[0]!.id).toBe("prd_b1");
    const paged = await browseProducts(t.ctx(visitor), q({ pageSize: 3, page: 2 }));
    expect(paged).toMatchObject({ total: 4, page: 2, pageCount: 2 });
    expect(paged.hits).toHaveLength(1);
  });
});

describe("sitemapEntries", () => {
  it("lists published products and active stores with lastmod", async () => {
    const entries = await sitemapEntries(t.ctx(visitor));
    expect(entries.products.map((p) => p.id).sort()).toEqual(["prd_a1", "prd_a2", "prd_a3", "prd_b1"]);
    expect(entries.stores.map((s) => s.handle)).toEqual(["alpha", "beta"]);
    expect(entries.categories.find((c) => c.category === "mugs")?.lastmod).toBe(day(6).toISOString());
  });
});

describe("catalogVersion", () => {
  it("changes with every committed change to products or stores, and only then", async () => {
    const { catalogVersion } = await import("./storefront.ts");
    const { eq } = await import("drizzle-orm");
    const before = await catalogVersion(t.ctx(visitor));
    expect(await catalogVersion(t.ctx(visitor))).toBe(before);
    await t.db.update(products).set({ featured: true }).where(eq(products.id, "prd_a2"));
    const featured = await catalogVersion(t.ctx(visitor));
    expect(featured).not.toBe(before);
    await t.db.update(products).set({ featured: false }).where(eq(products.id, "prd_a2"));
    const unfeatured = await catalogVersion(t.ctx(visitor));
    expect(unfeatured).not.toBe(featured);
    await t.db.update(stores).set({ updatedAt: new Date() }).where(eq(stores.id, "sto_b"));
    expect(await catalogVersion(t.ctx(visitor))).not.toBe(unfeatured);
    // A rolled-back change leaves the version as it was.
    const settled = await catalogVersion(t.ctx(visitor));
    await t.db
      .transaction(async (tx) => {
        await tx.update(products).set({ title: "Never committed" }).where(eq(products.id, "prd_a2"));
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await catalogVersion(t.ctx(visitor))).toBe(settled);
  });
});
