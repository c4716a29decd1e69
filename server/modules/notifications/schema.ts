import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;

/** Every transactional e-mail Platen sends; with the outbox provider this is the mailbox. */
export const emailMessages = pgTable(
  "email_messages",
  {
    id: text().primaryKey(),
    toAddress: text().notNull(),
    toName: text(),
    subject: text().notNull(),
    template: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    html: text().notNull(),
    text: text().notNull(),
    provider: text(),
    status: text().$type<(typeof EMAIL_STATUSES)[number]>().notNull().default("queued"),
    providerMessageId: text(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("email_messages_to_idx").on(t.toAddress), index("email_messages_created_idx").on(t.createdAt)],
);
