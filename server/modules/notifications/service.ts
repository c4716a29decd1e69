import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { env } from "../../config/env.ts";
import { newId, transaction, type Db } from "../../infra/db/index.ts";
import {
  emailProviderStatus,
  isEmailDeliveryError,
  isPlausibleAddress,
  parseAddress,
  type EmailProvider,
  type EmailProviderStatus,
} from "../../infra/email/index.ts";
import { logger } from "../../infra/logger/index.ts";
import { activeJobFor, enqueue, retrySchedule, type JobHandler, type OutboxJob, type RetryPolicy } from "../../jobs/index.ts";
import { assertRole, AppError, notFound, systemCtx, withDb, type Ctx } from "../../kernel/index.ts";
import { renderTemplate } from "./render.ts";
import { sampleParams } from "./samples.ts";
import { EMAIL_STATUSES, emailMessages } from "./schema.ts";
import { emailMessageMachine } from "./states.ts";
import { TEMPLATE_PARAMS, type OrderTemplateName, type RenderedEmail, type TemplateName, type TemplateParams } from "./templates.ts";

export const EMAIL_SEND_TOPIC = "email.send";

/**
 * E-mail outages last hours, not minutes: the first retry after 30 s, doubling up to every 4 hours,
 * 15 attempts over about a day (see `EMAIL_RETRY_SPAN_MS`), before a message counts as failed.
 */
export const EMAIL_RETRY: RetryPolicy = { baseDelayMs: 30_000, maxDelayMs: 4 * 3_600_000 };
export const EMAIL_MAX_ATTEMPTS = 15;
/** How long an outage a message rides out (before jitter): about 24 hours. */
export const EMAIL_RETRY_SPAN_MS = retrySchedule(EMAIL_MAX_ATTEMPTS, EMAIL_RETRY).reduce((a, b) => a + b, 0);

const enqueueSend = (db: Db, messageId: string, dedupeKey: string) =>
  enqueue(db, EMAIL_SEND_TOPIC, { messageId }, { dedupeKey, maxAttempts: EMAIL_MAX_ATTEMPTS });

export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export type EmailMessage = typeof emailMessages.$inferSelect;

export interface SendEmailInput<T extends TemplateName> {
  to: string;
  toName?: string;
  template: T;
  params: TemplateParams<T>;
  /** A test send from the admin: the subject starts with "[Test]". */
  test?: boolean;
}

const recipientSchema = z.email("Enter a valid e-mail address, like name@example.com.").max(254, "That e-mail address is too long.");

/**
 * Queue a transactional e-mail: the message row and its outbox job are written with `db`, so
 * pass the caller's transaction and the mail goes out only if the change commits. The params are
 * validated (a ZodError for a missing one: a programming error) and the message is rendered now,
 * so the mailbox shows exactly what was sent.
 */
export async function sendEmail<T extends TemplateName>(db: Db, input: SendEmailInput<T>): Promise<{ id: string }> {
  const to = input.to.trim();
  if (!recipientSchema.safeParse(to).success)
    throw new AppError("invalid-email", "Enter a valid e-mail address, like name@example.com.", 400, "to");
  const params = TEMPLATE_PARAMS[input.template].parse(input.params) as Record<string, unknown>;
  const rendered = renderTemplate(input.template, params);
  const subject = input.test ? `[Test] ${rendered.subject}` : rendered.subject;
  const id = newId("eml");
  await db.insert(emailMessages).values({
    id,
    toAddress: to,
    toName: input.toName?.trim() || null,
    subject,
    template: input.template,
    params,
    html: rendered.html,
    text: rendered.text,
    status: "queued",
  });
  await enqueueSend(db, id, `email:${id}`);
  return { id };
}

export type DeliveryOutcome = "sent" | "already-sent" | "failed" | "missing";

/**
 * Deliver one queued message through `options.provider` (default: the context's e-mail port).
 * Idempotent: a message already sent (or failed for good) is left alone. A permanent failure
 * marks the message failed and returns; a retryable one records the error and throws so the
 * outbox retries with backoff, except on the last attempt, where the message is marked failed
 * before throwing. Sent and failed are moves of `emailMessageMachine`, recorded with the time of
 * the context's clock.
 */
export async function deliverEmail(
  ctx: Ctx,
  messageId: string,
  options: { provider?: EmailProvider; lastAttempt: boolean },
): Promise<DeliveryOutcome> {
  const { db } = ctx;
  const [message] = await db.select().from(emailMessages).where(eq(emailMessages.id, messageId)).limit(1);
  if (!message) return "missing";
  if (message.status === "sent") return "already-sent";
  if (message.status === "failed") return "failed";
  const provider = options.provider ?? ctx.ports.email;
  try {
    const result = await provider.send({
      id: message.id,
      from: parseAddress(env().EMAIL_FROM),
      to: message.toName ? { email: message.toAddress, name: message.toName } : { email: message.toAddress },
      subject: message.subject,
      html: message.html,
      text: message.text,
      tags: [message.template],
    });
    await emailMessageMachine.transition(ctx, message.id, "sent", {
      reason: `accepted by ${provider.name}`,
      set: { provider: provider.name, providerMessageId: result.providerMessageId, sentAt: ctx.clock.now(), error: null },
    });
    return "sent";
  } catch (error) {
    const text = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const permanent = isEmailDeliveryError(error) && !error.retryable;
    if (permanent || options.lastAttempt) {
      await emailMessageMachine.transition(ctx, message.id, "failed", {
        reason: permanent ? "refused by the provider" : "no attempts left",
        set: { provider: provider.name, error: text },
      });
      if (permanent) return "failed";
    } else {
      await db.update(emailMessages).set({ provider: provider.name, error: text }).where(eq(emailMessages.id, message.id));
    }
    throw error;
  }
}

const payloadSchema = z.object({ messageId: z.string().min(1) });

/**
 * The `email.send` outbox handler: delivers through the e-mail port of a system context (the
 * configured provider), or through `getProvider` when a test passes one of its own.
 */
export function createEmailSendHandler(getProvider?: () => EmailProvider): JobHandler {
  return async (db: Db, payload: Record<string, unknown>, job: OutboxJob) => {
    const { messageId } = payloadSchema.parse(payload);
    const ctx = systemCtx(db, EMAIL_SEND_TOPIC);
    const outcome = await deliverEmail(ctx, messageId, { provider: getProvider?.(), lastAttempt: job.attempts >= job.maxAttempts });
    if (outcome === "missing") logger().warn({ messageId, jobId: job.id }, "email.send: message not found, nothing to send");
    if (outcome === "failed") logger().warn({ messageId, jobId: job.id }, "email.send: message refused for good, not retried");
  };
}

export const emailSendHandler: JobHandler = createEmailSendHandler();

// ---- administration (admins only) ---------------------------------------------------------

const assertAdmin = (ctx: Ctx) => assertRole(ctx, "admin");

export interface MailboxQuery {
  status?: EmailStatus;
  /** Part of the recipient's address or name. */
  q?: string;
  template?: TemplateName;
  page?: number;
  pageSize?: number;
}

export type MailboxRow = Pick<
  EmailMessage,
  "id" | "toAddress" | "toName" | "subject" | "template" | "status" | "provider" | "error" | "createdAt" | "sentAt"
>;

const rowColumns = {
  id: emailMessages.id,
  toAddress: emailMessages.toAddress,
  toName: emailMessages.toName,
  subject: emailMessages.subject,
  template: emailMessages.template,
  status: emailMessages.status,
  provider: emailMessages.provider,
  error: emailMessages.error,
  createdAt: emailMessages.createdAt,
  sentAt: emailMessages.sentAt,
};

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The mailbox: newest first, filtered by status and recipient, one page at a time. */
export async function listMessages(ctx: Ctx, query: MailboxQuery = {}) {
  assertAdmin(ctx);
  const pageSize = Math.min(Math.max(query.pageSize ?? 20, 1), 100);
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(emailMessages.status, query.status));
  if (query.template) filters.push(eq(emailMessages.template, query.template));
  const q = query.q?.trim();
  if (q) filters.push(or(ilike(emailMessages.toAddress, likePattern(q)), ilike(emailMessages.toName, likePattern(q)))!);
  const where = filters.length ? and(...filters) : undefined;
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(emailMessages).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(query.page ?? 1, 1), pageCount);
  const items: MailboxRow[] = await ctx.db
    .select(rowColumns)
    .from(emailMessages)
    .where(where)
    .orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items, total, page, pageSize, pageCount };
}

/** Messages by status, every status present (0 when none). */
export async function countMessagesByStatus(ctx: Ctx): Promise<Record<EmailStatus, number>> {
  assertAdmin(ctx);
  const rows = await ctx.db
    .select({ status: emailMessages.status, n: sql<number>`count(*)::int` })
    .from(emailMessages)
    .groupBy(emailMessages.status);
  const counts = Object.fromEntries(EMAIL_STATUSES.map((s) => [s, 0])) as Record<EmailStatus, number>;
  for (const r of rows) if (r.status in counts) counts[r.status] = Number(r.n);
  return counts;
}

export async function listFailedMessages(ctx: Ctx, limit = 10): Promise<MailboxRow[]> {
  assertAdmin(ctx);
  return ctx.db
    .select(rowColumns)
    .from(emailMessages)
    .where(eq(emailMessages.status, "failed"))
    .orderBy(desc(emailMessages.createdAt))
    .limit(limit);
}

export async function getMessage(ctx: Ctx, id: string): Promise<EmailMessage> {
  assertAdmin(ctx);
  const [message] = await ctx.db.select().from(emailMessages).where(eq(emailMessages.id, id)).limit(1);
  if (!message) throw notFound("E-mail message");
  return message;
}

/** Send a failed message again: back to queued, with a new outbox job. */
export async function retryMessage(ctx: Ctx, id: string): Promise<void> {
  assertAdmin(ctx);
  await transaction(ctx.db, async (tx) => {
    const [exists] = await tx.select({ status: emailMessages.status }).from(emailMessages).where(eq(emailMessages.id, id)).limit(1);
    if (!exists) throw notFound("E-mail message");
    if (exists.status !== "failed")
      throw new AppError("not-failed", `This message is ${exists.status}; only failed messages can be retried.`, 409);
    await emailMessageMachine.transition(withDb(ctx, tx), id, "queued", { reason: "retried by an administrator", set: { error: null } });
    await enqueueSend(tx, id, `email:${id}:retry:${newId("obx")}`);
  });
}

/** Send every failed message again (admins only): each back to queued with a new job. Returns how many. */
export async function retryAllFailedMessages(ctx: Ctx): Promise<number> {
  assertAdmin(ctx);
  return transaction(ctx.db, async (tx) => {
    const rows = await tx.select({ id: emailMessages.id }).from(emailMessages).where(eq(emailMessages.status, "failed"));
    const txCtx = withDb(ctx, tx);
    for (const { id } of rows) {
      await emailMessageMachine.transition(txCtx, id, "queued", {
        reason: "retried with every failed message by an administrator",
        set: { error: null },
      });
      await enqueueSend(tx, id, `email:${id}:retry:${newId("obx")}`);
    }
    return rows.length;
  });
}

/** Where a queued message stands: its attempts so far and when the next one is due. */
export interface DeliveryState {
  attempts: number;
  maxAttempts: number;
  /** Null while an attempt is running. */
  nextAttemptAt: Date | null;
}

/** The delivery state of a queued message (null when it is not waiting: sent, failed or unknown). */
export async function getDeliveryState(ctx: Ctx, messageId: string): Promise<DeliveryState | null> {
  assertAdmin(ctx);
  const job = await activeJobFor(ctx.db, EMAIL_SEND_TOPIC, "messageId", messageId);
  if (!job) return null;
  return { attempts: job.attempts, maxAttempts: job.maxAttempts, nextAttemptAt: job.status === "pending" ? job.runAt : null };
}

/** Which provider is active and whether its configuration is complete (no secrets). */
export function getEmailProviderStatus(ctx: Ctx): EmailProviderStatus {
  assertAdmin(ctx);
  return emailProviderStatus();
}

/** A template rendered with its sample params, for the admin preview. */
export function previewTemplate<T extends TemplateName>(template: T): RenderedEmail & { params: TemplateParams<T> } {
  const params = sampleParams(template);
  return { ...renderTemplate(template, params), params };
}

/** Queue a real message of an order template, with sample data, to `to` (admins only). */
export async function sendTestEmail(ctx: Ctx, input: { template: OrderTemplateName | "test-email"; to: string }): Promise<{ id: string }> {
  assertAdmin(ctx);
  const to = input.to.trim();
  if (!isPlausibleAddress(to) || !recipientSchema.safeParse(to).success)
    throw new AppError("invalid-email", "Enter a valid e-mail address, like name@example.com.", 400, "to");
  return sendEmail(ctx.db, { to, template: input.template, params: sampleParams(input.template), test: true });
}
