import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { env, parseEnv, setEnv } from "../../config/env.ts";
import { transaction } from "../../infra/db/index.ts";
import { registerHandler, runDueJobs } from "../../jobs/index.ts";
import { anonymous, system } from "../../kernel/index.ts";
import { getSettings, updateSettings } from "../platform/index.ts";
import {
  removeSearchDocument,
  searchProducts,
  SEARCH_SYNC_TOPIC,
  searchSyncHandler,
  upsertSearchDocument,
  type SearchDocumentInput,
} from "./index.ts";

const t = useTestDatabase();

interface Seen {
  method: string;
  url: string;
  key: string | undefined;
  body: { requests?: { action: string; body: { objectID: string; title?: string } }[]; query?: string };
}
const seen: Seen[] = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const text = Buffer.concat(chunks).toString("utf8");
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      key: req.headers["x-algolia-api-key"] as string | undefined,
      body: text ? JSON.parse(text) : {},
    });
    res.writeHead(200, { "Content-Type": "application/json" });
    if (req.url?.endsWith("/query")) res.end(JSON.stringify({ hits: [], nbHits: 0, page: 0, nbPages: 0, facets: {}, processingTimeMS: 1 }));
    else res.end(JSON.stringify({ taskID: 1, objectIDs: [] }));
  });
});

const original = env();

const doc: SearchDocumentInput = {
  productId: "prd_sync",
  storeId: "sto_1",
  storeHandle: "@inkwell",
  storeName: "Inkwell Studio",
  title: "Lighthouse Poster",
  description: "",
  tags: ["sea"],
  category: "posters",
  colors: [{ name: "White", hex: "#ffffff" }],
  sizes: ["A3"],
  priceMinor: 2200,
  image: null,
  publishedAt: new Date("2026-05-01T00:00:00Z"),
};

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setEnv(
    parseEnv({
      ...process.env,
      SEARCH_PROVIDER: "algolia",
      ALGOLIA_HOST: host,
      ALGOLIA_ADMIN_KEY: "admin-key",
      ALGOLIA_INDEX: "platen_test",
    }),
  );
  const ctx = t.ctx(system("test"));
  const settings = await getSettings(ctx);
  await updateSettings(ctx, {
    ...settings,
    search: { applicationId: "PLATEN123", publicKey: "search-key", connectTimeoutSeconds: 2, responseTimeoutSeconds: 5 },
  });
  registerHandler(SEARCH_SYNC_TOPIC, searchSyncHandler);
});

afterAll(async () => {
  setEnv(original);
  await new Promise<void>((r) => server.close(() => r()));
});

const outboxRows = async () =>
  (
    (await t.db.execute(
      sql`select dedupe_key, status from outbox where topic = ${SEARCH_SYNC_TOPIC} order by created_at, id`,
    )) as unknown as { rows: { dedupe_key: string; status: string }[] }
  ).rows;

describe("index sync through the outbox (Algolia)", () => {
  it("writes the local index in the caller's transaction and enqueues one job per change", async () => {
    await transaction(t.db, async (tx) => {
      await upsertSearchDocument(tx, doc);
    });
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.dedupe_key).toMatch(/^search\.sync:prd_sync:\d+$/);
    expect(seen).toHaveLength(0); // nothing is sent before the worker runs
  });

  it("the job pushes the settings once, then the record with the admin key (idempotent)", async () => {
    await runDueJobs(t.db);
    const settings = seen.filter((s) => s.url.endsWith("/settings"));
    expect(settings.map((s) => s.url)).toEqual([
      "/1/indexes/platen_test/settings",
      "/1/indexes/platen_test_newest/settings",
      "/1/indexes/platen_test_price_asc/settings",
      "/1/indexes/platen_test_price_desc/settings",
    ]);
    const batch = seen.filter((s) => s.url === "/1/indexes/platen_test/batch");
    expect(batch).toHaveLength(1);
    expect(batch[0]!.key).toBe("admin-key");
    expect(batch[0]!.body.requests).toEqual([
      {
        action: "updateObject",
        body: expect.objectContaining({ objectID: "prd_sync", title: "Lighthouse Poster", storeHandle: "inkwell" }),
      },
    ]);
    expect((await outboxRows()).map((r) => r.status)).toEqual(["done"]);
  });

  it("a change and a removal each enqueue their own job; the removal deletes the record", async () => {
    seen.length = 0;
    await transaction(t.db, async (tx) => {
      await upsertSearchDocument(tx, { ...doc, title: "Lighthouse Poster, blue" });
    });
    await transaction(t.db, async (tx) => {
      await removeSearchDocument(tx, "prd_sync");
      await removeSearchDocument(tx, "prd_sync"); // already gone: nothing more
    });
    expect(await outboxRows()).toHaveLength(3);
    await runDueJobs(t.db);
    const batches = seen.filter((s) => s.url.endsWith("/batch")).map((s) => s.body.requests![0]!.action);
    // Each job pushes what the index holds when it runs: the product is gone by then.
    expect(batches).toEqual(["deleteObject", "deleteObject"]);
    expect(seen.filter((s) => s.url.endsWith("/settings"))).toHaveLength(0); // settings went once
  });

  it("searches through Algolia with the public key from /admin/config", async () => {
    seen.length = 0;
    const result = await searchProducts(t.ctx(anonymous()), { q: "lighthouse" });
    expect(result.provider).toBe("algolia");
    expect(seen[0]).toMatchObject({ method: "POST", url: "/1/indexes/platen_test/query", key: "search-key" });
    expect(seen[0]!.body.query).toBe("lighthouse");
  });
});
