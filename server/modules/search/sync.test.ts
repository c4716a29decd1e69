import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { env, parseEnv, setEnv } from "../../config/env.ts";
import { transaction } from "../../infra/db/index.ts";
import { drain, registerBatchHandler, registerHandler, runDueJobs } from "../../jobs/index.ts";
import { anonymous, system, type Actor } from "../../kernel/index.ts";
import { getSettings, updateSettings } from "../platform/index.ts";
import {
  removeSearchDocument,
  retrySearchSync,
  searchProducts,
  SEARCH_SETTINGS_TOPIC,
  SEARCH_SYNC_TOPIC,
  searchSettingsHandler,
  searchSyncBatchHandler,
  searchSyncStatus,
  upsertSearchDocument,
  type SearchDocumentInput,
} from "./index.ts";

const t = useTestDatabase();
const admin: Actor = { kind: "user", userId: "usr_admin", roles: ["admin"] };

interface BatchRequest {
  action: string;
  body: { objectID: string; title?: string; description?: string };
}
interface Seen {
  method: string;
  url: string;
  key: string | undefined;
  body: { requests?: BatchRequest[]; query?: string };
}

/**
 * A local stand-in for Algolia's REST API, with the answers its documents give: `PUT
 * /1/indexes/{index}/settings` → `{ updatedAt, taskID }`, `POST /1/indexes/{index}/batch` →
 * `{ taskID, objectIDs }` (a record over 10 KB refused with 400 "Record at the position N
 * objectID=... is too big"), errors as `{ message, status }`.
 */
const seen: Seen[] = [];
const faults = { settings: null as null | { status: number; message: string }, batch: null as null | { status: number; message: string } };
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const text = Buffer.concat(chunks).toString("utf8");
    const entry: Seen = {
      method: req.method ?? "",
      url: req.url ?? "",
      key: req.headers["x-algolia-api-key"] as string | undefined,
      body: {},
    };
    try {
      entry.body = text ? JSON.parse(text) : {};
    } catch {
      /* answered below */
    }
    seen.push(entry);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8" });
      res.end(JSON.stringify(body));
    };
    if (req.headers["x-algolia-application-id"] !== "PLATEN123")
      return send(403, { message: "Invalid Application-ID or API key", status: 403 });
    const url = req.url ?? "";
    if (url.endsWith("/query")) return send(200, { hits: [], nbHits: 0, page: 0, nbPages: 0, facets: {}, processingTimeMS: 1 });
    if (req.method === "PUT" && url.endsWith("/settings")) {
      if (faults.settings) return send(faults.settings.status, { message: faults.settings.message, status: faults.settings.status });
      return send(200, { updatedAt: new Date().toISOString(), taskID: 11 });
    }
    if (req.method === "POST" && url.endsWith("/batch")) {
      if (faults.batch) return send(faults.batch.status, { message: faults.batch.message, status: faults.batch.status });
      const requests = entry.body.requests;
      if (!Array.isArray(requests) || requests.length === 0) return send(400, { message: "Missing requests", status: 400 });
      for (const [i, r] of requests.entries()) {
        if (!["updateObject", "deleteObject", "addObject", "partialUpdateObject"].includes(r.action) || !r.body?.objectID)
          return send(400, { message: `Invalid action at position ${i}`, status: 400 });
        const size = Buffer.byteLength(JSON.stringify(r.body));
        if (size > 10_000)
          return send(400, {
            message: `Record at the position ${i} objectID=${r.body.objectID} is too big size=${size}/10000 bytes.`,
            status: 400,
          });
      }
      return send(200, { taskID: 12, objectIDs: requests.map((r) => r.body.objectID) });
    }
    return send(404, { message: "Not found", status: 404 });
  });
});

const original = env();

const doc = (productId: string, over: Partial<SearchDocumentInput> = {}): SearchDocumentInput => ({
  productId,
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
  ...over,
});

let host = "";
const useIndex = (indexName: string) =>
  setEnv(
    parseEnv({
      ...process.env,
      SEARCH_PROVIDER: "algolia",
      ALGOLIA_HOST: host,
      ALGOLIA_ADMIN_KEY: "admin-key",
      ALGOLIA_INDEX: indexName,
    }),
  );

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  useIndex("platen_test");
  const ctx = t.ctx(system("test"));
  const settings = await getSettings(ctx);
  await updateSettings(ctx, {
    ...settings,
    search: { applicationId: "PLATEN123", publicKey: "search-key", connectTimeoutSeconds: 2, responseTimeoutSeconds: 5 },
  });
  registerBatchHandler(SEARCH_SYNC_TOPIC, searchSyncBatchHandler);
  registerHandler(SEARCH_SETTINGS_TOPIC, searchSettingsHandler);
});

afterAll(async () => {
  setEnv(original);
  await new Promise<void>((r) => server.close(() => r()));
});

beforeEach(() => {
  seen.length = 0;
  faults.settings = null;
  faults.batch = null;
});

const outboxRows = async (topic = SEARCH_SYNC_TOPIC) =>
  (
    (await t.db.execute(
      sql`select dedupe_key, status, last_error from outbox where topic = ${topic} order by created_at, id`,
    )) as unknown as { rows: { dedupe_key: string; status: string; last_error: string | null }[] }
  ).rows;
const batches = () => seen.filter((s) => s.url === `/1/indexes/${env().ALGOLIA_INDEX}/batch`);
const makeDue = () => t.db.execute(sql`update outbox set run_at = now() - interval '1 second' where status = 'pending'`);

describe("index sync through the outbox (Algolia)", () => {
  it("writes the local index in the caller's transaction and enqueues one job per change", async () => {
    await transaction(t.db, async (tx) => {
      await upsertSearchDocument(tx, doc("prd_sync"));
    });
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.dedupe_key).toMatch(/^search\.sync:prd_sync:\d+$/);
    expect(seen).toHaveLength(0); // nothing is sent before the worker runs
  });

  it("sends every due product in one batch request with the admin key, then pushes the settings as a job of their own", async () => {
    await transaction(t.db, async (tx) => {
      for (let i = 1; i <= 5; i++) await upsertSearchDocument(tx, doc(`prd_many_${i}`, { title: `Poster ${i}` }));
    });
    await runDueJobs(t.db, "w", 2); // claims 2, the batch takes the rest
    expect(batches()).toHaveLength(1);
    const [batch] = batches();
    expect(batch!.key).toBe("admin-key");
    expect(batch!.body.requests!.map((r) => `${r.action}:${r.body.objectID}`).sort()).toEqual(
      ["prd_many_1", "prd_many_2", "prd_many_3", "prd_many_4", "prd_many_5", "prd_sync"].map((id) => `updateObject:${id}`).sort(),
    );
    expect(batch!.body.requests!.find((r) => r.body.objectID === "prd_sync")!.body).toMatchObject({
      title: "Lighthouse Poster",
      storeHandle: "inkwell",
    });
    expect((await outboxRows()).every((r) => r.status === "done")).toBe(true);
    await drain(t.db);
    expect(seen.filter((s) => s.url.endsWith("/settings")).map((s) => s.url)).toEqual([
      "/1/indexes/platen_test/settings",
      "/1/indexes/platen_test_newest/settings",
      "/1/indexes/platen_test_price_asc/settings",
      "/1/indexes/platen_test_price_desc/settings",
    ]);
    const status = await searchSyncStatus(t.ctx(admin));
    expect(status.settings).toMatchObject({ state: "pushed", error: null });
    expect(status.records).toMatchObject({ waiting: 0, retrying: 0, failed: 0, failing: [] });
  });

  it("a change and a removal of one product go out once, as the index holds it when the batch runs", async () => {
    await transaction(t.db, async (tx) => {
      await upsertSearchDocument(tx, doc("prd_sync", { title: "Lighthouse Poster, blue" }));
    });
    await transaction(t.db, async (tx) => {
      await removeSearchDocument(tx, "prd_sync");
      await removeSearchDocument(tx, "prd_sync"); // already gone: nothing more
    });
    await drain(t.db);
    expect(batches().flatMap((b) => b.body.requests!.map((r) => `${r.action}:${r.body.objectID}`))).toEqual(["deleteObject:prd_sync"]);
    expect(seen.filter((s) => s.url.endsWith("/settings"))).toHaveLength(0); // settings went once
  });

  it("retries the whole batch after a network or server error, and delivers once Algolia is back", async () => {
    faults.batch = { status: 503, message: "Service Unavailable" };
    await transaction(t.db, async (tx) => {
      await upsertSearchDocument(tx, doc("prd_retry_1"));
      await upsertSearchDocument(tx, doc("prd_retry_2"));
    });
    await runDueJobs(t.db);
    const waiting = (await outboxRows()).filter((r) => r.status === "pending");
    expect(waiting).toHaveLength(2);
    expect(waiting.every((r) => r.last_error?.includes("503"))).toBe(true);
    expect((await searchSyncStatus(t.ctx(admin))).records).toMatchObject({ retrying: 2, failed: 0 });
    faults.batch = null;
    await makeDue();
    await drain(t.db);
    expect(
      batches()
        .at(-1)!
        .body.requests!.map((r) => r.body.objectID)
        .sort(),
    ).toEqual(["prd_retry_1", "prd_retry_2"]);
    expect((await outboxRows()).every((r) => r.status === "done")).toBe(true);
  });

  it("a record Algolia refuses fails alone and shows to the admin; the others of its batch are synced", async () => {
    await transaction(t.db, async (tx) => {
      await upsertSearchDocument(tx, doc("prd_ok_1"));
      await upsertSearchDocument(tx, doc("prd_huge", { description: "A very long story. ".repeat(700) }));
      await upsertSearchDocument(tx, doc("prd_ok_2"));
    });
    await runDueJobs(t.db);
    const singles = batches().slice(1); // the refused batch, then one request per product
    expect(singles.map((b) => b.body.requests!.map((r) => r.body.objectID))).toEqual(
      expect.arrayContaining([["prd_ok_1"], ["prd_huge"], ["prd_ok_2"]]),
    );
    const status = await searchSyncStatus(t.ctx(admin));
    expect(status.records!.failed).toBe(1);
    expect(status.records!.failing).toEqual([
      expect.objectContaining({
        productId: "prd_huge",
        status: "failed",
        attempts: 1,
        error: expect.stringMatching(/prd_huge is too big/),
      }),
    ]);
    const rows = await outboxRows();
    expect(rows.filter((r) => r.status === "failed")).toHaveLength(1);
    expect(rows.filter((r) => r.status !== "done" && r.status !== "failed")).toHaveLength(0);
  });

  it("searches through Algolia with the public key from /admin/config", async () => {
    const result = await searchProducts(t.ctx(anonymous()), { q: "lighthouse" });
    expect(result.provider).toBe("algolia");
    expect(seen[0]).toMatchObject({ method: "POST", url: "/1/indexes/platen_test/query", key: "search-key" });
    expect(seen[0]!.body.query).toBe("lighthouse");
  });
});

describe("a settings push Algolia refuses for good", () => {
  beforeAll(() => useIndex("platen_other")); // a new index: its settings have not been pushed yet
  afterAll(() => useIndex("platen_test"));

  it("does not hold back record syncs, so an unpublished product leaves the index; the admin sees the refusal and retries", async () => {
    faults.settings = { status: 403, message: "Method not allowed with this API key" };
    const failedBefore = (await searchSyncStatus(t.ctx(admin))).records!.failed; // the refused record above
    await transaction(t.db, async (tx) => {
      await upsertSearchDocument(tx, doc("prd_keep"));
      await upsertSearchDocument(tx, doc("prd_gone"));
    });
    await drain(t.db);
    seen.length = 0;
    await transaction(t.db, async (tx) => {
      await removeSearchDocument(tx, "prd_gone"); // unpublished
    });
    await drain(t.db);
    expect(batches().flatMap((b) => b.body.requests!.map((r) => `${r.action}:${r.body.objectID}`))).toEqual(["deleteObject:prd_gone"]);
    const settingsJobs = await outboxRows(SEARCH_SETTINGS_TOPIC);
    expect(settingsJobs.at(-1)).toMatchObject({ status: "failed" }); // refused: not retried for ten minutes
    expect(seen.filter((s) => s.url.endsWith("/settings"))).toHaveLength(0); // nor on every batch

    const status = await searchSyncStatus(t.ctx(admin));
    expect(status).toMatchObject({ provider: "algolia", configured: true, indexName: "platen_other" });
    expect(status.settings).toMatchObject({ state: "failed", attempts: 1 });
    expect(status.settings!.error).toBe("Algolia refused the index settings: Algolia answered 403: Method not allowed with this API key");
    expect(status.records).toMatchObject({ waiting: 0, retrying: 0, failed: failedBefore });

    faults.settings = null; // the admin fixed the key's rights
    expect(await retrySearchSync(t.ctx(admin))).toEqual({ settings: true, records: failedBefore });
    await drain(t.db);
    expect((await searchSyncStatus(t.ctx(admin))).settings).toMatchObject({ state: "pushed", error: null });
    await expect(searchSyncStatus(t.ctx(anonymous()))).rejects.toMatchObject({ status: 403 });
  });
});
