// The production floor's own records (ADR 0018): what a print shop has done with each line routed
// to it (accepted or rejected, printed, packed), its batches, and each warehouse's batch release
// rules. What was bought and where it goes stays in the orders module.
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BatchFilter, BatchStatus, ProductionLineStatus, ReleasedBy } from "./types.ts";

export const productionBatchNumber = pgSequence("production_batch_number", { startWith: 1001 });

/** A routed order line once its print shop has acted on it (no row: waiting for acceptance). */
export const productionLines = pgTable(
  "production_lines",
  {
    orderLineId: text().primaryKey(),
    orderId: text().notNull(),
    groupId: text().notNull(),
    fulfillerId: text().notNull(),
    warehouseId: text().notNull(),
    status: text().$type<ProductionLineStatus>().notNull(),
    /** What the line's Code 128 encodes on the print sheet; a scan finds the line by it. */
    code: text().notNull(),
    /** The live batch it is in (a line is in at most one). */
    batchId: text(),
    /** When it must ship: paid (moved to the next day after the warehouse's cut-off) + production days. */
    dueAt: timestamp({ withTimezone: true }).notNull(),
    rejectReason: text(),
    acceptedAt: timestamp({ withTimezone: true }),
    printedAt: timestamp({ withTimezone: true }),
    packedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("production_lines_code_key").on(t.code),
    index("production_lines_warehouse_idx").on(t.warehouseId, t.status),
    index("production_lines_fulfiller_idx").on(t.fulfillerId, t.status),
    index("production_lines_batch_idx").on(t.batchId),
    index("production_lines_group_idx").on(t.groupId),
  ],
);

/** A production run of one warehouse; its status follows its lines. */
export const productionBatches = pgTable(
  "production_batches",
  {
    id: text().primaryKey(), // bat_
    number: integer()
      .notNull()
      .default(sql`nextval('production_batch_number')`),
    fulfillerId: text().notNull(),
    warehouseId: text().notNull(),
    status: text().$type<BatchStatus>().notNull().default("open"),
    releasedBy: text().$type<ReleasedBy>().notNull(),
    filter: jsonb().$type<BatchFilter>().notNull().default({}),
    lineCount: integer().notNull().default(0),
    unitCount: integer().notNull().default(0),
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("production_batches_number_key").on(t.number), index("production_batches_warehouse_idx").on(t.warehouseId, t.status)],
);

/** How a warehouse's accepted lines are released into batches by themselves. */
export const productionSettings = pgTable("production_settings", {
  warehouseId: text().primaryKey(),
  fulfillerId: text().notNull(),
  /** Release a batch of everything accepted at the warehouse's daily cut-off. */
  releaseAtCutoff: boolean().notNull().default(true),
  /** Release a batch as soon as this many accepted lines wait (null: never by count). */
  releaseAtCount: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
