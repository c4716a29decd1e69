import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import {
  CATEGORY_LABELS,
  SEARCH_ERRORS,
  type Category,
  type FacetValue,
  type MockupRef,
  type ProductStatus,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
} from "../../contracts/index.ts";
import { escapeHtml, markHighlight, SearchUnavailableError, type IndexedDocument, type SearchProvider } from "./types.ts";

/**
 * Algolia provider, against Algolia's documented REST API (no SDK):
 * - search: `POST https://{appId}-dsn.algolia.net/1/indexes/{index}/query` (public search key),
 * - indexing: `POST https://{appId}.algolia.net/1/indexes/{index}/batch` (admin key),
 * - settings: `PUT /1/indexes/{index}/settings` (searchable attributes, facets, ranking, replicas).
 * Hosts are retried in Algolia's order (DSN / write host, then the three `algolianet.com`
 * fallbacks) on network errors, timeouts and 5xx answers; a 4xx is final.
 * Connect and response timeouts are in SECONDS (runtime settings of /admin/config).
 */
export interface AlgoliaConfig {
  applicationId: string;
  /** Search-only key for queries; the admin key for indexing. */
  apiKey: string;
  indexName: string;
  connectTimeoutSeconds: number;
  responseTimeoutSeconds: number;
  /** One base URL instead of Algolia's hosts (tests, self-hosted proxies), e.g. http://127.0.0.1:4010. */
  host?: string;
  /** Explicit host lists (tests of the retry order); wins over `host`. */
  hosts?: { read: string[]; write: string[] };
}

export const ALGOLIA_HIGHLIGHT_PRE = "\u2983";
export const ALGOLIA_HIGHLIGHT_POST = "\u2984";
const FACETS = ["category", "colors", "sizes", "storeHandle"] as const;

/** The settings Platen pushes once per index (and its sort replicas). */
export const ALGOLIA_SETTINGS = (indexName: string) => ({
  searchableAttributes: ["title", "tags", "storeName", "unordered(description)"],
  attributesForFaceting: ["category", "searchable(colors)", "sizes", "storeHandle", "priceMinor"],
  customRanking: ["desc(popularity)", "desc(publishedAtTs)"],
  attributesToHighlight: ["title"],
  highlightPreTag: ALGOLIA_HIGHLIGHT_PRE,
  highlightPostTag: ALGOLIA_HIGHLIGHT_POST,
  typoTolerance: true,
  replicas: [`virtual(${indexName}_newest)`, `virtual(${indexName}_price_asc)`, `virtual(${indexName}_price_desc)`],
});

const REPLICA_RANKING: Record<string, string[]> = {
  newest: ["desc(publishedAtTs)"],
  price_asc: ["asc(priceMinor)"],
  price_desc: ["desc(priceMinor)"],
};

export function algoliaHosts(config: Pick<AlgoliaConfig, "applicationId" | "host" | "hosts">, kind: "read" | "write"): string[] {
  if (config.hosts) return config.hosts[kind];
  if (config.host) return [config.host.replace(/\/+$/, "")];
  const id = config.applicationId;
  const first = kind === "read" ? `https://${id}-dsn.algolia.net` : `https://${id}.algolia.net`;
  return [first, `https://${id}-1.algolianet.com`, `https://${id}-2.algolianet.com`, `https://${id}-3.algolianet.com`];
}

interface RawResponse {
  status: number;
  body: string;
}

/** One HTTP request with separate connect and response timeouts (ms); failures become SearchUnavailableError. */
export function requestOnce(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; connectTimeoutMs: number; responseTimeoutMs: number },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const lib = target.protocol === "https:" ? https : http;
    let settled = false;
    let responseTimer: NodeJS.Timeout | undefined;
    const finish = (error: SearchUnavailableError | null, value?: RawResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(responseTimer);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(value!);
    };
    const req = lib.request(
      target,
      {
        method: init.method,
        headers: { ...init.headers, ...(init.body !== undefined ? { "Content-Length": Buffer.byteLength(init.body).toString() } : {}) },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => finish(null, { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", () => finish(new SearchUnavailableError(SEARCH_ERRORS.network, "network")));
      },
    );
    const connectTimer = setTimeout(
      () => finish(new SearchUnavailableError(SEARCH_ERRORS.connectTimeout, "connectTimeout")),
      init.connectTimeoutMs,
    );
    const connected = () => {
      clearTimeout(connectTimer);
      responseTimer = setTimeout(
        () => finish(new SearchUnavailableError(SEARCH_ERRORS.socketTimeout, "socketTimeout")),
        init.responseTimeoutMs,
      );
    };
    req.on("socket", (socket: Socket) => {
      // Connected means ready to talk HTTP: after the TCP handshake, and after TLS for https.
      // (agent: false, so the socket is always new.)
      socket.once(target.protocol === "https:" ? "secureConnect" : "connect", connected);
    });
    req.on("error", () => finish(new SearchUnavailableError(SEARCH_ERRORS.network, "network")));
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

export interface AlgoliaClient {
  request<T>(kind: "read" | "write", method: string, path: string, body?: unknown): Promise<T>;
}

export function createAlgoliaClient(config: AlgoliaConfig): AlgoliaClient {
  const hosts = { read: algoliaHosts(config, "read"), write: algoliaHosts(config, "write") };
  return {
    async request<T>(kind: "read" | "write", method: string, path: string, body?: unknown): Promise<T> {
      let lastError: SearchUnavailableError = new SearchUnavailableError(SEARCH_ERRORS.network, "network");
      const list = hosts[kind];
      for (let attempt = 0; attempt < list.length; attempt++) {
        try {
          const res = await requestOnce(`${list[attempt]}${path}`, {
            method,
            headers: {
              "X-Algolia-Application-Id": config.applicationId,
              "X-Algolia-API-Key": config.apiKey,
              "Content-Type": "application/json; charset=utf-8",
              Accept: "application/json",
            },
            body: body === undefined ? undefined : JSON.stringify(body),
            // Algolia's clients widen the timeout on each retry.
            connectTimeoutMs: config.connectTimeoutSeconds * 1000 * (attempt + 1),
            responseTimeoutMs: config.responseTimeoutSeconds * 1000 * (attempt + 1),
          });
          if (res.status >= 200 && res.status < 300) return (res.body ? JSON.parse(res.body) : {}) as T;
          const message = safeMessage(res.body);
          lastError = new SearchUnavailableError(
            message ? `Algolia answered ${res.status}: ${message}` : SEARCH_ERRORS.network,
            "http",
            res.status,
          );
          if (res.status < 500) throw lastError; // 4xx: retrying another host does not help
        } catch (error) {
          if (!(error instanceof SearchUnavailableError)) throw error;
          lastError = error;
          if (error.kind === "http" && (error.status ?? 0) < 500) throw error;
        }
      }
      throw lastError;
    },
  };
}

function safeMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === "string" ? parsed.message.slice(0, 200) : "";
  } catch {
    return "";
  }
}

/** The Algolia record of a document. */
export function algoliaRecord(doc: IndexedDocument): Record<string, unknown> {
  return {
    objectID: doc.productId,
    title: doc.title,
    description: doc.description,
    tags: doc.tags,
    category: doc.category,
    colors: doc.colors.map((c) => c.name),
    colorSwatches: doc.colors,
    sizes: doc.sizes,
    storeId: doc.storeId,
    storeHandle: doc.storeHandle,
    storeName: doc.storeName,
    priceMinor: doc.priceMinor,
    priceMaxMinor: Math.max(doc.priceMaxMinor, doc.priceMinor),
    image: doc.image,
    popularity: doc.popularity,
    publishedAt: doc.publishedAt.toISOString(),
    publishedAtTs: Math.floor(doc.publishedAt.getTime() / 1000),
    version: doc.version,
  };
}

/**
 * One `facetFilters` entry as Algolia documents it: `attribute:value`, the value as written (no
 * quoting: quotes would become part of the value), with a leading `-` escaped as `\-` so it is
 * not read as a negation.
 */
export function facetFilter(attribute: string, value: string): string {
  return `${attribute}:${value.startsWith("-") ? `\\${value}` : value}`;
}

type Dim = "category" | "colors" | "sizes" | "storeHandle" | "price";

/** Algolia search parameters for a query; `except` leaves one dimension's filter out (disjunctive facets). */
export function algoliaParams(query: SearchQuery, except?: Dim): { facetFilters: (string | string[])[]; numericFilters: string[] } {
  const facetFilters: (string | string[])[] = [];
  if (query.category && except !== "category") facetFilters.push(facetFilter("category", query.category));
  if (query.colors.length && except !== "colors") facetFilters.push(query.colors.map((c) => facetFilter("colors", c)));
  if (query.sizes.length && except !== "sizes") facetFilters.push(query.sizes.map((s) => facetFilter("sizes", s)));
  if (query.storeHandle && except !== "storeHandle") facetFilters.push(facetFilter("storeHandle", query.storeHandle.replace(/^@/, "")));
  const numericFilters: string[] = [];
  if (except !== "price") {
    if (query.minPriceMinor !== undefined) numericFilters.push(`priceMinor>=${query.minPriceMinor}`);
    if (query.maxPriceMinor !== undefined) numericFilters.push(`priceMinor<=${query.maxPriceMinor}`);
  }
  return { facetFilters, numericFilters };
}

interface AlgoliaSearchResponse {
  hits: (Record<string, unknown> & { objectID: string; _highlightResult?: { title?: { value?: string } } })[];
  nbHits: number;
  page: number;
  nbPages: number;
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, { min: number; max: number }>;
  exhaustiveFacetsCount?: boolean;
  processingTimeMS?: number;
  queryAfterRemoval?: string;
}

function facetValues(counts: Record<string, number> | undefined, selected: readonly string[] = []): FacetValue[] {
  const out = Object.entries(counts ?? {})
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  for (const s of selected) if (!out.some((v) => v.value === s)) out.push({ value: s, count: 0 });
  return out;
}

/** What Platen pushes as index settings, as one short hash: a new one means a new settings push. */
export function algoliaSettingsFingerprint(config: Pick<AlgoliaConfig, "applicationId" | "indexName">): string {
  const what = JSON.stringify([config.applicationId, config.indexName, ALGOLIA_SETTINGS(config.indexName), REPLICA_RANKING]);
  return createHash("sha256").update(what).digest("hex").slice(0, 16);
}

export interface AlgoliaAdminProvider extends SearchProvider {
  /** Push the index settings and the sort replicas' rankings. */
  pushSettings(): Promise<void>;
  /** Every upsert and removal in one `/batch` request (Algolia applies them in order). */
  sync(docs: readonly IndexedDocument[], removedIds: readonly string[]): Promise<void>;
}

export function createAlgoliaSearchProvider(search: AlgoliaConfig, admin?: AlgoliaConfig): AlgoliaAdminProvider {
  const reader = createAlgoliaClient(search);
  const writer = admin ? createAlgoliaClient(admin) : null;
  const index = encodeURIComponent(search.indexName);
  const indexFor = (sort: SearchQuery["sort"]) =>
    encodeURIComponent(
      sort === "newest"
        ? `${search.indexName}_newest`
        : sort === "price-asc"
          ? `${search.indexName}_price_asc`
          : sort === "price-desc"
            ? `${search.indexName}_price_desc`
            : search.indexName,
    );

  const needWriter = () => {
    if (!writer) throw new Error("ALGOLIA_ADMIN_KEY is required to index products in Algolia");
    return writer;
  };

  return {
    name: "algolia",
    async query(query) {
      const started = performance.now();
      const base = {
        query: query.q,
        hitsPerPage: query.pageSize,
        page: query.page - 1,
        attributesToHighlight: ["title"],
        highlightPreTag: ALGOLIA_HIGHLIGHT_PRE,
        highlightPostTag: ALGOLIA_HIGHLIGHT_POST,
      };
      const main = reader.request<AlgoliaSearchResponse>("read", "POST", `/1/indexes/${indexFor(query.sort)}/query`, {
        ...base,
        ...algoliaParams(query),
        facets: [...FACETS, "priceMinor"],
      });
      // Disjunctive facets: one extra request (no hits) per dimension whose own filter is set.
      const dims: { dim: Dim; facet: string; on: boolean }[] = [
        { dim: "category", facet: "category", on: !!query.category },
        { dim: "colors", facet: "colors", on: query.colors.length > 0 },
        { dim: "sizes", facet: "sizes", on: query.sizes.length > 0 },
        { dim: "storeHandle", facet: "storeHandle", on: !!query.storeHandle },
        { dim: "price", facet: "priceMinor", on: query.minPriceMinor !== undefined || query.maxPriceMinor !== undefined },
      ];
      const extra = dims
        .filter((d) => d.on)
        .map(async (d) => ({
          d,
          res: await reader.request<AlgoliaSearchResponse>("read", "POST", `/1/indexes/${index}/query`, {
            query: query.q,
            hitsPerPage: 0,
            page: 0,
            attributesToRetrieve: [],
            attributesToHighlight: [],
            analytics: false,
            ...algoliaParams(query, d.dim),
            facets: [d.facet],
          }),
        }));
      const [res, ...others] = await Promise.all([main, ...extra]);
      const facets = { ...(res.facets ?? {}) };
      const stats = { ...(res.facets_stats ?? {}) };
      for (const { d, res: r } of others) {
        if (d.facet === "priceMinor") stats.priceMinor = r.facets_stats?.priceMinor ?? stats.priceMinor!;
        else facets[d.facet] = r.facets?.[d.facet] ?? {};
      }
      const storeNames = new Map<string, string>();
      const swatches = new Map<string, string>();
      const hits: SearchHit[] = res.hits.map((h) => {
        const colorSwatches = (h.colorSwatches as { name: string; hex: string }[] | undefined) ?? [];
        for (const c of colorSwatches) swatches.set(c.name, c.hex);
        storeNames.set(String(h.storeHandle), String(h.storeName));
        const title = String(h.title ?? "");
        const raw = h._highlightResult?.title?.value;
        return {
          id: h.objectID,
          title,
          category: h.category as Category,
          priceMinor: Number(h.priceMinor),
          priceMaxMinor: Number(h.priceMaxMinor ?? h.priceMinor),
          storeId: String(h.storeId ?? ""),
          storeHandle: String(h.storeHandle ?? ""),
          storeName: String(h.storeName ?? ""),
          colors: colorSwatches,
          image: (h.image as MockupRef | null) ?? null,
          status: "published" as ProductStatus,
          publishedAt: typeof h.publishedAt === "string" ? h.publishedAt : null,
          // Algolia does not escape record text inside highlights: escape, then turn our tags into <mark>.
          highlightedTitle: raw ? markHighlight(raw, ALGOLIA_HIGHLIGHT_PRE, ALGOLIA_HIGHLIGHT_POST) : escapeHtml(title),
        };
      });
      const category = facetValues(facets.category, query.category ? [query.category] : []).map((v) => ({
        ...v,
        label: CATEGORY_LABELS[v.value as Category] ?? v.value,
      }));
      const colors = facetValues(facets.colors, query.colors).map((v) =>
        swatches.has(v.value) ? { ...v, hex: swatches.get(v.value) } : v,
      );
      const store = facetValues(facets.storeHandle, query.storeHandle ? [query.storeHandle.replace(/^@/, "")] : []).map((v) =>
        storeNames.has(v.value) ? { ...v, label: storeNames.get(v.value) } : v,
      );
      const result: SearchResult = {
        hits,
        total: res.nbHits,
        facetsExhaustive: res.exhaustiveFacetsCount ?? true,
        page: query.page,
        pageCount: Math.max(1, res.nbPages),
        facets: {
          category,
          colors,
          sizes: facetValues(facets.sizes, query.sizes),
          store,
          price: { min: stats.priceMinor?.min ?? 0, max: stats.priceMinor?.max ?? 0 },
        },
        tookMs: Math.round((performance.now() - started) * 10) / 10,
        provider: "algolia",
      };
      return result;
    },
    async upsert(docs) {
      if (!docs.length) return;
      await needWriter().request("write", "POST", `/1/indexes/${index}/batch`, {
        requests: docs.map((d) => ({ action: "updateObject", body: algoliaRecord(d) })),
      });
    },
    async remove(ids) {
      if (!ids.length) return;
      await needWriter().request("write", "POST", `/1/indexes/${index}/batch`, {
        requests: ids.map((id) => ({ action: "deleteObject", body: { objectID: id } })),
      });
    },
    async sync(docs, removedIds) {
      const requests = [
        ...docs.map((d) => ({ action: "updateObject", body: algoliaRecord(d) })),
        ...removedIds.map((id) => ({ action: "deleteObject", body: { objectID: id } })),
      ];
      if (!requests.length) return;
      await needWriter().request("write", "POST", `/1/indexes/${index}/batch`, { requests });
    },
    async pushSettings() {
      const w = needWriter();
      await w.request("write", "PUT", `/1/indexes/${index}/settings`, ALGOLIA_SETTINGS(search.indexName));
      for (const [suffix, ranking] of Object.entries(REPLICA_RANKING)) {
        await w.request("write", "PUT", `/1/indexes/${encodeURIComponent(`${search.indexName}_${suffix}`)}/settings`, {
          customRanking: ranking,
        });
      }
    },
  };
}
