import SearchIcon from "@mui/icons-material/Search";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Typography from "#app/components/ui/Typography.tsx";
import { Form } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/index";
import { ChipLink } from "#app/components/ChipLink.tsx";
import { CatalogGrid } from "#app/components/catalog/CatalogGrid.tsx";
import { OutlinedField } from "#app/components/OutlinedField.tsx";
import { storefrontCurrency } from "#app/lib/catalog/grid.server.ts";
import { parseSearchQuery } from "#app/lib/catalog/search-params.ts";
import { getCtx } from "#app/lib/session.server.ts";
import { logger } from "#server/infra/logger/index.ts";
import { browseProducts, colorHexes, storeNamesByHandle } from "#server/modules/catalog/index.ts";
import { CATEGORIES, CATEGORY_LABELS } from "#server/modules/catalog/types.ts";
import { searchErrorMessage, searchProducts, type SearchQuery, type SearchResult } from "#server/modules/search/index.ts";
import { searchStores } from "#server/modules/stores/index.ts";
import { StoreResults } from "#app/components/search/StoreResults.tsx";
import { currentCatalogVersion, VersionedMemo } from "#app/lib/catalog/memo.server.ts";

const searches = new VersionedMemo<SearchResult>(500, 60_000);

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  const url = new URL(request.url);
  const { currency, digits } = await storefrontCurrency(ctx);
  const parsed = parseSearchQuery(url.searchParams, {}, currency);
  // With a query the best matches come first; without one /search browses newest first, like the shop.
  const query: SearchQuery = { ...parsed, ...(!url.searchParams.get("sort") && !parsed.q ? { sort: "newest" as const } : {}) };
  let result: SearchResult;
  let searchError: string | null = null;
  try {
    // The same query answers the same until the catalogue changes (a minute at most): failures are not kept.
    const version = await currentCatalogVersion(ctx);
    result = await searches.get(JSON.stringify(query), version, () => searchProducts(ctx, query));
  } catch (error) {
    // The search provider (Algolia) failed: say so with the spec's words, and still show the catalogue.
    logger().warn({ err: error }, "search provider failed; showing the catalogue listing");
    searchError = searchErrorMessage(error);
    result = await browseProducts(ctx, { ...query, q: "", sort: "newest" });
  }
  const [colorHex, storeNames, stores] = await Promise.all([
    colorHexes(ctx),
    storeNamesByHandle(
      ctx,
      result.facets.store.map((s) => s.value),
    ),
    // Stores whose name matches, above the products (first page of a text search only).
    query.q && query.page === 1 && !query.storeHandle ? searchStores(ctx, query.q, 4) : Promise.resolve([]),
  ]);
  // Timings differ per request: keep them out of the loader data (render cache key).
  return { query, result: { ...result, tookMs: 0 }, currency, digits, colorHex, storeNames, stores, searchError };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.query.q ? `“${data.query.q.slice(0, 60)}” · Search · Platen` : "Search · Platen" },
  { name: "description", content: "Search t-shirts, hoodies, mugs, posters, stickers, tote bags and phone cases by independent artists." },
  // Result pages are endless permutations: keep them out of search engines, follow the product links.
  { name: "robots", content: "noindex, follow" },
];

const TIPS = [
  "Check the spelling, or try a more general word such as “cat” or “mountain”.",
  "Remove a filter to see more products.",
  "Search a store by its name, e.g. “Inkwell”.",
];

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, result, searchError, stores } = loaderData;
  const heading = searchError
    ? "Newest products"
    : query.q
      ? result.correctedQuery
        ? `Results for “${result.correctedQuery}”`
        : `Results for “${query.q}”`
      : "All products";
  const hasFilters = Boolean(
    query.category ||
    query.colors.length ||
    query.sizes.length ||
    query.storeHandle ||
    query.minPriceMinor !== undefined ||
    query.maxPriceMinor !== undefined,
  );
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: "2rem", md: "2.5rem" }, mb: 2 }}>
        Search
      </Typography>
      <Form method="get" action="/search" role="search" aria-label="Products">
        <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", maxWidth: 720, mb: 3 }}>
          <OutlinedField
            fullWidth
            type="search"
            name="q"
            label="Search products and stores"
            defaultValue={query.q}
            // A new search starts on page 1 and keeps the category, as most shoppers expect.
            maxLength={200}
            enterKeyHint="search"
            autoComplete="off"
            data-testid="search-page-input"
            startAdornment={<SearchIcon aria-hidden="true" />}
          />
          {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
          <Button type="submit" variant="contained" size="large" sx={{ minHeight: 56, flexShrink: 0 }}>
            Search
          </Button>
        </Box>
      </Form>

      {searchError ? (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="search-error">
          {searchError}. Search is unavailable right now; here are our newest products instead.
        </Alert>
      ) : null}
      {result.correctedQuery ? (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="corrected-query">
          No results for “{query.q}”. Showing results for <strong>{result.correctedQuery}</strong>.
        </Alert>
      ) : null}
      {result.partialMatch && result.hits.length ? (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="partial-match">
          No product matches every word. Showing products that match some of them.
        </Alert>
      ) : null}

      <StoreResults stores={stores} />

      <CatalogGrid {...loaderData} heading={heading} emptyText={<EmptyState q={query.q} hasFilters={hasFilters} />} />
    </Container>
  );
}

function EmptyState({ q, hasFilters }: { q: string; hasFilters: boolean }) {
  return (
    <Box component="span" sx={{ display: "block" }} data-testid="search-empty">
      <Box component="span" sx={{ display: "block", fontWeight: 600, color: "text.primary", mb: 1 }}>
        {q ? `We couldn’t find products for “${q}”${hasFilters ? " with these filters" : ""}.` : "No products match these filters."}
      </Box>
      {/* (Inside the grid's paragraph: spans only.) */}
      <Box component="span" sx={{ display: "block", mb: 2 }}>
        {TIPS.map((t) => (
          <Box component="span" key={t} sx={{ display: "list-item", listStyleType: "disc", ml: 2.5 }}>
            {t}
          </Box>
        ))}
      </Box>
      <Box component="span" sx={{ display: "block", mb: 1 }}>
        Or browse a category:
      </Box>
      <Box component="span" sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 2 }}>
        {CATEGORIES.map((c) => (
          <ChipLink key={c} to={`/shop/products/${c}`} label={CATEGORY_LABELS[c]} />
        ))}
      </Box>
      <MuiLink component={Link} to="/shop">
        Browse all products
      </MuiLink>
    </Box>
  );
}
