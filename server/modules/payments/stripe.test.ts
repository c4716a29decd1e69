import { money } from "../../contracts/money.ts";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { startStripeMock, type StripeMock } from "../../../tests/support/stripe-mock.ts";
import { createStripeProvider } from "../../infra/payments/index.ts";
import { AppError, system, type Ctx } from "../../kernel/index.ts";
import {
  cancelPayment,
  getPayment,
  paymentProviderName,
  payWithCard,
  receiveStripeWebhook,
  refreshPayment,
  requestRefund,
  executeRefund,
  startPayment,
} from "./index.ts";

/** A refund as the orders module makes one: recorded (in a transaction of its own here), then asked of the provider. */
async function refundPayment(c: Ctx, input: { orderId: string; amountMinor: number; reason: string; idempotencyKey: string }) {
  const { refund } = await requestRefund(c, {
    orderId: input.orderId,
    amount: money(input.amountMinor, "EUR"),
    reason: input.reason,
    key: input.idempotencyKey,
  });
  const done = await executeRefund(c, refund.id);
  return { id: done.id, amountMinor: done.amountMinor, status: done.status };
}

const t = useTestDatabase();
const WEBHOOK_SECRET = "whsec_platentestsecret";
let mock: StripeMock;
let ctx: () => Ctx;

beforeAll(async () => {
  mock = await startStripeMock();
  const payments = createStripeProvider({
    secretKey: "sk_test_platen",
    publishableKey: "pk_test_platen",
    webhookSecret: WEBHOOK_SECRET,
    apiBase: mock.url,
  });
  ctx = () => t.ctx(system("test"), { ports: { payments } });
});
afterAll(async () => {
  await mock.close();
});

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

let n = 0;
async function started(amountMinor = 4250) {
  const orderId = `ord_stripe${String(++n).padStart(4, "0")}`;
  const payment = await startPayment(ctx(), { orderId, amountMinor, currency: "EUR", email: "buyer@example.com" });
  return { orderId, payment };
}

function event(type: string, intent: object, id = `evt_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: intent },
    livemode: false,
  });
}
const sign = (payload: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...(timestamp ? { timestamp } : {}) });

describe("payments through Stripe (against a local mock of its API)", () => {
  it("creates one PaymentIntent per order: minor units, lower-case currency, order id in metadata, idempotency key", async () => {
    expect(paymentProviderName(ctx())).toBe("stripe");
    const { orderId, payment } = await started();
    expect(payment).toMatchObject({
      provider: "stripe",
      status: "requires_payment_method",
      amountMinor: 4250,
      currency: "EUR",
      publishableKey: "pk_test_platen",
    });
    expect(payment.clientSecret).toMatch(/^pi_.+_secret_/);
    const create = mock.requests.find((r) => r.method === "POST" && r.path === "/v1/payment_intents")!;
    expect(create.form).toMatchObject({
      amount: "4250",
      currency: "eur",
      "metadata[orderId]": orderId,
      receipt_email: "buyer@example.com",
      "automatic_payment_methods[enabled]": "true",
    });
    expect(create.idempotencyKey).toBe(`platen:${orderId}:intent:1:4250EUR`);
    expect(create.authorization).toBe("Bearer sk_test_platen");
    // Again: the same payment, no second intent.
    const again = await startPayment(ctx(), { orderId, amountMinor: 4250, currency: "EUR", email: "buyer@example.com" });
    expect(again.intentId).toBe(payment.intentId);
    expect(mock.requests.filter((r) => r.path === "/v1/payment_intents")).toHaveLength(1);
  });

  it("cards are never taken by Platen when Stripe is configured", async () => {
    const { orderId } = await started();
    const e = await refusal(
      payWithCard(ctx(), {
        orderId,
        card: { number: "4242424242424242", expMonth: 1, expYear: 2099, cvc: "123" },
        attemptKey: "attempt-x1",
      }),
    );
    expect(e.status).toBe(400);
  });

  it("the return page retrieves a succeeded PaymentIntent", async () => {
    const { orderId, payment } = await started();
    expect((await refreshPayment(ctx(), orderId)).status).toBe("requires_payment_method");
    mock.setIntent(payment.intentId, { status: "succeeded", amount_received: 4250 });
    expect((await refreshPayment(ctx(), orderId)).status).toBe("succeeded");
    expect(mock.requests.some((r) => r.method === "GET" && r.path === `/v1/payment_intents/${payment.intentId}`)).toBe(true);
  });

  it("a new amount cancels the old intent and creates another; cancelling an unpaid order cancels its intent", async () => {
    const { orderId, payment } = await started(1000);
    const changed = await startPayment(ctx(), { orderId, amountMinor: 1500, currency: "EUR", email: "buyer@example.com" });
    expect(changed.intentId).not.toBe(payment.intentId);
    expect(mock.intents.get(payment.intentId)?.status).toBe("canceled");
    await cancelPayment(ctx(), orderId);
    expect(mock.intents.get(changed.intentId)?.status).toBe("canceled");
    expect((await getPayment(ctx(), orderId))?.status).toBe("canceled");
  });

  it("refunds through the Refunds API, with an idempotency key, and never more than paid", async () => {
    const { orderId, payment } = await started(5000);
    mock.setIntent(payment.intentId, { status: "succeeded", amount_received: 5000 });
    await refreshPayment(ctx(), orderId);
    const r = await refundPayment(ctx(), {
      orderId,
      amountMinor: 1200,
      reason: "requested_by_customer",
      idempotencyKey: "refund-stripe-1",
    });
    expect(r).toMatchObject({ amountMinor: 1200, status: "succeeded" });
    const post = mock.requests.find((q) => q.path === "/v1/refunds")!;
    expect(post.form).toMatchObject({
      payment_intent: payment.intentId,
      amount: "1200",
      reason: "requested_by_customer",
      "metadata[orderId]": orderId,
    });
    expect(post.idempotencyKey).toBe(`platen:${r.id}`);
    expect(
      await refundPayment(ctx(), { orderId, amountMinor: 1200, reason: "requested_by_customer", idempotencyKey: "refund-stripe-1" }),
    ).toEqual(r);
    expect(mock.requests.filter((q) => q.path === "/v1/refunds")).toHaveLength(1);
    expect(
      (await refusal(refundPayment(ctx(), { orderId, amountMinor: 3801, reason: "x", idempotencyKey: "refund-stripe-2" }))).status,
    ).toBe(422);
  });

  it("every POST carried an Idempotency-Key", () => {
    const posts = mock.requests.filter((r) => r.method === "POST");
    expect(posts.length).toBeGreaterThan(5);
    for (const post of posts) expect(post.idempotencyKey, `${post.path}`).toMatch(/^platen:|^pi_/);
  });
});

describe("Stripe webhooks", () => {
  it("a signed payment_intent.succeeded pays the order", async () => {
    const { orderId, payment } = await started();
    const intent = mock.setIntent(payment.intentId, { status: "succeeded", amount_received: 4250 });
    const body = event("payment_intent.succeeded", intent, "evt_paid_1");
    expect(await receiveStripeWebhook(ctx(), body, sign(body))).toEqual({
      duplicate: false,
      orderId,
      status: "succeeded",
      type: "payment_intent.succeeded",
    });
    expect((await getPayment(ctx(), orderId))?.status).toBe("succeeded");
  });

  it("refuses a bad signature, a missing one and one older than 300 seconds", async () => {
    const { payment } = await started();
    const body = event("payment_intent.succeeded", mock.intents.get(payment.intentId)!, "evt_forged");
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: "whsec_someoneelse" });
    expect(await refusal(receiveStripeWebhook(ctx(), body, forged))).toMatchObject({ status: 400 });
    expect(await refusal(receiveStripeWebhook(ctx(), body, null))).toMatchObject({
      status: 400,
      message: "The Stripe-Signature header is missing.",
    });
    const stale = sign(body, Math.floor(Date.now() / 1000) - 301);
    expect(await refusal(receiveStripeWebhook(ctx(), body, stale))).toMatchObject({ status: 400 });
    const tampered = body.replace('"status":"requires_payment_method"', '"status":"succeeded"');
    expect(await refusal(receiveStripeWebhook(ctx(), tampered, sign(body)))).toMatchObject({ status: 400 });
    expect((await getPayment(ctx(), payment.orderId))?.status).toBe("requires_payment_method");
  });

  it("refuses a signature dated in the future, and a success for another amount pays nothing", async () => {
    const { payment, orderId } = await started();
    const body = event("payment_intent.succeeded", mock.setIntent(payment.intentId, { status: "succeeded" }), "evt_future");
    expect(await refusal(receiveStripeWebhook(ctx(), body, sign(body, Math.floor(Date.now() / 1000) + 600)))).toMatchObject({
      status: 400,
    });
    const other = mock.setIntent(payment.intentId, { status: "succeeded", amount: 1, amount_received: 1 });
    const cheap = event("payment_intent.succeeded", other, "evt_other_amount");
    await receiveStripeWebhook(ctx(), cheap, sign(cheap));
    expect((await getPayment(ctx(), orderId))?.status).not.toBe("succeeded");
  });

  it("a repeated event is handled once", async () => {
    const { orderId, payment } = await started();
    const intent = mock.setIntent(payment.intentId, { status: "succeeded" });
    const body = event("payment_intent.succeeded", intent, "evt_repeat_1");
    expect((await receiveStripeWebhook(ctx(), body, sign(body))).duplicate).toBe(false);
    const again = await receiveStripeWebhook(ctx(), body, sign(body));
    expect(again).toMatchObject({ duplicate: true, orderId, status: "succeeded" });
  });

  it("out of order: a payment_failed after succeeded does not un-pay", async () => {
    const { orderId, payment } = await started();
    const failedIntent = {
      ...mock.intents.get(payment.intentId)!,
      status: "requires_payment_method",
      last_payment_error: {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      },
    };
    const succeeded = { ...mock.intents.get(payment.intentId)!, status: "succeeded", last_payment_error: null };
    const paid = event("payment_intent.succeeded", succeeded, "evt_order_2");
    const failed = event("payment_intent.payment_failed", failedIntent, "evt_order_1");
    await receiveStripeWebhook(ctx(), paid, sign(paid));
    const late = await receiveStripeWebhook(ctx(), failed, sign(failed));
    expect(late).toMatchObject({ duplicate: false, orderId, status: "succeeded" });
    expect((await getPayment(ctx(), orderId))?.status).toBe("succeeded");
  });

  it("a payment_failed before success records the refusal; other events are recorded and ignored", async () => {
    const { orderId, payment } = await started();
    const failedIntent = {
      ...mock.intents.get(payment.intentId)!,
      last_payment_error: {
        type: "card_error",
        code: "card_declined",
        decline_code: "insufficient_funds",
        message: "Your card has insufficient funds.",
      },
    };
    const failed = event("payment_intent.payment_failed", failedIntent, "evt_fail_first");
    expect(await receiveStripeWebhook(ctx(), failed, sign(failed))).toMatchObject({ status: "failed", orderId });
    expect(await getPayment(ctx(), orderId)).toMatchObject({
      failureCode: "insufficient_funds",
      failureMessage: "Your card has insufficient funds.",
    });
    const other = event("customer.created", { id: "cus_1", object: "customer" }, "evt_other");
    expect(await receiveStripeWebhook(ctx(), other, sign(other))).toEqual({
      duplicate: false,
      orderId: null,
      status: null,
      type: "customer.created",
    });
  });

  it("the test processor has no webhook endpoint", async () => {
    const e = await refusal(receiveStripeWebhook(t.ctx(system("test")), "{}", "t=1,v1=x"));
    expect(e.status).toBe(404);
  });
});
