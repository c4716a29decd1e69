import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { PaymentProviderName, PaymentStatus, RefundStatus } from "./types.ts";

/** One payment per order: the provider's intent and what became of it. Card: brand and last four only. */
export const payments = pgTable(
  "payments",
  {
    id: text().primaryKey(), // pay_
    orderId: text().notNull(),
    provider: text().$type<PaymentProviderName>().notNull(),
    intentId: text().notNull(),
    /** Stripe only: the Payment Element's client secret. */
    clientSecret: text(),
    status: text().$type<PaymentStatus>().notNull().default("requires_payment_method"),
    amountMinor: integer().notNull(),
    currency: text().notNull(),
    cardBrand: text(),
    cardLast4: text(),
    failureCode: text(),
    failureMessage: text(),
    /** Card attempts made (test processor) or intents created. */
    attempts: integer().notNull().default(0),
    /** Cards tried on this order's payment (card testing stops at MAX_CARD_ATTEMPTS). */
    cardAttempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payments_order_key").on(t.orderId), index("payments_intent_idx").on(t.intentId)],
);

export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: text().primaryKey(), // ref_
    paymentId: text()
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    orderId: text().notNull(),
    amountMinor: integer().notNull(),
    currency: text().notNull(),
    reason: text().notNull().default(""),
    providerRefundId: text(),
    /** requested (recorded, the provider call is a durable step), succeeded, failed (refundStates). */
    status: text().$type<RefundStatus>().notNull().default("requested"),
    /** Platen's key of the request: the same key is the same refund. */
    idempotencyKey: text().notNull(),
    /** Provider calls made, and the last one's error (shown to an admin when it failed). */
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** Whether the provider refused the last call for good (then a retry asks with a new key). */
    lastErrorFinal: boolean().notNull().default(false),
    /** Bumped when an admin retries a refund the provider refused: the provider key's suffix. */
    providerKeySeq: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_refunds_idempotency_key").on(t.idempotencyKey),
    index("payment_refunds_payment_idx").on(t.paymentId),
    index("payment_refunds_order_idx").on(t.orderId),
    index("payment_refunds_status_idx").on(t.status),
  ],
);

/** Webhook events already handled: a repeated event id is ignored. */
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  id: text().primaryKey(), // the provider's event id (evt_...)
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The built-in test processor's own state (intents, refunds, idempotency keys), as JSON records. */
export const paymentTestProcessorRecords = pgTable(
  "payment_test_processor_records",
  {
    kind: text().notNull(),
    id: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);
