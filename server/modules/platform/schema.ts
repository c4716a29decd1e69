import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Platform settings edited in /admin/config, one validated JSON document per key. */
export const platformSettings = pgTable("platform_settings", {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: text(),
});

/** Who did what to whom, for admin actions and security-relevant events. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text().primaryKey(),
    actorId: text(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_target_idx").on(t.targetType, t.targetId), index("audit_log_created_idx").on(t.createdAt)],
);
