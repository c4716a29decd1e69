import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type {
  BlankStatus,
  BusinessAddress,
  Category,
  FulfillerApplicationStatus,
  FulfillerStatus,
  PrintAreaKey,
  TemplateRect,
} from "./types.ts";

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
    /** Why an admin suspended it (shown to its owner and in the back office); empty when active. */
    suspensionReason: text().notNull().default(""),
    /** The application that opened it (null for businesses an admin or the demo made directly). */
    applicationId: text(),
    /** The print shops' terms it accepted (FULFILLMENT_TERMS_VERSION) and when. */
    termsVersion: text(),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    /** Who receives payout statements and questions about money. */
    payoutContactName: text().notNull().default(""),
    payoutContactEmail: text().notNull().default(""),
    /**
     * When its owner finished the set-up (first warehouse, payout contact). Null between an approved
     * application and that set-up; businesses made directly count as set up from their creation.
     */
    registeredAt: timestamp({ withTimezone: true }).default(sql`now()`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("fulfillers_handle_key").on(t.handle), index("fulfillers_owner_idx").on(t.ownerUserId)],
);

/**
 * A partner's application to print for the marketplace (`/shop/partners/@{store}/fulfillment-application`):
 * pending until an admin approves it (a print shop opens, owned by the applicant) or rejects it
 * with a reason. One pending application per applicant; a handle is held by one pending application.
 */
export const fulfillerApplications = pgTable(
  "fulfiller_applications",
  {
    id: text().primaryKey(), // fapp_
    userId: text().notNull(),
    /** The store (of which the applicant is the owner) the print shop will belong to. */
    storeId: text().notNull(),
    /** Its handle (store handles never change): the e-mails and pages link to `/shop/partners/@{storeHandle}/fulfillment/...`. */
    storeHandle: text().notNull().default(""),
    businessName: text().notNull(),
    handle: text().notNull(),
    address: jsonb().$type<BusinessAddress>().notNull(),
    techniques: text().array().notNull(),
    capacityPerDay: integer().notNull(),
    termsVersion: text().notNull(),
    termsAcceptedAt: timestamp({ withTimezone: true }).notNull(),
    status: text().$type<FulfillerApplicationStatus>().notNull().default("pending"),
    /** The admin's note (approval) or reason (rejection), as e-mailed to the applicant. */
    decisionNote: text().notNull().default(""),
    decidedBy: text(),
    decidedAt: timestamp({ withTimezone: true }),
    fulfillerId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("fulfiller_applications_status_idx").on(t.status, t.createdAt),
    index("fulfiller_applications_store_idx").on(t.storeId, t.createdAt),
    uniqueIndex("fulfiller_applications_pending_user_key")
      .on(t.userId)
      .where(sql`status = 'pending'`),
    uniqueIndex("fulfiller_applications_pending_handle_key")
      .on(t.handle)
      .where(sql`status = 'pending'`),
    check("fulfiller_applications_capacity_check", sql`${t.capacityPerDay} > 0`),
  ],
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
    line1: text().notNull().default(""),
    line2: text().notNull().default(""),
    postalCode: text().notNull().default(""),
    phone: text().notNull().default(""),
    /** Daily cut-off, 'HH:MM' (24 h) in the warehouse's own time zone: paid after it, production starts the next day. */
    cutoffTime: text().notNull().default("14:00"),
    /** IANA time zone name, e.g. 'America/Chicago'. */
    timeZone: text().notNull().default("UTC"),
    /** Units the warehouse can produce per day; null = unlimited. */
    capacityPerDay: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("warehouses_fulfiller_idx").on(t.fulfillerId),
    uniqueIndex("warehouses_fulfiller_name_key").on(t.fulfillerId, t.name),
    check("warehouses_capacity_check", sql`${t.capacityPerDay} is null or ${t.capacityPerDay} > 0`),
  ],
);

/** A box (or bag, or tube) a warehouse packs parcels in: its inside size and its own weight. */
export const warehouseBoxes = pgTable(
  "warehouse_boxes",
  {
    id: text().primaryKey(), // box_
    warehouseId: text()
      .notNull()
      .references(() => warehouses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    lengthCm: real().notNull(),
    widthCm: real().notNull(),
    heightCm: real().notNull(),
    /** Weight of the empty box. */
    weightGrams: integer().notNull(),
    /** Most the packed box may weigh; null = no limit. */
    maxWeightGrams: integer(),
    sortOrder: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("warehouse_boxes_warehouse_idx").on(t.warehouseId),
    uniqueIndex("warehouse_boxes_warehouse_name_key").on(t.warehouseId, t.name),
    check("warehouse_boxes_size_check", sql`${t.lengthCm} > 0 and ${t.widthCm} > 0 and ${t.heightCm} > 0 and ${t.weightGrams} >= 0`),
  ],
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

// ---- shipping rates and stock (ADR 0012: what routing needs) ----------------------------------------------------------------------

/** A named destination zone of a fulfiller: country codes (`DE`), subdivisions (`US-AK`) or `*` (rest of the world). */
export const shippingZones = pgTable(
  "shipping_zones",
  {
    id: text().primaryKey(), // shz_
    fulfillerId: text()
      .notNull()
      .references(() => fulfillers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    regions: text().array().notNull().default([]),
    sortOrder: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shipping_zones_fulfiller_idx").on(t.fulfillerId),
    uniqueIndex("shipping_zones_fulfiller_name_key").on(t.fulfillerId, t.name),
  ],
);

/** What a fulfiller charges to ship one blank (or a category, as a fallback) to a zone, optionally from one warehouse. */
export const shippingRates = pgTable(
  "shipping_rates",
  {
    id: text().primaryKey(), // shr_
    fulfillerId: text()
      .notNull()
      .references(() => fulfillers.id, { onDelete: "cascade" }),
    zoneId: text()
      .notNull()
      .references(() => shippingZones.id),
    blankId: text().references(() => blanks.id, { onDelete: "cascade" }),
    category: text().$type<Category>(),
    warehouseId: text().references(() => warehouses.id, { onDelete: "cascade" }),
    firstItemMinor: integer().notNull(),
    additionalItemMinor: integer().notNull(),
    currency: text()
      .notNull()
      .default(sql`platform_currency()`),
    minDays: integer().notNull(),
    maxDays: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shipping_rates_fulfiller_idx").on(t.fulfillerId),
    index("shipping_rates_zone_idx").on(t.zoneId),
    check("shipping_rates_target_check", sql`(${t.blankId} is null) <> (${t.category} is null)`),
    check("shipping_rates_amounts_check", sql`${t.firstItemMinor} >= 0 and ${t.additionalItemMinor} >= 0`),
    check("shipping_rates_days_check", sql`${t.minDays} >= 0 and ${t.minDays} <= ${t.maxDays}`),
  ],
);

/** Stock of a blank variant in a warehouse; no row means made to order (not tracked). */
export const warehouseStock = pgTable(
  "warehouse_stock",
  {
    warehouseId: text()
      .notNull()
      .references(() => warehouses.id, { onDelete: "cascade" }),
    blankVariantId: text()
      .notNull()
      .references(() => blankVariants.id, { onDelete: "cascade" }),
    onHand: integer().notNull().default(0),
    reserved: integer().notNull().default(0),
    /** Where the blanks sit (shelf or bin), printed on pick lists. */
    bin: text().notNull().default(""),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseId, t.blankVariantId] }),
    check("warehouse_stock_levels_check", sql`${t.onHand} >= 0 and ${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
  ],
);

export type StockReservationStatus = "held" | "released" | "committed";

/** Units held for an order (orderId is plain text: the orders module sits above this one). */
export const stockReservations = pgTable(
  "stock_reservations",
  {
    orderId: text().notNull(),
    warehouseId: text().notNull(),
    blankVariantId: text().notNull(),
    quantity: integer().notNull(),
    status: text().$type<StockReservationStatus>().notNull().default("held"),
    /** Whether the warehouse tracked the variant when it was reserved (untracked: made to order, nothing to count). */
    tracked: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.warehouseId, t.blankVariantId] }), index("stock_reservations_status_idx").on(t.status)],
);

export type FulfillerMemberStatus = "active" | "removed";

/**
 * A print shop's floor staff (issue 23 §5): a Platen account its owner added by e-mail, who works
 * the floor (orders, batches, parcels, shipments, manifests) but not the owner's pages. Removing a
 * worker keeps the row (removed, with when); one active row per shop and user.
 */
export const fulfillerMembers = pgTable(
  "fulfiller_members",
  {
    id: text().primaryKey(), // fmb_
    fulfillerId: text()
      .notNull()
      .references(() => fulfillers.id, { onDelete: "cascade" }),
    userId: text().notNull(),
    /** The account's e-mail when it was added (what the owner typed, as the account spells it). */
    email: text().notNull(),
    status: text().$type<FulfillerMemberStatus>().notNull().default("active"),
    addedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("fulfiller_members_active_key")
      .on(t.fulfillerId, t.userId)
      .where(sql`status = 'active'`),
    index("fulfiller_members_user_idx").on(t.userId),
    check("fulfiller_members_status_check", sql`${t.status} in ('active', 'removed')`),
  ],
);
