import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BlankStatus, Category, FulfillerStatus, PrintAreaKey, TemplateRect } from "./types.ts";

/**
 * A fulfillment business (a print shop) run by a fulfiller. The catalogue needs who offers a
 * blank and which warehouses stock it; the fulfillment issue adds batches, parcels and shipments.
 */
export const fulfillers = pgTable(
  "fulfillers",
  {
    id: text().primaryKey(), // ful_
    handle: text().notNull(),
    name: text().notNull(),
    ownerUserId: text().notNull(),
    /** The partner store it belongs to (`/shop/partners/@{store}/fulfillment/@{handle}`). */
    storeId: text(),
    description: text().notNull().default(""),
    capabilities: text().array().notNull().default([]),
    status: text().$type<FulfillerStatus>().notNull().default("active"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("fulfillers_handle_key").on(t.handle), index("fulfillers_owner_idx").on(t.ownerUserId)],
);

export const warehouses = pgTable(
  "warehouses",
  {
    id: text().primaryKey(), // wh_
    fulfillerId: text()
      .notNull()
      .references(() => fulfillers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    country: text().notNull(),
    region: text().notNull().default(""),
    city: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("warehouses_fulfiller_idx").on(t.fulfillerId), uniqueIndex("warehouses_fulfiller_name_key").on(t.fulfillerId, t.name)],
);

// ---- blanks: what a fulfiller can print on (ADR 0011: the print shop's catalogue) ----------------------------------------------------

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
    status: text().$type<BlankStatus>().notNull().default("active"),
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
