import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every state change made through a state machine (`defineStateMachine`): which entity, from and
 * to which state, who and why. Written in the same transaction as the change itself; an entity's
 * rows in order are its timeline. Read through the kernel's `stateHistory`, never directly.
 */
export const stateChanges = pgTable(
  "state_changes",
  {
    id: text().primaryKey(), // stc_
    /** The machine's entity name, e.g. "store", "store application". */
    entity: text().notNull(),
    entityId: text().notNull(),
    fromState: text().notNull(),
    toState: text().notNull(),
    /** "user" | "system" | "anonymous" */
    actorKind: text().notNull(),
    actorUserId: text(),
    reason: text().notNull().default(""),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("state_changes_entity_idx").on(t.entity, t.entityId, t.at)],
);
