import { z } from "zod";

/** Shared by the contact form (client) and the support service (server): no server-only imports. */
export const CONTACT_TOPICS = ["order", "partner", "fulfillment", "press", "privacy", "other"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_STATUSES = ["new", "open", "answered", "closed"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const TOPIC_LABELS: Record<ContactTopic, string> = {
  order: "An order I placed",
  partner: "Selling my art on Platen",
  fulfillment: "Printing for Platen (print shops)",
  press: "Press and media",
  privacy: "Privacy and my personal data",
  other: "Something else",
};

export const STATUS_LABELS: Record<ContactStatus, string> = {
  new: "New",
  open: "Open",
  answered: "Answered",
  closed: "Closed",
};

export const MESSAGE_MIN = 20;
export const MESSAGE_MAX = 5000;
export const REPLY_MAX = 10_000;
/** At most this many contact messages per client address per hour. */
export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_RATE_WINDOW_MS = 60 * 60 * 1000;

/** A short reference a sender can quote, e.g. "C-7K3M9Q2X". */
export const contactReference = (id: string) => `C-${id.slice(-8).toUpperCase()}`;

export function isContactTopic(value: unknown): value is ContactTopic {
  return typeof value === "string" && (CONTACT_TOPICS as readonly string[]).includes(value);
}
export function isContactStatus(value: unknown): value is ContactStatus {
  return typeof value === "string" && (CONTACT_STATUSES as readonly string[]).includes(value);
}

const text = /* @__NO_SIDE_EFFECTS__ */ (message: string) => z.string({ error: message }).trim();

export const ContactInput = z.object({
  name: text("Please enter your name.").min(1, "Please enter your name.").max(100, "Please keep your name under 100 characters."),
  email: text("Please enter your e-mail address.")
    .min(1, "Please enter your e-mail address.")
    .max(254, "That e-mail address is too long.")
    .pipe(z.email("Please enter a valid e-mail address, like name@example.com.")),
  topic: z.enum(CONTACT_TOPICS, { error: "Please choose what your message is about." }),
  message: text("Please write your message.")
    .min(MESSAGE_MIN, `Please write at least ${MESSAGE_MIN} characters so we can help.`)
    .max(MESSAGE_MAX, `Please keep your message under ${MESSAGE_MAX.toLocaleString("en-US")} characters.`),
});
export type ContactInput = z.infer<typeof ContactInput>;

export const ReplyInput = z.object({
  body: text("Please write a reply.")
    .min(1, "Please write a reply.")
    .max(REPLY_MAX, `Please keep the reply under ${REPLY_MAX.toLocaleString("en-US")} characters.`),
});

export const ListQuery = z.object({
  status: z.enum(CONTACT_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ListQuery = z.input<typeof ListQuery>;
