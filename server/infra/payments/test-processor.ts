// The built-in test processor: a payment provider that takes Stripe's test card numbers and
// behaves like Stripe's PaymentIntents (statuses, declines, 3-D Secure, refunds, idempotency
// keys) without leaving the machine. Its state lives in the database through a store the
// payments module provides, so it survives a restart. Only brand and last four are ever kept.
import { randomBytes } from "node:crypto";
import {
  PaymentProviderError,
  type CardDetails,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
  type RefundInput,
  type TestProcessorStore,
} from "../../contracts/ports.ts";
import { cardBrand, cardDigits, cardLast4, luhnValid } from "./cards.ts";

type Outcome = { kind: "succeed" } | { kind: "decline"; code: string; message: string } | { kind: "authenticate" };

/** Stripe's test numbers and what each does. */
export const TEST_CARDS: Readonly<Record<string, Outcome>> = {
  "4242424242424242": { kind: "succeed" },
  "5555555555554444": { kind: "succeed" },
  "2223003122003222": { kind: "succeed" },
  "378282246310005": { kind: "succeed" },
  "6011111111111117": { kind: "succeed" },
  "4000000000000002": { kind: "decline", code: "card_declined", message: "Your card was declined." },
  "4000000000009995": { kind: "decline", code: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000002500003155": { kind: "authenticate" },
};

export const AUTHENTICATION_FAILED_MESSAGE = "We couldn't verify your card. Try again or use another card.";

interface IntentRecord extends ProviderIntent {
  /** Bumped on every change: concurrent requests change an intent one at a time. */
  version: number;
  receiptEmail: string;
  /** Charges made on this intent (at most one succeeds). */
  charges: number;
  chargedMinor: number;
  refundedMinor: number;
  createdAt: string;
}

export interface TestProcessorOptions {
  now?: () => Date;
}

const randomId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/**
 * Checks a card as Stripe would before charging it; throws a `PaymentProviderError` naming the
 * field. Returns the outcome of a test number.
 */
export function checkTestCard(card: CardDetails, now: Date): { outcome: Outcome; brand: string; last4: string } {
  const digits = cardDigits(card.number);
  if (!luhnValid(digits)) throw new PaymentProviderError("invalid_number", "Your card number is invalid.", "cardNumber");
  const brand = cardBrand(digits);
  const month = Math.trunc(card.expMonth);
  const year = card.expYear < 100 ? 2000 + Math.trunc(card.expYear) : Math.trunc(card.expYear);
  if (!(month >= 1 && month <= 12))
    throw new PaymentProviderError("invalid_expiry_month", "Your card's expiration month is invalid.", "expiry");
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth)
    throw new PaymentProviderError("invalid_expiry_year", "Your card's expiration date is in the past.", "expiry");
  const cvcLength = brand === "amex" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim()))
    throw new PaymentProviderError("invalid_cvc", "Your card's security code is invalid.", "cvc");
  const outcome = TEST_CARDS[digits];
  if (!outcome) throw new PaymentProviderError("card_not_test", "This test processor accepts only test card numbers.", "cardNumber");
  return { outcome, brand, last4: cardLast4(digits) };
}

const publicIntent = (r: IntentRecord): ProviderIntent => ({
  id: r.id,
  status: r.status,
  amountMinor: r.amountMinor,
  currency: r.currency,
  clientSecret: null,
  orderId: r.orderId,
  cardBrand: r.cardBrand,
  cardLast4: r.cardLast4,
  failureCode: r.failureCode,
  failureMessage: r.failureMessage,
});

/** The test processor without a store; the payments module binds one with `withStore`. */
export function createTestProcessor(options: TestProcessorOptions = {}): PaymentProvider {
  const now = options.now ?? (() => new Date());
  const unbound = (): never => {
    throw new Error("The test processor keeps its state in the database: bind a store with withStore() first");
  };
  const provider: PaymentProvider = {
    name: "test",
    publishableKey: null,
    withStore: (store) => bindTestProcessor(store, now),
    createIntent: unbound,
    confirmCard: unbound,
    completeAuthentication: unbound,
    retrieveIntent: unbound,
    cancelIntent: unbound,
    refund: unbound,
    parseWebhook: unbound,
  };
  return provider;
}

function bindTestProcessor(store: TestProcessorStore, now: () => Date): PaymentProvider {
  async function load(id: string): Promise<IntentRecord> {
    const r = await store.get("intent", id);
    if (!r) throw new PaymentProviderError("resource_missing", `No such payment intent: ${id}.`);
    return r as unknown as IntentRecord;
  }
  /**
   * Writes a changed intent unless another request changed it since it was read: then the
   * change is dropped and the intent as it now stands is returned (two tabs, one charge).
   */
  async function save(r: IntentRecord): Promise<IntentRecord> {
    return (await trySave(r)) ?? load(r.id);
  }
  async function trySave(r: IntentRecord): Promise<IntentRecord | null> {
    const next = { ...r, version: r.version + 1 };
    return (await store.replaceIfVersion("intent", r.id, r.version, next as unknown as Record<string, unknown>)) ? next : null;
  }

  /**
   * Runs `fn` once per idempotency key, like Stripe: the key is claimed first, a concurrent
   * request with the same key waits for the first one's result, and a repeat gets the same
   * result (or the same refusal).
   */
  async function once<T extends object>(scope: string, key: string, fn: () => Promise<T>): Promise<T> {
    const id = `${scope}:${key}`;
    const token = randomBytes(8).toString("hex");
    let record = await store.putIfAbsent("idempotency", id, { claim: token });
    if (record.claim === token) {
      try {
        const result = await fn();
        await store.put("idempotency", id, { result });
        return result;
      } catch (error) {
        if (error instanceof PaymentProviderError)
          await store.put("idempotency", id, { error: { code: error.code, message: error.message, field: error.field ?? null } });
        else await store.put("idempotency", id, { failed: true });
        throw error;
      }
    }
    for (let i = 0; i < 100 && !("result" in record) && !("error" in record) && !("failed" in record); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      record = (await store.get("idempotency", id)) ?? record;
    }
    if ("result" in record) return record.result as T;
    if ("error" in record) {
      const e = record.error as { code: string; message: string; field: "cardNumber" | "expiry" | "cvc" | null };
      throw new PaymentProviderError(e.code, e.message, e.field ?? undefined);
    }
    if ("failed" in record) {
      // The first request broke off (not a refusal): this one may try again under the same key.
      await store.put("idempotency", id, { claim: token });
      return fn();
    }
    throw new PaymentProviderError(
      "idempotency_in_use",
      "This payment is already being processed; try again in a moment.",
      undefined,
      true,
    );
  }

  return {
    name: "test",
    publishableKey: null,
    withStore: (other) => bindTestProcessor(other, now),

    createIntent: (input: CreateIntentInput) =>
      once("create", input.idempotencyKey, async () => {
        if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
          throw new PaymentProviderError("amount_invalid", "The amount to pay must be a positive whole number of minor units.");
        const record: IntentRecord = {
          id: randomId("pi"),
          status: "requires_payment_method",
          amountMinor: input.amountMinor,
          currency: input.currency.toUpperCase(),
          clientSecret: null,
          orderId: input.orderId,
          cardBrand: null,
          cardLast4: null,
          failureCode: null,
          failureMessage: null,
          receiptEmail: input.receiptEmail,
          charges: 0,
          chargedMinor: 0,
          refundedMinor: 0,
          createdAt: now().toISOString(),
          version: 1,
        };
        await store.put("intent", record.id, record as unknown as Record<string, unknown>);
        return publicIntent(record);
      }),

    confirmCard: (intentId, card, idempotencyKey) =>
      once("confirm", `${intentId}:${idempotencyKey}`, async () => {
        const r = await load(intentId);
        if (r.status === "succeeded" || r.status === "canceled" || r.status === "processing") return publicIntent(r);
        if (r.status === "requires_action")
          throw new PaymentProviderError("payment_intent_unexpected_state", "This payment is waiting for your card to be verified.");
        const { outcome, brand, last4 } = checkTestCard(card, now());
        r.cardBrand = brand;
        r.cardLast4 = last4;
        if (outcome.kind === "decline") {
          Object.assign(r, { status: "requires_payment_method", failureCode: outcome.code, failureMessage: outcome.message });
        } else if (outcome.kind === "authenticate") {
          Object.assign(r, { status: "requires_action", failureCode: null, failureMessage: null });
        } else {
          Object.assign(r, {
            status: "succeeded",
            failureCode: null,
            failureMessage: null,
            charges: r.charges + 1,
            chargedMinor: r.amountMinor,
          });
        }
        return publicIntent(await save(r));
      }),

    async completeAuthentication(intentId, approve) {
      const r = await load(intentId);
      if (r.status !== "requires_action") return publicIntent(r);
      if (approve) Object.assign(r, { status: "succeeded", charges: r.charges + 1, chargedMinor: r.amountMinor });
      else
        Object.assign(r, {
          status: "requires_payment_method",
          failureCode: "authentication_failed",
          failureMessage: AUTHENTICATION_FAILED_MESSAGE,
        });
      return publicIntent(await save(r));
    },

    async retrieveIntent(intentId) {
      return publicIntent(await load(intentId));
    },

    cancelIntent: (intentId, idempotencyKey) =>
      once("cancel", `${intentId}:${idempotencyKey}`, async () => {
        const r = await load(intentId);
        if (r.status === "canceled") return publicIntent(r);
        if (r.status === "succeeded")
          throw new PaymentProviderError(
            "payment_intent_unexpected_state",
            "A payment that succeeded cannot be cancelled; refund it instead.",
          );
        r.status = "canceled";
        return publicIntent(await save(r));
      }),

    refund: (input: RefundInput) =>
      once("refund", input.idempotencyKey, async (): Promise<ProviderRefund> => {
        const r = await load(input.intentId);
        if (r.status !== "succeeded")
          throw new PaymentProviderError("charge_not_succeeded", "Only a payment that succeeded can be refunded.");
        if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
          throw new PaymentProviderError("amount_invalid", "A refund must be a positive amount.");
        if (input.amountMinor > r.chargedMinor - r.refundedMinor)
          throw new PaymentProviderError("amount_too_large", "The refund is larger than what is left of the payment.");
        r.refundedMinor += input.amountMinor;
        if (!(await trySave(r)))
          throw new PaymentProviderError(
            "lock_timeout",
            "Another refund of this payment is under way; try again in a moment.",
            undefined,
            true,
          );
        const refund: ProviderRefund = { id: randomId("re"), amountMinor: input.amountMinor, status: "succeeded" };
        await store.put("refund", refund.id, { ...refund, intentId: r.id, reason: input.reason, createdAt: now().toISOString() });
        return refund;
      }),

    parseWebhook() {
      throw new PaymentProviderError("unsupported", "The test processor sends no webhooks.");
    },
  };
}
