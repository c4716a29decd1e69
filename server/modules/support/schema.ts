import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const CONTACT_TOPICS = ["order", "partner", "fulfillment", "press", "privacy", "other"] as const;
export const CONTACT_STATUSES = ["new", "open", "answered", "closed"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

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
    status: text().$type<ContactStatus>().notNull().default("new"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_status_idx").on(t.status, t.createdAt)],
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
