import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Category, Placement, PreflightIssue, PrintAreaKey, ProductStatus, TemplateRect } from "./types.ts";

// ---- blanks: what a fulfiller can print on ----------------------------------------------------

export const blanks = pgTable(
  "blanks",
  {
    id: text().primaryKey(), // blk_
    fulfillerId: text().notNull(),
    name: text().notNull(),
    category: text().$type<Category>().notNull(),
    description: text().notNull().default(""),
    brand: text().notNull().default(""),
    material: text().notNull().default(""),
    productionDays: integer().notNull().default(3),
    /** Size guide rows: size -> measurements, e.g. {"S": {"Chest (in)": "34-36"}}. */
    sizeGuide: jsonb().$type<Record<string, Record<string, string>>>().notNull().default({}),
    status: text().$type<"active" | "retired">().notNull().default("active"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("blanks_fulfiller_idx").on(t.fulfillerId), index("blanks_category_idx").on(t.category)],
);

/** A print area of a blank: physical size, required DPI, and where it sits on the template images. */
export const blankPrintAreas = pgTable(
  "blank_print_areas",
  {
    id: text().primaryKey(), // bpa_
    blankId: text()
      .notNull()
      .references(() => blanks.id, { onDelete: "cascade" }),
    key: text().$type<PrintAreaKey>().notNull(),
    label: text().notNull(),
    widthIn: real().notNull(),
    heightIn: real().notNull(),
    /** DPI of the print file (what the printer wants); preflight warns/refuses on effective DPI. */
    requiredDpi: integer().notNull().default(300),
    /** Size of the template images and the area's rectangle on them (same for every colour unless overridden). */
    templateWidth: integer().notNull(),
    templateHeight: integer().notNull(),
    templateRect: jsonb().$type<TemplateRect>().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("blank_print_areas_blank_key").on(t.blankId, t.key)],
);

/** A colour of a blank with its template image per print area (storage keys). */
export const blankColors = pgTable(
  "blank_colors",
  {
    blankId: text()
      .notNull()
      .references(() => blanks.id, { onDelete: "cascade" }),
    name: text().notNull(),
    hex: text().notNull(),
    /** areaKey -> { key: storage key of the template PNG, rect?: override of the area's rectangle }. */
    templates: jsonb().$type<Record<string, { key: string; rect?: TemplateRect }>>().notNull().default({}),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.blankId, t.name] })],
);

export const blankVariants = pgTable(
  "blank_variants",
  {
    id: text().primaryKey(), // bvr_
    blankId: text()
      .notNull()
      .references(() => blanks.id, { onDelete: "cascade" }),
    color: text().notNull(),
    size: text().notNull(),
    sku: text().notNull(),
    baseCostMinor: integer().notNull(),
    /** ISO 4217 currency of baseCostMinor (the platform currency when the row was written; migration 0008). */
    currency: text()
      .notNull()
      .default(sql`platform_currency()`),
    weightGrams: integer().notNull(),
    active: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("blank_variants_sku_key").on(t.sku),
    uniqueIndex("blank_variants_blank_color_size_key").on(t.blankId, t.color, t.size),
  ],
);

export const blankWarehouses = pgTable(
  "blank_warehouses",
  {
    blankId: text()
      .notNull()
      .references(() => blanks.id, { onDelete: "cascade" }),
    warehouseId: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.blankId, t.warehouseId] })],
);

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
