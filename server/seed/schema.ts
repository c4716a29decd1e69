import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The demo seeds that ran to the end on this database, one row per set of steps (their names and
 * SEED_DATA_VERSION, hashed). A start finds its row and skips the steps' checks, which took about
 * 0.6 s of every restart; a new or changed step makes a new key, and the (idempotent) steps run again.
 */
export const demoSeedRuns = pgTable("demo_seed_runs", {
  stepsKey: text().primaryKey(),
  summary: jsonb().$type<Record<string, number>>().notNull(),
  completedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
