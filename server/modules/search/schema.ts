import { sql, type SQL } from "drizzle-orm";
import { customType, index, integer, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import type { MockupRef } from "../../contracts/index.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The PostgreSQL search provider's index: one row per searchable (published) product, kept in
 * the same transaction as the product change. Weighted full-text (A title, B tags and category,
 * C store, D description) plus trigram typo tolerance on `title` and `tags_text`.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    productId: text().primaryKey(),
    storeId: text().notNull(),
    storeHandle: text().notNull(),
    storeName: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(""),
    tagsText: text().notNull().default(""),
    category: text().notNull(),
    colors: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sizes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    priceMinor: integer().notNull(),
    /** Highest variant price (per-variant prices); equals priceMinor when there are none. */
    priceMaxMinor: integer().notNull().default(0),
    /** Colour swatches as the cards show them (names are in `colors` for filtering). */
    colorSwatches: jsonb().$type<{ name: string; hex: string }[]>().notNull().default([]),
    /** Main mockup of the product (null until it has one). */
    image: jsonb().$type<MockupRef | null>(),
    /** Bumped on every upsert: the Algolia sync job's dedupe key. */
    version: integer().notNull().default(1),
    /** Path of the main mockup's smallest WebP (for instant search). */
    imageHash: text().notNull().default(""),
    popularity: real().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    tsv: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(tags_text, '') || ' ' || coalesce(category, '')), 'B') || setweight(to_tsvector('simple', coalesce(store_name, '')), 'C') || setweight(to_tsvector('english', coalesce(description, '')), 'D')`,
    ),
    /** The title alone: relevance ranks title matches first, instant search suggests from it. */
    titleTsv: tsvector().generatedAlwaysAs((): SQL => sql`to_tsvector('english', coalesce(title, ''))`),
  },
  (t) => [
    index("search_documents_tsv_idx").using("gin", t.tsv),
    index("search_documents_title_tsv_idx").using("gin", t.titleTsv),
    index("search_documents_sizes_idx").using("gin", t.sizes),
    index("search_documents_popularity_idx").on(t.popularity.desc(), t.publishedAt.desc()),
    index("search_documents_store_name_prefix_idx").using("btree", sql`lower(${t.storeName}) text_pattern_ops`),
    index("search_documents_store_handle_prefix_idx").using("btree", sql`${t.storeHandle} text_pattern_ops`),
    index("search_documents_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("search_documents_category_idx").on(t.category),
    index("search_documents_store_idx").on(t.storeId),
    index("search_documents_colors_idx").using("gin", t.colors),
    index("search_documents_published_idx").on(t.publishedAt),
    index("search_documents_price_idx").on(t.priceMinor),
  ],
);

/** Words of the catalogue, for "did you mean" and typo tolerance on short queries. */
export const searchTerms = pgTable(
  "search_terms",
  {
    term: text().primaryKey(),
    frequency: integer().notNull().default(1),
  },
  (t) => [index("search_terms_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`)],
);
