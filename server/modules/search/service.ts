import { env } from "../../config/env.ts";
import { sql } from "drizzle-orm";
import { transaction, type Db } from "../../infra/db/index.ts";
import { logger } from "../../infra/logger/index.ts";
import {
  createAlgoliaSearchProvider,
  createPostgresSearchProvider,
  readRow,
  removeRow,
  SearchUnavailableError,
  upsertRow,
  type AlgoliaConfig,
  type IndexedDocument,
  type SearchProvider,
  type Suggestion,
} from "../../infra/search/index.ts";
import { enqueue, type JobHandler } from "../../jobs/index.ts";
import { systemCtx, type Ctx } from "../../kernel/index.ts";
import { getSettings } from "../platform/index.ts";
import { searchQuerySchema, SEARCH_ERRORS, type SearchQuery, type SearchResult } from "./types.ts";

export const SEARCH_SYNC_TOPIC = "search.sync";

/**
 * What the catalogue passes when a product is published or changes while published.
 * `colors` carry their swatch hex; `sizes` are the sizes on sale; `image` the main mockup.
 */
export type SearchDocumentInput = Omit<IndexedDocument, "version" | "popularity" | "priceMaxMinor"> & {
  priceMaxMinor?: number;
  /** Trending score (views, wishes, sales); higher ranks first among equal matches. */
  popularity?: number;
};

function toIndexed(doc: SearchDocumentInput): IndexedDocument {
  return {
    ...doc,
    storeHandle: doc.storeHandle.replace(/^@/, ""),
    priceMaxMinor: Math.max(doc.priceMaxMinor ?? doc.priceMinor, doc.priceMinor),
    popularity: doc.popularity ?? 0,
    version: 1,
  };
}

const algoliaSelected = () => env().SEARCH_PROVIDER === "algolia";

/**
 * Put a product into the search index (call it in the transaction that publishes or changes it).
 * The PostgreSQL index is written right here; with Algolia an outbox job pushes it afterwards.
 */
export async function upsertSearchDocument(tx: Db, doc: SearchDocumentInput): Promise<void> {
  const version = await upsertRow(tx, toIndexed(doc));
  if (algoliaSelected())
    await enqueue(tx, SEARCH_SYNC_TOPIC, { productId: doc.productId }, { dedupeKey: `search.sync:${doc.productId}:${version}` });
}

/** Take a product out of search (unpublished, taken down, deleted); a no-op when it is not indexed. */
export async function removeSearchDocument(tx: Db, productId: string): Promise<void> {
  const version = await removeRow(tx, productId);
  if (version !== null && algoliaSelected())
    await enqueue(tx, SEARCH_SYNC_TOPIC, { productId }, { dedupeKey: `search.sync:${productId}:removed:${version}` });
}

/** Rebuild the index from a list of documents (the catalogue's published products); returns the count. */
export async function reindexAll(db: Db, docs: AsyncIterable<SearchDocumentInput> | Iterable<SearchDocumentInput>): Promise<number> {
  const seen = new Set<string>();
  let batch: SearchDocumentInput[] = [];
  const flush = async () => {
    const current = batch;
    batch = [];
    await transaction(db, async (tx) => {
      for (const d of current) await upsertSearchDocument(tx, d);
    });
  };
  for await (const doc of docs) {
    seen.add(doc.productId);
    batch.push(doc);
    if (batch.length >= 200) await flush();
  }
  if (batch.length) await flush();
  // Documents of products that are no longer listed go away.
  const stale = (await db.execute(sql`select product_id from search_documents`)) as unknown as { rows: { product_id: string }[] };
  const gone = stale.rows.map((r) => r.product_id).filter((id) => !seen.has(id));
  if (gone.length)
    await transaction(db, async (tx) => {
      for (const id of gone) await removeSearchDocument(tx, id);
    });
  if (algoliaSelected()) await algoliaAdmin(db).then((p) => p?.pushSettings());
  return seen.size;
}

async function algoliaConfig(db: Db, key: "public" | "admin"): Promise<AlgoliaConfig | null> {
  const settings = (await getSettings(systemCtx(db, "search settings"))).search;
  const e = env();
  const apiKey = key === "public" ? settings.publicKey : e.ALGOLIA_ADMIN_KEY;
  if (!settings.applicationId || !apiKey) return null;
  return {
    applicationId: settings.applicationId,
    apiKey,
    indexName: e.ALGOLIA_INDEX,
    connectTimeoutSeconds: settings.connectTimeoutSeconds,
    responseTimeoutSeconds: settings.responseTimeoutSeconds,
    host: e.ALGOLIA_HOST,
  };
}

async function algoliaAdmin(db: Db) {
  const [pub, admin] = await Promise.all([algoliaConfig(db, "public"), algoliaConfig(db, "admin")]);
  return admin ? createAlgoliaSearchProvider(pub ?? admin, admin) : null;
}

/** The provider this deployment searches with (Algolia falls back to PostgreSQL until it is configured). */
export async function searchProvider(db: Db): Promise<SearchProvider> {
  if (algoliaSelected()) {
    const config = await algoliaConfig(db, "public");
    if (config) return createAlgoliaSearchProvider(config, (await algoliaConfig(db, "admin")) ?? undefined);
    logger().warn("SEARCH_PROVIDER=algolia but no application id / public key in /admin/config: searching with PostgreSQL");
  }
  return createPostgresSearchProvider(() => db);
}

/** Parse loose input (URL parameters, JSON) into a SearchQuery. */
export function parseSearchQuery(input: Partial<Record<keyof SearchQuery, unknown>>): SearchQuery {
  return searchQuerySchema.parse(input);
}

/**
 * Search published products (anyone may search). Throws SearchUnavailableError with one of
 * SEARCH_ERRORS when the provider cannot be reached.
 */
export async function searchProducts(ctx: Ctx, query: SearchQuery | Partial<Record<keyof SearchQuery, unknown>>): Promise<SearchResult> {
  const q = cleanQuery(searchQuerySchema.parse(query));
  const provider = await searchProvider(ctx.db);
  return provider.query(q);
}

// NUL and other control characters cannot reach PostgreSQL text (and mean nothing in a search).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;
const clean = (s: string) => s.replace(CONTROL, " ").trim();

function cleanQuery(q: SearchQuery): SearchQuery {
  const storeHandle = q.storeHandle === undefined ? undefined : clean(q.storeHandle) || undefined;
  return {
    ...q,
    q: clean(q.q),
    colors: q.colors.map(clean).filter(Boolean),
    sizes: q.sizes.map(clean).filter(Boolean),
    storeHandle,
  };
}

/** Instant-search suggestions: products (title prefix), stores and categories. Always PostgreSQL (fast, local). */
export async function suggest(ctx: Ctx, q: string, limit = 6): Promise<Suggestion[]> {
  const text = clean(q).slice(0, 100);
  if (!text) return [];
  const provider = createPostgresSearchProvider(() => ctx.db);
  const found = await provider.suggest(text, Math.min(Math.max(limit, 1), 10));
  if (found.some((s) => s.kind === "product")) return found;
  // Nothing as typed: suggest from the corrected words.
  const corrected = await provider.correct(text);
  return corrected ? provider.suggest(corrected, Math.min(Math.max(limit, 1), 10)) : found;
}

/** Outbox handler: push the product's current row to Algolia, or delete it there (idempotent). */
export const searchSyncHandler: JobHandler = async (db, payload) => {
  const productId = String(payload.productId ?? "");
  if (!productId || !algoliaSelected()) return;
  const provider = await algoliaAdmin(db);
  if (!provider) throw new Error("Algolia is selected but the application id (/admin/config) or ALGOLIA_ADMIN_KEY is missing");
  await ensureSettings(provider);
  const doc = await readRow(db, productId);
  if (doc) await provider.upsert([doc]);
  else await provider.remove([productId]);
};

let settingsPushed = false;
async function ensureSettings(provider: { pushSettings(): Promise<void> }): Promise<void> {
  if (settingsPushed) return;
  await provider.pushSettings();
  settingsPushed = true;
}

/** A failure as the UI shows it: one of the spec's strings. */
export function searchErrorMessage(error: unknown): string {
  if (error instanceof SearchUnavailableError) {
    if (error.kind === "connectTimeout") return SEARCH_ERRORS.connectTimeout;
    if (error.kind === "socketTimeout") return SEARCH_ERRORS.socketTimeout;
    return SEARCH_ERRORS.network;
  }
  return SEARCH_ERRORS.network;
}

export { SearchUnavailableError };
