// Search micro-benchmark (`npm run bench`, or `node --import tsx bench/micro/search.bench.ts`):
// 100,000 generated products in (a) PGlite in memory and (b) PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set (a scratch database is created and dropped), then a mix of queries
// through the PostgreSQL search provider. Prints p50/p95/p99 per query kind and engine and writes
// tmp/bench-search.json. Target: p95 < 15 ms on PostgreSQL.
//
// Settings: BENCH_SEARCH_DOCS (default 100000), BENCH_SEARCH_ROUNDS (default 40 per query kind).
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database, type Db } from "../../server/infra/db/index.ts";
import { createPostgresSearchProvider, termsOf } from "../../server/infra/search/index.ts";
import { CATEGORIES, type Category } from "../../server/modules/catalog/types.ts";
import { searchQuerySchema, type SearchQuery } from "../../server/modules/search/types.ts";

const DOCS = Number(process.env.BENCH_SEARCH_DOCS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 40);
const TARGET_P95_MS = 15;

// ---- realistic generated catalogue ----------------------------------------------------------

let seed = 20260301;
const rand = () => {
  // mulberry32: the same catalogue on every run
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const some = <T>(list: readonly T[], min: number, max: number): T[] => {
  const n = min + Math.floor(rand() * (max - min + 1));
  return [...new Set(Array.from({ length: n }, () => pick(list)))];
};

const ADJECTIVES = [
  "Vintage",
  "Retro",
  "Minimal",
  "Cosmic",
  "Sleepy",
  "Wild",
  "Golden",
  "Neon",
  "Misty",
  "Tiny",
  "Brave",
  "Lazy",
  "Happy",
  "Midnight",
  "Electric",
  "Gentle",
  "Rustic",
  "Botanical",
  "Geometric",
  "Abstract",
  "Watercolor",
  "Hand-drawn",
  "Pastel",
  "Bold",
  "Quiet",
  "Dreamy",
  "Stormy",
  "Sunny",
  "Frozen",
  "Ancient",
  "Urban",
  "Coastal",
  "Northern",
  "Tropical",
  "Spooky",
  "Funky",
  "Classic",
  "Modern",
  "Faded",
  "Bright",
];
const SUBJECTS = [
  "Fox",
  "Cat",
  "Wolf",
  "Bear",
  "Owl",
  "Whale",
  "Octopus",
  "Mountain",
  "Forest",
  "Ocean",
  "Wave",
  "Sunset",
  "Sunrise",
  "Moon",
  "Galaxy",
  "Planet",
  "Rocket",
  "Cactus",
  "Fern",
  "Mushroom",
  "Lighthouse",
  "Skyline",
  "Bicycle",
  "Coffee",
  "Tea",
  "Taco",
  "Pizza",
  "Dragon",
  "Unicorn",
  "Robot",
  "Ghost",
  "Skull",
  "Rose",
  "Tiger",
  "Panda",
  "Koala",
  "Hedgehog",
  "Raven",
  "Deer",
  "Jellyfish",
  "Volcano",
  "Desert",
  "River",
  "Garden",
  "Cloud",
  "Thunder",
  "Snowflake",
  "Island",
  "Compass",
  "Anchor",
];
const STYLES = [
  "Portrait",
  "Pattern",
  "Silhouette",
  "Sketch",
  "Line Art",
  "Badge",
  "Illustration",
  "Print",
  "Lettering",
  "Collage",
  "Poster Art",
  "Emblem",
];
const NOUN: Record<Category, string[]> = {
  "t-shirts": ["T-Shirt", "Tee", "Shirt"],
  hoodies: ["Hoodie", "Pullover Hoodie", "Zip Hoodie"],
  mugs: ["Mug", "Coffee Mug", "Enamel Mug"],
  posters: ["Poster", "Art Print", "Wall Print"],
  stickers: ["Sticker", "Vinyl Sticker", "Sticker Pack"],
  "tote-bags": ["Tote Bag", "Tote", "Shopping Bag"],
  "phone-cases": ["Phone Case", "iPhone Case", "Tough Case"],
};
const TAGS = [
  "animals",
  "nature",
  "space",
  "retro",
  "vintage",
  "minimal",
  "funny",
  "cute",
  "ocean",
  "forest",
  "mountains",
  "travel",
  "coffee",
  "food",
  "halloween",
  "christmas",
  "summer",
  "winter",
  "music",
  "gaming",
  "science",
  "art",
  "abstract",
  "botanical",
  "floral",
  "pets",
  "dogs",
  "cats",
  "birds",
  "camping",
  "hiking",
  "surf",
  "skate",
  "city",
  "typography",
  "quotes",
  "gift",
  "kids",
  "pride",
  "sports",
];
const COLORS = [
  { name: "Black", hex: "#111111" },
  { name: "White", hex: "#ffffff" },
  { name: "Navy", hex: "#1f2a44" },
  { name: "Heather Grey", hex: "#9ea3a8" },
  { name: "Forest Green", hex: "#2f5d3a" },
  { name: "Maroon", hex: "#6b1f2a" },
  { name: "Sand", hex: "#d8c7a3" },
  { name: "Red", hex: "#c62828" },
  { name: "Royal Blue", hex: "#2952a3" },
  { name: "Pink", hex: "#f4a7b9" },
];
const SIZES: Record<Category, string[]> = {
  "t-shirts": ["XS", "S", "M", "L", "XL", "2XL"],
  hoodies: ["S", "M", "L", "XL", "2XL"],
  mugs: ["11 oz", "15 oz"],
  posters: ["A4", "A3", "A2", "18x24"],
  stickers: ["3 in", "4 in", "5.5 in"],
  "tote-bags": ["One size"],
  "phone-cases": ["iPhone 15", "iPhone 16", "Pixel 9", "Galaxy S25"],
};
const FIRST = [
  "Mara",
  "Kenji",
  "Lumen",
  "Fern",
  "Ada",
  "Jonas",
  "Priya",
  "Leo",
  "Ines",
  "Oskar",
  "Yuki",
  "Sam",
  "Noor",
  "Tomas",
  "Elin",
  "Rafa",
  "Zoe",
  "Milo",
  "Ayla",
  "Finn",
];
const LAST = [
  "Okafor",
  "Draws",
  "Studio",
  "Press",
  "Works",
  "Ink",
  "Atelier",
  "Prints",
  "Goods",
  "Club",
  "Collective",
  "Lab",
  "House",
  "Co",
];
const STORES = Array.from({ length: 400 }, (_, i) => {
  const name = `${pick(FIRST)} ${pick(LAST)}${i % 3 === 0 ? ` ${pick(["Design", "Supply", "Paper"])}` : ""}`;
  const handle = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${i}`;
  return { id: `sto_bench${i}`, name, handle };
});

interface GenDoc {
  product_id: string;
  store_id: string;
  store_handle: string;
  store_name: string;
  title: string;
  description: string;
  tags_text: string;
  category: Category;
  colors: string[];
  sizes: string[];
  price_minor: number;
  price_max_minor: number;
  color_swatches: { name: string; hex: string }[];
  image: { hash: string; color: string; areaKey: string; width: number; height: number };
  popularity: number;
  published_at: string;
}

function generate(n: number): GenDoc[] {
  const start = Date.parse("2025-01-01T00:00:00Z");
  const out: GenDoc[] = [];
  for (let i = 0; i < n; i++) {
    const category = pick(CATEGORIES);
    const store = pick(STORES);
    const subject = pick(SUBJECTS);
    const title = `${pick(ADJECTIVES)} ${subject}${rand() < 0.5 ? ` ${pick(STYLES)}` : ""} ${pick(NOUN[category])}`;
    const colors = some(COLORS, 1, 5);
    const tags = some(TAGS, 2, 5);
    const price = 800 + Math.floor(rand() * 60) * 100 + 99;
    out.push({
      product_id: `prd_bench${i.toString(36).padStart(6, "0")}`,
      store_id: store.id,
      store_handle: store.handle,
      store_name: store.name,
      title,
      description: `A ${pick(ADJECTIVES).toLowerCase()} ${subject.toLowerCase()} design by ${store.name}, printed on demand. ${pick(["Soft and durable.", "Dishwasher safe.", "Museum-quality paper.", "Weatherproof vinyl.", "Sturdy canvas.", "Slim, protective fit."])} Perfect for fans of ${tags.join(", ")}.`,
      tags_text: tags.join(", "),
      category,
      colors: colors.map((c) => c.name),
      sizes: some(SIZES[category], 1, SIZES[category].length),
      price_minor: price,
      price_max_minor: price + (rand() < 0.3 ? 400 : 0),
      color_swatches: colors,
      image: { hash: randomBytes(8).toString("hex"), color: colors[0]!.name, areaKey: "front", width: 1024, height: 1024 },
      popularity: Math.round(rand() * rand() * 1000) / 10,
      published_at: new Date(start + Math.floor(rand() * 330 * 86_400_000)).toISOString(),
    });
  }
  return out;
}

async function load(db: Db, docs: GenDoc[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 2000) {
    const batch = JSON.stringify(docs.slice(i, i + 2000));
    await db.execute(sql`
      insert into search_documents (product_id, store_id, store_handle, store_name, title, description, tags_text, category,
        colors, sizes, price_minor, price_max_minor, color_swatches, image, image_hash, popularity, published_at, version)
      select product_id, store_id, store_handle, store_name, title, description, tags_text, category,
        array(select jsonb_array_elements_text(colors)), array(select jsonb_array_elements_text(sizes)), price_minor, price_max_minor,
        color_swatches, image, image->>'hash', popularity, published_at, 1
      from jsonb_to_recordset(${batch}::jsonb) as d(product_id text, store_id text, store_handle text, store_name text, title text,
        description text, tags_text text, category text, colors jsonb, sizes jsonb, price_minor int, price_max_minor int,
        color_swatches jsonb, image jsonb, popularity real, published_at timestamptz)`);
  }
  const terms = new Map<string, number>();
  for (const d of docs)
    for (const t of new Set(termsOf(`${d.title} ${d.tags_text} ${d.store_name}`))) terms.set(t, (terms.get(t) ?? 0) + 1);
  await db.execute(
    sql`insert into search_terms (term, frequency) select key, value::int from jsonb_each_text(${JSON.stringify(Object.fromEntries(terms))}::jsonb)`,
  );
  // As autovacuum would after a bulk load: statistics and the visibility map.
  await db.execute(sql`vacuum analyze search_documents`);
  await db.execute(sql`vacuum analyze search_terms`);
}

// ---- the query mix ----------------------------------------------------------------------------

type Kind =
  | "one word"
  | "two words"
  | "typing (prefix)"
  | "misspelt"
  | "filters + facets"
  | "price sort"
  | "browse (empty query)"
  | "browse + category";
const KINDS: Kind[] = [
  "one word",
  "two words",
  "typing (prefix)",
  "misspelt",
  "filters + facets",
  "price sort",
  "browse (empty query)",
  "browse + category",
];

function misspell(word: string): string {
  const w = word.toLowerCase();
  const i = 1 + Math.floor(rand() * (w.length - 2));
  return rand() < 0.5 ? w.slice(0, i) + w[i]! + w.slice(i) : w.slice(0, i) + w.slice(i + 1); // double or drop a letter
}

function queryFor(kind: Kind): Partial<SearchQuery> {
  switch (kind) {
    case "one word":
      return { q: pick([...SUBJECTS, ...ADJECTIVES.slice(0, 10), "hoodie", "mug", "poster"]).toLowerCase() };
    case "two words":
      return { q: `${pick(ADJECTIVES)} ${pick(SUBJECTS)}`.toLowerCase() };
    case "typing (prefix)": {
      const w = pick(SUBJECTS).toLowerCase();
      return { q: `${pick(ADJECTIVES).toLowerCase()} ${w.slice(0, Math.max(2, Math.ceil(w.length / 2)))}` };
    }
    case "misspelt":
      return { q: misspell(pick(SUBJECTS.filter((s) => s.length >= 5))) };
    case "filters + facets":
      return {
        q: pick(SUBJECTS).toLowerCase(),
        category: pick(CATEGORIES),
        colors: [pick(COLORS).name, pick(COLORS).name],
        minPriceMinor: 1000,
        maxPriceMinor: 5000,
      };
    case "price sort":
      return { q: pick(TAGS), sort: rand() < 0.5 ? "price-asc" : "price-desc" };
    case "browse (empty query)":
      return { q: "", sort: pick(["newest", "relevance", "price-asc"] as const), page: 1 + Math.floor(rand() * 3) };
    case "browse + category":
      return { q: "", category: pick(CATEGORIES), colors: rand() < 0.5 ? [pick(COLORS).name] : [], sort: "newest" };
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const round = (n: number) => Math.round(n * 100) / 100;

interface EngineFigures {
  engine: string;
  documents: number;
  loadSeconds: number;
  overall: { p50: number; p95: number; p99: number; n: number };
  byKind: Record<string, { p50: number; p95: number; p99: number; n: number }>;
}

async function benchEngine(name: string, database: Database, docs: GenDoc[]): Promise<EngineFigures> {
  const t0 = performance.now();
  const [{ n } = { n: 0 }] = (
    (await database.db.execute(sql`select count(*)::int as n from search_documents`)) as unknown as { rows: { n: number }[] }
  ).rows;
  if (Number(n) === 0) await load(database.db, docs);
  const loadSeconds = round((performance.now() - t0) / 1000);
  const provider = createPostgresSearchProvider(() => database.db);
  // Warm-up: caches, plans.
  for (const kind of KINDS) for (let i = 0; i < 5; i++) await provider.query(searchQuerySchema.parse(queryFor(kind)));
  const times: Record<string, number[]> = {};
  const all: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const kind of KINDS) {
      const q = searchQuerySchema.parse(queryFor(kind));
      const s = performance.now();
      await provider.query(q);
      const ms = performance.now() - s;
      (times[kind] ??= []).push(ms);
      all.push(ms);
    }
  }
  const stats = (list: number[]) => {
    const s = [...list].sort((a, b) => a - b);
    return { p50: round(pct(s, 50)), p95: round(pct(s, 95)), p99: round(pct(s, 99)), n: s.length };
  };
  return {
    engine: name,
    documents: docs.length,
    loadSeconds,
    overall: stats(all),
    byKind: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, stats(v)])),
  };
}

function printTable(results: EngineFigures[]): void {
  const rows: string[][] = [["engine", "query", "p50 ms", "p95 ms", "p99 ms", "n"]];
  for (const r of results) {
    for (const [kind, s] of Object.entries(r.byKind)) rows.push([r.engine, kind, String(s.p50), String(s.p95), String(s.p99), String(s.n)]);
    rows.push([r.engine, "ALL", String(r.overall.p50), String(r.overall.p95), String(r.overall.p99), String(r.overall.n)]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const [i, row] of rows.entries()) {
    console.log(row.map((c, j) => (j >= 2 ? c.padStart(widths[j]!) : c.padEnd(widths[j]!))).join("  "));
    if (i === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
}

async function main(): Promise<void> {
  console.log(`Generating ${DOCS.toLocaleString("en")} products …`);
  const docs = generate(DOCS);
  const results: EngineFigures[] = [];
  const notes: string[] = [];

  // (a) PGlite, in memory
  if (process.env.BENCH_SEARCH_SKIP_PGLITE !== "1") {
    const lite = await openDatabase({ dataDir: "memory://" });
    try {
      await lite.migrate();
      console.log("PGlite: loading …");
      results.push(await benchEngine("pglite", lite, docs));
    } finally {
      await lite.close();
    }
  }

  // (b) PostgreSQL, in a scratch database
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) {
    notes.push("PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server where a scratch database may be created.");
  } else {
    // BENCH_SEARCH_KEEP_DB=<name>: keep (and reuse) that database, for looking at query plans.
    const keep = process.env.BENCH_SEARCH_KEEP_DB;
    const name = keep || `platen_bench_search_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    let created = false;
    try {
      await admin.connect();
      const exists = keep ? (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount : 0;
      if (!exists) await admin.query(`create database ${name}`);
      created = !keep;
      const u = new URL(url);
      u.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 4 });
      try {
        await database.migrate();
        console.log("PostgreSQL: loading …");
        const pgFigures = await benchEngine("postgres", database, docs);
        const [v] = ((await database.db.execute(sql`select split_part(version(), ' ', 2) as v`)) as unknown as { rows: { v: string }[] })
          .rows;
        pgFigures.engine = `postgres ${v?.v ?? ""}`.trim();
        results.push(pgFigures);
      } finally {
        await database.close();
      }
    } catch (error) {
      notes.push(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      if (created) await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
  }

  console.log("");
  printTable(results);
  const postgres = results.find((r) => r.engine.startsWith("postgres"));
  const verdict = postgres ? (postgres.overall.p95 < TARGET_P95_MS ? "met" : "MISSED") : "not measured";
  console.log(
    `\nTarget: p95 < ${TARGET_P95_MS} ms on PostgreSQL at ${DOCS.toLocaleString("en")} documents: ${verdict}${postgres ? ` (p95 ${postgres.overall.p95} ms)` : ""}`,
  );
  for (const n of notes) console.log(`Note: ${n}`);
  const out = path.resolve("tmp/bench-search.json");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      { date: new Date().toISOString(), documents: DOCS, roundsPerKind: ROUNDS, targetP95Ms: TARGET_P95_MS, verdict, results, notes },
      null,
      2,
    ) + "\n",
  );
  console.log(`Figures written to ${path.relative(process.cwd(), out)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
