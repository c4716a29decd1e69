import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_ERRORS, searchQuerySchema } from "../../contracts/index.ts";
import {
  algoliaHosts,
  createAlgoliaClient,
  createAlgoliaSearchProvider,
  ALGOLIA_HIGHLIGHT_POST,
  ALGOLIA_HIGHLIGHT_PRE,
  type AlgoliaConfig,
} from "./algolia.ts";
import { SearchUnavailableError, type IndexedDocument } from "./types.ts";

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A local stand-in for Algolia: records requests and answers like the documented API. */
function fakeAlgolia(answer: (req: Seen) => { status?: number; body: unknown }) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const entry: Seen = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: text ? JSON.parse(text) : undefined };
      seen.push(entry);
      const out = answer(entry);
      res.writeHead(out.status ?? 200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(out.body));
    });
  });
  return {
    seen,
    server,
    async start(): Promise<string> {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const config = (host: string, over: Partial<AlgoliaConfig> = {}): AlgoliaConfig => ({
  applicationId: "PLATEN123",
  apiKey: "search-only-key",
  indexName: "platen_products",
  connectTimeoutSeconds: 1,
  responseTimeoutSeconds: 1,
  host,
  ...over,
});

const hitRecord = {
  objectID: "prd_1",
  title: "Sleepy <Fox> Hoodie",
  category: "hoodies",
  colors: ["Black"],
  colorSwatches: [{ name: "Black", hex: "#111111" }],
  sizes: ["M"],
  storeId: "sto_1",
  storeHandle: "inkwell",
  storeName: "Inkwell Studio",
  priceMinor: 4500,
  priceMaxMinor: 4900,
  image: { hash: "abc", color: "Black", areaKey: "front", width: 1024, height: 1024 },
  publishedAt: "2026-03-01T00:00:00.000Z",
  _highlightResult: { title: { value: `Sleepy <${ALGOLIA_HIGHLIGHT_PRE}Fox${ALGOLIA_HIGHLIGHT_POST}> Hoodie`, matchLevel: "full" } },
};

/**
 * Algolia's documented `facetFilters` rules ("facet:value"; the value is taken as written, so
 * quotes would be part of it; a leading `-` negates unless escaped as `\-`; nested arrays are
 * OR), applied to a few records the way the engine does.
 */
function matchesFacetFilters(record: Record<string, unknown>, filters: (string | string[])[]): boolean {
  const one = (filter: string) => {
    const colon = filter.indexOf(":");
    const attribute = filter.slice(0, colon);
    let value = filter.slice(colon + 1);
    let negate = false;
    if (value.startsWith("\\-")) value = value.slice(1);
    else if (value.startsWith("-")) {
      negate = true;
      value = value.slice(1);
    }
    const raw = record[attribute];
    const values = (Array.isArray(raw) ? raw : [raw]).map(String);
    return values.includes(value) !== negate;
  };
  return filters.every((f) => (Array.isArray(f) ? f.some(one) : one(f)));
}

describe("Algolia facetFilters as Algolia documents them", () => {
  const records = [
    { ...hitRecord, objectID: "prd_a", colors: ["Heather Grey"], sizes: ["-XL"], storeHandle: "inkwell", category: "hoodies" },
    { ...hitRecord, objectID: "prd_b", colors: ["Black"], sizes: ["M"], storeHandle: "fernwood", category: "hoodies" },
    { ...hitRecord, objectID: "prd_c", colors: ['Say "Cheese"'], sizes: ["M"], storeHandle: "inkwell", category: "mugs" },
  ];
  const fake = fakeAlgolia((req) => {
    const body = req.body as { facetFilters?: (string | string[])[] };
    const hits = records.filter((r) => matchesFacetFilters(r, body.facetFilters ?? []));
    return { body: { hits, nbHits: hits.length, page: 0, nbPages: 1, facets: {}, exhaustiveFacetsCount: true } };
  });
  let base = "";
  beforeAll(async () => {
    base = await fake.start();
  });
  afterAll(() => fake.close());

  it("sends values unquoted, escaping a leading minus, so filters with spaces, quotes and dashes match", async () => {
    const provider = createAlgoliaSearchProvider(config(base));
    const ids = async (input: Record<string, unknown>) => (await provider.query(searchQuerySchema.parse(input))).hits.map((h) => h.id);
    expect(await ids({ colors: ["Heather Grey"] })).toEqual(["prd_a"]);
    expect(await ids({ colors: ['Say "Cheese"'] })).toEqual(["prd_c"]);
    expect(await ids({ sizes: ["-XL"] })).toEqual(["prd_a"]); // not "every size but XL"
    expect(await ids({ category: "hoodies", storeHandle: "@fernwood" })).toEqual(["prd_b"]);
    const sent = fake.seen.map((s) => (s.body as { facetFilters: unknown }).facetFilters);
    expect(sent).toContainEqual([["sizes:\\-XL"]]);
    expect(sent).toContainEqual([["colors:Heather Grey"]]);
  });
});

describe("Algolia provider (against a local server)", () => {
  const fake = fakeAlgolia((req) => {
    const body = req.body as { hitsPerPage?: number; facets?: string[] };
    if (body.hitsPerPage === 0) {
      const all: Record<string, Record<string, number>> = { colors: { Black: 2, White: 1 }, category: { mugs: 2, hoodies: 1 } };
      const facets = Object.fromEntries((body.facets ?? []).filter((f) => all[f]).map((f) => [f, all[f]]));
      const stats = body.facets?.includes("priceMinor") ? { facets_stats: { priceMinor: { min: 900, max: 4500 } } } : {};
      return { body: { hits: [], nbHits: 3, page: 0, nbPages: 0, facets, ...stats, exhaustiveFacetsCount: true } };
    }
    return {
      body: {
        hits: [hitRecord],
        nbHits: 1,
        page: 0,
        nbPages: 1,
        hitsPerPage: 24,
        facets: { category: { hoodies: 1 }, colors: { Black: 1 }, sizes: { M: 1 }, storeHandle: { inkwell: 1 } },
        facets_stats: { priceMinor: { min: 4500, max: 4500, avg: 4500, sum: 4500 } },
        exhaustiveFacetsCount: true,
        processingTimeMS: 1,
      },
    };
  });
  let base = "";
  beforeAll(async () => {
    base = await fake.start();
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.seen.length = 0;
  });

  it("sends the documented search request and maps the answer to cards", async () => {
    const provider = createAlgoliaSearchProvider(config(base));
    const result = await provider.query(
      searchQuerySchema.parse({ q: "fox", category: "hoodies", minPriceMinor: 1000, pageSize: 24, page: 1 }),
    );
    const main = fake.seen.find((s) => (s.body as { hitsPerPage: number }).hitsPerPage === 24)!;
    expect(main.method).toBe("POST");
    expect(main.url).toBe("/1/indexes/platen_products/query");
    expect(main.headers["x-algolia-application-id"]).toBe("PLATEN123");
    expect(main.headers["x-algolia-api-key"]).toBe("search-only-key");
    expect(main.headers["content-type"]).toMatch(/^application\/json/);
    expect(main.body).toMatchObject({
      query: "fox",
      page: 0,
      hitsPerPage: 24,
      attributesToHighlight: ["title"],
      facets: ["category", "colors", "sizes", "storeHandle", "priceMinor"],
      facetFilters: ["category:hoodies"],
      numericFilters: ["priceMinor>=1000"],
    });
    // One more request per filtered dimension (disjunctive facets): category and price.
    expect(fake.seen).toHaveLength(3);
    expect(result.provider).toBe("algolia");
    expect(result.total).toBe(1);
    expect(result.hits[0]).toMatchObject({
      id: "prd_1",
      title: "Sleepy <Fox> Hoodie",
      priceMinor: 4500,
      priceMaxMinor: 4900,
      storeHandle: "inkwell",
      colors: [{ name: "Black", hex: "#111111" }],
      image: { hash: "abc" },
      status: "published",
    });
    expect(result.hits[0]!.highlightedTitle).toBe("Sleepy &lt;<mark>Fox</mark>&gt; Hoodie");
    // The category facet ignores the category filter; the price range ignores the price filter.
    expect(result.facets.category).toEqual([
      { value: "mugs", count: 2, label: "Mugs" },
      { value: "hoodies", count: 1, label: "Hoodies" },
    ]);
    expect(result.facets.price).toEqual({ min: 900, max: 4500 });
    expect(result.facets.store).toEqual([{ value: "inkwell", count: 1, label: "Inkwell Studio" }]);
  });

  it("asks for the facets of a filtered dimension without its own filter, and sorts through replicas", async () => {
    const provider = createAlgoliaSearchProvider(config(base));
    const result = await provider.query(searchQuerySchema.parse({ q: "", colors: ["Black", "Navy"], sizes: ["M"], sort: "price-asc" }));
    const main = fake.seen.find((s) => s.url.includes("_price_asc"))!;
    expect(main.url).toBe("/1/indexes/platen_products_price_asc/query");
    expect((main.body as { facetFilters: unknown }).facetFilters).toEqual([["colors:Black", "colors:Navy"], ["sizes:M"]]);
    const colorsOnly = fake.seen.find((s) => JSON.stringify((s.body as { facets: string[] }).facets) === '["colors"]')!;
    expect(colorsOnly.url).toBe("/1/indexes/platen_products/query");
    expect(colorsOnly.body).toMatchObject({ hitsPerPage: 0, facetFilters: [["sizes:M"]] });
    expect(result.facets.colors).toEqual([
      { value: "Black", count: 2, hex: "#111111" },
      { value: "White", count: 1 },
      { value: "Navy", count: 0 },
    ]);
  });

  it("indexes with batch addObject/updateObject/deleteObject and pushes settings with the admin key", async () => {
    const provider = createAlgoliaSearchProvider(config(base), config(base, { apiKey: "admin-key" }));
    const doc: IndexedDocument = {
      productId: "prd_9",
      storeId: "sto_1",
      storeHandle: "inkwell",
      storeName: "Inkwell Studio",
      title: "Fox Mug",
      description: "A mug",
      tags: ["fox"],
      category: "mugs",
      colors: [{ name: "White", hex: "#ffffff" }],
      sizes: ["11 oz"],
      priceMinor: 1500,
      priceMaxMinor: 1500,
      image: null,
      popularity: 2,
      publishedAt: new Date("2026-02-01T00:00:00Z"),
      version: 3,
    };
    await provider.upsert([doc]);
    await provider.remove(["prd_8"]);
    await provider.pushSettings();
    const [upsert, remove, settings, ...replicas] = fake.seen;
    expect(upsert!.url).toBe("/1/indexes/platen_products/batch");
    expect(upsert!.headers["x-algolia-api-key"]).toBe("admin-key");
    expect(upsert!.body).toEqual({
      requests: [
        {
          action: "updateObject",
          body: expect.objectContaining({
            objectID: "prd_9",
            title: "Fox Mug",
            tags: ["fox"],
            colors: ["White"],
            priceMinor: 1500,
            publishedAtTs: 1769904000,
            storeHandle: "inkwell",
          }),
        },
      ],
    });
    expect(remove!.body).toEqual({ requests: [{ action: "deleteObject", body: { objectID: "prd_8" } }] });
    expect(settings!.method).toBe("PUT");
    expect(settings!.url).toBe("/1/indexes/platen_products/settings");
    expect(settings!.body).toMatchObject({
      searchableAttributes: ["title", "tags", "storeName", "unordered(description)"],
      attributesForFaceting: expect.arrayContaining(["category", "sizes", "storeHandle"]),
      customRanking: ["desc(popularity)", "desc(publishedAtTs)"],
      replicas: ["virtual(platen_products_newest)", "virtual(platen_products_price_asc)", "virtual(platen_products_price_desc)"],
    });
    expect(replicas.map((r) => r.url)).toEqual([
      "/1/indexes/platen_products_newest/settings",
      "/1/indexes/platen_products_price_asc/settings",
      "/1/indexes/platen_products_price_desc/settings",
    ]);
    // A search-only provider refuses to write.
    await expect(createAlgoliaSearchProvider(config(base)).upsert([doc])).rejects.toThrow(/ALGOLIA_ADMIN_KEY/);
  });
});

describe("Algolia hosts, retries and failures", () => {
  it("uses the DSN host to read, the main host to write, then the fallbacks", () => {
    expect(algoliaHosts({ applicationId: "APP" }, "read")).toEqual([
      "https://APP-dsn.algolia.net",
      "https://APP-1.algolianet.com",
      "https://APP-2.algolianet.com",
      "https://APP-3.algolianet.com",
    ]);
    expect(algoliaHosts({ applicationId: "APP" }, "write")[0]).toBe("https://APP.algolia.net");
    expect(algoliaHosts({ applicationId: "APP", host: "http://127.0.0.1:9/" }, "read")).toEqual(["http://127.0.0.1:9"]);
  });

  it("retries the next host after a 5xx, but not after a 4xx", async () => {
    const down = fakeAlgolia(() => ({ status: 503, body: { message: "Service unavailable" } }));
    const up = fakeAlgolia(() => ({ body: { ok: true } }));
    const bad = fakeAlgolia(() => ({ status: 403, body: { message: "Invalid Application-ID or API key" } }));
    const [a, b, c] = [await down.start(), await up.start(), await bad.start()];
    try {
      const client = createAlgoliaClient(config("", { hosts: { read: [a, b], write: [a, b] } }));
      await expect(client.request("read", "POST", "/1/indexes/x/query", {})).resolves.toEqual({ ok: true });
      expect(down.seen).toHaveLength(1);
      expect(up.seen).toHaveLength(1);
      const refusing = createAlgoliaClient(config("", { hosts: { read: [c, b], write: [c, b] } }));
      await expect(refusing.request("read", "POST", "/1/indexes/x/query", {})).rejects.toMatchObject({
        status: 403,
        message: expect.stringContaining("Invalid Application-ID"),
      });
      expect(up.seen).toHaveLength(1);
    } finally {
      await Promise.all([down.close(), up.close(), bad.close()]);
    }
  });

  it("reports a refused connection as 'Network request failed'", async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const provider = createAlgoliaSearchProvider(config(`http://127.0.0.1:${port}`));
    const error = await provider.query(searchQuerySchema.parse({ q: "fox" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchUnavailableError);
    expect((error as Error).message).toBe(SEARCH_ERRORS.network);
  });

  it("reports a connection that never completes as 'Connection timeout' (connect timeout in seconds)", async () => {
    // A TCP listener that never speaks TLS: the https connection is never established.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    try {
      const started = Date.now();
      const provider = createAlgoliaSearchProvider(
        config(`https://127.0.0.1:${(silent.address() as AddressInfo).port}`, { connectTimeoutSeconds: 1, responseTimeoutSeconds: 5 }),
      );
      const error = await provider.query(searchQuerySchema.parse({ q: "fox" })).catch((e: unknown) => e);
      expect((error as Error).message).toBe(SEARCH_ERRORS.connectTimeout);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it("reports a server that accepts but never answers as 'Socket timeout' (response timeout in seconds)", async () => {
    const hanging = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => hanging.listen(0, "127.0.0.1", r));
    try {
      const started = Date.now();
      const provider = createAlgoliaSearchProvider(
        config(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}`, { connectTimeoutSeconds: 5, responseTimeoutSeconds: 1 }),
      );
      const error = await provider.query(searchQuerySchema.parse({ q: "fox" })).catch((e: unknown) => e);
      expect((error as Error).message).toBe(SEARCH_ERRORS.socketTimeout);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((r) => hanging.close(() => r()));
    }
  });
});
