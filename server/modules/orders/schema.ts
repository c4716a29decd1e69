import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgSequence, pgTable, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { MockupRef } from "../../contracts/imaging.ts";
import type { GroupStatus, OrderAddress, OrderStatus } from "./types.ts";

/** A partial refund in the order's timeline. */
export interface OrderAdjustment {
  at: string;
  kind: "refund";
  amountMinor: number;
  reason: string;
  actorUserId: string | null;
}

/** Human order numbers (PL-10001, PL-10002, ...): a sequence, so concurrent checkouts never share one. */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 10001, increment: 1 });

/**
 * An order: what the shopper pays, to the cent, as the one pricing function computed it at
 * placing. Lines and shipment groups hold the snapshot; the status follows the groups.
 */
export const orders = pgTable(
  "orders",
  {
    id: text().primaryKey(), // ord_
    number: text().notNull(),
    status: text().$type<OrderStatus>().notNull().default("pending_payment"),
    /** The status before an admin put the order on hold (released back to it). */
    heldFrom: text().$type<OrderStatus>(),
    userId: text(),
    email: text().notNull(),
    /** The checkout form's idempotency key: the same key never makes two orders. */
    placeKey: text().notNull(),
    /** The visitor cart the order came from (emptied once paid). */
    visitorCartId: text(),
    currency: text().notNull(),
    pricesIncludeTax: boolean().notNull(),
    taxRatePercent: real().notNull(),
    platformFeePercent: real().notNull(),
    discountCode: text(),
    discountPerkId: text(),
    address: jsonb().$type<OrderAddress>().notNull(),
    itemsMinor: integer().notNull(),
    discountMinor: integer().notNull(),
    shippingMinor: integer().notNull(),
    taxMinor: integer().notNull(),
    totalMinor: integer().notNull(),
    refundedMinor: integer().notNull().default(0),
    /** Provider refund ids already booked (a retried refund is booked once). */
    appliedRefunds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Money moves that are not state changes (partial refunds), for the timeline. */
    adjustments: jsonb().$type<OrderAdjustment[]>().notNull().default([]),
    expiresAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_place_key").on(t.placeKey),
    uniqueIndex("orders_number_key").on(t.number),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_email_idx").on(t.email),
    check("orders_total_check", sql`${t.totalMinor} >= 0 AND ${t.refundedMinor} >= 0 AND ${t.refundedMinor} <= ${t.totalMinor}`),
  ],
);

/** The lines one warehouse makes and ships together, with their own status and tracking. */
export const shipmentGroups = pgTable(
  "shipment_groups",
  {
    id: text().primaryKey(), // sgr_
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    warehouseId: text().notNull(),
    warehouseName: text().notNull(),
    fulfillerId: text().notNull(),
    fulfillerName: text().notNull(),
    status: text().$type<GroupStatus>().notNull().default("pending"),
    shippingMinor: integer().notNull(),
    shippingTaxMinor: integer().notNull(),
    /** Shipping refunded to the shopper (minor units). */
    shippingRefundedMinor: integer().notNull().default(0),
    productionDays: integer().notNull(),
    minDays: integer().notNull(),
    maxDays: integer().notNull(),
    carrier: text(),
    trackingNumber: text(),
    productionStartedAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    sortOrder: integer().notNull().default(0),
    /**
     * A reprint (a case resolved by making the items again, issue 23): the group it remakes, why,
     * and when it was ordered (its due date counts from then). Null for the groups bought at checkout.
     */
    reprintOf: text(),
    reprintReason: text(),
    reprintedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("shipment_groups_order_idx").on(t.orderId),
    index("shipment_groups_fulfiller_idx").on(t.fulfillerId, t.status),
    index("shipment_groups_fulfiller_shipped_idx").on(t.fulfillerId, t.shippedAt),
    index("shipment_groups_warehouse_idx").on(t.warehouseId, t.status),
  ],
);

/** A line of an order: a snapshot of what was bought, at what price, made from which print files. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: text().primaryKey(), // oln_
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    groupId: text()
      .notNull()
      .references(() => shipmentGroups.id, { onDelete: "cascade" }),
    productId: text().notNull(),
    variantId: text().notNull(),
    blankId: text().notNull(),
    blankVariantId: text().notNull(),
    sku: text().notNull(),
    storeId: text().notNull(),
    storeName: text().notNull(),
    storeHandle: text().notNull(),
    title: text().notNull(),
    color: text().notNull(),
    size: text().notNull(),
    image: jsonb().$type<MockupRef | null>(),
    printFiles: jsonb().$type<{ areaKey: string; storageKey: string; widthPx: number; heightPx: number; dpi: number }[]>().notNull(),
    quantity: integer().notNull(),
    refundedQuantity: integer().notNull().default(0),
    unitPriceMinor: integer().notNull(),
    unitBaseCostMinor: integer().notNull(),
    itemsMinor: integer().notNull(),
    discountMinor: integer().notNull(),
    taxMinor: integer().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_group_idx").on(t.groupId),
    index("order_lines_store_idx").on(t.storeId, t.orderId),
    check("order_lines_quantity_check", sql`${t.quantity} BETWEEN 1 AND 99 AND ${t.refundedQuantity} BETWEEN 0 AND ${t.quantity}`),
  ],
);
