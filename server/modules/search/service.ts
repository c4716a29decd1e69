import { env } from "../../config/env.ts";
import { sql } from "drizzle-orm";
import { transaction, type Db } from "../../infra/db/index.ts";
import { logger } from "../../infra/logger/index.ts";
import {
  algoliaSettingsFingerprint,
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
import {
  enqueue,
  jobByDedupeKey,
  PermanentJobError,
  retryFailed,
  retryFailedByTopic,
  topicOverview,
  type BatchJobHandler,
  type BatchOutcome,
  type JobHandler,
  type OutboxJob,
} from "../../jobs/index.ts";
import { assertRole, systemCtx, type Ctx } from "../../kernel/index.ts";
import { getSettings } from "../platform/index.ts";
import { searchQuerySchema, SEARCH_ERRORS, type SearchQuery, type SearchResult } from "./types.ts";

export const SEARCH_SYNC_TOPIC = "search.sync";
/** Pushing the Algolia index settings: its own job, so a refusal there never holds records back. */
export const SEARCH_SETTINGS_TOPIC = "search.settings";

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
  if (algoliaSelected()) await queueSettingsPush(db);
  return seen.size;
}

/**
 * Make search hold exactly `docs` of a store (the subscriber of the stores module's events passes
 * the catalogue's current documents: none while the store is suspended, every published product
 * with the store's current name otherwise). Idempotent: running it twice changes nothing more.
 */
export async function reindexStore(
  db: Db,
  storeId: string,
  docs: readonly SearchDocumentInput[],
): Promise<{ indexed: number; removed: number }> {
  const foreign = docs.find((d) => d.storeId !== storeId);
  if (foreign) throw new Error(`Product ${foreign.productId} is not a product of store ${storeId}`);
  return transaction(db, async (tx) => {
    const keep = new Set(docs.map((d) => d.productId));
    const held = (await tx.execute(sql`select product_id from search_documents where store_id = ${storeId}`)) as unknown as {
      rows: { product_id: string }[];
    };
    const gone = held.rows.map((r) => r.product_id).filter((id) => !keep.has(id));
    for (const id of gone) await removeSearchDocument(tx, id);
    for (const doc of docs) await upsertSearchDocument(tx, doc);
    return { indexed: docs.length, removed: gone.length };
  });
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

/**
 * Instant-search suggestions: products (title prefix) and categories. Always PostgreSQL (fast, local).
 * Stores come from the stores module's `searchStores` (active stores only); `/api/search` adds them.
 */
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

/** Algolia refused the request (a 4xx other than 429): sending it again unchanged will not help. */
function isRefusal(error: unknown): error is SearchUnavailableError {
  return (
    error instanceof SearchUnavailableError &&
    error.kind === "http" &&
    (error.status ?? 0) >= 400 &&
    error.status! < 500 &&
    error.status !== 429
  );
}

const settingsKey = (fingerprint: string) => `search.settings:${fingerprint}`;

/** Make sure the current settings get pushed: a job for this fingerprint, or its failed one queued again. */
async function queueSettingsPush(db: Db): Promise<void> {
  const admin = await algoliaConfig(db, "admin");
  if (!admin) return;
  const fingerprint = algoliaSettingsFingerprint(admin);
  const existing = await jobByDedupeKey(db, settingsKey(fingerprint));
  if (existing?.status === "failed") await retryFailed(db, existing.id);
  else if (!existing) await enqueue(db, SEARCH_SETTINGS_TOPIC, { fingerprint }, { dedupeKey: settingsKey(fingerprint) });
}

/**
 * Outbox batch handler for `search.sync`: every due job together, one Algolia `/batch` request
 * with each product's current row (an upsert) or its removal. Idempotent: the request carries
 * what the index holds when it runs. Network errors, 5xx and 429 retry the whole batch; when
 * Algolia refuses the batch, each product is sent alone so one bad record holds no other back
 * (the refused ones fail for good, for an admin to see). The index settings are a job of their
 * own (`search.settings`), enqueued once per settings fingerprint.
 */
export const searchSyncBatchHandler: BatchJobHandler = async (db, jobs) => {
  const outcome: BatchOutcome = new Map();
  if (!algoliaSelected()) return outcome;
  const admin = await algoliaConfig(db, "admin");
  if (!admin) throw new Error("Algolia is selected but the application id (/admin/config) or ALGOLIA_ADMIN_KEY is missing");
  const provider = createAlgoliaSearchProvider((await algoliaConfig(db, "public")) ?? admin, admin);
  const fingerprint = algoliaSettingsFingerprint(admin);
  await enqueue(db, SEARCH_SETTINGS_TOPIC, { fingerprint }, { dedupeKey: settingsKey(fingerprint) });

  const byProduct = new Map<string, OutboxJob[]>();
  for (const job of jobs) {
    const productId = String(job.payload.productId ?? "");
    if (productId) byProduct.set(productId, [...(byProduct.get(productId) ?? []), job]);
  }
  const docs = new Map<string, IndexedDocument | null>();
  for (const productId of byProduct.keys()) docs.set(productId, await readRow(db, productId));
  const upserts = [...docs.values()].filter((d): d is IndexedDocument => d !== null);
  const removals = [...docs.entries()].filter(([, d]) => d === null).map(([id]) => id);
  try {
    await provider.sync(upserts, removals);
    return outcome;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    logger().warn({ err: error, products: byProduct.size }, "Algolia refused a sync batch: sending each product alone");
  }
  for (const [productId, group] of byProduct) {
    const doc = docs.get(productId) ?? null;
    try {
      await provider.sync(doc ? [doc] : [], doc ? [] : [productId]);
    } catch (error) {
      const reason = isRefusal(error) ? new PermanentJobError(`Algolia refused product ${productId}: ${error.message}`) : error;
      for (const job of group) outcome.set(job.id, reason);
    }
  }
  return outcome;
};

/** Outbox handler for `search.settings`: push the index settings (a refusal fails the job for good). */
export const searchSettingsHandler: JobHandler = async (db) => {
  if (!algoliaSelected()) return;
  const provider = await algoliaAdmin(db);
  if (!provider) throw new Error("Algolia is selected but the application id (/admin/config) or ALGOLIA_ADMIN_KEY is missing");
  try {
    await provider.pushSettings();
  } catch (error) {
    if (isRefusal(error)) throw new PermanentJobError(`Algolia refused the index settings: ${error.message}`);
    throw error;
  }
};

export interface SearchSyncStatus {
  provider: "postgres" | "algolia";
  /** Algolia: the application id (/admin/config) and ALGOLIA_ADMIN_KEY are both set. */
  configured: boolean;
  indexName: string | null;
  settings: {
    state: "pushed" | "waiting" | "retrying" | "failed" | "not-yet";
    at: Date | null;
    error: string | null;
    attempts: number;
    maxAttempts: number;
    nextAttemptAt: Date | null;
  } | null;
  records: {
    waiting: number;
    retrying: number;
    running: number;
    failed: number;
    failing: {
      jobId: string;
      productId: string;
      status: "retrying" | "failed";
      error: string;
      attempts: number;
      nextAttemptAt: Date | null;
    }[];
  } | null;
}

/** How the sync to Algolia stands: the last settings push and the record jobs that fail (admins only). */
export async function searchSyncStatus(ctx: Ctx): Promise<SearchSyncStatus> {
  assertRole(ctx, "admin");
  if (!algoliaSelected()) return { provider: "postgres", configured: true, indexName: null, settings: null, records: null };
  const admin = await algoliaConfig(ctx.db, "admin");
  const overview = await topicOverview(ctx.db, SEARCH_SYNC_TOPIC, 10);
  const records: SearchSyncStatus["records"] = {
    waiting: overview.waiting,
    retrying: overview.retrying,
    running: overview.running,
    failed: overview.failed,
    failing: overview.failing.map((j) => ({
      jobId: j.id,
      productId: String(j.payload.productId ?? ""),
      status: j.status === "failed" ? "failed" : "retrying",
      error: j.lastError ?? "",
      attempts: j.attempts,
      nextAttemptAt: j.status === "pending" ? j.runAt : null,
    })),
  };
  if (!admin) return { provider: "algolia", configured: false, indexName: env().ALGOLIA_INDEX, settings: null, records };
  const job = await jobByDedupeKey(ctx.db, settingsKey(algoliaSettingsFingerprint(admin)));
  const state: NonNullable<SearchSyncStatus["settings"]>["state"] = !job
    ? "not-yet"
    : job.status === "done"
      ? "pushed"
      : job.status === "failed"
        ? "failed"
        : job.lastError
          ? "retrying"
          : "waiting";
  return {
    provider: "algolia",
    configured: true,
    indexName: admin.indexName,
    settings: {
      state,
      at: job?.status === "done" ? job.completedAt : null,
      error: job?.lastError ?? null,
      attempts: job?.attempts ?? 0,
      maxAttempts: job?.maxAttempts ?? 0,
      nextAttemptAt: job?.status === "pending" ? job.runAt : null,
    },
    records,
  };
}

/** Send the failed settings push and every failed record job back to the queue (admins only). */
export async function retrySearchSync(ctx: Ctx): Promise<{ settings: boolean; records: number }> {
  assertRole(ctx, "admin");
  return transaction(ctx.db, async (tx) => {
    let settings = false;
    const admin = algoliaSelected() ? await algoliaConfig(tx, "admin") : null;
    if (admin) {
      const key = settingsKey(algoliaSettingsFingerprint(admin));
      const job = await jobByDedupeKey(tx, key);
      if (job?.status === "failed") settings = await retryFailed(tx, job.id);
    }
    const records = await retryFailedByTopic(tx, SEARCH_SYNC_TOPIC);
    return { settings, records };
  });
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
