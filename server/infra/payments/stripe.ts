// The Stripe provider: PaymentIntents with the Payment Element (card data never reaches Platen),
// an idempotency key on every POST, amounts in minor units, the order id in metadata, refunds
// through the Refunds API and webhooks verified with constructEvent (300 s tolerance).
import { createRequire } from "node:module";
import type Stripe from "stripe";
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderIntentStatus,
  type ProviderRefund,
} from "../../contracts/ports.ts";

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API host (tests, self-hosted mocks): http(s)://host:port. */
  apiBase?: string;
  /** Webhook signature tolerance in seconds (Stripe's default: 300). */
  toleranceSeconds?: number;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;

let sdk: typeof Stripe | undefined;
/**
 * The Stripe SDK, loaded the first time a Stripe provider is made: importing it costs every start
 * about 0.14 s, and the built-in test processor is the default. Loaded synchronously (its CommonJS
 * build), because verifying a webhook is synchronous in the port.
 */
function stripeSdk(): typeof Stripe {
  sdk ??= createRequire(import.meta.url)("stripe") as typeof Stripe;
  return sdk;
}

function clientOptions(apiBase: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const options: NonNullable<ConstructorParameters<typeof Stripe>[1]> = { maxNetworkRetries: 2, timeout: 20_000 };
  if (apiBase) {
    const u = new URL(apiBase);
    options.host = u.hostname;
    options.protocol = u.protocol === "http:" ? "http" : "https";
    if (u.port) options.port = Number(u.port);
  }
  return options;
}

function toIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  const charge = typeof pi.latest_charge === "object" && pi.latest_charge ? pi.latest_charge : null;
  const card = charge?.payment_method_details?.card ?? null;
  return {
    id: pi.id,
    status: pi.status as ProviderIntentStatus,
    amountMinor: pi.amount,
    currency: pi.currency.toUpperCase(),
    clientSecret: pi.client_secret ?? null,
    orderId: pi.metadata?.orderId ?? null,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    failureCode: pi.last_payment_error?.decline_code ?? pi.last_payment_error?.code ?? null,
    failureMessage: pi.last_payment_error?.message ?? null,
  };
}

/** Stripe's errors as the port's: a message a shopper or an operator can act on. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const errors = stripeSdk().errors;
    if (error instanceof errors.StripeError) {
      const code = error.code ?? error.type ?? "stripe_error";
      // Stripe's own classes say what another attempt may fix: the network, Stripe's side (5xx),
      // its rate limit, and a request still running under the same idempotency key or lock.
      const unreachable = error instanceof errors.StripeConnectionError || error instanceof errors.StripeAPIError;
      const retryable =
        unreachable ||
        error instanceof errors.StripeRateLimitError ||
        code === "lock_timeout" ||
        code === "idempotency_key_in_use" ||
        (error.statusCode ?? 0) >= 500;
      const message = unreachable
        ? "The payment service could not be reached. Try again in a moment."
        : (error.message ?? "The payment service refused the request.");
      throw new PaymentProviderError(code, message, undefined, retryable);
    }
    throw error;
  }
}

const REFUND_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const StripeClient = stripeSdk();
  const stripe = new StripeClient(options.secretKey, clientOptions(options.apiBase));
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  const notHere = (what: string) => (): never => {
    throw new PaymentProviderError("unsupported", `${what} happens in Stripe's Payment Element, not on Platen.`);
  };
  return {
    name: "stripe",
    publishableKey: options.publishableKey,

    createIntent: (input) =>
      call(async () =>
        toIntent(
          await stripe.paymentIntents.create(
            {
              amount: input.amountMinor,
              currency: input.currency.toLowerCase(),
              automatic_payment_methods: { enabled: true },
              metadata: { orderId: input.orderId },
              receipt_email: input.receiptEmail,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),

    confirmCard: notHere("Paying with a card"),
    completeAuthentication: notHere("Card authentication"),

    retrieveIntent: (intentId) => call(async () => toIntent(await stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] }))),

    cancelIntent: (intentId, idempotencyKey) =>
      call(async () => toIntent(await stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey }))),

    refund: (input) =>
      call(async (): Promise<ProviderRefund> => {
        const reason = REFUND_REASONS.has(input.reason) ? (input.reason as Stripe.RefundCreateParams.Reason) : undefined;
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.intentId,
            amount: input.amountMinor,
            ...(reason ? { reason } : {}),
            metadata: { orderId: input.orderId, reason: input.reason.slice(0, 500) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: refund.id, amountMinor: refund.amount, status: (refund.status ?? "pending") as ProviderRefund["status"] };
      }),

    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, tolerance);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new PaymentProviderError("signature_invalid", `The webhook signature could not be verified: ${message}`);
      }
      // constructEvent refuses a signature older than the tolerance but not one dated ahead of
      // the clock: refuse those too, so a captured signature cannot be made to last longer.
      const t = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
      if (!Number.isFinite(t) || t - Math.floor(Date.now() / 1000) > tolerance)
        throw new PaymentProviderError("signature_invalid", "The webhook signature is dated in the future.");
      const object = event.data?.object as { object?: string } | undefined;
      const intent = object?.object === "payment_intent" ? toIntent(object as Stripe.PaymentIntent) : null;
      return { id: event.id, type: event.type, intent };
    },
  };
}
