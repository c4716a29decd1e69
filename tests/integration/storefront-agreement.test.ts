// Every storefront surface agrees on what a visitor may see. After a store suspension, a store
// rename, a product takedown and an unpublish (and after a reinstatement and a restore), search,
// instant search, the grids (/shop, a category, the store front), the home sections, the sitemap
// and the recommendations show the same thing. The surfaces are asked as the pages ask them (with
// their memos); each change is looked at once before the outbox ran (what a visitor may see in the
// second after it) and once after the outbox was driven to completion (`drain`), never by sleeping.
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGrid } from "#app/lib/catalog/grid.server.ts";
import { loadHome } from "#app/lib/catalog/home.server.ts";
import { currentCatalogVersion } from "#app/lib/catalog/memo.server.ts";
import { loadProductPage } from "#app/lib/catalog/product-page.server.ts";
import { users } from "#server/schema.ts";
import { LocalStorage, setStorage } from "#server/infra/storage/index.ts";
import { drain } from "#server/jobs/index.ts";
import { registerJobHandlers } from "#server/job-handlers.ts";
import { anonymous, type Actor, type Ctx } from "#server/kernel/index.ts";
import {
  browseProducts,
  catalogVersion,
  categoryCounts,
  getProductCards,
  restoreProduct,
  sitemapEntries,
  takeDownProduct,
  unpublishProduct,
  publishProduct,
  type ProductCard,
} from "#server/modules/catalog/index.ts";
import { instantSearch } from "#app/lib/instant-search.server.ts";
import { searchProducts } from "#server/modules/search/index.ts";
import { forYouProductIds, recommendationCards, similarProductIds, trendingProductIds } from "#server/modules/shopping/index.ts";
import { getStoreByHandle, reinstateStore, suspendStore, updateStoreProfile } from "#server/modules/stores/index.ts";
import { seedDemoBlanks, seedDemoProducts } from "#server/seed/catalog.ts";
import { seedDemoAccounts } from "#server/seed/demo-accounts.ts";
import { seedDemoShopping } from "#server/seed/shopping.ts";
import { seedDemoStores } from "#server/seed/stores.ts";
import { useTestDatabase } from "../support/db.ts";

const t = useTestDatabase();
const visitor = (): Ctx => t.ctx(anonymous());
let admin: Ctx;
let shopper: Ctx;
let references: string[] = [];

async function userCtx(email: string, roles: Extract<Actor, { kind: "user" }>["roles"]): Promise<Ctx> {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, email)).limit(1);
  return t.ctx({ kind: "user", userId: u!.id, roles });
}

beforeAll(async () => {
  // The demo's mockups live under content-hash keys in a directory shared with the catalogue tests.
  setStorage(new LocalStorage(path.resolve("tmp/test-seed-files")));
  await seedDemoAccounts(t.db);
  await seedDemoBlanks(t.db);
  await seedDemoStores(t.db);
  await seedDemoProducts(t.db);
  await seedDemoShopping(t.db);
  registerJobHandlers();
  await drain(t.db);
  admin = await userCtx("admin@demo.platen.test", ["admin"]);
  shopper = await userCtx("shopper@demo.platen.test", ["shopper"]);
  // The products whose "similar" rows and product pages are looked at: some of every store.
  const listed = (await searchProducts(visitor(), { pageSize: 100, sort: "newest" })).hits;
  references = [...new Set(listed.map((h) => h.storeId))].flatMap((storeId) =>
    listed
      .filter((h) => h.storeId === storeId)
      .slice(0, 1)
      .map((h) => h.id),
  );
}, 300_000);

afterAll(() => setStorage(undefined));

const grid = (ctx: Ctx, fixed: Record<string, string> = {}, params = "") =>
  loadGrid(ctx, new Request(`http://localhost/shop?x=1${params}`), fixed);

/** Every card or product id each storefront surface shows a visitor (and the demo shopper's picks). */
async function surfaces() {
  const ctx = visitor();
  const all = async (load: (page: number) => Promise<{ result: { hits: ProductCard[]; pageCount: number } }>) => {
    const first = await load(1);
    const rest = await Promise.all(Array.from({ length: first.result.pageCount - 1 }, (_, i) => load(i + 2)));
    return [first, ...rest].flatMap((g) => g.result.hits);
  };
  const home = await loadHome(ctx);
  const homeForShopper = await loadHome(shopper);
  const trending = await recommendationCards(ctx, await trendingProductIds(ctx, 48));
  const forYou = await recommendationCards(shopper, await forYouProductIds(shopper, 48));
  const search = await searchProducts(ctx, { pageSize: 96 });
  const searchPages = [
    search,
    ...(await Promise.all(Array.from({ length: search.pageCount - 1 }, (_, i) => searchProducts(ctx, { pageSize: 96, page: i + 2 })))),
  ];
  return {
    search: searchPages.flatMap((r) => r.hits),
    shop: await all((page) => grid(ctx, {}, `&page=${page}`)),
    "home featured": home.featured,
    "home new": home.newArrivals,
    "home trending": home.trending,
    "home for you": homeForShopper.forYou,
    trending,
    "for you": forYou,
    similar: (await Promise.all(references.map(async (id) => recommendationCards(ctx, await similarProductIds(ctx, id, 8))))).flat(),
    "product page": (await Promise.all(references.map((id) => loadProductPage(ctx, id).catch(() => null)))).flatMap((p) =>
      p ? [...p.similar, ...p.more] : [],
    ),
  };
}

/**
 * Drive the outbox to completion, then wait until visitors' pages read the catalogue version the
 * changes left (a visitor's version is re-read at most four times a second: memo.server.ts).
 */
async function settle(): Promise<void> {
  await drain(t.db);
  const latest = await catalogVersion(visitor());
  await expect.poll(() => currentCatalogVersion(visitor()), { interval: 50, timeout: 5_000 }).toBe(latest);
}

/** Which surfaces show `productId`. */
function showing(all: Record<string, ProductCard[]>, productId: string): string[] {
  return Object.entries(all)
    .filter(([, cards]) => cards.some((c) => c.id === productId))
    .map(([name]) => name);
}

/** The counts every listing must agree on: search, the catalogue listing, the categories, the sitemap. */
async function totals() {
  const ctx = visitor();
  const [search, browse, categories, sitemap, shop] = await Promise.all([
    searchProducts(ctx, {}),
    browseProducts(ctx, { q: "", colors: [], sizes: [], sort: "newest", page: 1, pageSize: 24 }),
    categoryCounts(ctx),
    sitemapEntries(ctx),
    grid(ctx),
  ]);
  const home = await loadHome(ctx);
  return {
    search: search.total,
    shop: shop.result.total,
    browse: browse.total,
    categories: categories.reduce((n, c) => n + c.count, 0),
    "home categories": home.categories.reduce((n, c) => n + c.count, 0),
    sitemap: sitemap.products.length,
  };
}

async function expectTotalsAgree(expected?: number) {
  const counts = await totals();
  const n = expected ?? counts.search;
  expect(counts).toEqual({ search: n, shop: n, browse: n, categories: n, "home categories": n, sitemap: n });
  return n;
}

/** The store's products as a visitor finds them on every surface that lists a store's products. */
async function storeSurfaces(handle: string, name: string) {
  const ctx = visitor();
  const [front, byName, instant, sitemap, home, names] = await Promise.all([
    grid(ctx, { storeHandle: handle }),
    searchProducts(ctx, { q: name, pageSize: 96 }),
    instantSearch(ctx, name, 10),
    sitemapEntries(ctx),
    loadHome(ctx),
    grid(ctx).then((g) => g.storeNames),
  ]);
  return {
    front: front.result.total,
    searchByName: byName.hits.filter((h) => h.storeHandle === handle).length,
    storeSuggested: instant.some((s) => s.kind === "store" && s.href.includes(`@${handle}`)),
    inSitemap: sitemap.stores.some((s) => s.handle === handle),
    featuredStore: home.stores.find((s) => s.handle === handle)?.name ?? null,
    facetName: names[handle] ?? null,
  };
}

describe("every storefront surface agrees", () => {
  it("after a store suspension and its reinstatement", async () => {
    const total = await expectTotalsAgree();
    expect(total).toBeGreaterThan(10);
    // The store of the most trending product: it shows on the most surfaces.
    const [top] = await getProductCards(visitor(), await trendingProductIds(visitor(), 1));
    const store = (await getStoreByHandle(visitor(), top!.storeHandle))!;
    const before = await surfaces();
    const ownProducts = before.search.filter((c) => c.storeId === store.id).map((c) => c.id);
    expect(ownProducts.length).toBeGreaterThan(0);
    const shownBefore = Object.fromEntries(ownProducts.map((id) => [id, showing(before, id)]));
    expect(shownBefore[top!.id]).toEqual(expect.arrayContaining(["search", "shop", "trending"]));
    const storeBefore = await storeSurfaces(store.handle, store.name);
    expect(storeBefore).toMatchObject({ front: ownProducts.length, storeSuggested: true, inSitemap: true, facetName: store.name });

    await suspendStore(admin, store.id, "Copyright claims under review");
    // The second before the outbox runs: the listings may lag, but the memos must not keep it.
    await surfaces();
    await settle();

    const after = await surfaces();
    for (const id of ownProducts) expect({ id, surfaces: showing(after, id) }).toEqual({ id, surfaces: [] });
    await expectTotalsAgree(total - ownProducts.length);
    expect(await storeSurfaces(store.handle, store.name)).toEqual({
      front: 0,
      searchByName: 0,
      storeSuggested: false,
      inSitemap: false,
      featuredStore: null,
      facetName: null,
    });

    await reinstateStore(admin, store.id);
    await surfaces();
    await settle();
    const back = await surfaces();
    for (const id of ownProducts) expect({ id, surfaces: showing(back, id) }).toEqual({ id, surfaces: shownBefore[id] });
    await expectTotalsAgree(total);
    expect(await storeSurfaces(store.handle, store.name)).toEqual(storeBefore);
  }, 180_000);

  it("after a store rename", async () => {
    const total = await expectTotalsAgree();
    const [top] = await getProductCards(visitor(), await trendingProductIds(visitor(), 1));
    const store = (await getStoreByHandle(visitor(), top!.storeHandle))!;
    const owner = t.ctx({ kind: "user", userId: store.ownerUserId, roles: ["partner"] });
    const newName = "Zorblax Vantor";
    const profile = { bio: store.bio, accentColor: store.accentColor, links: store.links };

    await updateStoreProfile(owner, store.id, { ...profile, name: newName });
    await surfaces();
    await settle();

    const after = await surfaces();
    const cards = Object.entries(after).flatMap(([surface, list]) =>
      list.filter((c) => c.storeId === store.id).map((c) => ({ surface, name: c.storeName })),
    );
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.filter((c) => c.name !== newName)).toEqual([]);
    const page = await loadProductPage(visitor(), top!.id);
    expect(page.page.store.name).toBe(newName);
    expect(page.page.card.storeName).toBe(newName);
    const renamed = await storeSurfaces(store.handle, newName);
    expect(renamed).toMatchObject({ storeSuggested: true, inSitemap: true, facetName: newName });
    expect(renamed.searchByName).toBe(renamed.front);
    expect(renamed.front).toBeGreaterThan(0);
    // The old name finds the store no more.
    expect((await searchProducts(visitor(), { q: store.name, pageSize: 96 })).hits.filter((h) => h.storeHandle === store.handle)).toEqual(
      [],
    );
    const suggestions = await instantSearch(visitor(), newName, 10);
    expect(suggestions.find((s) => s.kind === "store" && s.href.includes(`@${store.handle}`))?.label).toContain(newName);
    await expectTotalsAgree(total);

    await updateStoreProfile(owner, store.id, { ...profile, name: store.name });
    await settle();
  }, 180_000);

  it("after a product takedown and a restore, and after an unpublish and a publish", async () => {
    const total = await expectTotalsAgree();
    const before = await surfaces();
    const ranked = before.search
      .map((c) => ({ id: c.id, storeId: c.storeId, on: showing(before, c.id) }))
      .sort((a, b) => b.on.length - a.on.length);
    const takenDown = ranked[0]!;
    const unpublished = ranked.find((r) => r.id !== takenDown.id)!;

    await takeDownProduct(admin, takenDown.id, "Reported as a copy of another artist's work");
    const store = (await getStoreByHandle(visitor(), before.search.find((c) => c.id === unpublished.id)!.storeHandle))!;
    const owner = t.ctx({ kind: "user", userId: store.ownerUserId, roles: ["partner"] });
    await unpublishProduct(owner, unpublished.id);
    await settle();

    const after = await surfaces();
    expect(showing(after, takenDown.id)).toEqual([]);
    expect(showing(after, unpublished.id)).toEqual([]);
    await expectTotalsAgree(total - 2);
    const sitemap = await sitemapEntries(visitor());
    expect(sitemap.products.map((p) => p.id)).not.toContain(takenDown.id);
    expect(sitemap.products.map((p) => p.id)).not.toContain(unpublished.id);
    for (const gone of [takenDown.id, unpublished.id]) {
      const title = before.search.find((c) => c.id === gone)!.title;
      expect((await instantSearch(visitor(), title, 10)).filter((s) => s.kind === "product" && s.href.endsWith(gone))).toEqual([]);
    }

    await restoreProduct(admin, takenDown.id);
    await publishProduct(t.ctx({ kind: "system", reason: "test" }), takenDown.id);
    await publishProduct(owner, unpublished.id);
    await settle();
    await expectTotalsAgree(total);
    const back = await surfaces();
    expect(showing(back, takenDown.id)).toEqual(expect.arrayContaining(["search", "shop"]));
    expect(showing(back, unpublished.id)).toEqual(expect.arrayContaining(["search", "shop"]));
  }, 180_000);
});
