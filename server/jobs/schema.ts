import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const OUTBOX_STATUSES = ["pending", "processing", "done", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * The transactional outbox: a job is written in the same transaction as the change that causes
 * it, then claimed by a worker (FOR UPDATE SKIP LOCKED) and retried with backoff.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: text().primaryKey(),
    topic: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(8),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp({ withTimezone: true }),
    lockedBy: text(),
    lastError: text(),
    /** Optional idempotency key: a second enqueue with the same key is ignored. */
    dedupeKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("outbox_due_idx")
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    index("outbox_status_idx").on(t.status),
    uniqueIndex("outbox_dedupe_key").on(t.dedupeKey),
  ],
);

/**
 * Domain events: what a module announced inside its transaction (`publish`). The outbox then
 * delivers each event to every subscriber as a job of its own, retried independently.
 */
export const domainEvents = pgTable(
  "domain_events",
  {
    id: text().primaryKey(), // evt_
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** "user:<id>", "system:<reason>" or "anonymous". */
    actor: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("domain_events_type_idx").on(t.type, t.occurredAt)],
);
