import type { Category, MockupRef, SearchQuery, SearchResult, Suggestion } from "../../contracts/index.ts";

export type { Suggestion };

/** One searchable product as every provider indexes it. */
export interface IndexedDocument {
  productId: string;
  storeId: string;
  storeHandle: string;
  storeName: string;
  title: string;
  description: string;
  tags: string[];
  category: Category;
  colors: { name: string; hex: string }[];
  sizes: string[];
  priceMinor: number;
  priceMaxMinor: number;
  image: MockupRef | null;
  popularity: number;
  publishedAt: Date;
  /** Increases on every change of the document (sync jobs are deduplicated per product + version). */
  version: number;
}

/** The search port: the PostgreSQL provider (default) and Algolia answer the same shapes. */
export interface SearchProvider {
  readonly name: "postgres" | "algolia";
  query(query: SearchQuery): Promise<SearchResult>;
  upsert(docs: readonly IndexedDocument[]): Promise<void>;
  remove(productIds: readonly string[]): Promise<void>;
}

/** A search request that failed: `message` is one of SEARCH_ERRORS (spec contract strings). */
export class SearchUnavailableError extends Error {
  override name = "SearchUnavailableError";
  constructor(
    message: string,
    readonly kind: "network" | "connectTimeout" | "socketTimeout" | "http",
    readonly status?: number,
  ) {
    super(message);
  }
}

/** HTML-escape a text for safe insertion into markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * Safe highlight: `raw` holds matches between the sentinel markers `start`/`stop`; everything is
 * HTML-escaped, then the markers become <mark> and </mark>.
 */
export function markHighlight(raw: string, start: string, stop: string): string {
  const out: string[] = [];
  let rest = raw;
  let open = false;
  while (rest.length) {
    const marker = open ? stop : start;
    const i = rest.indexOf(marker);
    if (i < 0) {
      out.push(escapeHtml(rest));
      break;
    }
    out.push(escapeHtml(rest.slice(0, i)), open ? "</mark>" : "<mark>");
    rest = rest.slice(i + marker.length);
    open = !open;
  }
  if (open) out.push("</mark>");
  return out.join("");
}
