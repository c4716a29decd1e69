import { currencyDigits, money, parseMoney, toDecimalString, type CurrencyCode } from "#server/contracts/money.ts";
import { CATEGORIES, type Category } from "#server/modules/catalog/types.ts";
import { SEARCH_SORTS, searchQuerySchema, type SearchQuery } from "#server/modules/search/types.ts";

/**
 * The URL of every product grid (/search, /shop, categories, stores) is its state: shareable and
 * usable without JavaScript (GET forms). Parameter names:
 *   q, category, color (repeated), size (repeated), store, min, max (major units of the storefront currency), sort, page.
 */
export const PARAM = {
  q: "q",
  category: "category",
  color: "color",
  size: "size",
  store: "store",
  min: "min",
  max: "max",
  sort: "sort",
  page: "page",
} as const;

/** The highest price bound a URL may ask for, in major units of any currency (a million dollars, yen or dinars). */
export const PRICE_PARAM_MAX_MAJOR = 1_000_000;

/**
 * A price bound from the URL (major units, as typed: "12.50", "12,50", "1,200") in minor units of
 * `currency`, read with `parseMoney` (exact, no floating point). Nothing when empty, unreadable,
 * negative, with more decimals than the currency has, or above `PRICE_PARAM_MAX_MAJOR`.
 */
export function priceParamToMinor(raw: string | null, currency: CurrencyCode): number | undefined {
  if (raw === null || raw.trim() === "") return undefined;
  const parsed = parseMoney(raw, currency);
  if (!parsed.ok || parsed.money.amount < 0) return undefined;
  const cap = PRICE_PARAM_MAX_MAJOR * 10 ** currencyDigits(currency);
  return parsed.money.amount > cap ? undefined : parsed.money.amount;
}

/** A price bound for the URL and form fields: minor units of `currency` as exact decimal text, short (1250 USD -> "12.5", 500 -> "5"). */
export function minorToPriceParam(minor: number, currency: CurrencyCode): string {
  const text = toDecimalString(money(minor, currency));
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/** Control characters (a NUL byte breaks PostgreSQL text) never reach a query. */
const clean = (v: string | null | undefined): string | undefined =>
  v == null
    ? undefined
    : [...v]
        .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f)
        .join("")
        .trim();

/** Reads a SearchQuery from URL search params; `fixed` wins (the category or store of the path). Never throws. */
export function parseSearchQuery(params: URLSearchParams, fixed: Partial<SearchQuery> = {}, currency: CurrencyCode = "USD"): SearchQuery {
  const page = Number.parseInt(params.get(PARAM.page) ?? "1", 10);
  const category = params.get(PARAM.category) ?? undefined;
  const raw = {
    q: clean(params.get(PARAM.q)) ?? "",
    category: category && (CATEGORIES as readonly string[]).includes(category) ? (category as Category) : undefined,
    colors: params
      .getAll(PARAM.color)
      .map((c) => clean(c) ?? "")
      .filter(Boolean),
    sizes: params
      .getAll(PARAM.size)
      .map((c) => clean(c) ?? "")
      .filter(Boolean),
    storeHandle: clean(params.get(PARAM.store))?.replace(/^@/, "").toLowerCase() || undefined,
    minPriceMinor: priceParamToMinor(params.get(PARAM.min), currency),
    maxPriceMinor: priceParamToMinor(params.get(PARAM.max), currency),
    sort: (SEARCH_SORTS as readonly string[]).includes(params.get(PARAM.sort) ?? "") ? params.get(PARAM.sort) : undefined,
    page: Number.isFinite(page) ? page : 1,
  };
  return { ...searchQuerySchema.parse(raw), ...fixed };
}

/** URL search string (with "?", or "") for a query, leaving out defaults and the `fixed` keys (they are in the path). */
export function searchQueryString(query: SearchQuery, fixed: (keyof SearchQuery)[] = [], currency: CurrencyCode = "USD"): string {
  const p = new URLSearchParams();
  const skip = new Set(fixed);
  if (query.q && !skip.has("q")) p.set(PARAM.q, query.q);
  if (query.category && !skip.has("category")) p.set(PARAM.category, query.category);
  for (const c of query.colors) p.append(PARAM.color, c);
  for (const s of query.sizes) p.append(PARAM.size, s);
  if (query.storeHandle && !skip.has("storeHandle")) p.set(PARAM.store, query.storeHandle);
  if (query.minPriceMinor !== undefined) p.set(PARAM.min, minorToPriceParam(query.minPriceMinor, currency));
  if (query.maxPriceMinor !== undefined) p.set(PARAM.max, minorToPriceParam(query.maxPriceMinor, currency));
  if (query.sort !== "relevance") p.set(PARAM.sort, query.sort);
  if (query.page > 1) p.set(PARAM.page, String(query.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}
