// `npx tsx server/cli/search-reindex.ts`: rebuild the search index from the catalogue's published
// products (search_documents + search_terms; with SEARCH_PROVIDER=algolia also one outbox sync job
// per product and a job pushing the index settings, run by the app's outbox worker). Safe to run at any time: it upserts, then drops documents of
// products that are no longer published.
import path from "node:path";
import { loadEnvOrExit } from "../boot.ts";
import { setEnv } from "../config/env.ts";
import { openDatabase } from "../infra/db/index.ts";
import { systemCtx } from "../kernel/index.ts";
import { adminListProducts, searchDocumentFor } from "../modules/catalog/index.ts";
import { reindexAll, type SearchDocumentInput } from "../modules/search/index.ts";

const env = loadEnvOrExit();
setEnv(env);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, "pglite") });
await database.migrate();
const ctx = systemCtx(database.db, "search reindex");

async function* published(): AsyncGenerator<SearchDocumentInput> {
  for (let page = 1; ; page++) {
    const list = await adminListProducts(ctx, { status: "published", page });
    for (const row of list.rows) {
      const doc = await searchDocumentFor(database.db, row.id);
      if (doc) yield doc;
    }
    if (page >= list.pageCount) break;
  }
}

const started = Date.now();
const n = await reindexAll(database.db, published());
console.log(`Indexed ${n} published products in ${Date.now() - started} ms (provider: ${env.SEARCH_PROVIDER}).`);
await database.close();
