import { money } from "../../contracts/money.ts";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { createTestProcessor } from "../../infra/payments/index.ts";
import { AppError, system, type Ctx } from "../../kernel/index.ts";
import {
  cancelPayment,
  cardInputSchema,
  completeAuthentication,
  getPayment,
  paymentProviderName,
  payWithCard,
  MAX_CARD_ATTEMPTS,
  refreshPayment,
  requestRefund,
  executeRefund,
  startPayment,
  type CardInput,
} from "./index.ts";

/** A refund as the orders module makes one: recorded (in a transaction of its own here), then asked of the provider. */
async function refundPayment(c: Ctx, input: { orderId: string; amountMinor: number; reason: string; idempotencyKey: string }) {
  const { refund } = await requestRefund(c, {
    orderId: input.orderId,
    amount: money(input.amountMinor, "USD"),
    reason: input.reason,
    key: input.idempotencyKey,
  });
  const done = await executeRefund(c, refund.id);
  return { id: done.id, amountMinor: done.amountMinor, status: done.status };
}

const t = useTestDatabase();
const ctx = (): Ctx => t.ctx(system("test"), { ports: { payments: createTestProcessor() } });
let n = 0;
const orderId = () => `ord_test${String(++n).padStart(4, "0")}`;
const card = (number: string, over: Partial<CardInput> = {}): CardInput => ({ number, expMonth: 12, expYear: 2099, cvc: "123", ...over });

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

async function started(amountMinor = 2599): Promise<string> {
  const id = orderId();
  const p = await startPayment(ctx(), { orderId: id, amountMinor, currency: "usd", email: "shopper@example.com" });
  expect(p).toMatchObject({
    orderId: id,
    provider: "test",
    status: "requires_payment_method",
    amountMinor,
    currency: "USD",
    clientSecret: null,
  });
  return id;
}

// Everything logged while the tests run: the full card number must never be in it.
const logLines: string[] = [];
const LOGGER = Symbol.for("platen.logger");
const g = globalThis as typeof globalThis & { [LOGGER]?: unknown };
let previousLogger: unknown;
beforeAll(() => {
  previousLogger = g[LOGGER];
  g[LOGGER] = pino(
    { level: "trace" },
    new Writable({
      write(chunk: Buffer, _enc, cb) {
        logLines.push(chunk.toString());
        cb();
      },
    }),
  );
});
afterAll(() => {
  g[LOGGER] = previousLogger;
});

describe("payments with the built-in test processor", () => {
  it("is the default provider", () => {
    expect(paymentProviderName(t.ctx(system("test")))).toBe("test");
  });

  it("4242 pays; only brand and last four are kept", async () => {
    const id = await started();
    const paid = await payWithCard(ctx(), { orderId: id, card: card("4242 4242 4242 4242"), attemptKey: "attempt-4242-a" });
    expect(paid).toMatchObject({ status: "succeeded", cardBrand: "visa", cardLast4: "4242", failureCode: null, refundedMinor: 0 });
    expect((await getPayment(t.ctx(system("test")), id))?.status).toBe("succeeded");
  });

  it("0002 is declined and 9995 has insufficient funds; a later good card pays", async () => {
    const id = await started();
    const declined = await payWithCard(ctx(), { orderId: id, card: card("4000000000000002"), attemptKey: "attempt-0002-a" });
    expect(declined).toMatchObject({
      status: "failed",
      failureCode: "card_declined",
      failureMessage: "Your card was declined.",
      cardLast4: "0002",
    });
    const poor = await payWithCard(ctx(), { orderId: id, card: card("4000000000009995"), attemptKey: "attempt-9995-a" });
    expect(poor).toMatchObject({
      status: "failed",
      failureCode: "insufficient_funds",
      failureMessage: "Your card has insufficient funds.",
    });
    const paid = await payWithCard(ctx(), { orderId: id, card: card("4242424242424242"), attemptKey: "attempt-4242-b" });
    expect(paid).toMatchObject({ status: "succeeded", failureCode: null, failureMessage: null });
  });

  it("card testing: after five card attempts on one order, a sixth is refused before the provider sees it", async () => {
    const id = await started();
    for (let i = 0; i < MAX_CARD_ATTEMPTS; i++)
      expect((await payWithCard(ctx(), { orderId: id, card: card("4000000000000002"), attemptKey: `testing-${id}-${i}` })).status).toBe(
        "failed",
      );
    const sixth = await refusal(payWithCard(ctx(), { orderId: id, card: card("4242424242424242"), attemptKey: `testing-${id}-good` }));
    expect(sixth).toMatchObject({ status: 429, field: "cardNumber" });
    expect((await getPayment(t.ctx(system("test")), id))?.status).toBe("failed");
  });

  it("3155 asks for authentication: approving pays, failing refuses the card", async () => {
    const ok = await started();
    expect(await payWithCard(ctx(), { orderId: ok, card: card("4000 0025 0000 3155"), attemptKey: "attempt-3155-a" })).toMatchObject({
      status: "requires_action",
    });
    expect(await completeAuthentication(ctx(), { orderId: ok, approve: true })).toMatchObject({ status: "succeeded", cardLast4: "3155" });

    const bad = await started();
    await payWithCard(ctx(), { orderId: bad, card: card("4000002500003155"), attemptKey: "attempt-3155-b" });
    expect(await completeAuthentication(ctx(), { orderId: bad, approve: false })).toMatchObject({
      status: "failed",
      failureCode: "authentication_failed",
      failureMessage: "We couldn't verify your card. Try again or use another card.",
    });
  });

  it("refuses bad numbers, past expiry and bad security codes next to their fields", async () => {
    const id = await started();
    const pay = (c: CardInput, key: string) => payWithCard(ctx(), { orderId: id, card: c, attemptKey: key });
    expect(await refusal(pay(card("4242424242424241"), "attempt-bad-1"))).toMatchObject({
      message: "Your card number is invalid.",
      field: "cardNumber",
      status: 422,
    });
    expect(await refusal(pay(card("4111111111111111"), "attempt-bad-2"))).toMatchObject({
      message: "This test processor accepts only test card numbers.",
      field: "cardNumber",
    });
    expect(await refusal(pay(card("4242424242424242", { expYear: 2020 }), "attempt-bad-3"))).toMatchObject({
      message: "Your card's expiration date is in the past.",
      field: "expiry",
    });
    expect(await refusal(pay(card("4242424242424242", { cvc: "1" }), "attempt-bad-4"))).toMatchObject({
      message: "Your card's security code is invalid.",
      field: "cvc",
    });
    expect((await getPayment(t.ctx(system("test")), id))?.status).toBe("requires_payment_method");
  });

  it("the same attempt key twice is one charge; a second key after paying charges nothing", async () => {
    const id = await started();
    const input = { orderId: id, card: card("4242424242424242"), attemptKey: "attempt-double-click" };
    const [a, b] = await Promise.all([payWithCard(ctx(), input), payWithCard(ctx(), input)]);
    expect(a.status).toBe("succeeded");
    expect(b.status).toBe("succeeded");
    await payWithCard(ctx(), { ...input, attemptKey: "attempt-double-click-2" });
    const rows = await t.db.execute(
      sql`select data from payment_test_processor_records where kind = 'intent' and data->>'orderId' = ${id}`,
    );
    const records = (rows as unknown as { rows: { data: { charges: number; chargedMinor: number } }[] }).rows;
    expect(records).toHaveLength(1);
    expect(records[0]!.data.charges).toBe(1);
    expect(records[0]!.data.chargedMinor).toBe(2599);
  });

  it("starting again is the same payment; a new amount replaces the intent", async () => {
    const id = await started(1000);
    const first = await getPayment(t.ctx(system("test")), id);
    const again = await startPayment(ctx(), { orderId: id, amountMinor: 1000, currency: "USD", email: "shopper@example.com" });
    expect(again.id).toBe(first!.id);
    expect(again.intentId).toBe(first!.intentId);
    const changed = await startPayment(ctx(), { orderId: id, amountMinor: 1200, currency: "USD", email: "shopper@example.com" });
    expect(changed).toMatchObject({ id: first!.id, amountMinor: 1200, status: "requires_payment_method" });
    expect(changed.intentId).not.toBe(first!.intentId);
    expect(await payWithCard(ctx(), { orderId: id, card: card("4242424242424242"), attemptKey: "attempt-changed" })).toMatchObject({
      status: "succeeded",
      amountMinor: 1200,
    });
    // The provider agrees after a restart of the process (state is in the database).
    expect((await refreshPayment(t.ctx(system("test"), { ports: { payments: createTestProcessor() } }), id)).status).toBe("succeeded");
  });

  it("cancelling an unpaid payment; no-op when none or paid", async () => {
    await cancelPayment(ctx(), "ord_none");
    const id = await started();
    await cancelPayment(ctx(), id);
    expect((await getPayment(t.ctx(system("test")), id))?.status).toBe("canceled");
    expect(
      await refusal(payWithCard(ctx(), { orderId: id, card: card("4242424242424242"), attemptKey: "attempt-after-cancel" })),
    ).toMatchObject({
      status: 409,
    });
  });

  it("refunds: partial, idempotent, and never more than paid less refunded", async () => {
    const id = await started(5000);
    expect(
      await refusal(refundPayment(ctx(), { orderId: id, amountMinor: 100, reason: "x", idempotencyKey: "refund-unpaid" })),
    ).toMatchObject({
      status: 409,
    });
    await payWithCard(ctx(), { orderId: id, card: card("4242424242424242"), attemptKey: "attempt-refund" });
    const r1 = await refundPayment(ctx(), { orderId: id, amountMinor: 2000, reason: "one line", idempotencyKey: "refund-1" });
    expect(r1).toMatchObject({ amountMinor: 2000, status: "succeeded" });
    expect(r1.id).toMatch(/^ref_/);
    expect(await refundPayment(ctx(), { orderId: id, amountMinor: 2000, reason: "one line", idempotencyKey: "refund-1" })).toEqual(r1);
    const tooMuch = await refusal(refundPayment(ctx(), { orderId: id, amountMinor: 3001, reason: "too much", idempotencyKey: "refund-2" }));
    expect(tooMuch).toMatchObject({ status: 422, message: "The refund of $30.01 is more than the $30.00 left to refund." });
    await refundPayment(ctx(), { orderId: id, amountMinor: 3000, reason: "the rest", idempotencyKey: "refund-3" });
    expect((await getPayment(t.ctx(system("test")), id))?.refundedMinor).toBe(5000);
    expect(await refusal(refundPayment(ctx(), { orderId: id, amountMinor: 1, reason: "more", idempotencyKey: "refund-4" }))).toMatchObject({
      status: 422,
    });
  });

  it("the full card number appears nowhere in the database or the logs", async () => {
    const numbers = ["4242424242424242", "4000000000000002", "4000000000009995", "4000002500003155", "4111111111111111"];
    const dump = await t.db.execute(sql`
      select coalesce(string_agg(row_to_json(p)::text, ' '), '') as text from payments p
      union all select coalesce(string_agg(row_to_json(r)::text, ' '), '') from payment_test_processor_records r
      union all select coalesce(string_agg(row_to_json(s)::text, ' '), '') from state_changes s`);
    const text = (dump as unknown as { rows: { text: string }[] }).rows.map((r) => r.text).join(" ");
    expect(text).toContain("4242"); // last four are kept
    const logs = logLines.join("\n");
    expect(logs).toContain("card payment attempt");
    for (const number of numbers) {
      expect(text).not.toContain(number);
      expect(logs).not.toContain(number);
    }
    expect(text).not.toMatch(/"(number|cvc)":/); // the card itself is never a record
  });
});

describe("the card form", () => {
  it("turns the fields into a card", () => {
    expect(cardInputSchema.parse({ cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123", name: "Ada" })).toEqual({
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2034,
      cvc: "123",
      name: "Ada",
    });
  });

  it("puts each message next to its field", () => {
    const r = cardInputSchema.safeParse({ cardNumber: "1234 5678", expiry: "13/2", cvc: "12" });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byField).toEqual({
      cardNumber: "Your card number is invalid.",
      expiry: "Enter the expiry date as MM / YY.",
      cvc: "Your card's security code is invalid.",
    });
    const empty = cardInputSchema.safeParse({});
    expect(Object.fromEntries(empty.error!.issues.map((i) => [i.path.join("."), i.message]))).toMatchObject({
      cardNumber: "Enter your card number.",
    });
  });
});
