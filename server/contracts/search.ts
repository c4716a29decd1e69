// The search query and result shapes: shared by the search module, both search adapters
// (server/infra/search) and the web layer. Browser-safe. `#server/modules/search/types.ts`
// re-exports all of it.

import { z } from "zod";
import { CATEGORIES, type ProductCard } from "./catalog.ts";
import type { MockupRef } from "./imaging.ts";

/** Browser-safe types of the search port (both providers answer the same shapes). */
export const SEARCH_SORTS = ["relevance", "newest", "price-asc", "price-desc"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_PAGE_SIZE = 24;

/** One schema for the URL of /search, /shop and the category and store grids (shareable URLs). */
export const searchQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  category: z.enum(CATEGORIES).optional().catch(undefined),
  colors: z.array(z.string().max(40)).max(20).catch([]),
  sizes: z.array(z.string().max(20)).max(20).catch([]),
  storeHandle: z.string().max(40).optional().catch(undefined),
  minPriceMinor: z.number().int().min(0).optional().catch(undefined),
  maxPriceMinor: z.number().int().min(0).optional().catch(undefined),
  sort: z.enum(SEARCH_SORTS).catch("relevance"),
  page: z.number().int().min(1).max(1000).catch(1),
  pageSize: z.number().int().min(1).max(100).catch(SEARCH_PAGE_SIZE),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export interface FacetValue {
  value: string;
  count: number;
  /** Display name (category label, store name) when it differs from `value`. */
  label?: string;
  /** Colour facet: the swatch colour (#rrggbb). */
  hex?: string;
}

export interface SearchHit extends ProductCard {
  /** Title with matches wrapped in <mark>…</mark> (HTML-escaped otherwise). */
  highlightedTitle: string;
}

export interface SearchResult {
  hits: SearchHit[];
  total: number;
  /** Many matches: `total` is an estimate (show "about 8,400"). */
  totalIsEstimate?: boolean;
  /** False when facet counts come from the first matches only (very broad queries). */
  facetsExhaustive?: boolean;
  page: number;
  pageCount: number;
  facets: { category: FacetValue[]; colors: FacetValue[]; sizes: FacetValue[]; store: FacetValue[]; price: { min: number; max: number } };
  /** Set when the query matched nothing as typed and a corrected query was used instead. */
  correctedQuery?: string;
  tookMs: number;
  provider: "postgres" | "algolia";
}

/** The error texts of the spec (section 8): contracts, keep verbatim. */
export const SEARCH_ERRORS = {
  network: "Network request failed",
  connectTimeout: "Connection timeout",
  socketTimeout: "Socket timeout",
} as const;

/** A quick suggestion for instant search. */
export interface Suggestion {
  kind: "product" | "store" | "category";
  label: string;
  /** Where the suggestion leads (a product page, a store, a category or a search). */
  href: string;
  /** Product suggestions: the main mockup, the store name and the price. */
  image?: MockupRef | null;
  storeName?: string;
  priceMinor?: number;
  highlighted?: string;
}
