import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, createCtx, system, type Actor } from "../../kernel/index.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeProduct, makeStore, makeUser, variantIdsOf, type UserActor } from "../../../tests/support/factories.ts";
import { createBlank, createFulfiller, createWarehouse, type BlankRow } from "../fulfillment/index.ts";
import { searchQuerySchema } from "../search/types.ts";
import { acceptInvitation, inviteMember, setStoreFeatured, suspendStore, updateStoreProfile } from "../stores/index.ts";
import { saveProduct, setProductFeatured, takeDownProduct, type ProductInput } from "./index.ts";
import { products } from "./schema.ts";
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
let owner: UserActor;
let worker: Actor;
let viewerOnly: Actor;
let stranger: Actor;
let admin: Actor;

// Everything below is made through the modules' APIs (tests/support/factories.ts): a print shop
// with warehouses in Portland and Leipzig, a classic tee (Black S/M, White S, Red S; front and
// back; a size guide) and a mug; Alpha Studio (featured, a team member for products and one for
// analytics only), Beta and a store that gets suspended; and, published in this order:
//   a1 Alpha  Black S 24.00, Black M 28.00, White S (Red S was offered, then dropped); featured, tag fox
//   a2 Alpha  Black S            a3 Alpha  White S
//   ad Alpha  a draft            at Alpha  taken down by an admin
//   b1 Beta   a mug, 15.00       s1 Gone   published, then its store was suspended
const P = { a1: "", a2: "", a3: "", ad: "", at: "", b1: "", s1: "" };
const S = { alpha: "", beta: "", gone: "" };
let betaOwner: UserActor;
/** The White front mockup of a1, its card's image (White is its primary colour). */
let a1Image = "";

beforeAll(async () => {
  const db = t.db;
  const root = createCtx(db, system("test fixture"));
  admin = await makeUser(db, { roles: ["admin", "shopper"] });
  const printer = await makeUser(db, { roles: ["fulfiller", "shopper"] });
  const shop = await createFulfiller(root, { handle: "shop-a", name: "Shop A", ownerUserId: printer.userId });
  const printerCtx = createCtx(db, printer);
  const pdx = await createWarehouse(printerCtx, {
    fulfillerId: shop.id,
    name: "Portland, OR",
    country: "US",
    region: "OR",
    city: "Portland",
  });
  const lej = await createWarehouse(printerCtx, { fulfillerId: shop.id, name: "Leipzig", country: "DE", city: "Leipzig" });
  const area = (key: "front" | "back", label: string) => ({
    key,
    label,
    widthIn: 12,
    heightIn: 16,
    templateWidth: 1000,
    templateHeight: 1000,
    templateRect: { x: 100, y: 100, w: 400, h: 500 },
  });
  const templates = (color: string) => ({
    front: { key: `templates/sf/front-${color}.png` },
    back: { key: `templates/sf/back-${color}.png` },
  });
  const tee: BlankRow = await createBlank(printerCtx, {
    fulfillerId: shop.id,
    name: "Classic tee",
    category: "t-shirts",
    description: "A classic tee.",
    productionDays: 3,
    sizeGuide: { S: { "Chest (in)": "34-36" } },
    areas: [area("front", "Front"), area("back", "Back")],
    colors: [
      { name: "Black", hex: "#111111", templates: templates("black") },
      { name: "White", hex: "#ffffff", templates: templates("white") },
      { name: "Red", hex: "#cc0000", templates: templates("red") },
    ],
    variants: [
      { color: "Black", size: "S", sku: "TEE-B-S", baseCostMinor: 900, weightGrams: 150 },
      { color: "Black", size: "M", sku: "TEE-B-M", baseCostMinor: 900, weightGrams: 150 },
      { color: "White", size: "S", sku: "TEE-W-S", baseCostMinor: 900, weightGrams: 150 },
      { color: "Red", size: "S", sku: "TEE-R-S", baseCostMinor: 900, weightGrams: 150 },
    ],
    warehouseIds: [pdx.id, lej.id],
  });
  const mug: BlankRow = await createBlank(printerCtx, {
    fulfillerId: shop.id,
    name: "Mug",
    category: "mugs",
    description: "A mug.",
    productionDays: 2,
    areas: [area("front", "Front")],
    colors: [{ name: "White", hex: "#ffffff", templates: { front: { key: "templates/sf/mug-white.png" } } }],
    variants: [{ color: "White", size: "11 oz", sku: "MUG-W-11", baseCostMinor: 500, weightGrams: 300 }],
    warehouseIds: [lej.id],
  });

  const alpha = await makeStore(db, { handle: "alpha", name: "Alpha Studio" });
  const beta = await makeStore(db, { handle: "beta", name: "Beta" });
  const gone = await makeStore(db, { handle: "gone", name: "Suspended" });
  [S.alpha, S.beta, S.gone] = [alpha.store.id, beta.store.id, gone.store.id];
  owner = alpha.owner;
  betaOwner = beta.owner;
  stranger = beta.owner;
  const member = async (permissions: ("products" | "analytics")[]) => {
    const person = await makeUser(db);
    const { token } = await inviteMember(createCtx(db, owner), S.alpha, { email: person.email, permissions });
    await acceptInvitation(createCtx(db, person), token);
    return person;
  };
  worker = await member(["products"]);
  viewerOnly = await member(["analytics"]);

  const teeInput = (title: string, colors: string[], sizes: string[], extra: Partial<ProductInput> = {}): Partial<ProductInput> => ({
    title,
    colors,
    sizes,
    priceMinor: 2400,
    primaryColor: "White",
    placements: { front: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 }, back: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 } },
    ...extra,
  });
  const a1 = await makeProduct(db, {
    store: alpha,
    blank: tee,
    input: teeInput("Tee a1", ["Black", "White", "Red"], ["S", "M"], { tags: ["fox"], variantPrices: { "Black|M": 2800 } }),
  });
  P.a1 = a1.product.id;
  // Its partner stops offering Red.
  await saveProduct(
    createCtx(db, owner),
    S.alpha,
    {
      ...teeInput("Tee a1", ["Black", "White"], ["S", "M"], { tags: ["fox"], variantPrices: { "Black|M": 2800 } }),
      blankId: tee.id,
      artworkId: a1.product.artworkId,
      description: a1.product.description,
      category: "t-shirts",
    },
    { productId: P.a1, printFiles: false },
  );
  P.a2 = (await makeProduct(db, { store: alpha, blank: tee, input: teeInput("Tee a2", ["Black"], ["S"]) })).product.id;
  P.a3 = (await makeProduct(db, { store: alpha, blank: tee, input: teeInput("Tee a3", ["White"], ["S"]) })).product.id;
  P.ad = (await makeProduct(db, { store: alpha, blank: tee, publish: false, input: teeInput("Tee ad", ["White"], ["S"]) })).product.id;
  P.at = (await makeProduct(db, { store: alpha, blank: tee, input: teeInput("Tee at", ["White"], ["S"]) })).product.id;
  await takeDownProduct(createCtx(db, admin), P.at, "A copyright claim from the artist.");
  P.b1 = (
    await makeProduct(db, {
      store: beta,
      blank: mug,
      input: { title: "Mug b1", category: "mugs", colors: ["White"], sizes: ["11 oz"], priceMinor: 1500 },
    })
  ).product.id;
  P.s1 = (await makeProduct(db, { store: gone, blank: tee, input: teeInput("Tee s1", ["White"], ["S"]) })).product.id;
  await suspendStore(createCtx(db, admin), S.gone, "Repeated copyright claims");
  await setProductFeatured(createCtx(db, admin), P.a1, true);
  await setStoreFeatured(createCtx(db, admin), S.alpha, true);
  const page = await getProductPage(createCtx(db, visitor), P.a1);
  a1Image = page.mockups.find((m) => m.color === "White" && m.areaKey === "front")!.hash;
  expect(await variantIdsOf(db, P.a1, ["Black", "White"], ["S"])).toHaveLength(2);
});

describe("getProductCards", () => {
  it("keeps the given order and leaves out drafts, takedowns, suspended stores and unknown ids", async () => {
    const cards = await getProductCards(t.ctx(visitor), [P.b1, P.ad, P.a1, "nope", P.at, P.s1, P.a2, P.b1]);
    expect(cards.map((c) => c.id)).toEqual([P.b1, P.a1, P.a2]);
  });

  it("fills prices per variant, enabled colours and the primary colour's image", async () => {
    const [card] = await getProductCards(t.ctx(visitor), [P.a1]);
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
    expect(card!.image?.hash).toBe(a1Image);
  });

  it("answers an empty list for no ids", async () => {
    expect(await getProductCards(t.ctx(visitor), [])).toEqual([]);
  });
});

describe("getProductPage", () => {
  it("shows a published product to a visitor with variants, gallery and shipping", async () => {
    const page = await getProductPage(t.ctx(visitor), P.a1);
    expect(page.hiddenFromPublic).toBe(false);
    expect(page.variants.map((v) => [v.sku, v.priceMinor])).toEqual([
      ["TEE-B-S", 2400],
      ["TEE-B-M", 2800],
      ["TEE-W-S", 2400],
    ]);
    expect(page.sizes).toEqual(["S", "M"]);
    expect(page.colors.map((c) => c.name)).toEqual(["Black", "White"]);
    // The primary colour (White) first, then the others in the partner's order; each with its areas.
    expect(page.mockups.map((m) => `${m.color}/${m.areaKey}`)).toEqual(["White/front", "White/back", "Black/front", "Black/back"]);
    expect(page.areaLabels).toEqual({ front: "Front", back: "Back" });
    expect(page.blank.sizeGuide).toEqual({ S: { "Chest (in)": "34-36" } });
    expect(page.shipping.map((s) => [s.from, s.country, s.productionDays])).toEqual([
      ["Portland, OR", "US", 3],
      ["Leipzig", "DE", 3],
    ]);
    expect(page.card.image?.hash).toBe(a1Image);
  });

  it("hides drafts and takedowns from visitors and strangers (404)", async () => {
    for (const actor of [visitor, stranger, viewerOnly]) {
      await expect(getProductPage(t.ctx(actor), P.ad)).rejects.toMatchObject({ status: 404 });
      await expect(getProductPage(t.ctx(actor), P.at)).rejects.toMatchObject({ status: 404 });
    }
    await expect(getProductPage(t.ctx(visitor), P.s1)).rejects.toMatchObject({ status: 404 });
  });

  it("shows drafts to the owner, a team member with products permission and admins, flagged", async () => {
    for (const actor of [owner, worker, admin, system("test")]) {
      const page = await getProductPage(t.ctx(actor), P.ad);
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
    expect(await listFeaturedProductIds(t.ctx(visitor), 10)).toEqual([P.a1]);
    expect(await listNewProductIds(t.ctx(visitor), 10)).toEqual([P.b1, P.a3, P.a2, P.a1]);
    expect(await listNewProductIds(t.ctx(visitor), 10, { perStore: 1 })).toEqual([P.b1, P.a3]);
    expect(await listNewProductIds(t.ctx(visitor), 2)).toHaveLength(2);
  });

  it("more from this store excludes the product itself and other stores", async () => {
    const more = await moreFromStore(t.ctx(visitor), S.alpha, P.a1, 10);
    expect(more.map((c) => c.id)).toEqual([P.a3, P.a2]);
  });

  it("counts published products per category with a mockup", async () => {
    const counts = await categoryCounts(t.ctx(visitor));
    expect(counts).toHaveLength(7);
    // Each category shows its newest product's image.
    const a3Image = (await getProductCards(t.ctx(visitor), [P.a3]))[0]!.image!.hash;
    expect(counts.find((c) => c.category === "t-shirts")).toMatchObject({ count: 3, image: { hash: a3Image } });
    const mugImage = (await getProductCards(t.ctx(visitor), [P.b1]))[0]!.image!.hash;
    expect(counts.find((c) => c.category === "mugs")).toMatchObject({ count: 1, image: { hash: mugImage } });
    expect(counts.find((c) => c.category === "posters")).toMatchObject({ count: 0, image: null });
  });

  it("lists active stores with products, featured first", async () => {
    const list = await listFeaturedStores(t.ctx(visitor), 10);
    expect(list.map((s) => [s.handle, s.productCount])).toEqual([
      ["alpha", 3],
      ["beta", 1],
    ]);
    // A store shows its newest products' images.
    const cards = await getProductCards(t.ctx(visitor), [P.a3, P.a2, P.a1]);
    expect(list[0]!.images.map((i) => i.hash)).toEqual(cards.map((c) => c.image!.hash));
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
    expect((await browseProducts(t.ctx(visitor), q({ category: "mugs" }))).hits.map((h) => h.id)).toEqual([P.b1]);
    expect((await browseProducts(t.ctx(visitor), q({ storeHandle: "alpha" }))).total).toBe(3);
    expect((await browseProducts(t.ctx(visitor), q({ colors: ["Black"] }))).hits.map((h) => h.id).sort()).toEqual([P.a1, P.a2]);
    expect((await browseProducts(t.ctx(visitor), q({ sizes: ["M"] }))).hits.map((h) => h.id)).toEqual([P.a1]);
    expect((await browseProducts(t.ctx(visitor), q({ maxPriceMinor: 2000 }))).hits.map((h) => h.id)).toEqual([P.b1]);
    expect((await browseProducts(t.ctx(visitor), q({ q: "fox" }))).hits.map((h) => h.id)).toEqual([P.a1]);
    expect((await browseProducts(t.ctx(visitor), q({ q: "100%_" }))).total).toBe(0);
  });

  it("sorts by price and pages", async () => {
    const asc = await browseProducts(t.ctx(visitor), q({ sort: "price-asc" }));
    expect(asc.hits[0]!.id).toBe(P.b1);
    const paged = await browseProducts(t.ctx(visitor), q({ pageSize: 3, page: 2 }));
    expect(paged).toMatchObject({ total: 4, page: 2, pageCount: 2 });
    expect(paged.hits).toHaveLength(1);
  });
});

describe("sitemapEntries", () => {
  it("lists published products and active stores with lastmod", async () => {
    const entries = await sitemapEntries(t.ctx(visitor));
    expect(entries.products.map((p) => p.id).sort()).toEqual([P.a1, P.a2, P.a3, P.b1]);
    expect(entries.stores.map((s) => s.handle)).toEqual(["alpha", "beta"]);
    // A category's lastmod is its newest product's.
    const b1 = entries.products.find((p) => p.id === P.b1)!;
    expect(entries.categories.find((c) => c.category === "mugs")?.lastmod).toBe(b1.lastmod);
  });
});

describe("catalogVersion", () => {
  it("changes with every committed change to products or stores, and only then", async () => {
    const { catalogVersion } = await import("./storefront.ts");
    const { eq } = await import("drizzle-orm");
    const before = await catalogVersion(t.ctx(visitor));
    expect(await catalogVersion(t.ctx(visitor))).toBe(before);
    await setProductFeatured(t.ctx(admin), P.a2, true);
    const featured = await catalogVersion(t.ctx(visitor));
    expect(featured).not.toBe(before);
    await setProductFeatured(t.ctx(admin), P.a2, false);
    const unfeatured = await catalogVersion(t.ctx(visitor));
    expect(unfeatured).not.toBe(featured);
    await updateStoreProfile(t.ctx(betaOwner), S.beta, { name: "Beta", bio: "Now with a bio.", accentColor: "#112233", links: [] });
    expect(await catalogVersion(t.ctx(visitor))).not.toBe(unfeatured);
    // A rolled-back change leaves the version as it was.
    const settled = await catalogVersion(t.ctx(visitor));
    await t.db
      .transaction(async (tx) => {
        await tx.update(products).set({ title: "Never committed" }).where(eq(products.id, P.a2));
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await catalogVersion(t.ctx(visitor))).toBe(settled);
  });
});
