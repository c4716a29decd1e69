import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { CONTACT_STATUSES, CONTACT_TOPICS, type ContactStatus } from "./types.ts";

export { CONTACT_STATUSES, CONTACT_TOPICS, type ContactStatus };

/** Messages sent through /contact. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    topic: text().$type<(typeof CONTACT_TOPICS)[number]>().notNull(),
    message: text().notNull(),
    userId: text(),
    /** SHA-256 of the sender's client address: for the hourly rate limit, never shown. */
    ipHash: text(),
    status: text().$type<ContactStatus>().notNull().default("new"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_status_idx").on(t.status, t.createdAt), index("contact_messages_ip_idx").on(t.ipHash, t.createdAt)],
);

/** The history of a contact message: replies by e-mail and status changes. */
export const contactEvents = pgTable(
  "contact_events",
  {
    id: text().primaryKey(),
    messageId: text()
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    kind: text().$type<"reply" | "status" | "note">().notNull(),
    authorId: text(),
    body: text().notNull().default(""),
    fromStatus: text(),
    toStatus: text(),
    emailMessageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_events_message_idx").on(t.messageId, t.createdAt)],
);
