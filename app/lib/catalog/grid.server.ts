// Server side of the storefront grids (/shop, categories, store fronts, partner pages): one
// SearchQuery from the URL, answered by the search module so facets, sorting and paging behave
// the same everywhere (/search included). Loader data must be identical between two requests for
// the same URL (visitors are served from the render cache), so nothing per-request goes in it.
import { logger } from "#server/infra/logger/index.ts";
import type { Ctx } from "#server/kernel/index.ts";
import { browseProducts, colorHexes, storeNamesByHandle } from "#server/modules/catalog/index.ts";
import { currencyDigits } from "#server/contracts/money.ts";
import { getSettingsCached } from "#server/modules/platform/index.ts";
import { searchProducts, type SearchQuery, type SearchResult } from "#server/modules/search/index.ts";
import { currentCatalogVersion, VersionedMemo } from "./memo.server.ts";
import { parseSearchQuery } from "#app/lib/catalog/search-params.ts";

export interface GridData {
  query: SearchQuery;
  result: SearchResult;
  currency: string;
  digits: number;
  colorHex: Record<string, string>;
  storeNames: Record<string, string>;
}

export async function storefrontCurrency(ctx: Ctx): Promise<{ currency: string; digits: number }> {
  // Cached for a few seconds (cleared in this process when an admin changes the settings): one
  // query less per storefront page, signed in or not.
  const settings = await getSettingsCached(ctx);
  return { currency: settings.currency, digits: currencyDigits(settings.currency) };
}

/** Grid answers are the same for everyone: kept per query for one catalogue version (and a minute). */
const grids = new VersionedMemo<{ result: SearchResult; colorHex: Record<string, string>; storeNames: Record<string, string> }>(
  500,
  60_000,
);

async function answer(ctx: Ctx, query: SearchQuery) {
  let result: SearchResult;
  try {
    result = await searchProducts(ctx, query);
  } catch (error) {
    // The external search provider is down: the catalogue itself still answers (PostgreSQL).
    logger().warn({ err: error }, "storefront grid: search provider failed, using the catalogue listing");
    result = await browseProducts(ctx, query);
  }
  const [colorHex, storeNames] = await Promise.all([
    colorHexes(ctx),
    storeNamesByHandle(
      ctx,
      result.facets.store.map((s) => s.value),
    ),
  ]);
  return { result, colorHex, storeNames };
}

/** Reads the grid's query from the URL (`fixed` from the path wins) and answers it. */
export async function loadGrid(
  ctx: Ctx,
  request: Request,
  fixed: Partial<SearchQuery> = {},
  defaults: Partial<SearchQuery> = {},
): Promise<GridData> {
  const url = new URL(request.url);
  const { currency, digits } = await storefrontCurrency(ctx);
  const parsed = parseSearchQuery(url.searchParams, fixed, currency);
  // Without a text query "best match" means nothing: browse newest first unless asked otherwise.
  const query: SearchQuery = { ...parsed, ...(!url.searchParams.get("sort") && !parsed.q ? { sort: defaults.sort ?? "newest" } : {}) };
  const version = await currentCatalogVersion(ctx);
  const { result, colorHex, storeNames } = await grids.get(JSON.stringify(query), version, () => answer(ctx, query));
  return { query, result: { ...result, tookMs: 0 }, currency, digits, colorHex, storeNames };
}
