import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
// Products refer to the fulfillment module's blanks by id; the foreign keys need the table objects
// (the one schema-to-schema import, ADR 0011). Nothing else of the catalogue reads these tables.
import { blanks, blankVariants } from "../fulfillment/schema.ts";
import type { Category, Placement, PreflightIssue, PrintAreaKey, ProductStatus } from "./types.ts";

// ---- artwork and products ---------------------------------------------------------------------

/** An uploaded artwork, normalised to PNG; `phash` is a 64-bit perceptual hash (art-theft guard). */
export const artworks = pgTable(
  "artworks",
  {
    id: text().primaryKey(), // art_
    storeId: text().notNull(),
    uploadedBy: text(),
    fileName: text().notNull().default(""),
    storageKey: text().notNull(),
    /** Small preview for the designer (PNG, max 1024 px). */
    previewKey: text().notNull(),
    mime: text().notNull(),
    bytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    hasAlpha: boolean().notNull().default(false),
    sha256: text().notNull(),
    phash: bigint({ mode: "bigint" }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("artworks_store_idx").on(t.storeId), index("artworks_sha_idx").on(t.sha256), index("artworks_phash_idx").on(t.phash)],
);

export const products = pgTable(
  "products",
  {
    id: text().primaryKey(), // prd_
    storeId: text().notNull(),
    blankId: text()
      .notNull()
      .references(() => blanks.id),
    artworkId: text().references(() => artworks.id),
    title: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(""),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: text().$type<Category>().notNull(),
    /** Retail price in minor units (per-variant overrides on product_variants). */
    priceMinor: integer().notNull(),
    /** ISO 4217 currency of priceMinor and of the variants' prices (migration 0008). */
    currency: text()
      .notNull()
      .default(sql`platform_currency()`),
    status: text().$type<ProductStatus>().notNull().default("draft"),
    /** areaKey -> placement of the artwork in that print area. */
    placements: jsonb().$type<Partial<Record<PrintAreaKey, Placement>>>().notNull().default({}),
    /** Last preflight result (for the products list and the admin). */
    preflight: jsonb().$type<PreflightIssue[]>().notNull().default([]),
    /** Colour whose mockup is the product's main image. */
    primaryColor: text().notNull().default(""),
    featured: boolean().notNull().default(false),
    takedownReason: text().notNull().default(""),
    createdBy: text(),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_store_idx").on(t.storeId, t.status),
    index("products_status_published_idx").on(t.status, t.publishedAt),
    index("products_category_idx").on(t.category, t.status),
    index("products_artwork_idx").on(t.artworkId),
  ],
);

/** A sellable variant: a blank variant (colour x size) chosen for the product, optionally priced on its own. */
export const productVariants = pgTable(
  "product_variants",
  {
    id: text().primaryKey(), // var_
    productId: text()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    blankVariantId: text()
      .notNull()
      .references(() => blankVariants.id),
    color: text().notNull(),
    size: text().notNull(),
    priceMinor: integer(),
    /** ISO 4217 currency of priceMinor (the product's currency; migration 0008). */
    currency: text()
      .notNull()
      .default(sql`platform_currency()`),
    enabled: boolean().notNull().default(true),
  },
  (t) => [
    index("product_variants_product_idx").on(t.productId),
    uniqueIndex("product_variants_product_blank_variant_key").on(t.productId, t.blankVariantId),
  ],
);

/** A rendered mockup: one per colour and print area, stored as WebP in MOCKUP_WIDTHS under `{hash}-{w}.webp`. */
export const productMockups = pgTable(
  "product_mockups",
  {
    id: text().primaryKey(), // mck_
    productId: text()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    color: text().notNull(),
    areaKey: text().notNull(),
    /** Content hash: the image lives at `/media/mockups/{hash}-{width}.webp`. */
    hash: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    index("product_mockups_product_idx").on(t.productId),
    uniqueIndex("product_mockups_product_color_area_key").on(t.productId, t.color, t.areaKey),
  ],
);

/** The full-resolution print file of a print area, for fulfillers. */
export const printFiles = pgTable(
  "print_files",
  {
    productId: text()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    areaKey: text().notNull(),
    storageKey: text().notNull(),
    widthPx: integer().notNull(),
    heightPx: integer().notNull(),
    dpi: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.areaKey] })],
);

/** Every product state change, with who and why (takedowns, restores, publishing). */
export const productEvents = pgTable(
  "product_events",
  {
    id: text().primaryKey(), // pev_
    productId: text()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    fromStatus: text().notNull(),
    toStatus: text().notNull(),
    actorUserId: text(),
    reason: text().notNull().default(""),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_events_product_idx").on(t.productId, t.at)],
);

/** Art-theft guard: an artwork matching one already published by another store, held for review. */
export const artworkFlags = pgTable(
  "artwork_flags",
  {
    id: text().primaryKey(), // flg_
    artworkId: text()
      .notNull()
      .references(() => artworks.id, { onDelete: "cascade" }),
    productId: text().references(() => products.id, { onDelete: "cascade" }),
    storeId: text().notNull(),
    matchedArtworkId: text().notNull(),
    matchedProductId: text(),
    matchedStoreId: text().notNull(),
    distance: integer().notNull(),
    status: text().$type<"open" | "cleared" | "confirmed">().notNull().default("open"),
    resolvedBy: text(),
    resolvedAt: timestamp({ withTimezone: true }),
    note: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("artwork_flags_status_idx").on(t.status, t.createdAt), index("artwork_flags_product_idx").on(t.productId)],
);
