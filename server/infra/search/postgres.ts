import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import {
  CATEGORIES,
  CATEGORY_LABELS,
  type Category,
  type FacetValue,
  type MockupRef,
  type ProductStatus,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
} from "../../contracts/index.ts";
import { escapeHtml, markHighlight, type IndexedDocument, type SearchProvider, type Suggestion } from "./types.ts";

/**
 * The PostgreSQL search provider (default): full-text search over `search_documents.tsv`
 * (title A, tags B, store C, description D), prefix matching of the word being typed, trigram
 * typo correction through `search_terms`, disjunctive facets, sorting, pagination and safe
 * highlights. Plain SQL that runs the same on PGlite and PostgreSQL.
 *
 * Speed (100,000 documents): every statement reads a bounded number of rows. The count stops at
 * COUNT_CAP and above it the planner's row estimate is reported (`totalIsEstimate`), facets are
 * counted over the first FACET_CAP matches and scaled up above that (`facetsExhaustive: false`),
 * relevance ranks at most 2 x RANK_CAP candidates (title matches first), the browse orders walk
 * their b-tree indexes, and like Algolia's `paginationLimitedTo` only the first PAGINATION_LIMIT
 * hits can be paged to.
 */
export const COUNT_CAP = 1_000;
export const FACET_CAP = 500;
export const RANK_CAP = 250;
export const PAGINATION_LIMIT = 2_400;
const FACET_VALUES = 30;
/** ts_rank_cd weights, in the order {D, C, B, A}: description, store, tags, title. */
const WEIGHTS = "{0.05, 0.2, 0.4, 1.0}";
const HL_START = "\u2983";
const HL_STOP = "\u2984";
const HL_OPTIONS = `StartSel=${HL_START}, StopSel=${HL_STOP}, HighlightAll=true`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Words of a text as the correction dictionary keeps them: lower case, letters only, 3-40 long. */
export function termsOf(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length >= 3 && w.length <= 40);
}

const OPERATORS = /["]|(^|\s)-\S|\sor\s/i;

/** The tsquery of a user's query: websearch syntax, plus prefix matching of the last word (typing). */
export function tsQueryOf(q: string, prefix = true): SQL | null {
  const text = q.trim();
  if (!text) return null;
  if (!prefix || OPERATORS.test(text) || /\s$/.test(q)) return sql`websearch_to_tsquery('english', ${text})`;
  const words = text.split(/\s+/);
  const rawLast = words.pop() ?? "";
  const last = rawLast.replace(/[^\p{L}\p{N}]+/gu, "");
  const head = words.join(" ");
  // A compound word being typed ("t-shirt", "11oz/15oz") is parsed by the text search parser as a whole.
  if (!last || /[\p{L}\p{N}][^\p{L}\p{N}]+[\p{L}\p{N}]/u.test(rawLast)) return sql`websearch_to_tsquery('english', ${text})`;
  const lastQuery = sql`to_tsquery('english', ${`'${last}':*`})`;
  return head ? sql`(websearch_to_tsquery('english', ${head}) && ${lastQuery})` : lastQuery;
}

type Dimension = "category" | "colors" | "sizes" | "store" | "price";

/**
 * The filter of one dimension. With a text query the GIN text match drives the scan and the
 * filters are written so the planner cannot AND in bitmaps of unselective b-tree/GIN indexes
 * (colours or a price range match half the catalogue); when browsing they use their indexes.
 */
function filterOf(query: SearchQuery, dimension: Dimension, indexed = true): SQL | null {
  const col = (name: string, pad: string) => sql.raw(indexed ? name : `(${name}${pad})`);
  switch (dimension) {
    case "category":
      return query.category ? sql`${col("category", " || ''")} = ${query.category}` : null;
    case "colors":
      return query.colors.length
        ? indexed
          ? sql`colors && ${sqlTextArray(query.colors)}`
          : sql`coalesce(colors && ${sqlTextArray(query.colors)}, false)`
        : null;
    case "sizes":
      return query.sizes.length
        ? indexed
          ? sql`sizes && ${sqlTextArray(query.sizes)}`
          : sql`coalesce(sizes && ${sqlTextArray(query.sizes)}, false)`
        : null;
    case "store":
      return query.storeHandle ? sql`${col("store_handle", " || ''")} = ${query.storeHandle.replace(/^@/, "")}` : null;
    case "price": {
      const parts: SQL[] = [];
      if (query.minPriceMinor !== undefined) parts.push(sql`${col("price_minor", " + 0")} >= ${query.minPriceMinor}`);
      if (query.maxPriceMinor !== undefined) parts.push(sql`${col("price_minor", " + 0")} <= ${query.maxPriceMinor}`);
      return parts.length ? sql.join(parts, sql` and `) : null;
    }
  }
}

/**
 * The first `n` rows of a select. With a text query the select goes into a MATERIALIZED CTE:
 * planned for all rows (so the GIN index is used, never a sequential scan that a LIMIT and a
 * misestimated prefix query make look cheap), but read lazily, so only `n` rows are fetched.
 */
function firstRows(select: SQL, n: number, fenced: boolean): SQL {
  return fenced ? sql`(with x as materialized (${select}) select * from x limit ${n})` : sql`(${select} limit ${n})`;
}

function sqlTextArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

function whereOf(tsq: SQL | null, query: SearchQuery, except?: Dimension): SQL {
  const parts: SQL[] = [];
  if (tsq) parts.push(sql`tsv @@ ${tsq}`);
  for (const d of ["category", "colors", "sizes", "store", "price"] as const) {
    if (d === except) continue;
    const f = filterOf(query, d, !tsq);
    if (f) parts.push(f);
  }
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

interface HitRow {
  product_id: string;
  title: string;
  category: Category;
  price_minor: number;
  price_max_minor: number;
  store_id: string;
  store_handle: string;
  store_name: string;
  color_swatches: { name: string; hex: string }[];
  image: MockupRef | null;
  published_at: Date | string;
  highlighted: string | null;
}

function hitOf(row: HitRow): SearchHit {
  return {
    id: row.product_id,
    title: row.title,
    category: row.category,
    priceMinor: row.price_minor,
    priceMaxMinor: Math.max(row.price_max_minor, row.price_minor),
    storeId: row.store_id,
    storeHandle: row.store_handle,
    storeName: row.store_name,
    colors: row.color_swatches ?? [],
    image: row.image ?? null,
    status: "published" as ProductStatus,
    publishedAt: new Date(row.published_at).toISOString(),
    highlightedTitle: row.highlighted === null ? escapeHtml(row.title) : markHighlight(row.highlighted, HL_START, HL_STOP),
  };
}

const HIT_COLUMNS = sql.raw(
  "product_id, title, category, price_minor, price_max_minor, store_id, store_handle, store_name, color_swatches, image, published_at",
);

export function createPostgresSearchProvider(getDb: () => Db): SearchProvider & {
  suggest(q: string, limit: number): Promise<Suggestion[]>;
  correct(q: string): Promise<string | null>;
} {
  async function page(db: Db, tsq: SQL | null, query: SearchQuery): Promise<SearchHit[]> {
    const offset = (query.page - 1) * query.pageSize;
    const where = whereOf(tsq, query);
    const highlight = tsq ? sql`ts_headline('english', title, ${tsq}, ${HL_OPTIONS})` : sql`null`;
    let ordered: SQL;
    if (query.sort === "relevance" && tsq) {
      // Rank a bounded candidate set: title matches first (they outrank everything else), then the rest.
      const candidates = Math.max(RANK_CAP, offset + query.pageSize);
      ordered = sql`
        with cand as materialized (
          ${firstRows(sql`select product_id from search_documents ${where} and title_tsv @@ ${tsq}`, candidates, true)}
          union
          ${firstRows(sql`select product_id from search_documents ${where}`, candidates, true)}
        )
        select d.* from cand c cross join lateral (
          -- one primary-key lookup per candidate (never a scan of the table, even for no candidates)
          select ${HIT_COLUMNS}, popularity, ts_rank_cd(${WEIGHTS}::float4[], tsv, ${tsq}) as rank
          from search_documents where product_id = c.product_id) d
        order by d.rank desc, d.popularity desc, d.published_at desc, d.product_id
        limit ${query.pageSize} offset ${offset}`;
    } else {
      const order =
        query.sort === "newest"
          ? sql`published_at desc, product_id desc`
          : query.sort === "price-asc"
            ? sql`price_minor asc, product_id asc`
            : query.sort === "price-desc"
              ? sql`price_minor desc, product_id desc`
              : sql`popularity desc nulls last, published_at desc nulls last, product_id desc`; // (the index is NULLS LAST)
      ordered = sql`select ${HIT_COLUMNS} from search_documents ${where} order by ${order} limit ${query.pageSize} offset ${offset}`;
    }
    const found = await rows<HitRow>(db, sql`select p.*, ${highlight} as highlighted from (${ordered}) p`);
    return found.map(hitOf);
  }

  async function count(db: Db, tsq: SQL | null, query: SearchQuery): Promise<{ total: number; estimate: boolean }> {
    const where = whereOf(tsq, query);
    const [row] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${firstRows(sql`select 1 from search_documents ${where}`, COUNT_CAP, tsq !== null)} c`,
    );
    const n = Number(row?.n ?? 0);
    if (n < COUNT_CAP) return { total: n, estimate: false };
    // Many matches: the planner's estimate (statistics of the tsvector and filter columns) instead of counting them all.
    const [plan] = await rows<Record<string, unknown>>(db, sql`explain (format json) select 1 from search_documents ${where}`);
    const raw = plan ? Object.values(plan)[0] : undefined;
    const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[] | undefined;
    const estimated = Math.round(Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0));
    return { total: Math.max(n, estimated), estimate: true };
  }

  async function facets(
    db: Db,
    tsq: SQL | null,
    query: SearchQuery,
    totalOf: Promise<number>,
  ): Promise<{ facets: SearchResult["facets"]; exhaustive: boolean }> {
    // Disjunctive faceting: the facet of a dimension with an active filter is counted without that filter;
    // every other facet comes from the fully filtered set. Each part reads at most FACET_CAP rows.
    const active = (d: Dimension) => filterOf(query, d) !== null;
    const sample = (except: Dimension | undefined, columns: SQL) =>
      firstRows(sql`select ${columns} from search_documents ${whereOf(tsq, query, except)}`, FACET_CAP, tsq !== null);
    const dims = (["category", "colors", "sizes", "store", "price"] as const).filter(active);
    let found: { dim: string; value: string | null; label: string | null; n: number }[];
    let cut = false;
    if (tsq && dims.length) {
      // With a text query: ONE pass over the text matches that fail at most one filter; each facet
      // counts the rows passing every filter but its own (FILTER clauses on per-row flags).
      const flag = (d: Dimension) => filterOf(query, d, false) ?? sql`true`;
      const failed = sql.join(
        dims.map((d) => sql`(not (${flag(d)}))::int`),
        sql` + `,
      );
      const others = (d: Dimension | null) => {
        const rest = dims.filter((x) => x !== d).map((x) => sql.raw(`f_${x}`));
        return rest.length ? sql.join(rest, sql` and `) : sql`true`;
      };
      const m = sql`(select category, colors, sizes, store_handle, store_name, price_minor,
          ${flag("category")} as f_category, ${flag("colors")} as f_colors, ${flag("sizes")} as f_sizes, ${flag("store")} as f_store, ${flag("price")} as f_price
        from search_documents where tsv @@ ${tsq} and (${failed}) <= 1)`;
      found = await rows(
        db,
        sql`with m0 as materialized ${m}, m as (select * from m0 limit ${FACET_CAP * (1 + dims.length)})
        (select 'category' as dim, category as value, null::text as label, count(*)::int as n from m where ${others("category")} group by category order by n desc limit ${FACET_VALUES})
        union all (select 'colors', z, null, count(*)::int as n from m, unnest(m.colors) z where ${others("colors")} group by z order by n desc limit ${FACET_VALUES})
        union all (select 'sizes', z, null, count(*)::int as n from m, unnest(m.sizes) z where ${others("sizes")} group by z order by n desc limit ${FACET_VALUES})
        union all (select 'store', store_handle, max(store_name), count(*)::int as n from m where ${others("store")} group by store_handle order by n desc limit ${FACET_VALUES})
        union all (select 'price', min(price_minor)::text, max(price_minor)::text, count(*)::int from m where ${others("price")})
        union all (select 'n:scan', null, null, count(*)::int from m)
        union all (select 'n:base', null, null, count(*)::int from m where ${others(null)})`,
      );
      const scanned = Number(found.find((r) => r.dim === "n:scan")?.n ?? 0);
      // Every dimension read from the same pass: mark them all as sampled when the pass was cut short.
      cut = scanned >= FACET_CAP * (1 + dims.length);
      for (const d of dims) found.push({ dim: `n:${d}`, value: null, label: null, n: cut ? FACET_CAP : 0 });
    } else {
      // Browsing (no text): one index-driven sample per active dimension, plus the fully filtered set.
      const parts: SQL[] = [];
      const base = firstRows(
        sql`select category, colors, sizes, store_handle, store_name, price_minor from search_documents ${whereOf(tsq, query)}`,
        FACET_CAP,
        tsq !== null,
      );
      const src = (d: Dimension, columns: SQL) => (active(d) ? sample(d, columns) : sql`base`);
      parts.push(
        sql`(select 'category' as dim, category as value, null::text as label, count(*)::int as n from ${src("category", sql`category`)} s group by category order by n desc limit ${FACET_VALUES})`,
      );
      parts.push(
        sql`(select 'colors', z, null, count(*)::int as n from ${src("colors", sql`colors`)} s, unnest(s.colors) as z group by z order by n desc limit ${FACET_VALUES})`,
      );
      parts.push(
        sql`(select 'sizes', z, null, count(*)::int as n from ${src("sizes", sql`sizes`)} s, unnest(s.sizes) as z group by z order by n desc limit ${FACET_VALUES})`,
      );
      parts.push(
        sql`(select 'store', store_handle, max(store_name), count(*)::int as n from ${src("store", sql`store_handle, store_name`)} s group by store_handle order by n desc limit ${FACET_VALUES})`,
      );
      parts.push(
        sql`(select 'price', min(price_minor)::text, max(price_minor)::text, count(*)::int from ${src("price", sql`price_minor`)} s)`,
      );
      // How many rows each sample read (to scale counts of broad queries).
      for (const d of ["category", "colors", "sizes", "store"] as const)
        if (active(d)) parts.push(sql`(select ${`n:${d}`}, null, null, count(*)::int from ${sample(d, sql`1 as one`)} s)`);
      parts.push(sql`(select 'n:base', null, null, count(*)::int from base)`);
      found = await rows(db, sql`with base as materialized ${base} ${sql.join(parts, sql` union all `)}`);
    }
    // (The count runs at the same time on another connection; it is only needed to scale samples.)
    const total = await totalOf;
    const sizes = new Map(found.filter((r) => r.dim.startsWith("n:")).map((r) => [r.dim.slice(2), Number(r.n)]));
    const baseSize = sizes.get("base") ?? 0;
    // Scale a sampled count up to the estimated total (only the fully filtered set has a known total).
    let exhaustive = true;
    const scale = (d: Dimension) => {
      const read = active(d) ? (sizes.get(d) ?? 0) : baseSize;
      if (read < FACET_CAP && !cut) return 1;
      exhaustive = false;
      return !active(d) && read > 0 && total > read ? total / read : 1;
    };
    const result: SearchResult["facets"] = { category: [], colors: [], sizes: [], store: [], price: { min: 0, max: 0 } };
    const hex = await colorHexes(db);
    for (const r of found) {
      if (r.dim.startsWith("n:")) continue;
      const n = Number(r.n);
      if (r.dim === "price") {
        result.price = { min: r.value === null ? 0 : Number(r.value), max: r.label === null ? 0 : Number(r.label) };
        continue;
      }
      if (r.value === null) continue;
      const dim = r.dim as "category" | "colors" | "sizes" | "store";
      const value: FacetValue = { value: r.value, count: Math.round(n * scale(dim)) };
      if (dim === "category") value.label = CATEGORY_LABELS[r.value as Category] ?? r.value;
      if (dim === "colors" && hex.has(r.value)) value.hex = hex.get(r.value);
      if (dim === "store" && r.label) value.label = r.label;
      result[dim].push(value);
    }
    // A selected value stays visible (with its count) even when another filter empties it.
    for (const c of query.colors)
      if (!result.colors.some((v) => v.value === c)) result.colors.push({ value: c, count: 0, ...(hex.has(c) ? { hex: hex.get(c) } : {}) });
    for (const z of query.sizes) if (!result.sizes.some((v) => v.value === z)) result.sizes.push({ value: z, count: 0 });
    if (query.category && !result.category.some((v) => v.value === query.category))
      result.category.push({ value: query.category, label: CATEGORY_LABELS[query.category], count: 0 });
    result.sizes.sort((a, b) => sizeRank(a.value) - sizeRank(b.value) || b.count - a.count);
    return { facets: result, exhaustive };
  }

  /** Replace each unknown word with the closest catalogue term (trigram similarity); null when nothing changes. */
  async function correct(q: string): Promise<string | null> {
    const db = getDb();
    const words = q.trim().split(/\s+/).filter(Boolean);
    if (!words.length || words.length > 8) return null;
    let changed = false;
    const out: string[] = [];
    for (const word of words) {
      const w = word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
      if (w.length < 3 || /\d/.test(w)) {
        out.push(word);
        continue;
      }
      const [best] = await rows<{ term: string; exact: boolean }>(
        db,
        sql`select term, term = ${w} as exact from search_terms
            where term % ${w} or term = ${w}
            order by term = ${w} desc, similarity(term, ${w}) desc, frequency desc, term limit 1`,
      );
      if (best && !best.exact) {
        out.push(best.term);
        changed = true;
      } else out.push(word);
    }
    return changed ? out.join(" ") : null;
  }

  async function run(
    query: SearchQuery,
    tsq: SQL | null,
  ): Promise<{ hits: SearchHit[]; total: number; estimate: boolean; facets: SearchResult["facets"]; exhaustive: boolean }> {
    const db = getDb();
    // Three independent statements: concurrent on PostgreSQL's pool (PGlite runs them in turn).
    const counting = count(db, tsq, query);
    const [hits, counted, f] = await Promise.all([
      page(db, tsq, query),
      counting,
      facets(
        db,
        tsq,
        query,
        counting.then((c) => c.total),
      ),
    ]);
    return { hits, total: counted.total, estimate: counted.estimate, facets: f.facets, exhaustive: f.exhaustive };
  }

  return {
    name: "postgres",
    async query(query) {
      const started = performance.now();
      let result = await run(query, tsQueryOf(query.q));
      let correctedQuery: string | undefined;
      if (result.total === 0 && query.q.trim()) {
        const corrected = await correct(query.q);
        if (corrected) {
          const again = await run(query, tsQueryOf(corrected, false));
          if (again.total > 0) {
            result = again;
            correctedQuery = corrected;
          }
        }
      }
      return {
        hits: result.hits,
        total: result.total,
        ...(result.estimate ? { totalIsEstimate: true } : {}),
        facetsExhaustive: result.exhaustive,
        page: query.page,
        pageCount: Math.max(1, Math.ceil(Math.min(result.total, PAGINATION_LIMIT) / query.pageSize)),
        facets: result.facets,
        ...(correctedQuery ? { correctedQuery } : {}),
        tookMs: Math.round((performance.now() - started) * 10) / 10,
        provider: "postgres",
      };
    },
    async upsert(docs) {
      const db = getDb();
      for (const doc of docs) await upsertRow(db, doc);
    },
    async remove(ids) {
      const db = getDb();
      for (const id of ids) await removeRow(db, id);
    },
    correct,
    async suggest(q, limit) {
      const db = getDb();
      const text = q.trim();
      if (!text) return [];
      const tsq = tsQueryOf(text);
      const like = `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const [products, stores] = await Promise.all([
        tsq
          ? rows<HitRow & { rank: number }>(
              db,
              sql`select p.*, ts_headline('english', title, ${tsq}, ${HL_OPTIONS}) as highlighted from (
                  select ${HIT_COLUMNS}, popularity from search_documents
                  where product_id in ${firstRows(sql`select product_id from search_documents where title_tsv @@ ${tsq}`, RANK_CAP, true)}
                  order by popularity desc, published_at desc limit ${limit}) p`,
            )
          : Promise.resolve([]),
        rows<{ store_handle: string; store_name: string; n: number }>(
          db,
          sql`select store_handle, max(store_name) as store_name, count(*)::int as n from (
                select store_handle, store_name from search_documents
                where lower(store_name) like ${like} or store_handle like ${like} limit 2000) s
              group by store_handle order by n desc limit 3`,
        ),
      ]);
      const lower = text.toLowerCase();
      const categories = CATEGORIES.filter((c) => CATEGORY_LABELS[c].toLowerCase().startsWith(lower) || c.startsWith(lower)).slice(0, 2);
      const out: Suggestion[] = [
        ...products.map((r) => {
          const hit = hitOf(r);
          return {
            kind: "product" as const,
            label: hit.title,
            highlighted: hit.highlightedTitle,
            href: `/shop/product/${hit.id}`,
            image: hit.image,
            storeName: hit.storeName,
            priceMinor: hit.priceMinor,
          };
        }),
        ...stores.map((s) => ({
          kind: "store" as const,
          label: s.store_name,
          href: `/shop/stores/@${s.store_handle}`,
          storeName: s.store_name,
        })),
        ...categories.map((c) => ({ kind: "category" as const, label: CATEGORY_LABELS[c], href: `/shop/products/${c}` })),
      ];
      return out;
    },
  };
}

/** Colour name -> swatch hex over the index (a handful of names; cached for a minute per database). */
const hexCache = new WeakMap<object, { at: number; map: Map<string, string> }>();
async function colorHexes(db: Db): Promise<Map<string, string>> {
  const cached = hexCache.get(db);
  if (cached && Date.now() - cached.at < 60_000) return cached.map;
  const found = await rows<{ name: string; hex: string }>(
    db,
    sql`select distinct on (c->>'name') c->>'name' as name, c->>'hex' as hex
        from (select color_swatches from search_documents order by published_at desc limit 500) s, jsonb_array_elements(s.color_swatches) c`,
  );
  const map = new Map(found.filter((r) => r.name && r.hex).map((r) => [r.name, r.hex]));
  hexCache.set(db, { at: Date.now(), map });
  return map;
}

const SIZE_ORDER = ["XS", "S", "M", "L", "XL", "2XL", "XXL", "3XL", "4XL", "5XL"];
function sizeRank(size: string): number {
  const i = SIZE_ORDER.indexOf(size.toUpperCase());
  return i < 0 ? 100 : i;
}

/** Insert or replace one document and keep the correction dictionary's word counts. */
export async function upsertRow(db: Db, doc: IndexedDocument): Promise<number> {
  const [old] = await rows<{ title: string; tags_text: string; store_name: string; version: number }>(
    db,
    sql`select title, tags_text, store_name, version from search_documents where product_id = ${doc.productId} for update`,
  );
  // Versions never repeat for a product, even after a removal (they seed the sync jobs' dedupe keys).
  const version = old ? Number(old.version) + 1 : Math.max(doc.version, Math.floor(Date.now() / 1000) - 1_700_000_000);
  const tagsText = doc.tags.join(", ");
  await db.execute(sql`
    insert into search_documents (product_id, store_id, store_handle, store_name, title, description, tags_text, category,
      colors, sizes, price_minor, price_max_minor, color_swatches, image, image_hash, popularity, published_at, version)
    values (${doc.productId}, ${doc.storeId}, ${doc.storeHandle}, ${doc.storeName}, ${doc.title}, ${doc.description}, ${tagsText},
      ${doc.category}, ${sqlTextArray(doc.colors.map((c) => c.name))}, ${sqlTextArray(doc.sizes)}, ${doc.priceMinor},
      ${Math.max(doc.priceMaxMinor, doc.priceMinor)}, ${JSON.stringify(doc.colors)}::jsonb, ${doc.image ? JSON.stringify(doc.image) : null}::jsonb,
      ${doc.image?.hash ?? ""}, ${doc.popularity}, ${doc.publishedAt.toISOString()}::timestamptz, ${version})
    on conflict (product_id) do update set
      store_id = excluded.store_id, store_handle = excluded.store_handle, store_name = excluded.store_name,
      title = excluded.title, description = excluded.description, tags_text = excluded.tags_text, category = excluded.category,
      colors = excluded.colors, sizes = excluded.sizes, price_minor = excluded.price_minor, price_max_minor = excluded.price_max_minor,
      color_swatches = excluded.color_swatches, image = excluded.image, image_hash = excluded.image_hash,
      popularity = excluded.popularity, published_at = excluded.published_at, version = excluded.version`);
  const before = old ? countTerms(`${old.title} ${old.tags_text} ${old.store_name}`) : new Map<string, number>();
  const after = countTerms(`${doc.title} ${tagsText} ${doc.storeName}`);
  await applyTermDelta(db, before, after);
  return version;
}

export async function removeRow(db: Db, productId: string): Promise<number | null> {
  const [old] = await rows<{ title: string; tags_text: string; store_name: string; version: number }>(
    db,
    sql`delete from search_documents where product_id = ${productId} returning title, tags_text, store_name, version`,
  );
  if (!old) return null;
  await applyTermDelta(db, countTerms(`${old.title} ${old.tags_text} ${old.store_name}`), new Map());
  return Number(old.version);
}

/** One stored document (the Algolia sync job pushes what the table holds now). */
export async function readRow(db: Db, productId: string): Promise<IndexedDocument | null> {
  const [r] = await rows<HitRow & { description: string; tags_text: string; sizes: string[]; popularity: number; version: number }>(
    db,
    sql`select ${HIT_COLUMNS}, description, tags_text, sizes, popularity, version from search_documents where product_id = ${productId}`,
  );
  if (!r) return null;
  return {
    productId: r.product_id,
    storeId: r.store_id,
    storeHandle: r.store_handle,
    storeName: r.store_name,
    title: r.title,
    description: r.description,
    tags: r.tags_text.split(", ").filter(Boolean),
    category: r.category,
    colors: r.color_swatches ?? [],
    sizes: r.sizes ?? [],
    priceMinor: r.price_minor,
    priceMaxMinor: r.price_max_minor,
    image: r.image ?? null,
    popularity: Number(r.popularity),
    publishedAt: new Date(r.published_at),
    version: Number(r.version),
  };
}

function countTerms(text: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of new Set(termsOf(text))) m.set(t, 1);
  return m;
}

async function applyTermDelta(db: Db, before: Map<string, number>, after: Map<string, number>): Promise<void> {
  const delta = new Map<string, number>();
  for (const [t, n] of after) delta.set(t, n - (before.get(t) ?? 0));
  for (const [t, n] of before) if (!after.has(t)) delta.set(t, -n);
  const plus = [...delta].filter(([, n]) => n > 0).sort(([a], [b]) => a.localeCompare(b));
  const minus = [...delta].filter(([, n]) => n < 0).sort(([a], [b]) => a.localeCompare(b));
  if (plus.length) {
    await db.execute(sql`
      insert into search_terms (term, frequency)
      select t, n from unnest(${sqlTextArray(plus.map(([t]) => t))}, array[${sql.join(
        plus.map(([, n]) => sql`${n}`),
        sql`, `,
      )}]::int[]) as x(t, n)
      on conflict (term) do update set frequency = search_terms.frequency + excluded.frequency`);
  }
  if (minus.length) {
    const terms = sqlTextArray(minus.map(([t]) => t));
    await db.execute(sql`update search_terms set frequency = frequency - 1 where term = any(${terms})`);
    await db.execute(sql`delete from search_terms where term = any(${terms}) and frequency <= 0`);
  }
}
