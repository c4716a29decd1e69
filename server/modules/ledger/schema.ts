import { bigint, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { JournalKind } from "./types.ts";

/**
 * A journal: one business event (an order paid, refunded, cancelled, a shipment delivered) as a
 * set of entries whose amounts sum to zero. Never updated or deleted (a trigger refuses it); a
 * correction is a reversing journal.
 */
export const ledgerJournals = pgTable(
  "ledger_journals",
  {
    id: text().primaryKey(), // led_
    kind: text().$type<JournalKind>().notNull(),
    orderId: text().notNull(),
    reversesJournalId: text(),
    /** The business event's own key (`order-paid:<id>`...): posting it twice gives the first journal. */
    idempotencyKey: text().notNull(),
    memo: text().notNull().default(""),
    currency: text().notNull(),
    actor: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("ledger_journals_key").on(t.idempotencyKey), index("ledger_journals_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * An entry: a signed amount in minor units on one account (debit positive, credit negative),
 * with the order, line and shipment group it belongs to, and for payables the moment it becomes
 * available to pay out.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: text().primaryKey(), // led_
    journalId: text()
      .notNull()
      .references(() => ledgerJournals.id),
    account: text().notNull(),
    amountMinor: bigint({ mode: "number" }).notNull(),
    currency: text().notNull(),
    orderId: text().notNull(),
    lineId: text(),
    groupId: text(),
    availableAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_journal_idx").on(t.journalId),
    index("ledger_entries_account_idx").on(t.account, t.availableAt),
    index("ledger_entries_account_created_idx").on(t.account, t.createdAt),
    index("ledger_entries_order_idx").on(t.orderId),
  ],
);
