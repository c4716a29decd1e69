// Data of the product page. A published product's page is the same for everyone, so it is
// memoised per product under the catalogue's fingerprint; drafts (members and admins only) are
// never memoised. "Similar products" follow wishes and views, so they are refreshed every minute.
import { storefrontCurrency } from "./grid.server.ts";
import { currentCatalogVersion, VersionedMemo } from "./memo.server.ts";
import type { Ctx } from "#server/kernel/index.ts";
import { getProductCards, getProductPage, moreFromStore, type ProductPage } from "#server/modules/catalog/index.ts";
import type { ProductCard } from "#server/modules/catalog/types.ts";
import { similarProductIds } from "#server/modules/shopping/index.ts";

const pages = new VersionedMemo<ProductPage>(500);
const related = new VersionedMemo<{ similar: ProductCard[]; more: ProductCard[] }>(500, 60_000);

async function loadRelated(ctx: Ctx, page: ProductPage) {
  const [similarIds, more] = await Promise.all([
    similarProductIds(ctx, page.product.id, 8).catch(() => [] as string[]),
    moreFromStore(ctx, page.store.id, page.product.id, 6),
  ]);
  const moreIds = new Set(more.map((m) => m.id));
  const similar = (await getProductCards(ctx, similarIds)).filter((c) => c.id !== page.product.id && !moreIds.has(c.id)).slice(0, 6);
  return { similar, more };
}

/** Throws the catalogue's 404 AppError for unknown or hidden products. */
export async function loadProductPage(ctx: Ctx, id: string) {
  const version = await currentCatalogVersion(ctx);
  const memoKey = `${id}`;
  let page = await pages.get(memoKey, version, () => getProductPage(ctx, id));
  if (page.hiddenFromPublic) {
    // Someone allowed to see the draft loaded it: not for sharing.
    pages.delete(memoKey);
    page = await getProductPage(ctx, id);
  }
  const [{ similar, more }, { currency, digits }] = await Promise.all([
    page.hiddenFromPublic ? loadRelated(ctx, page) : related.get(memoKey, version, () => loadRelated(ctx, page)),
    storefrontCurrency(ctx),
  ]);
  return { page, similar, more, currency, digits };
}
