// The shipping module's tables (ADR 0018): parcels (the packed lines of one shipment group),
// shipments (a label bought from a carrier, with the addresses, parcel and rate kept as snapshots,
// as Karrio does, so a later edit never rewrites history), their tracking events, and manifests.
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { PostalAddress } from "../../contracts/ports.ts";
import type { Dimensions, ParcelStatus, ShipmentStatus, TrackingStatus } from "./types.ts";

export const manifestNumber = pgSequence("manifest_number", { startWith: 1001 });

export const parcels = pgTable(
  "parcels",
  {
    id: text().primaryKey(), // prc_
    fulfillerId: text().notNull(),
    warehouseId: text().notNull(),
    orderId: text().notNull(),
    groupId: text().notNull(),
    status: text().$type<ParcelStatus>().notNull().default("packed"),
    /** The order lines in it (all printed lines of the group, or some). */
    lineIds: text().array().notNull(),
    boxId: text(),
    boxName: text().notNull().default(""),
    dimensionsCm: jsonb().$type<Dimensions | null>(),
    /** The items' weight (variants' weights × quantities) and the empty box's. */
    itemsGrams: integer().notNull(),
    boxGrams: integer().notNull().default(0),
    /** What it weighs: items + box, or what the scale said when typed. */
    weightGrams: integer().notNull(),
    /** Whether the weight was typed from a scale (not computed). */
    weighed: boolean().notNull().default(false),
    /** A photo of the packed items (storage key), kept for any later case. */
    photoKey: text(),
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("parcels_group_idx").on(t.groupId), index("parcels_warehouse_idx").on(t.warehouseId, t.status)],
);

export const shipments = pgTable(
  "shipments",
  {
    id: text().primaryKey(), // shp_
    parcelId: text().notNull(),
    fulfillerId: text().notNull(),
    warehouseId: text().notNull(),
    orderId: text().notNull(),
    groupId: text().notNull(),
    status: text().$type<ShipmentStatus>().notNull().default("requested"),
    carrierAccountId: text().notNull(),
    carrierCode: text().notNull(),
    carrierName: text().notNull(),
    serviceCode: text().notNull(),
    serviceName: text().notNull(),
    /** The key the carrier knows the label by (buying it again returns the same label). */
    labelKey: text().notNull(),
    trackingNumber: text(),
    providerShipmentId: text(),
    /** Snapshots: what the label says, whatever changes later. */
    fromAddress: jsonb().$type<PostalAddress>().notNull(),
    toAddress: jsonb().$type<PostalAddress>().notNull(),
    weightGrams: integer().notNull(),
    billableGrams: integer().notNull(),
    zoneName: text().notNull(),
    rateMinor: integer().notNull(),
    currency: text().notNull(),
    orderNumber: text().notNull(),
    /** "Parcel i of n" of the order, when it comes in several. */
    parcelIndex: integer().notNull().default(1),
    parcelCount: integer().notNull().default(1),
    trackingStatus: text().$type<TrackingStatus>().notNull().default("unknown"),
    manifestId: text(),
    purchasedAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    lastTrackedAt: timestamp({ withTimezone: true }),
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipments_label_key").on(t.labelKey),
    uniqueIndex("shipments_tracking_key")
      .on(t.carrierCode, t.trackingNumber)
      .where(sql`${t.status} <> 'voided'`),
    index("shipments_group_idx").on(t.groupId),
    index("shipments_order_idx").on(t.orderId),
    index("shipments_warehouse_idx").on(t.warehouseId, t.status),
    index("shipments_manifest_idx").on(t.manifestId),
  ],
);

/** A carrier's tracking events for a shipment, applied by event time, each kept once. */
export const trackingEvents = pgTable(
  "tracking_events",
  {
    id: text().primaryKey(), // trk_
    shipmentId: text().notNull(),
    /** The carrier's own event id. */
    eventId: text().notNull(),
    status: text().$type<TrackingStatus>().notNull(),
    message: text().notNull(),
    location: text(),
    at: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tracking_events_event_key").on(t.shipmentId, t.eventId),
    index("tracking_events_shipment_idx").on(t.shipmentId, t.at),
  ],
);

/** The end-of-day hand-over to one carrier from one warehouse: made once, never changed. */
export const manifests = pgTable(
  "manifests",
  {
    id: text().primaryKey(), // mnf_
    number: integer()
      .notNull()
      .default(sql`nextval('manifest_number')`),
    fulfillerId: text().notNull(),
    warehouseId: text().notNull(),
    warehouseName: text().notNull(),
    carrierAccountId: text().notNull(),
    carrierName: text().notNull(),
    origin: jsonb().$type<PostalAddress>().notNull(),
    shipmentCount: integer().notNull(),
    totalGrams: integer().notNull(),
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("manifests_number_key").on(t.number), index("manifests_warehouse_idx").on(t.warehouseId, t.createdAt)],
);
