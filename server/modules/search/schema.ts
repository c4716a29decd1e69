import { sql, type SQL } from "drizzle-orm";
import { customType, index, integer, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The PostgreSQL search provider's index: one row per searchable (published) product, kept in
 * the same transaction as the product change. Weighted full-text (A title, B tags, C store,
 * D description) plus trigram typo tolerance on `title` and `tags_text`.
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
    colors: text().array().notNull().default(sql`'{}'::text[]`),
    sizes: text().array().notNull().default(sql`'{}'::text[]`),
    priceMinor: integer().notNull(),
    /** Path of the main mockup's smallest WebP (for instant search). */
    imageHash: text().notNull().default(""),
    popularity: real().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    tsv: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(tags_text, '')), 'B') || setweight(to_tsvector('simple', coalesce(store_name, '')), 'C') || setweight(to_tsvector('english', coalesce(description, '')), 'D')`,
    ),
  },
  (t) => [
    index("search_documents_tsv_idx").using("gin", t.tsv),
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
