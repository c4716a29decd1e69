// Cases (issue 23 §3, ADR 0018): a shopper's report about lines of one shipment, its thread and its
// resolution. What was bought stays in the orders module; a case keeps a snapshot of what it is
// about (order number, print shop, lines), so the print shop's pages read the case alone.
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { MockupRef } from "../../contracts/imaging.ts";
import type { CaseAuthor, CaseKind, CaseResolution, CaseStatus, FaultCode } from "./types.ts";

/** Case numbers (C-1001, C-1002...): a sequence, so two cases opened at once never share one. */
export const caseNumberSeq = pgSequence("case_number_seq", { startWith: 1001, increment: 1 });

export const cases = pgTable(
  "cases",
  {
    id: text().primaryKey(), // cas_
    number: integer().notNull(),
    status: text().$type<CaseStatus>().notNull().default("open"),
    kind: text().$type<CaseKind>().notNull(),
    description: text().notNull(),
    orderId: text().notNull(),
    orderNumber: text().notNull(),
    /** The shipment the lines were in (a case is about one shipment, so one print shop and warehouse). */
    groupId: text().notNull(),
    fulfillerId: text().notNull(),
    fulfillerName: text().notNull(),
    warehouseName: text().notNull(),
    /** The order's account when it was opened (null: a guest order, reached with its signed link). */
    shopperUserId: text(),
    shopperEmail: text().notNull(),
    shopperName: text().notNull(),
    /** The order's currency (a refund's amount below is in it). */
    currency: text().notNull(),
    /** Up to four photos, WebP in storage (re-encoded from the upload). */
    photoKeys: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    firstResponseDueAt: timestamp({ withTimezone: true }).notNull(),
    /** The first message from Platen or the print shop the shopper could read (or the resolution). */
    firstResponseAt: timestamp({ withTimezone: true }),
    resolution: text().$type<CaseResolution>(),
    faultCode: text().$type<FaultCode>(),
    resolutionNote: text(),
    /** A refund's amount, in `currency`, and the refund it granted. */
    refundMinor: integer(),
    refundId: text(),
    /** A reprint's new shipment group. */
    reprintGroupId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("cases_number_key").on(t.number),
    index("cases_status_idx").on(t.status, t.createdAt),
    index("cases_fulfiller_idx").on(t.fulfillerId, t.status),
    index("cases_order_idx").on(t.orderId),
    index("cases_group_idx").on(t.groupId, t.status),
  ],
);

/** The lines a case is about (a snapshot), and whether the case still holds them. */
export const caseLines = pgTable(
  "case_lines",
  {
    caseId: text()
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    lineId: text().notNull(),
    title: text().notNull(),
    variantLabel: text().notNull(),
    quantity: integer().notNull(),
    image: jsonb().$type<MockupRef | null>(),
    /** True while the case is open: a line has at most one open case. */
    open: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.lineId] }),
    uniqueIndex("case_lines_one_open_case")
      .on(t.lineId)
      .where(sql`${t.open}`),
  ],
);

/** The thread: messages between the shopper, the print shop and Platen, and internal notes. */
export const caseMessages = pgTable(
  "case_messages",
  {
    id: text().primaryKey(), // csm_
    caseId: text()
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    author: text().$type<CaseAuthor>().notNull(),
    authorUserId: text(),
    body: text().notNull(),
    /** Admins and the print shop only: never shown to the shopper. */
    internal: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("case_messages_case_idx").on(t.caseId, t.createdAt)],
);
