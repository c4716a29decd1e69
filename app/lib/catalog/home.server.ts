// Data of the home page. Visitors all see the same rows, so they are memoised under the
// catalogue's fingerprint (one cheap query per request): a change to a product or store shows at
// once; trending, which follows views and wishes, is refreshed at most every minute.
import type { Ctx } from "#server/kernel/index.ts";
import {
  categoryCounts,
  getProductCards,
  listFeaturedProductIds,
  listFeaturedStores,
  listNewProductIds,
  type CategoryCount,
  type FeaturedStore,
} from "#server/modules/catalog/index.ts";
import type { ProductCard } from "#server/modules/catalog/types.ts";
import { forYouProductIds, trendingProductIds } from "#server/modules/shopping/index.ts";
import { storefrontCurrency } from "./grid.server.ts";
import { currentCatalogVersion } from "./memo.server.ts";

export const HOME_ROW = 8;
const TRENDING_TTL_MS = 60_000;

interface CatalogueRows {
  featured: ProductCard[];
  newArrivals: ProductCard[];
  categories: CategoryCount[];
  stores: FeaturedStore[];
  currency: string;
}

const rowsMemo = new WeakMap<object, { version: string; rows: Promise<CatalogueRows> }>();
const trendingMemo = new WeakMap<object, { version: string; at: number; cards: Promise<ProductCard[]> }>();

async function catalogueRows(ctx: Ctx): Promise<CatalogueRows> {
  const [featuredIds, newIds, categories, stores, money] = await Promise.all([
    listFeaturedProductIds(ctx, HOME_ROW),
    listNewProductIds(ctx, 12, { perStore: 2 }),
    categoryCounts(ctx),
    listFeaturedStores(ctx, 6),
    storefrontCurrency(ctx),
  ]);
  const cards = await getProductCards(ctx, [...new Set([...featuredIds, ...newIds])]);
  const byId = new Map(cards.map((c) => [c.id, c]));
  const pick = (ids: string[]) => ids.map((id) => byId.get(id)).filter((c): c is ProductCard => !!c);
  return { featured: pick(featuredIds).slice(0, HOME_ROW), newArrivals: pick(newIds), categories, stores, currency: money.currency };
}

function memoised<T>(
  map: WeakMap<object, { version: string; rows: Promise<T> }>,
  key: object,
  version: string,
  load: () => Promise<T>,
): Promise<T> {
  const hit = map.get(key);
  if (hit && hit.version === version) return hit.rows;
  const rows = load();
  map.set(key, { version, rows });
  rows.catch(() => map.delete(key));
  return rows;
}

export async function loadHome(ctx: Ctx) {
  const version = await currentCatalogVersion(ctx);
  const rows = await memoised(rowsMemo, ctx.db, version, () => catalogueRows(ctx));

  const t = trendingMemo.get(ctx.db);
  let trending: Promise<ProductCard[]>;
  if (t && t.version === version && Date.now() - t.at < TRENDING_TTL_MS) trending = t.cards;
  else {
    trending = trendingProductIds(ctx, HOME_ROW)
      .catch(() => [] as string[])
      .then((ids) => getProductCards(ctx, ids));
    trendingMemo.set(ctx.db, { version, at: Date.now(), cards: trending });
    trending.catch(() => trendingMemo.delete(ctx.db));
  }
  const forYouIds = ctx.actor.kind === "user" ? await forYouProductIds(ctx, HOME_ROW).catch(() => [] as string[]) : [];
  const forYou = forYouIds.length ? await getProductCards(ctx, forYouIds) : [];
  return { ...rows, trending: (await trending).slice(0, HOME_ROW), forYou: forYou.slice(0, HOME_ROW) };
}
