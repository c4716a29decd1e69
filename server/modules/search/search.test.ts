import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { anonymous } from "../../kernel/index.ts";
import { transaction } from "../../infra/db/index.ts";
import type { MockupRef } from "../../contracts/index.ts";
import { removeSearchDocument, searchProducts, suggest, upsertSearchDocument, reindexAll, type SearchDocumentInput } from "./index.ts";

const t = useTestDatabase();

const img = (hash: string): MockupRef => ({ hash, color: "Black", areaKey: "front", width: 1024, height: 1024 });
const BLACK = { name: "Black", hex: "#111111" };
const WHITE = { name: "White", hex: "#ffffff" };
const NAVY = { name: "Navy", hex: "#1f2a44" };

function doc(id: string, over: Partial<SearchDocumentInput>): SearchDocumentInput {
  return {
    productId: id,
    storeId: "sto_ink",
    storeHandle: "inkwell",
    storeName: "Inkwell Studio",
    title: "Untitled",
    description: "",
    tags: [],
    category: "t-shirts",
    colors: [BLACK],
    sizes: ["M"],
    priceMinor: 2000,
    image: img(id),
    publishedAt: new Date("2026-01-01T00:00:00Z"),
    ...over,
  };
}

const DOCS: SearchDocumentInput[] = [
  doc("prd_fox_hoodie", {
    title: "Sleepy Fox Hoodie",
    category: "hoodies",
    colors: [BLACK, NAVY],
    sizes: ["S", "M", "L"],
    priceMinor: 4500,
    tags: ["fox", "forest"],
    publishedAt: new Date("2026-03-01T00:00:00Z"),
  }),
  doc("prd_wave_hoodie", {
    title: "Great Wave Hoodie",
    category: "hoodies",
    colors: [WHITE],
    sizes: ["M", "XL"],
    priceMinor: 4800,
    tags: ["ocean"],
    storeHandle: "kenji-draws",
    storeName: "Kenji Draws",
    storeId: "sto_kenji",
  }),
  doc("prd_fox_tee", {
    title: "Fox Portrait Tee",
    colors: [WHITE, BLACK],
    sizes: ["S", "M"],
    priceMinor: 2500,
    tags: ["fox"],
    publishedAt: new Date("2026-04-01T00:00:00Z"),
  }),
  doc("prd_mug", {
    title: "Morning Coffee Mug",
    category: "mugs",
    colors: [WHITE],
    sizes: ["11 oz"],
    priceMinor: 1500,
    description: "A mug for fox lovers who need coffee.",
    tags: ["coffee"],
  }),
  doc("prd_poster", {
    title: `Sunrise <Mountain> & "Co" <script>x</script>`,
    category: "posters",
    colors: [WHITE],
    sizes: ["A3"],
    priceMinor: 3000,
    tags: ["mountain"],
    description: "A mountain at dawn.",
  }),
];

beforeAll(async () => {
  await transaction(t.db, async (tx) => {
    for (const d of DOCS) await upsertSearchDocument(tx, d);
  });
});

const search = (q: Record<string, unknown>) => searchProducts(t.ctx(anonymous()), q);

describe("PostgreSQL search provider", () => {
  it("ranks a title match above a description match", async () => {
    const r = await search({ q: "fox" });
    expect(r.provider).toBe("postgres");
    expect(r.total).toBe(3);
    const ids = r.hits.map((h) => h.id);
    expect(ids.slice(0, 2).sort()).toEqual(["prd_fox_hoodie", "prd_fox_tee"]);
    expect(ids[2]).toBe("prd_mug"); // "fox" only in its description
    expect(r.hits[0]!.highlightedTitle).toMatch(/<mark>Fox<\/mark>/);
  });

  it("returns full product cards", async () => {
    const r = await search({ q: "sleepy" });
    expect(r.hits).toHaveLength(1);
    expect(r.hits[0]).toMatchObject({
      id: "prd_fox_hoodie",
      title: "Sleepy Fox Hoodie",
      category: "hoodies",
      priceMinor: 4500,
      priceMaxMinor: 4500,
      storeHandle: "inkwell",
      storeName: "Inkwell Studio",
      colors: [BLACK, NAVY],
      image: img("prd_fox_hoodie"),
      status: "published",
    });
  });

  it("matches the word being typed by prefix", async () => {
    const r = await search({ q: "mou" });
    expect(r.hits.map((h) => h.id)).toEqual(["prd_poster"]);
    const two = await search({ q: "sleepy fo" });
    expect(two.hits.map((h) => h.id)).toEqual(["prd_fox_hoodie"]);
  });

  it("finds products by their category, also written as a compound word", async () => {
    expect((await search({ q: "t-shirt" })).hits.map((h) => h.id)).toEqual(["prd_fox_tee"]);
    expect((await search({ q: "t-shirts" })).total).toBe(1);
    expect((await search({ q: "mugs" })).hits.map((h) => h.id)).toEqual(["prd_mug"]);
    expect((await search({ q: "tote bag" })).total).toBe(0);
  });

  it("corrects a misspelt query (hoddie finds hoodies) and says so", async () => {
    const r = await search({ q: "hoddie" });
    expect(r.correctedQuery).toBe("hoodie");
    expect(r.hits.map((h) => h.id).sort()).toEqual(["prd_fox_hoodie", "prd_wave_hoodie"]);
    const none = await search({ q: "zzzzqqq" });
    expect(none.total).toBe(0);
    expect(none.correctedQuery).toBeUndefined();
  });

  it("filters by category, colours (any of), sizes, store and price", async () => {
    expect((await search({ category: "hoodies" })).total).toBe(2);
    expect((await search({ colors: ["Navy"] })).hits.map((h) => h.id)).toEqual(["prd_fox_hoodie"]);
    expect((await search({ colors: ["Navy", "White"] })).total).toBe(5);
    expect((await search({ colors: ["Black"] })).hits.map((h) => h.id).sort()).toEqual(["prd_fox_hoodie", "prd_fox_tee"]);
    expect((await search({ sizes: ["XL"] })).hits.map((h) => h.id)).toEqual(["prd_wave_hoodie"]);
    expect((await search({ storeHandle: "kenji-draws" })).hits.map((h) => h.id)).toEqual(["prd_wave_hoodie"]);
    expect((await search({ storeHandle: "@kenji-draws" })).total).toBe(1);
    const priced = await search({ minPriceMinor: 2000, maxPriceMinor: 3000 });
    expect(priced.hits.map((h) => h.id).sort()).toEqual(["prd_fox_tee", "prd_poster"]);
  });

  it("counts facets over the filtered set, each dimension ignoring its own filter", async () => {
    const r = await search({ q: "fox", colors: ["Black"] });
    expect(r.total).toBe(2); // hoodie and tee are black; the mug is white
    const colors = Object.fromEntries(r.facets.colors.map((v) => [v.value, v.count]));
    expect(colors).toEqual({ Black: 2, White: 2, Navy: 1 }); // ignores the colour filter
    expect(r.facets.colors.find((v) => v.value === "Navy")?.hex).toBe("#1f2a44");
    const categories = Object.fromEntries(r.facets.category.map((v) => [v.value, v.count]));
    expect(categories).toEqual({ hoodies: 1, "t-shirts": 1 }); // the colour filter applies
    expect(r.facets.category.find((v) => v.value === "hoodies")?.label).toBe("Hoodies");
    expect(r.facets.store).toEqual([{ value: "inkwell", label: "Inkwell Studio", count: 2 }]);
    expect(r.facets.price).toEqual({ min: 2500, max: 4500 });
    expect(r.facets.sizes.map((v) => v.value)).toEqual(["S", "M", "L"]);
  });

  it("sorts by price and by newest, and paginates", async () => {
    const asc = await search({ sort: "price-asc" });
    expect(asc.hits.map((h) => h.priceMinor)).toEqual([1500, 2500, 3000, 4500, 4800]);
    const desc = await search({ sort: "price-desc", pageSize: 2, page: 2 });
    expect(desc.hits.map((h) => h.priceMinor)).toEqual([3000, 2500]);
    expect(desc.pageCount).toBe(3);
    expect(desc.total).toBe(5);
    const newest = await search({ sort: "newest" });
    expect(newest.hits[0]!.id).toBe("prd_fox_tee");
  });

  it("escapes HTML in highlighted titles", async () => {
    const r = await search({ q: "sunrise" });
    expect(r.hits[0]!.highlightedTitle).toBe("<mark>Sunrise</mark> &lt;Mountain&gt; &amp; &quot;Co&quot; &lt;script&gt;x&lt;/script&gt;");
    const browse = await search({ category: "posters" });
    expect(browse.hits[0]!.highlightedTitle).toBe("Sunrise &lt;Mountain&gt; &amp; &quot;Co&quot; &lt;script&gt;x&lt;/script&gt;");
  });

  it("treats search syntax and odd input safely", async () => {
    for (const q of [
      '"sleepy fox"',
      "fox -hoodie",
      "fox or mug",
      "'; drop table x; --",
      "\\",
      "::*",
      "a & b | !c",
      "\u0000",
      "fox\u0000hoodie",
      "🦊🦊",
      "x".repeat(200),
    ]) {
      const r = await search({ q });
      expect(r.total).toBeGreaterThanOrEqual(0);
    }
    expect((await search({ q: "fox", colors: ["\u0000"], sizes: ["\u0000M"], storeHandle: "\u0000" })).total).toBe(2); // control characters dropped: only size M remains
    expect(await suggest(t.ctx(anonymous()), "\u0000", 5)).toEqual([]);
    expect((await search({ q: "fox -hoodie" })).hits.map((h) => h.id).sort()).toEqual(["prd_fox_tee", "prd_mug"]);
    expect((await search({ q: '"sleepy fox"' })).hits.map((h) => h.id)).toEqual(["prd_fox_hoodie"]);
  });

  it("suggests products, stores and categories while typing", async () => {
    const ctx = t.ctx(anonymous());
    const s = await suggest(ctx, "fo", 5);
    expect(s.filter((x) => x.kind === "product").map((x) => x.label)).toEqual(
      expect.arrayContaining(["Sleepy Fox Hoodie", "Fox Portrait Tee"]),
    );
    expect(s.find((x) => x.kind === "product")?.href).toMatch(/^\/shop\/product\/prd_/);
    const stores = await suggest(ctx, "ken", 5);
    expect(stores.find((x) => x.kind === "store")).toMatchObject({ label: "Kenji Draws", href: "/shop/stores/@kenji-draws" });
    const cats = await suggest(ctx, "hood", 5);
    expect(cats.find((x) => x.kind === "category")).toMatchObject({ label: "Hoodies", href: "/shop/products/hoodies" });
    expect(await suggest(ctx, "   ", 5)).toEqual([]);
  });

  it("updates and removes documents and keeps the correction dictionary in step", async () => {
    await transaction(t.db, async (tx) => {
      await upsertSearchDocument(tx, doc("prd_tmp", { title: "Zebra Crossing Tote", category: "tote-bags" }));
    });
    expect((await search({ q: "zebra" })).total).toBe(1);
    const terms = async () =>
      (
        (await t.db.execute(sql`select term from search_terms where term in ('zebra', 'giraffe')`)) as unknown as {
          rows: { term: string }[];
        }
      ).rows
        .map((r) => r.term)
        .sort();
    expect(await terms()).toEqual(["zebra"]);
    await transaction(t.db, async (tx) => {
      await upsertSearchDocument(tx, doc("prd_tmp", { title: "Giraffe Crossing Tote", category: "tote-bags" }));
    });
    expect((await search({ q: "zebra" })).total).toBe(0);
    expect(await terms()).toEqual(["giraffe"]);
    await transaction(t.db, async (tx) => {
      await removeSearchDocument(tx, "prd_tmp");
      await removeSearchDocument(tx, "prd_never_indexed");
    });
    expect((await search({ q: "giraffe" })).total).toBe(0);
    expect(await terms()).toEqual([]);
  });

  it("reindexAll rebuilds from a list and drops products no longer listed", async () => {
    const n = await reindexAll(
      t.db,
      DOCS.filter((d) => d.productId !== "prd_poster"),
    );
    expect(n).toBe(4);
    expect((await search({})).total).toBe(4);
    await reindexAll(t.db, DOCS);
    expect((await search({})).total).toBe(5);
  });
});
