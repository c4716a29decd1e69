// Payments (ADR 0012): one payment per order, its provider intent and what became of it. Provider
// calls never run inside a database transaction: record what is asked, call the provider, then
// write the outcome. Every provider POST carries an idempotency key derived from Platen's own ids,
// so a retry after a crash or a double submit reaches the same intent, charge or refund.
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { formatMoney, money, type Money } from "../../contracts/money.ts";
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderIntentStatus,
  type TestProcessorStore,
} from "../../contracts/ports.ts";
import { newId, transaction, type Db } from "../../infra/db/index.ts";
import { logger } from "../../infra/logger/index.ts";
import { AppError, asSystem, type Ctx } from "../../kernel/index.ts";
import { paymentRefunds, payments, paymentTestProcessorRecords, paymentWebhookEvents } from "./schema.ts";
import { paymentStates, refundStates } from "./states.ts";
import type { CardInput, PaymentStatus, PaymentView, RefundView } from "./types.ts";

/** Reads need only the database (the orders module checks who may see an order). */
export type ReadCtx = Pick<Ctx, "db">;
type PaymentRow = typeof payments.$inferSelect;

// ---- the provider, with the test processor's store on the caller's database ----------------

function testProcessorStore(db: Db): TestProcessorStore {
  const t = paymentTestProcessorRecords;
  return {
    async get(kind, id) {
      const [row] = await db
        .select({ data: t.data })
        .from(t)
        .where(and(eq(t.kind, kind), eq(t.id, id)))
        .limit(1);
      return row?.data ?? null;
    },
    async put(kind, id, data) {
      await db
        .insert(t)
        .values({ kind, id, data })
        .onConflictDoUpdate({ target: [t.kind, t.id], set: { data, updatedAt: sql`now()` } });
    },
    async replaceIfVersion(kind, id, expectedVersion, data) {
      const rows = await db
        .update(t)
        .set({ data, updatedAt: sql`now()` })
        .where(and(eq(t.kind, kind), eq(t.id, id), sql`(${t.data}->>'version')::int = ${expectedVersion}`))
        .returning({ id: t.id });
      return rows.length === 1;
    },
    async putIfAbsent(kind, id, data) {
      await db.insert(t).values({ kind, id, data }).onConflictDoNothing();
      const [row] = await db
        .select({ data: t.data })
        .from(t)
        .where(and(eq(t.kind, kind), eq(t.id, id)))
        .limit(1);
      return row!.data;
    },
  };
}

function provider(ctx: Pick<Ctx, "db" | "ports">): PaymentProvider {
  const p = ctx.ports.payments;
  return p.withStore ? p.withStore(testProcessorStore(ctx.db)) : p;
}

/** Which provider takes payments here: the built-in test processor or Stripe. */
export function paymentProviderName(ctx: Pick<Ctx, "ports">): "test" | "stripe" {
  return ctx.ports.payments.name;
}

/**
 * A provider refusal as a 4xx the shopper or operator can act on (next to its field if any); a
 * failure another attempt may fix (the provider says which) as a 503.
 */
function refusal(error: unknown): never {
  if (error instanceof PaymentProviderError) {
    const status = error.retryable ? 503 : error.code === "payment_intent_unexpected_state" ? 409 : 422;
    throw new AppError(`payment-${error.code}`, error.message, status, error.field);
  }
  throw error;
}

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    return refusal(error);
  }
}

// ---- reading -------------------------------------------------------------------------------

async function rowOf(db: Db, orderId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  return row ?? null;
}

async function refundedMinor(db: Db, paymentId: string): Promise<number> {
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amountMinor}), 0)` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), ne(paymentRefunds.status, "failed")));
  return Number(r?.total ?? 0);
}

async function view(ctx: Pick<Ctx, "db"> & { ports?: Ctx["ports"] }, row: PaymentRow): Promise<PaymentView> {
  return {
    id: row.id,
    orderId: row.orderId,
    provider: row.provider,
    intentId: row.intentId,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    failureCode: row.failureCode,
    failureMessage: row.failureMessage,
    clientSecret: row.provider === "stripe" ? row.clientSecret : null,
    publishableKey: row.provider === "stripe" && ctx.ports?.payments.name === "stripe" ? ctx.ports.payments.publishableKey : null,
    refundedMinor: await refundedMinor(ctx.db, row.id),
  };
}

/** The order's payment, or null when none was started. */
export async function getPayment(ctx: ReadCtx | Ctx, orderId: string): Promise<PaymentView | null> {
  const row = await rowOf(ctx.db, orderId);
  return row ? view(ctx, row) : null;
}

async function mustGet(ctx: Ctx, orderId: string): Promise<PaymentRow> {
  const row = await rowOf(ctx.db, orderId);
  if (!row) throw new AppError("not-found", "No payment was started for this order.", 404);
  return row;
}

// ---- writing what the provider said --------------------------------------------------------

/** Platen's status for a provider intent: a refused attempt is `failed` until the next one. */
export function statusOfIntent(intent: Pick<ProviderIntent, "status" | "failureCode">): PaymentStatus {
  const s: ProviderIntentStatus = intent.status;
  if (s === "requires_payment_method" || s === "requires_confirmation") return intent.failureCode ? "failed" : "requires_payment_method";
  if (s === "requires_capture") return "processing";
  return s;
}

/**
 * Stores what the provider says about the payment's intent. A move the transition table refuses
 * (e.g. a late `payment_failed` after `succeeded`) changes nothing: a paid payment stays paid.
 */
async function writeOutcome(ctx: Ctx, row: PaymentRow, intent: ProviderIntent, reason: string, attempt = false): Promise<PaymentRow> {
  if (intent.id !== row.intentId) return row; // about an intent this payment no longer uses
  const to = statusOfIntent(intent);
  // A success is a success for this payment only with its amount and currency: an event about
  // another amount (a forged or replayed intent, an intent changed at the provider) pays nothing.
  if (to === "succeeded" && (intent.amountMinor !== row.amountMinor || intent.currency.toUpperCase() !== row.currency.toUpperCase())) {
    logger().error(
      {
        paymentId: row.id,
        expected: { amountMinor: row.amountMinor, currency: row.currency },
        got: { amountMinor: intent.amountMinor, currency: intent.currency },
      },
      "payment success for another amount or currency ignored",
    );
    return row;
  }
  const set = {
    cardBrand: intent.cardBrand ?? row.cardBrand,
    cardLast4: intent.cardLast4 ?? row.cardLast4,
    failureCode: to === "failed" ? intent.failureCode : null,
    failureMessage: to === "failed" ? intent.failureMessage : null,
    clientSecret: intent.clientSecret ?? row.clientSecret,
    updatedAt: ctx.clock.now(),
    ...(attempt ? { attempts: sql`${payments.attempts} + 1`, cardAttempts: sql`${payments.cardAttempts} + 1` } : {}),
  };
  return transaction(ctx.db, async (tx) => {
    const [current] = await tx.select().from(payments).where(eq(payments.id, row.id)).for("update").limit(1);
    if (!current || current.intentId !== intent.id) return current ?? row;
    if (current.status === to) {
      if (to === "succeeded" || to === "canceled") return current;
      const [updated] = await tx.update(payments).set(set).where(eq(payments.id, row.id)).returning();
      return updated!;
    }
    if (!paymentStates.can(current.status, to)) {
      logger().info({ paymentId: row.id, from: current.status, ignored: to, reason }, "payment update ignored");
      return current;
    }
    const { row: updated } = await paymentStates.transition({ ...ctx, db: tx }, row.id, to, { reason, set });
    return updated;
  });
}

// ---- the API the orders module calls -------------------------------------------------------

const intentKey = (orderId: string, amountMinor: number, currency: string, n: number) =>
  `platen:${orderId}:intent:${n}:${amountMinor}${currency}`;

/**
 * Starts (or returns) the order's payment: one per order. Called again it returns the same
 * payment; with a changed amount or currency it cancels the old intent and creates a new one.
 */
export async function startPayment(
  ctx: Ctx,
  input: { orderId: string; amountMinor: number; currency: string; email: string },
): Promise<PaymentView> {
  const currency = input.currency.toUpperCase();
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
    throw new AppError("payment-amount", "The amount to pay must be more than zero.", 422);
  const p = provider(ctx);
  const existing = await rowOf(ctx.db, input.orderId);
  if (existing) {
    const same = existing.amountMinor === input.amountMinor && existing.currency === currency;
    if (existing.status === "succeeded" || (same && existing.status !== "canceled")) return view(ctx, existing);
    if (existing.status === "processing" || existing.status === "requires_action")
      throw new AppError("payment-in-progress", "A payment for this order is in progress; wait for it to finish.", 409);
    // The amount changed (or the intent was cancelled): a new intent replaces the old one. If the
    // old one cannot be cancelled because it was paid meanwhile, the payment is that one.
    if (existing.status !== "canceled") {
      try {
        await p.cancelIntent(existing.intentId, `${existing.intentId}:cancel`);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        const old = await guarded(() => p.retrieveIntent(existing.intentId));
        if (old.status !== "canceled") {
          const updated = await writeOutcome(ctx, existing, old, "payment checked with the provider");
          if (updated.status === "succeeded") return view(ctx, updated);
          return refusal(error);
        }
      }
    }
    const n = existing.attempts + 1;
    const intent = await guarded(() =>
      p.createIntent({
        amountMinor: input.amountMinor,
        currency,
        orderId: input.orderId,
        receiptEmail: input.email,
        idempotencyKey: intentKey(input.orderId, input.amountMinor, currency, n),
      }),
    );
    const row = await transaction(ctx.db, async (tx) => {
      const [current] = await tx.select().from(payments).where(eq(payments.id, existing.id)).for("update").limit(1);
      // Someone else replaced the intent meanwhile (or it was paid): theirs stands.
      if (!current || current.intentId !== existing.intentId || current.status === "succeeded") return current ?? existing;
      const set = {
        provider: p.name,
        intentId: intent.id,
        clientSecret: intent.clientSecret,
        amountMinor: input.amountMinor,
        currency,
        cardBrand: null,
        cardLast4: null,
        failureCode: null,
        failureMessage: null,
        attempts: n,
        updatedAt: ctx.clock.now(),
      };
      if (current.status === "requires_payment_method") {
        const [u] = await tx.update(payments).set(set).where(eq(payments.id, current.id)).returning();
        return u!;
      }
      const moved = await paymentStates.transition({ ...ctx, db: tx }, current.id, "requires_payment_method", {
        reason: "a new payment intent (the order's amount changed)",
        set,
      });
      return moved.row;
    });
    return view(ctx, row);
  }
  const intent = await guarded(() =>
    p.createIntent({
      amountMinor: input.amountMinor,
      currency,
      orderId: input.orderId,
      receiptEmail: input.email,
      idempotencyKey: intentKey(input.orderId, input.amountMinor, currency, 1),
    }),
  );
  const now = ctx.clock.now();
  const [inserted] = await ctx.db
    .insert(payments)
    .values({
      id: newId("pay"),
      orderId: input.orderId,
      provider: p.name,
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      status: statusOfIntent(intent),
      amountMinor: input.amountMinor,
      currency,
      attempts: 1,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: payments.orderId })
    .returning();
  return view(ctx, inserted ?? (await mustGet(ctx, input.orderId)));
}

function assertTestProcessor(ctx: Ctx, row: PaymentRow): void {
  if (row.provider !== "test" || ctx.ports.payments.name !== "test")
    throw new AppError("payment-provider", "Card details are entered in Stripe's secure payment form, not here.", 400);
}

/** Card attempts one order's payment may make (Stripe's own Radar would stop card testing there). */
export const MAX_CARD_ATTEMPTS = 5;

/**
 * Pays the order's intent with a card (test processor only). `attemptKey` comes from the form:
 * a double submit of the same form is one charge. Only brand and last four are kept.
 */
export async function payWithCard(ctx: Ctx, input: { orderId: string; card: CardInput; attemptKey: string }): Promise<PaymentView> {
  const row = await mustGet(ctx, input.orderId);
  assertTestProcessor(ctx, row);
  if (row.status === "succeeded") return view(ctx, row);
  if (row.status === "canceled")
    throw new AppError("payment-canceled", "This order's payment was cancelled; the order can no longer be paid.", 409);
  if (!/^[A-Za-z0-9_:.-]{8,200}$/.test(input.attemptKey))
    throw new AppError("payment-attempt", "This payment form has expired; reload the page and try again.", 400);
  // Card testing: a few tries per order, then no more (a shopper who keeps failing needs their bank).
  if (row.cardAttempts >= MAX_CARD_ATTEMPTS)
    throw new AppError(
      "payment-attempts",
      `This order has had ${MAX_CARD_ATTEMPTS} card attempts, the most it can. Check the card with your bank, then place a new order.`,
      429,
      "cardNumber",
    );
  const intent = await guarded(() => provider(ctx).confirmCard(row.intentId, input.card, input.attemptKey));
  const updated = await writeOutcome(ctx, row, intent, "card payment", true);
  logger().info(
    { orderId: row.orderId, paymentId: row.id, status: updated.status, brand: updated.cardBrand, last4: updated.cardLast4 },
    "card payment attempt",
  );
  return view(ctx, updated);
}

/** The test processor's simulated 3-D Secure page: approve pays, fail refuses the card. */
export async function completeAuthentication(ctx: Ctx, input: { orderId: string; approve: boolean }): Promise<PaymentView> {
  const row = await mustGet(ctx, input.orderId);
  assertTestProcessor(ctx, row);
  if (row.status !== "requires_action") return view(ctx, row);
  const intent = await guarded(() => provider(ctx).completeAuthentication(row.intentId, input.approve));
  return view(ctx, await writeOutcome(ctx, row, intent, input.approve ? "card verified" : "card verification failed"));
}

/** Asks the provider how the intent stands and stores it (Stripe's return page). */
export async function refreshPayment(ctx: Ctx, orderId: string): Promise<PaymentView> {
  const row = await mustGet(ctx, orderId);
  if (row.status === "succeeded" || row.status === "canceled") return view(ctx, row);
  const intent = await guarded(() => provider(ctx).retrieveIntent(row.intentId));
  return view(ctx, await writeOutcome(ctx, row, intent, "payment checked with the provider"));
}

/**
 * A Stripe webhook: verified (a bad or stale signature is a 400), recorded once by event id (a
 * repeat is ignored), then the payment updated. Late or out-of-order events never un-pay.
 */
export async function receiveStripeWebhook(
  ctx: Ctx,
  rawBody: string,
  signature: string | null,
): Promise<{ duplicate: boolean; orderId: string | null; status: PaymentStatus | null; type: string }> {
  const p = ctx.ports.payments;
  if (p.name !== "stripe") throw new AppError("payment-webhook", "Stripe is not configured on this Platen.", 404);
  if (!signature) throw new AppError("payment-webhook-signature", "The Stripe-Signature header is missing.", 400);
  let event;
  try {
    event = p.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new AppError("payment-webhook-signature", error.message, 400);
    throw error;
  }
  const [fresh] = await ctx.db
    .insert(paymentWebhookEvents)
    .values({ id: event.id, type: event.type, receivedAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning();
  const intent = event.intent;
  const row = intent
    ? ((await ctx.db.select().from(payments).where(eq(payments.intentId, intent.id)).limit(1))[0] ??
      (intent.orderId ? await rowOf(ctx.db, intent.orderId) : null))
    : null;
  if (!fresh) return { duplicate: true, orderId: row?.orderId ?? intent?.orderId ?? null, status: row?.status ?? null, type: event.type };
  if (!intent || !row || !event.type.startsWith("payment_intent."))
    return { duplicate: false, orderId: row?.orderId ?? intent?.orderId ?? null, status: row?.status ?? null, type: event.type };
  try {
    const updated = await writeOutcome(asSystem(ctx, "stripe webhook"), row, intent, `stripe ${event.type}`);
    return { duplicate: false, orderId: updated.orderId, status: updated.status, type: event.type };
  } catch (error) {
    // Not handled: forget the event id so that Stripe's retry is handled.
    await ctx.db.delete(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, event.id));
    throw error;
  }
}

/**
 * Cancels the order's unpaid intent at the provider, after the order was cancelled or expired (a
 * durable step's body). Returns the payment's status afterwards: `succeeded` when the shopper paid
 * meanwhile (the caller refunds that payment), null when no payment was started. A provider that
 * cannot be reached is an error to retry later (`PaymentProviderError` with `retryable`).
 */
export async function cancelPayment(ctx: Ctx, orderId: string): Promise<PaymentStatus | null> {
  const row = await rowOf(ctx.db, orderId);
  if (!row) return null;
  if (row.status === "succeeded" || row.status === "canceled") return row.status;
  const p = provider(ctx);
  let intent: ProviderIntent;
  try {
    intent = await p.cancelIntent(row.intentId, `${row.intentId}:cancel`);
  } catch (error) {
    if (!(error instanceof PaymentProviderError) || error.retryable) throw error;
    intent = await p.retrieveIntent(row.intentId); // refused: e.g. it succeeded meanwhile
  }
  return (await writeOutcome(ctx, row, intent, "the order was cancelled or expired")).status;
}

// ---- refunds: recorded first, asked of the provider after (a durable step) -------------------

type RefundRow = typeof paymentRefunds.$inferSelect;

const refundView = (r: RefundRow): RefundView => ({
  id: r.id,
  orderId: r.orderId,
  amountMinor: r.amountMinor,
  currency: r.currency,
  reason: r.reason,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  providerRefundId: r.providerRefundId,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/**
 * Records a refund of part or all of the order's payment as `requested`, in the caller's
 * transaction (pass it as `ctx.db`), after checking it against what was paid and is not refunded
 * yet. Nothing reaches the provider here: `executeRefund` does, once the transaction that asked
 * for the refund (the order's cancellation or refund, its ledger journal) has committed. The same
 * `key` is the same refund (`created` false): a repeated request adds nothing.
 */
export async function requestRefund(
  ctx: Ctx,
  input: { orderId: string; amount: Money; reason: string; key: string },
): Promise<{ refund: RefundView; created: boolean }> {
  const amountMinor = input.amount.amount;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new AppError("refund-amount", "A refund must be more than zero.", 422, "amount");
  const [existing] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, input.key)).limit(1);
  if (existing) return { refund: refundView(existing), created: false };
  const [row] = await ctx.db.select().from(payments).where(eq(payments.orderId, input.orderId)).for("update").limit(1);
  if (!row) throw new AppError("not-found", "No payment was made for this order.", 404);
  if (row.status !== "succeeded") throw new AppError("refund-unpaid", "Only a paid order can be refunded.", 409);
  if (input.amount.currency !== row.currency.toUpperCase())
    throw new AppError("refund-currency", `This payment was made in ${row.currency}; refund it in ${row.currency}.`, 422, "amount");
  const left = row.amountMinor - (await refundedMinor(ctx.db, row.id));
  if (amountMinor > left)
    throw new AppError(
      "refund-too-much",
      `The refund of ${formatMoney(input.amount)} is more than the ${formatMoney(money(left, row.currency))} left to refund.`,
      422,
      "amount",
    );
  const now = ctx.clock.now();
  const [inserted] = await ctx.db
    .insert(paymentRefunds)
    .values({
      id: newId("ref"),
      paymentId: row.id,
      orderId: row.orderId,
      amountMinor,
      currency: row.currency,
      reason: input.reason.trim().slice(0, 500),
      status: "requested",
      idempotencyKey: input.key,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { refund: refundView(inserted!), created: true };
}

/** The provider's idempotency key of a refund: the same until an admin retries one it refused. */
const providerRefundKey = (r: RefundRow) => `platen:${r.id}${r.providerKeySeq ? `:${r.providerKeySeq}` : ""}`;

/** The provider could not be reached, or was busy: the durable step runs the refund again later. */
export class RefundRetryLater extends Error {
  override name = "RefundRetryLater";
}

/**
 * Asks the provider for a requested refund and records its answer: `succeeded`, or `failed` when
 * the provider refused it (or, on the last attempt, could not be reached). While another attempt
 * may work it throws `RefundRetryLater` (the step's retry with backoff), the error noted on the
 * refund. Idempotent: a refund no longer `requested` is returned as it is, and the provider sees
 * the same key on every attempt, so a repeated call never refunds twice.
 */
export async function executeRefund(
  ctx: Ctx,
  refundId: string,
  options: {
    lastAttempt?: boolean;
    /** Runs in the transaction that records the answer (succeeded or failed): what follows from it. */
    onSettled?: (tctx: Ctx, refund: RefundView) => Promise<void>;
  } = {},
): Promise<RefundView> {
  const [refund] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).limit(1);
  if (!refund) throw new AppError("not-found", "That refund was not found.", 404);
  if (refund.status !== "requested") return refundView(refund);
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, refund.paymentId)).limit(1);
  const sys = asSystem(ctx, "refund");
  const note = async (error: string, final: boolean) => {
    const set = { attempts: refund.attempts + 1, lastError: error.slice(0, 1000), lastErrorFinal: final, updatedAt: ctx.clock.now() };
    if (!final) {
      await ctx.db.update(paymentRefunds).set(set).where(eq(paymentRefunds.id, refund.id));
      return null;
    }
    return settle("failed", error.slice(0, 500), set);
  };
  const settle = (to: "succeeded" | "failed", reason: string, set: Partial<RefundRow>) =>
    transaction(ctx.db, async (tx) => {
      const tctx = { ...sys, db: tx };
      const moved = await refundStates.transition(tctx, refund.id, to, { reason, expectFrom: "requested", set });
      const view = refundView(moved.row);
      await options.onSettled?.(tctx, view);
      return view;
    });
  let outcome;
  try {
    outcome = await provider(ctx).refund({
      intentId: payment!.intentId,
      amountMinor: refund.amountMinor,
      reason: refund.reason,
      orderId: refund.orderId,
      idempotencyKey: providerRefundKey(refund),
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const failed = await note(error.message, !error.retryable || Boolean(options.lastAttempt));
    if (failed) return failed;
    throw new RefundRetryLater(error.message);
  }
  if (outcome.status === "failed" || outcome.status === "canceled")
    return (await note(`The payment provider did not make the refund (${outcome.status}).`, true))!;
  // "pending" at the provider (a payment method that refunds slowly) is money on its way back:
  // Platen's part is done, the provider finishes it.
  return settle("succeeded", outcome.status === "pending" ? "accepted by the provider (pending there)" : "refunded by the provider", {
    providerRefundId: outcome.id,
    attempts: refund.attempts + 1,
    lastError: null,
    lastErrorFinal: false,
    updatedAt: ctx.clock.now(),
  });
}

/**
 * An admin asks again for a refund that failed. When the provider refused the last call, the new
 * call carries a new key (the provider would only repeat its refusal to the old one); when it
 * could not be reached, the same key (so a refund it made without answering is not made twice).
 * In the caller's transaction; the caller requests the step again.
 */
export async function retryRefund(ctx: Ctx, refundId: string): Promise<RefundView> {
  const moved = await refundStates.transition(ctx, refundId, "requested", {
    reason: "asked again by an admin",
    set: (row) => ({ providerKeySeq: row.lastErrorFinal ? row.providerKeySeq + 1 : row.providerKeySeq, updatedAt: ctx.clock.now() }),
  });
  return refundView(moved.row);
}

/** The refunds of an order, oldest first. */
export async function listRefunds(ctx: ReadCtx, orderId: string): Promise<RefundView[]> {
  const rows = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(paymentRefunds.createdAt);
  return rows.map(refundView);
}

/** One refund. */
export async function getRefund(ctx: ReadCtx, refundId: string): Promise<RefundView | null> {
  const [row] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).limit(1);
  return row ? refundView(row) : null;
}

/** Refunds still waiting for the provider or refused by it: what an admin should look at. */
export async function openRefunds(ctx: ReadCtx, limit = 50): Promise<RefundView[]> {
  const rows = await ctx.db
    .select()
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.status, ["requested", "failed"]))
    .orderBy(desc(paymentRefunds.updatedAt))
    .limit(limit);
  return rows.map(refundView);
}
