import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
    status: text().$type<"active" | "suspended">().notNull().default("active"),
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
