import { createHash } from "node:crypto";
import type { z } from "zod";
import { and, count, desc, eq, gt, ilike, or, sql, type SQL } from "drizzle-orm";
import { newId, transaction, type Db } from "../../infra/db/index.ts";
import { displayNamesOf } from "../identity/index.ts";
import { actorUserId, assertRole, AppError, defineTransitions, notFound, type Ctx } from "../../kernel/index.ts";
import { sendEmail } from "../notifications/index.ts";
import { contactEvents, contactMessages } from "./schema.ts";
import {
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_WINDOW_MS,
  CONTACT_STATUSES,
  ContactInput,
  contactReference,
  isContactStatus,
  ListQuery,
  ReplyInput,
  TOPIC_LABELS,
  type ContactStatus,
  type ContactTopic,
} from "./types.ts";

/** Who may move a contact message where. Anything else throws IllegalTransitionError (409). */
export const contactTransitions = defineTransitions<ContactStatus>("contact message", {
  new: ["open", "answered", "closed"],
  open: ["answered", "closed"],
  answered: ["open", "closed"],
  closed: ["open"],
});

export const PAGE_SIZE = 20;

export interface ContactMessageView {
  id: string;
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
  userId: string | null;
  status: ContactStatus;
  createdAt: Date;
  updatedAt: Date;
}

export interface ContactEventView {
  id: string;
  kind: "reply" | "status" | "note";
  body: string;
  fromStatus: ContactStatus | null;
  toStatus: ContactStatus | null;
  authorId: string | null;
  authorName: string | null;
  emailMessageId: string | null;
  createdAt: Date;
}

const requireAdminActor = (ctx: Ctx) => assertRole(ctx, "admin", "Only the Platen team can read and answer contact messages.");

/** Turn the first zod issue into a refusal shown next to its field. */
function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? String(issue.path[0]) : undefined;
  throw new AppError("invalid-input", issue?.message ?? "Please check the form.", 400, field);
}

export const hashClientIp = (ip: string) => createHash("sha256").update(`platen-contact:${ip}`).digest("hex");

const view = (row: typeof contactMessages.$inferSelect): ContactMessageView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  topic: row.topic,
  message: row.message,
  userId: row.userId,
  status: row.status,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/**
 * A message from /contact: stored, acknowledged by e-mail ("contact-received") in the same
 * transaction. At most CONTACT_RATE_LIMIT messages per client address per hour (429).
 */
export async function createContactMessage(ctx: Ctx, input: unknown): Promise<{ id: string }> {
  const data = parseOrRefuse(ContactInput, input);
  const ip = ctx.actor.kind === "system" ? undefined : ctx.actor.ip;
  const ipHash = ip && ip !== "unknown" ? hashClientIp(ip) : null;
  return transaction(ctx.db, async (tx) => {
    if (ipHash) {
      // One sender at a time per address, so two parallel posts cannot both slip under the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${ipHash}`}))`);
      const since = new Date(ctx.clock.now().getTime() - CONTACT_RATE_WINDOW_MS);
      const [row] = await tx
        .select({ n: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.ipHash, ipHash), gt(contactMessages.createdAt, since)));
      if ((row?.n ?? 0) >= CONTACT_RATE_LIMIT) {
        throw new AppError(
          "rate-limited",
          `You have sent ${CONTACT_RATE_LIMIT} messages in the last hour, which is our limit. Please wait an hour before sending another; we will answer the ones you have sent.`,
          429,
        );
      }
    }
    const id = newId("msg");
    await tx.insert(contactMessages).values({
      id,
      name: data.name,
      email: data.email,
      topic: data.topic,
      message: data.message,
      userId: actorUserId(ctx.actor),
      ipHash,
      // explicit, so the order of messages is their order of arrival even inside one transaction
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    });
    await sendEmail(tx, {
      to: data.email,
      toName: data.name,
      template: "contact-received",
      params: { name: data.name, topic: TOPIC_LABELS[data.topic], message: data.message, reference: contactReference(id) },
    });
    return { id };
  });
}

export type StatusCounts = Record<ContactStatus, number> & { all: number };

/** How many contact messages are in each status (the admin dashboard shows it). */
export async function countMessagesByStatus(ctx: Ctx): Promise<StatusCounts> {
  requireAdminActor(ctx);
  const rows = await ctx.db.select({ status: contactMessages.status, n: count() }).from(contactMessages).groupBy(contactMessages.status);
  const counts = { all: 0, new: 0, open: 0, answered: 0, closed: 0 } as StatusCounts;
  for (const r of rows) {
    if (isContactStatus(r.status)) counts[r.status] = Number(r.n);
    counts.all += Number(r.n);
  }
  return counts;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface MessageList {
  items: ContactMessageView[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/** The inbox, newest first, filtered by status and a search over name, e-mail and message. */
export async function listMessages(ctx: Ctx, query: ListQuery = {}): Promise<MessageList> {
  requireAdminActor(ctx);
  const q = parseOrRefuse(ListQuery, query);
  const where: SQL[] = [];
  if (q.status) where.push(eq(contactMessages.status, q.status));
  if (q.q) {
    const pattern = `%${escapeLike(q.q)}%`;
    where.push(or(ilike(contactMessages.name, pattern), ilike(contactMessages.email, pattern), ilike(contactMessages.message, pattern))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(contactMessages).where(condition);
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(q.page, pageCount);
  const rows = await ctx.db
    .select()
    .from(contactMessages)
    .where(condition)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { items: rows.map(view), total, page, pageCount, pageSize: PAGE_SIZE };
}

export interface ContactThread {
  message: ContactMessageView;
  events: ContactEventView[];
  /** The statuses the message may move to now. */
  next: readonly ContactStatus[];
}

/** One message with its history (replies and status changes, oldest first). */
export async function getThread(ctx: Ctx, id: string): Promise<ContactThread> {
  requireAdminActor(ctx);
  const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  if (!row) throw notFound("Contact message");
  const events = await ctx.db
    .select({
      id: contactEvents.id,
      kind: contactEvents.kind,
      body: contactEvents.body,
      fromStatus: contactEvents.fromStatus,
      toStatus: contactEvents.toStatus,
      authorId: contactEvents.authorId,
      emailMessageId: contactEvents.emailMessageId,
      createdAt: contactEvents.createdAt,
    })
    .from(contactEvents)
    .where(eq(contactEvents.messageId, id))
    .orderBy(contactEvents.createdAt, contactEvents.id);
  const names = await displayNamesOf(
    ctx.db,
    events.map((e) => e.authorId),
  );
  return {
    message: view(row),
    next: contactTransitions.next(row.status),
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      body: e.body,
      fromStatus: isContactStatus(e.fromStatus) ? e.fromStatus : null,
      toStatus: isContactStatus(e.toStatus) ? e.toStatus : null,
      authorId: e.authorId,
      authorName: e.authorId ? (names[e.authorId] ?? "A team member") : null,
      emailMessageId: e.emailMessageId,
      createdAt: e.createdAt,
    })),
  };
}

async function lockMessage(tx: Db, id: string) {
  const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for("update").limit(1);
  if (!row) throw notFound("Contact message");
  return row;
}

async function moveStatus(tx: Db, ctx: Ctx, row: { id: string; status: ContactStatus }, to: ContactStatus, at: Date) {
  contactTransitions.assert(row.status, to);
  await tx.update(contactMessages).set({ status: to, updatedAt: at }).where(eq(contactMessages.id, row.id));
  await tx.insert(contactEvents).values({
    id: newId("rpl"),
    messageId: row.id,
    kind: "status",
    authorId: actorUserId(ctx.actor),
    fromStatus: row.status,
    toStatus: to,
    createdAt: at,
  });
}

/**
 * Answer a message by e-mail ("contact-reply"): the reply event, the e-mail (row + outbox job)
 * and the move to "answered" are written in one transaction. A closed message must be reopened first.
 */
export async function reply(ctx: Ctx, id: string, body: unknown): Promise<{ eventId: string; emailId: string }> {
  requireAdminActor(ctx);
  const data = parseOrRefuse(ReplyInput, { body });
  return transaction(ctx.db, async (tx) => {
    const row = await lockMessage(tx, id);
    if (row.status === "closed") contactTransitions.assert(row.status, "answered");
    const now = ctx.clock.now();
    const email = await sendEmail(tx, {
      to: row.email,
      toName: row.name,
      template: "contact-reply",
      params: {
        name: row.name,
        body: data.body,
        originalMessage: row.message,
        topic: `${TOPIC_LABELS[row.topic]} (${contactReference(row.id)})`,
      },
    });
    const eventId = newId("rpl");
    await tx.insert(contactEvents).values({
      id: eventId,
      messageId: row.id,
      kind: "reply",
      authorId: actorUserId(ctx.actor),
      body: data.body,
      emailMessageId: email.id,
      createdAt: now,
    });
    if (row.status !== "answered") await moveStatus(tx, ctx, row, "answered", new Date(now.getTime() + 1));
    else await tx.update(contactMessages).set({ updatedAt: now }).where(eq(contactMessages.id, row.id));
    return { eventId, emailId: email.id };
  });
}

/** Move a message through the transition table; the change is recorded in its history. */
export async function changeStatus(ctx: Ctx, id: string, to: unknown): Promise<void> {
  requireAdminActor(ctx);
  if (!isContactStatus(to)) throw new AppError("invalid-status", `Choose one of: ${CONTACT_STATUSES.join(", ")}.`, 400, "to");
  await transaction(ctx.db, async (tx) => {
    const row = await lockMessage(tx, id);
    await moveStatus(tx, ctx, row, to, ctx.clock.now());
  });
}
