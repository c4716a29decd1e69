import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { transaction, type Db } from "../../infra/db/index.ts";
import { brevoIdempotencyKey, createBrevoProvider, createOutboxProvider, type EmailProvider } from "../../infra/email/index.ts";
import { startBrevoStandIn } from "../../infra/email/brevo-stub.test-support.ts";
import { drain, registerHandler, runDueJobs } from "../../jobs/index.ts";
import { outbox } from "../../jobs/schema.ts";
import { manualClock } from "../../contracts/clock.ts";
import { AppError, stateHistory, system, type Actor } from "../../kernel/index.ts";
import {
  countMessagesByStatus,
  createEmailSendHandler,
  deliverEmail,
  EMAIL_MAX_ATTEMPTS,
  EMAIL_RETRY,
  EMAIL_SEND_TOPIC,
  getDeliveryState,
  getMessage,
  retryAllFailedMessages,
  listFailedMessages,
  listMessages,
  retryMessage,
  sendEmail,
  sendTestEmail,
} from "./index.ts";
import { sampleParams } from "./samples.ts";
import { emailMessages } from "./schema.ts";

const t = useTestDatabase();
const API_KEY = "xkeysib-handler-test";
let brevo: Awaited<ReturnType<typeof startBrevoStandIn>>;
/** The provider the registered handler uses; each test picks one. */
let provider: EmailProvider = createOutboxProvider();

const admin: Actor = { kind: "user", userId: "usr_admin", roles: ["admin"] };
const shopper: Actor = { kind: "user", userId: "usr_shopper", roles: ["shopper"] };

beforeAll(async () => {
  brevo = await startBrevoStandIn(API_KEY);
  registerHandler(
    EMAIL_SEND_TOPIC,
    createEmailSendHandler(() => provider),
    { retry: EMAIL_RETRY },
  );
});
afterAll(async () => {
  await brevo.close();
});
beforeEach(() => {
  brevo.requests.length = 0;
  brevo.setReply(undefined);
  provider = createOutboxProvider();
});

const brevoProvider = () => createBrevoProvider({ apiKey: API_KEY, baseUrl: brevo.url });
const message = async (id: string) => (await t.db.select().from(emailMessages).where(eq(emailMessages.id, id)))[0]!;
const jobOf = async (id: string) =>
  (
    await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'messageId' = ${id}`)
  ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
const makeDue = (id: string) =>
  t.db
    .update(outbox)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(sql`${outbox.payload}->>'messageId' = ${id}`);

async function queueOrderMail(to = "maya@example.com", db: Db = t.db) {
  return sendEmail(db, { to, toName: "Maya Chen", template: "order-success", params: sampleParams("order-success") });
}

describe("sendEmail", () => {
  it("stores the rendered message as queued with its outbox job, in the caller's transaction", async () => {
    const { id } = await transaction(t.db, (tx) => queueOrderMail("queued@example.com", tx));
    const row = await message(id);
    expect(row.status).toBe("queued");
    expect(row.subject).toBe("Your Platen order PL-10482 is confirmed");
    expect(row.html).toContain("Night Bloom Heavyweight Tee");
    expect(row.text).toContain("Total: $101.74");
    expect(await jobOf(id)).toHaveLength(1);
  });

  it("writes nothing when the caller's transaction rolls back", async () => {
    let id = "";
    await expect(
      transaction(t.db, async (tx) => {
        id = (await sendEmail(tx, { to: "rollback@example.com", template: "password-changed", params: { name: "Sam" } })).id;
        throw new Error("order failed");
      }),
    ).rejects.toThrow("order failed");
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.id, id))).toHaveLength(0);
    expect(await jobOf(id)).toHaveLength(0);
  });

  it("refuses missing params and a bad address, writing nothing", async () => {
    const before = (await t.db.select().from(emailMessages)).length;
    // @ts-expect-error: params missing on purpose
    await expect(sendEmail(t.db, { to: "a@example.com", template: "reset-password", params: { name: "Sam" } })).rejects.toThrow(ZodError);
    const bad = await sendEmail(t.db, { to: "not an address", template: "password-changed", params: { name: "Sam" } }).catch(
      (e: unknown) => e,
    );
    expect(bad).toBeInstanceOf(AppError);
    expect((bad as AppError).field).toBe("to");
    expect((await t.db.select().from(emailMessages)).length).toBe(before);
  });
});

describe("the email.send handler", () => {
  it("delivers through the context's e-mail port and records the move at the context's time", async () => {
    const { id } = await queueOrderMail("port@example.com");
    const sent: string[] = [];
    const email: EmailProvider = {
      name: "smtp",
      send: async (m) => {
        sent.push(m.to.email);
        return { providerMessageId: `port:${m.id}` };
      },
    };
    const clock = manualClock("2026-07-01T08:00:00Z");
    expect(await deliverEmail(t.ctx(system("test"), { clock, ports: { email } }), id, { lastAttempt: false })).toBe("sent");
    expect(sent).toEqual(["port@example.com"]);
    const row = await message(id);
    expect(row).toMatchObject({ status: "sent", provider: "smtp", providerMessageId: `port:${id}` });
    expect(row.sentAt!.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    const history = await stateHistory(t.db, "e-mail message", id);
    expect(history.map((h) => [h.from, h.to, h.reason, h.at.toISOString()])).toEqual([
      ["queued", "sent", "accepted by smtp", "2026-07-01T08:00:00.000Z"],
    ]);
  });

  it("with the outbox provider marks the message sent and keeps it readable", async () => {
    const { id } = await queueOrderMail("outbox@example.com");
    await drain(t.db);
    const row = await message(id);
    expect(row.status).toBe("sent");
    expect(row.provider).toBe("outbox");
    expect(row.providerMessageId).toBe(`outbox:${id}`);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
  });

  it("sends through Brevo, stores Brevo's messageId, and is idempotent", async () => {
    provider = brevoProvider();
    const { id } = await queueOrderMail("brevo@example.com");
    await drain(t.db);
    let row = await message(id);
    expect(row.status).toBe("sent");
    expect(row.provider).toBe("brevo");
    expect(row.providerMessageId).toMatch(/@smtp-relay\.mailin\.fr>$/);
    expect(brevo.requests).toHaveLength(1);
    const body = brevo.requests[0]!.body;
    expect(body.subject).toBe(row.subject);
    expect(body.to).toEqual([{ email: "brevo@example.com", name: "Maya Chen" }]);
    expect(body.sender).toEqual({ name: "Platen", email: "hello@platen.local" });
    expect(body.tags).toEqual(["order-success"]);
    expect(body.headers).toMatchObject({ idempotencyKey: brevoIdempotencyKey(id), "X-Platen-Message-Id": id });
    // the same job running again (crash after sending) sends nothing
    const handler = createEmailSendHandler(() => provider);
    const [job] = await jobOf(id);
    await handler(t.db, { messageId: id }, job!);
    expect(await deliverEmail(t.ctx(system("test")), id, { provider, lastAttempt: false })).toBe("already-sent");
    expect(brevo.requests).toHaveLength(1);
    row = await message(id);
    expect(row.status).toBe("sent");
  });

  it("marks the message failed on a permanent refusal and does not retry", async () => {
    provider = brevoProvider();
    brevo.setReply({ status: 400, body: { code: "invalid_parameter", message: "email is not valid in to" } });
    const { id } = await queueOrderMail("refused@example.com");
    await drain(t.db);
    const row = await message(id);
    expect(row.status).toBe("failed");
    expect(row.provider).toBe("brevo");
    expect(row.error).toContain("invalid_parameter");
    const [job] = await jobOf(id);
    expect(job!.status).toBe("done");
    expect(job!.attempts).toBe(1);
    expect(brevo.requests).toHaveLength(1);
  });

  it("retries a rate-limited message with backoff, then marks it failed after the last attempt", async () => {
    provider = brevoProvider();
    brevo.setReply({ status: 429, body: { code: "too_many_requests", message: "Rate limit exceeded" } });
    const { id } = await queueOrderMail("limited@example.com");
    await t.db
      .update(outbox)
      .set({ maxAttempts: 2 })
      .where(sql`${outbox.payload}->>'messageId' = ${id}`);
    await runDueJobs(t.db);
    let row = await message(id);
    let [job] = await jobOf(id);
    expect(row.status).toBe("queued");
    expect(row.error).toContain("429");
    expect(job!.status).toBe("pending");
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    await makeDue(id);
    await runDueJobs(t.db);
    row = await message(id);
    [job] = await jobOf(id);
    expect(row.status).toBe("failed");
    expect(job!.status).toBe("failed");
    expect(brevo.requests).toHaveLength(2);
  });

  it("delivers on a later attempt once Brevo recovers", async () => {
    provider = brevoProvider();
    brevo.setReply({ status: 503, body: { code: "unavailable", message: "Try later" } });
    const { id } = await queueOrderMail("recovers@example.com");
    await runDueJobs(t.db);
    expect((await message(id)).status).toBe("queued");
    brevo.setReply(undefined);
    await makeDue(id);
    await runDueJobs(t.db);
    const row = await message(id);
    expect(row.status).toBe("sent");
    expect(row.error).toBeNull();
  });
});

describe("an e-mail outage of hours", () => {
  it("keeps a message queued for about a day of retries, showing the next attempt, then marks it failed", async () => {
    provider = brevoProvider();
    brevo.setReply({ status: 503, body: { code: "unavailable", message: "Try later" } });
    const { id } = await queueOrderMail("outage@example.com");
    const admin_ = t.ctx(admin);
    let waited = 0; // the planned waits between attempts, added up
    let attempts = 0;
    while ((await message(id)).status === "queued" && attempts < 30) {
      await runDueJobs(t.db);
      attempts++;
      const [job] = await jobOf(id);
      if (job!.status !== "pending") break;
      const state = await getDeliveryState(admin_, id);
      expect(state).toEqual({ attempts, maxAttempts: EMAIL_MAX_ATTEMPTS, nextAttemptAt: job!.runAt });
      waited += job!.runAt.getTime() - Date.now();
      // The old schedule gave up after 8 attempts, about 11 minutes in.
      if (attempts === 8) expect((await message(id)).status).toBe("queued");
      await makeDue(id);
    }
    expect(attempts).toBe(EMAIL_MAX_ATTEMPTS);
    expect(waited).toBeGreaterThan(18 * 3_600_000); // 24 h planned, less up to 20 % jitter
    expect(waited).toBeLessThan(30 * 3_600_000);
    const row = await message(id);
    expect(row.status).toBe("failed");
    expect(row.error).not.toMatch(/will retry/i); // no stale promise on a failed message
    expect(await getDeliveryState(admin_, id)).toBeNull();
    expect(brevo.requests).toHaveLength(EMAIL_MAX_ATTEMPTS);
  });
});

describe("administration", () => {
  it("lists, filters, searches and pages the mailbox; counts by status", async () => {
    for (let i = 0; i < 5; i++)
      await sendEmail(t.db, { to: `page${i}@list.example`, template: "password-changed", params: { name: `Reader ${i}` } });
    const ctx = t.ctx(admin);
    const page1 = await listMessages(ctx, { q: "@list.example", pageSize: 2 });
    expect(page1.total).toBe(5);
    expect(page1.pageCount).toBe(3);
    expect(page1.items.map((m) => m.toAddress)).toEqual(["page4@list.example", "page3@list.example"]);
    const page3 = await listMessages(ctx, { q: "@list.example", pageSize: 2, page: 9 });
    expect(page3.page).toBe(3);
    expect(page3.items).toHaveLength(1);
    const failed = await listMessages(ctx, { status: "failed" });
    expect(failed.items.every((m) => m.status === "failed")).toBe(true);
    expect(failed.total).toBeGreaterThanOrEqual(2);
    expect((await listMessages(ctx, { q: "100%_" })).total).toBe(0);
    const counts = await countMessagesByStatus(ctx);
    expect(counts.queued).toBeGreaterThanOrEqual(5);
    expect(counts.sent).toBeGreaterThanOrEqual(1);
    expect(counts.failed).toBeGreaterThanOrEqual(2);
    expect((await listFailedMessages(ctx)).length).toBe(counts.failed);
  });

  it("retries a failed message through a new job", async () => {
    provider = brevoProvider();
    brevo.setReply({ status: 400, body: { code: "invalid_parameter", message: "bad" } });
    const { id } = await queueOrderMail("retry@example.com");
    await drain(t.db);
    expect((await message(id)).status).toBe("failed");
    brevo.setReply(undefined);
    await retryMessage(t.ctx(admin), id);
    expect((await message(id)).status).toBe("queued");
    await drain(t.db);
    expect((await message(id)).status).toBe("sent");
    await expect(retryMessage(t.ctx(admin), id)).rejects.toMatchObject({ status: 409 });
    await expect(retryMessage(t.ctx(admin), "eml_unknown")).rejects.toMatchObject({ status: 404 });
  });

  it("sends a test of an order template to a validated address", async () => {
    const { id } = await sendTestEmail(t.ctx(admin), { template: "order-shipment-created", to: " ops@example.com " });
    const row = await getMessage(t.ctx(admin), id);
    expect(row.toAddress).toBe("ops@example.com");
    expect(row.subject).toMatch(/^\[Test\] /);
    expect(row.template).toBe("order-shipment-created");
    await expect(sendTestEmail(t.ctx(admin), { template: "order-success", to: "nope" })).rejects.toMatchObject({
      status: 400,
      field: "to",
    });
    await expect(getMessage(t.ctx(admin), "eml_missing")).rejects.toMatchObject({ status: 404 });
  });

  it("refuses non-admins everywhere", async () => {
    const ctx = t.ctx(shopper);
    await expect(listMessages(ctx)).rejects.toMatchObject({ status: 403 });
    await expect(countMessagesByStatus(ctx)).rejects.toMatchObject({ status: 403 });
    await expect(getMessage(ctx, "eml_x")).rejects.toMatchObject({ status: 403 });
    await expect(retryMessage(ctx, "eml_x")).rejects.toMatchObject({ status: 403 });
    await expect(sendTestEmail(ctx, { template: "order-success", to: "a@example.com" })).rejects.toMatchObject({ status: 403 });
    // the system actor (jobs, CLI) may
    expect((await listMessages(t.ctx(system("test")))).total).toBeGreaterThan(0);
  });

  it("retries every failed message at once and says how many", async () => {
    provider = brevoProvider();
    brevo.setReply({ status: 400, body: { code: "invalid_parameter", message: "bad" } });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await queueOrderMail(`all${i}@example.com`)).id);
    await drain(t.db);
    for (const id of ids) expect((await message(id)).status).toBe("failed");
    const failedBefore = (await countMessagesByStatus(t.ctx(admin))).failed;
    brevo.setReply(undefined);
    expect(await retryAllFailedMessages(t.ctx(admin))).toBe(failedBefore);
    expect((await countMessagesByStatus(t.ctx(admin))).failed).toBe(0);
    for (const id of ids) expect((await message(id)).status).toBe("queued");
    await drain(t.db);
    for (const id of ids) expect((await message(id)).status).toBe("sent");
    expect(await retryAllFailedMessages(t.ctx(admin))).toBe(0);
    await expect(retryAllFailedMessages(t.ctx(shopper))).rejects.toMatchObject({ status: 403 });
  });
});
