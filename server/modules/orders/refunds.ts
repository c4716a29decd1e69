// Money leaving an order, as durable steps (ADR 0017): a refund is granted inside the transaction
// that changes the order (its lines, its status, the ledger's reversal, the stock it frees), and
// the payment provider is asked after that transaction commits, under the refund's own key. The
// step's outcome is recorded in one transaction with what follows from it: the ledger's payout
// journal and the shopper's e-mail when the provider made the refund, an event for the admins when
// it refused. Unpaid orders that close (expired, cancelled) get their provider intent cancelled the
// same way; an intent found paid by then is refunded in full.
import { PaymentProviderError } from "../../contracts/ports.ts";
import { formatAmount, money, type Money } from "../../contracts/money.ts";
import type { Db } from "../../infra/db/index.ts";
import { PermanentJobError, publish, requestStep, runStepNow, type StepRun } from "../../jobs/index.ts";
import { asSystem, systemCtx, type Ctx } from "../../kernel/index.ts";
import { postRefundPaidOut } from "../ledger/index.ts";
import { cancelPayment, executeRefund, getPayment, requestRefund, type RefundView } from "../payments/index.ts";
import { sendEmail } from "../notifications/index.ts";
import { orderUrl } from "./emails.ts";
import { loadOrderRow } from "./load.ts";

export const REFUND_STEP = "order.refund";
export const CANCEL_INTENT_STEP = "order.cancel-intent";

/** What the shopper is told when the provider has made a refund. */
export type RefundNotice = "none" | "refund" | "late-payment";

/**
 * Grants a refund in the caller's transaction (`ctx.db` is it) and requests the provider's part
 * as a step. Returns the refund and whether it is new (the same key is the same refund).
 */
export async function grantRefund(
  ctx: Ctx,
  input: { orderId: string; amount: Money; reason: string; key: string; notice: RefundNotice },
): Promise<{ refund: RefundView; created: boolean }> {
  const out = await requestRefund(asSystem(ctx, "refund"), input);
  if (out.created)
    await requestStep(ctx.db, REFUND_STEP, out.refund.id, { refundId: out.refund.id, orderId: input.orderId, notice: input.notice });
  return out;
}

/** An admin asks again for a refund that failed: a new step (the first one is over). Returns its key. */
export async function requestRefundStepAgain(db: Db, refundId: string, orderId: string, at: Date): Promise<string> {
  const key = `${refundId}:retry:${at.getTime()}`;
  await requestStep(db, REFUND_STEP, key, { refundId, orderId, notice: "refund" });
  return key;
}

/** After the commit: the provider's part now (the worker retries it with backoff if this fails). */
export async function refundNow(db: Db, stepKey: string): Promise<void> {
  await runStepNow(db, REFUND_STEP, stepKey);
}

/** The refund step: ask the provider, then record its answer with what follows from it. */
export async function refundStep(db: Db, run: StepRun<{ refundId: string; orderId: string; notice: RefundNotice }>): Promise<void> {
  const ctx = systemCtx(db, "refund");
  // A provider that could not be reached throws RefundRetryLater (noted on the refund): the step
  // runs again with backoff.
  await executeRefund(ctx, run.payload.refundId, {
    lastAttempt: run.lastAttempt,
    onSettled: async (tctx, refund) => {
      if (refund.status === "succeeded") {
        await postRefundPaidOut(tctx, { orderId: refund.orderId, refundId: refund.id, amount: money(refund.amountMinor, refund.currency) });
        await tellShopper(tctx, refund, run.payload.notice);
        await publish(
          tctx.db,
          "order.refund_succeeded",
          { orderId: refund.orderId, refundId: refund.id, amountMinor: refund.amountMinor, currency: refund.currency },
          { actor: tctx.actor, at: tctx.clock.now() },
        );
      } else
        await publish(
          tctx.db,
          "order.refund_failed",
          {
            orderId: refund.orderId,
            refundId: refund.id,
            amountMinor: refund.amountMinor,
            currency: refund.currency,
            error: refund.lastError ?? "refused",
          },
          { actor: tctx.actor, at: tctx.clock.now() },
        );
    },
  });
}

async function tellShopper(ctx: Ctx, refund: RefundView, notice: RefundNotice): Promise<void> {
  if (notice === "none") return;
  const order = await loadOrderRow(ctx.db, refund.orderId);
  if (!order) return;
  const amount = formatAmount(refund.amountMinor, refund.currency);
  const payment = await getPayment(ctx, order.id);
  const card =
    payment?.cardBrand && payment.cardLast4
      ? `your ${payment.cardBrand.charAt(0).toUpperCase()}${payment.cardBrand.slice(1)} ending in ${payment.cardLast4}`
      : "the card you paid with";
  const late = notice === "late-payment";
  await sendEmail(ctx.db, {
    to: order.email,
    toName: order.address.fullName,
    template: "notice",
    params: {
      name: order.address.fullName,
      subject: late ? `Your payment for order ${order.number} was refunded` : `Refund of ${amount} for order ${order.number}`,
      heading: late ? `We refunded your payment for order ${order.number}` : `We refunded ${amount}`,
      paragraphs: [
        late
          ? `Your payment of ${amount} arrived after order ${order.number} had been closed, so nothing was made or sent. We have refunded all of it to ${card}.`
          : `We have refunded ${amount} of order ${order.number} to ${card}.${refund.reason ? ` Reason: ${refund.reason}` : ""}`,
        "Banks usually show a refund within 5 to 10 business days.",
      ],
      actionLabel: "View your order",
      actionUrl: orderUrl(order, ctx.clock.now()),
      reason: `You placed order ${order.number} on Platen.`,
    },
  });
}

/** Requests the cancellation of a closed order's provider intent, in the transaction that closed it. */
export async function requestIntentCancel(db: Db, orderId: string): Promise<void> {
  await requestStep(db, CANCEL_INTENT_STEP, orderId, { orderId });
}

export async function intentCancelNow(db: Db, orderId: string): Promise<void> {
  await runStepNow(db, CANCEL_INTENT_STEP, orderId);
}

/**
 * The closed order's intent is cancelled at the provider. An intent the shopper paid meanwhile
 * (or that the provider had charged without Platen knowing: a crash between the charge and its
 * record) is not lost: `onPaidAfterClose` marks the payment, which refunds it in full.
 */
export function cancelIntentStep(onPaidAfterClose: (ctx: Ctx, orderId: string) => Promise<void>) {
  return async (db: Db, run: StepRun<{ orderId: string }>): Promise<void> => {
    const ctx = systemCtx(db, "order closed");
    let status;
    try {
      status = await cancelPayment(ctx, run.payload.orderId);
    } catch (error) {
      if (error instanceof PaymentProviderError && !error.retryable) throw new PermanentJobError(error.message);
      throw error;
    }
    if (status === "succeeded") await onPaidAfterClose(ctx, run.payload.orderId);
  };
}
