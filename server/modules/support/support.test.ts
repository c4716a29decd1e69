import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeUser } from "../../../tests/support/factories.ts";
import { manualClock } from "../../contracts/clock.ts";
import { emailMessages, outbox } from "../../schema.ts";
import { AppError, IllegalTransitionError, type Actor } from "../../kernel/index.ts";
import { contactEvents, contactMessages } from "./schema.ts";
import { CONTACT_STATUSES } from "./types.ts";
import { changeStatus, contactTransitions, countMessagesByStatus, createContactMessage, getThread, listMessages, reply } from "./index.ts";

const t = useTestDatabase();

let admin: Actor;
let shopper: Actor;
let ipCounter = 0;
const visitor = (ip = `192.0.2.${++ipCounter}`): Actor => ({ kind: "anonymous", ip });

const valid = {
  name: "Rosa Díaz",
  email: "rosa@example.com",
  topic: "order",
  message: "My hoodie arrived with the print slightly crooked on the back.",
};

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

async function newMessage(overrides: Partial<typeof valid> = {}) {
  return createContactMessage(t.ctx(visitor()), { ...valid, ...overrides });
}

beforeAll(async () => {
  // Through identity's API (tests/support/factories.ts), never identity's rows by hand.
  admin = {
    ...(await makeUser(t.db, { email: "ada@example.com", displayName: "Ada (Platen team)", roles: ["admin", "shopper"] })),
    ip: "10.0.0.1",
  };
  shopper = { ...(await makeUser(t.db, { roles: ["shopper"] })), ip: "10.0.0.2" };
});

describe("createContactMessage", () => {
  it("stores the message and queues the acknowledgement e-mail with its outbox job", async () => {
    const { id } = await newMessage({ email: "  ack@example.com " });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: "Rosa Díaz", email: "ack@example.com", topic: "order", status: "new", userId: null });
    expect(row!.ipHash).toMatch(/^[0-9a-f]{64}$/);
    const mails = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, "ack@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe("contact-received");
    expect(mails[0]!.params).toMatchObject({ name: "Rosa Díaz", message: valid.message });
    const jobs = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `email:${mails[0]!.id}`));
    expect(jobs).toHaveLength(1);
  });

  it("links the message to a signed-in sender", async () => {
    const { id } = await createContactMessage(t.ctx(shopper), { ...valid, email: "signed@example.com" });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.userId).toBe((shopper as { userId: string }).userId);
  });

  it.each([
    [{ name: "  " }, "name", "Please enter your name."],
    [{ email: "not-an-address" }, "email", "Please enter a valid e-mail address"],
    [{ topic: "billing" }, "topic", "Please choose what your message is about."],
    [{ message: "Too short" }, "message", "at least 20 characters"],
    [{ message: "x".repeat(5001) }, "message", "under 5,000 characters"],
  ])("refuses %o with a message next to the field", async (patch, field, text) => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    const e = await refusal(newMessage(patch as Partial<typeof valid>));
    expect(e.status).toBe(400);
    expect(e.field).toBe(field);
    expect(e.message).toContain(text);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("accepts at most 5 messages per client address per hour (429), other addresses are not affected", async () => {
    const ctx = t.ctx(visitor("203.0.113.50"));
    for (let i = 0; i < 5; i++) await createContactMessage(ctx, { ...valid, email: `burst${i}@example.com` });
    const e = await refusal(createContactMessage(ctx, { ...valid, email: "burst5@example.com" }));
    expect(e.status).toBe(429);
    expect(e.code).toBe("rate-limited");
    expect(e.message).toContain("in the last hour");
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, "burst5@example.com"))).toHaveLength(0);
    await expect(createContactMessage(t.ctx(visitor("203.0.113.51")), valid)).resolves.toHaveProperty("id");
    // messages older than an hour no longer count
    await t.db
      .update(contactMessages)
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(inArray(contactMessages.email, ["burst0@example.com"]));
    await expect(createContactMessage(ctx, { ...valid, email: "burst6@example.com" })).resolves.toHaveProperty("id");
  });
});

describe("the contact limit's hour", () => {
  it("follows the context's clock: an hour later the address may write again", async () => {
    const clock = manualClock("2026-02-02T10:00:00Z");
    const ctx = t.ctx(visitor("203.0.113.60"), { clock });
    for (let i = 0; i < 5; i++) {
      await createContactMessage(ctx, { ...valid, email: `clock${i}@example.com` });
      clock.advance(60_000);
    }
    expect((await refusal(createContactMessage(ctx, { ...valid, email: "clock5@example.com" }))).status).toBe(429);
    const [first] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, "clock0@example.com"));
    expect(first!.createdAt.toISOString()).toBe("2026-02-02T10:00:00.000Z");
    clock.set("2026-02-02T11:00:30Z"); // the first message is now more than an hour old
    await expect(createContactMessage(ctx, { ...valid, email: "clock6@example.com" })).resolves.toHaveProperty("id");
  });
});

describe("admin inbox", () => {
  it("refuses anyone who is not an admin", async () => {
    const { id } = await newMessage();
    for (const actor of [shopper, visitor()]) {
      const ctx = t.ctx(actor);
      const calls = [
        () => listMessages(ctx),
        () => getThread(ctx, id),
        () => reply(ctx, id, "Hello there"),
        () => changeStatus(ctx, id, "open"),
        () => countMessagesByStatus(ctx),
      ];
      for (const call of calls) {
        const e = await refusal(call());
        expect(e.status).toBe(403);
      }
    }
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.status).toBe("new");
  });

  it("lists newest first, filters by status and searches name, e-mail and message", async () => {
    const a = await newMessage({ name: "Quentin Unique", email: "quentin@example.com" });
    const b = await newMessage({ message: "Do you print on organic cotton tote bags? Asking for my shop." });
    const ctx = t.ctx(admin);
    const all = await listMessages(ctx);
    expect(all.items[0]!.id).toBe(b.id);
    expect(all.items[1]!.id).toBe(a.id);
    expect((await listMessages(ctx, { q: "quentin" })).items.map((m) => m.id)).toEqual([a.id]);
    expect((await listMessages(ctx, { q: "ORGANIC cotton" })).items.map((m) => m.id)).toEqual([b.id]);
    expect((await listMessages(ctx, { q: "100%_" })).items).toHaveLength(0);
    await changeStatus(ctx, a.id, "closed");
    const closed = await listMessages(ctx, { status: "closed" });
    expect(closed.items.map((m) => m.id)).toContain(a.id);
    expect(closed.items.every((m) => m.status === "closed")).toBe(true);
    const counts = await countMessagesByStatus(ctx);
    expect(counts.all).toBe(counts.new + counts.open + counts.answered + counts.closed);
    expect(counts.closed).toBeGreaterThanOrEqual(1);
  });

  it("reply writes the event, the e-mail row and its outbox job, and moves the message to answered", async () => {
    const { id } = await newMessage({ email: "reply-me@example.com" });
    const ctx = t.ctx(admin);
    const result = await reply(ctx, id, "  Sorry about that! We are reprinting your hoodie today.  ");
    const thread = await getThread(ctx, id);
    expect(thread.message.status).toBe("answered");
    expect(thread.events.map((e) => e.kind)).toEqual(["reply", "status"]);
    expect(thread.events[0]).toMatchObject({
      body: "Sorry about that! We are reprinting your hoodie today.",
      authorName: "Ada (Platen team)",
      emailMessageId: result.emailId,
    });
    expect(thread.events[1]).toMatchObject({ fromStatus: "new", toStatus: "answered" });
    const [mail] = await t.db.select().from(emailMessages).where(eq(emailMessages.id, result.emailId));
    expect(mail).toMatchObject({ toAddress: "reply-me@example.com", template: "contact-reply" });
    expect(mail!.params).toMatchObject({ body: "Sorry about that! We are reprinting your hoodie today.", originalMessage: valid.message });
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `email:${result.emailId}`)),
    ).toHaveLength(1);
    // a second reply keeps it answered and adds no status event
    await reply(ctx, id, "The reprint has shipped.");
    const again = await getThread(ctx, id);
    expect(again.events.map((e) => e.kind)).toEqual(["reply", "status", "reply"]);
  });

  it("a failing reply leaves nothing behind: no event, no e-mail, no job, no status change", async () => {
    const { id } = await newMessage({ email: "atomic@example.com" });
    await t.db.execute(sql`create or replace function contact_events_fail() returns trigger language plpgsql as $$
      begin if new.body = 'FAIL ON INSERT' then raise exception 'injected failure'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger contact_events_fail before insert on contact_events for each row execute function contact_events_fail()`,
    );
    try {
      await expect(reply(t.ctx(admin), id, "FAIL ON INSERT")).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger contact_events_fail on contact_events`);
    }
    expect(await t.db.select().from(contactEvents).where(eq(contactEvents.messageId, id))).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(emailMessages)
        .where(eq(emailMessages.template, "contact-reply"))
        .then((r) => r.filter((m) => m.toAddress === "atomic@example.com")),
    ).toHaveLength(0);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.status).toBe("new");
    const jobs = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(
        sql`${outbox.payload}->>'messageId' in (select id from email_messages where to_address = 'atomic@example.com' and template = 'contact-reply')`,
      );
    expect(jobs[0]!.n).toBe(0);
  });

  it("refuses an empty reply next to the field and a reply to an unknown message", async () => {
    const { id } = await newMessage();
    const e = await refusal(reply(t.ctx(admin), id, "   "));
    expect(e).toMatchObject({ status: 400, field: "body", message: "Please write a reply." });
    expect((await refusal(reply(t.ctx(admin), "msg_unknown", "Hello"))).status).toBe(404);
  });
});

describe("status transitions", () => {
  it("follows the table", () => {
    expect(contactTransitions.next("new")).toEqual(["open", "answered", "closed"]);
    expect(contactTransitions.next("open")).toEqual(["answered", "closed"]);
    expect(contactTransitions.next("answered")).toEqual(["open", "closed"]);
    expect(contactTransitions.next("closed")).toEqual(["open"]);
  });

  it("moves through legal steps and records each one with its author", async () => {
    const { id } = await newMessage();
    const ctx = t.ctx(admin);
    await changeStatus(ctx, id, "open");
    await changeStatus(ctx, id, "closed");
    await changeStatus(ctx, id, "open");
    const thread = await getThread(ctx, id);
    expect(thread.message.status).toBe("open");
    expect(thread.next).toEqual(["answered", "closed"]);
    expect(thread.events.map((e) => `${e.fromStatus}->${e.toStatus}`)).toEqual(["new->open", "open->closed", "closed->open"]);
    expect(thread.events.every((e) => e.authorName === "Ada (Platen team)")).toBe(true);
  });

  it.each([
    ["open", "open"],
    ["closed", "answered"],
    ["open", "new"],
  ] as const)("refuses %s -> %s with IllegalTransitionError and writes nothing", async (from, to) => {
    const { id } = await newMessage();
    const ctx = t.ctx(admin);
    await changeStatus(ctx, id, "open");
    if (from !== "open") await changeStatus(ctx, id, from);
    const before = (await getThread(ctx, id)).events.length;
    const e = await refusal(changeStatus(ctx, id, to));
    expect(e).toBeInstanceOf(IllegalTransitionError);
    expect(e.status).toBe(409);
    expect(e.message).toBe(`A contact message cannot go from "${from}" to "${to}".`);
    const after = await getThread(ctx, id);
    expect(after.message.status).toBe(from);
    expect(after.events).toHaveLength(before);
  });

  it("every pair of states: each allowed move is written and recorded, every other refused with nothing written", async () => {
    const ctx = t.ctx(admin);
    let tried = 0;
    for (const from of CONTACT_STATUSES) {
      for (const to of CONTACT_STATUSES) {
        tried++;
        const { id } = await newMessage();
        await t.db.update(contactMessages).set({ status: from }).where(eq(contactMessages.id, id));
        const before = (await getThread(ctx, id)).events.length;
        const move = `${from} -> ${to}`;
        if (contactTransitions.can(from, to)) {
          await changeStatus(ctx, id, to);
          const after = await getThread(ctx, id);
          expect(after.message.status, move).toBe(to);
          expect(
            after.events.slice(before).map((e) => `${e.fromStatus}->${e.toStatus}`),
            move,
          ).toEqual([`${from}->${to}`]);
        } else {
          const e = await refusal(changeStatus(ctx, id, to));
          expect(e, move).toBeInstanceOf(IllegalTransitionError);
          expect(e.status, move).toBe(409);
          const after = await getThread(ctx, id);
          expect(after.message.status, move).toBe(from);
          expect(after.events, move).toHaveLength(before);
        }
      }
    }
    expect(tried).toBe(CONTACT_STATUSES.length ** 2);
  });

  it("refuses a reply to a closed message (reopen first) and an unknown status", async () => {
    const { id } = await newMessage({ email: "closed@example.com" });
    const ctx = t.ctx(admin);
    await changeStatus(ctx, id, "closed");
    const e = await refusal(reply(ctx, id, "Anything else?"));
    expect(e).toBeInstanceOf(IllegalTransitionError);
    expect(
      await t.db
        .select()
        .from(emailMessages)
        .where(eq(emailMessages.toAddress, "closed@example.com"))
        .then((r) => r.filter((m) => m.template === "contact-reply")),
    ).toHaveLength(0);
    expect((await refusal(changeStatus(ctx, id, "archived"))).status).toBe(400);
  });
});
