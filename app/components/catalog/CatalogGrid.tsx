import Box from "#app/components/ui/Box.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { FacetPanel } from "./FacetPanel.tsx";
import { Pagination } from "./Pagination.tsx";
import { ProductGrid } from "./ProductGrid.tsx";
import { SortSelect } from "./SortSelect.tsx";
import { WishButton } from "./WishButton.tsx";
import type { SearchQuery, SearchResult } from "#server/modules/search/types.ts";

export interface CatalogGridProps {
  query: SearchQuery;
  result: SearchResult;
  currency: string;
  /** The currency's decimals (kept in the loader data; bounds are read with `currency`). */
  digits: number;
  colorHex: Record<string, string>;
  storeNames: Record<string, string>;
  fixed?: (keyof SearchQuery)[];
  /** Heading above the grid (the page has its own h1). */
  heading?: string;
  emptyText?: ReactNode;
  /** How many cards are above the fold (eager images). */
  eagerCount?: number;
}

/** Filters (sidebar from md, a toggle below), result count, sort, the product grid and pages. */
export function CatalogGrid({
  query,
  result,
  currency,
  colorHex,
  storeNames,
  fixed = [],
  heading = "Products",
  emptyText,
  eagerCount = 4,
}: CatalogGridProps) {
  const from = result.total === 0 ? 0 : (result.page - 1) * query.pageSize + 1;
  const to = Math.min(result.total, result.page * query.pageSize);
  return (
    <Box
      sx={{
        display: "grid",
        gap: { xs: 2, md: 4 },
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "220px minmax(0, 1fr)" },
        alignItems: "start",
      }}
    >
      <FacetPanel result={result} query={query} fixed={fixed} currency={currency} colorHex={colorHex} storeNames={storeNames} />
      <Box component="section" aria-labelledby="grid-title" sx={{ minWidth: 0 }}>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center", justifyContent: "space-between", mb: 2 }}>
          <Box>
            <Typography component="h2" variant="h6" id="grid-title">
              {heading}
            </Typography>
            <Typography variant="body2" color="text.secondary" role="status" data-testid="result-count">
              {result.total === 0 ? "No products match" : result.total === 1 ? "1 product" : `${from}–${to} of ${result.total} products`}
            </Typography>
          </Box>
          <SortSelect query={query} fixed={fixed} currency={currency} withRelevance={Boolean(query.q)} />
        </Box>
        <ProductGrid
          products={result.hits}
          currency={currency}
          eagerCount={result.page === 1 ? eagerCount : 0}
          renderWish={(p) => <WishButton productId={p.id} productTitle={p.title} size="small" />}
          emptyText={emptyText ?? "No products match these filters. Try removing a filter."}
          label={heading}
        />
        <Pagination page={result.page} pageCount={result.pageCount} />
      </Box>
    </Box>
  );
}
