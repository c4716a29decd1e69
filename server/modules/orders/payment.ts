// Paying an order. The shopper's own action calls the provider (the card form, the 3-D Secure
// page); its outcome is then written in one transaction: the order becomes paid, the ledger posts
// the sale, the cart lets go of what was bought and the confirmation e-mail is queued. Every path
// that learns of a success (the card form, the 3-D Secure page, Stripe's return page, Stripe's
// webhook, the expiry job's and a cancellation's last look, the step that cancels a closed order's
// intent) ends in the same idempotent `markPaid`.
import { money } from "../../contracts/money.ts";
import { transaction } from "../../infra/db/index.ts";
import { publish } from "../../jobs/index.ts";
import { AppError, asSystem, type Ctx, withDb } from "../../kernel/index.ts";
import { postLatePayment, postOrderPaid } from "../ledger/index.ts";
import {
  completeAuthentication,
  getPayment,
  payWithCard,
  receiveStripeWebhook as receivePaymentWebhook,
  refreshPayment,
  startPayment,
  type CardInput,
  type PaymentView,
} from "../payments/index.ts";
import { removeOrderedItems } from "../shopping/index.ts";
import { redeemDiscountCode } from "../stores/index.ts";
import { logger } from "../../infra/logger/index.ts";
import { orderNotFound, orderToken, viewerOf } from "./access.ts";
import { sendOrderSuccess } from "./emails.ts";
import { loadOrder, loadOrderRow, orderMoney, orderView } from "./load.ts";
import { grantRefund, refundNow } from "./refunds.ts";
import { orderMachine } from "./states.ts";
import type { OrderAccess, OrderView } from "./types.ts";

export interface PaymentPageView {
  order: OrderView;
  provider: "test" | "stripe";
  status: string;
  clientSecret: string | null;
  publishableKey: string | null;
  failureMessage: string | null;
  token: string;
}

export type PayOutcome = { outcome: "paid" | "requires_action" | "failed"; message: string | null };

const EXPIRED_MESSAGE =
  "This order expired before it was paid, and its items went back on sale. Your cart still has them: check out again.";
const CANCELLED_MESSAGE = "This order was cancelled. Your cart still has its items: check out again.";

async function accessibleOrder(ctx: Ctx, access: OrderAccess) {
  const o = await loadOrder(ctx.db, access.orderId);
  if (!o) throw orderNotFound();
  const viewer = viewerOf(ctx, o.order, access.token);
  return { o, viewer };
}

/** The order's own row (no groups or lines) once its access is checked: for paying, which needs only its status and total. */
async function accessibleOrderRow(ctx: Ctx, access: OrderAccess) {
  const order = await loadOrderRow(ctx.db, access.orderId);
  if (!order) throw orderNotFound();
  viewerOf(ctx, order, access.token);
  return order;
}

/** The /payment page: the order and its payment (started on first view). */
export async function getPaymentPage(ctx: Ctx, access: OrderAccess): Promise<PaymentPageView> {
  const { o, viewer } = await accessibleOrder(ctx, access);
  let payment: PaymentView | null = await getPayment(ctx, o.order.id);
  if (o.order.status === "pending_payment" && (!payment || payment.status !== "succeeded"))
    payment = await startPayment(asSystem(ctx, "checkout"), {
      orderId: o.order.id,
      amountMinor: o.order.totalMinor,
      currency: o.order.currency,
      email: o.order.email,
    });
  const fresh = (await loadOrder(ctx.db, o.order.id)) ?? o;
  return {
    order: await orderView(ctx, fresh, viewer),
    provider: payment?.provider ?? "test",
    status: payment?.status ?? "requires_payment_method",
    clientSecret: payment?.clientSecret ?? null,
    publishableKey: payment?.publishableKey ?? null,
    failureMessage: payment?.failureMessage ?? null,
    token: orderToken(o.order.id, ctx.clock.now()),
  };
}

function outcomeOf(p: PaymentView): PayOutcome {
  if (p.status === "succeeded") return { outcome: "paid", message: null };
  if (p.status === "requires_action") return { outcome: "requires_action", message: null };
  return { outcome: "failed", message: p.failureMessage ?? "The payment didn't go through. Try again or use another card." };
}

function refuseUnpayable(status: string): PayOutcome | null {
  if (status === "pending_payment") return null;
  if (status === "cancelled") return { outcome: "failed", message: EXPIRED_MESSAGE };
  return { outcome: "paid", message: null };
}

/** Pay with the built-in test processor's card form. */
export async function payOrderWithCard(ctx: Ctx, input: OrderAccess & { card: CardInput; attemptKey: string }): Promise<PayOutcome> {
  const order = await accessibleOrderRow(ctx, input);
  const early = refuseUnpayable(order.status);
  if (early) return early;
  const sys = asSystem(ctx, "checkout");
  await startPayment(sys, { orderId: order.id, amountMinor: order.totalMinor, currency: order.currency, email: order.email });
  const payment = await payWithCard(sys, { orderId: order.id, card: input.card, attemptKey: input.attemptKey });
  return settle(ctx, order.id, payment);
}

/** The simulated 3-D Secure page's answer. */
export async function completeOrderAuthentication(ctx: Ctx, input: OrderAccess & { approve: boolean }): Promise<PayOutcome> {
  const order = await accessibleOrderRow(ctx, input);
  const early = refuseUnpayable(order.status);
  if (early) return early;
  const payment = await completeAuthentication(asSystem(ctx, "checkout"), { orderId: order.id, approve: input.approve });
  return settle(ctx, order.id, payment);
}

/** Stripe's return page: retrieve the PaymentIntent; paid if it succeeded. */
export async function confirmOrderPayment(ctx: Ctx, access: OrderAccess): Promise<PayOutcome> {
  const order = await accessibleOrderRow(ctx, access);
  const early = refuseUnpayable(order.status);
  if (early) return early;
  const payment = await refreshPayment(asSystem(ctx, "checkout"), order.id);
  return settle(ctx, order.id, payment);
}

/** Stripe's webhook: verified, each event once; a success marks the order paid. */
export async function receiveStripeWebhook(ctx: Ctx, rawBody: string, signature: string | null): Promise<{ handled: boolean }> {
  const sys = asSystem(ctx, "stripe webhook");
  const event = await receivePaymentWebhook(sys, rawBody, signature);
  if (event.duplicate || !event.orderId) return { handled: !event.duplicate };
  if (event.status === "succeeded") {
    const payment = await getPayment(sys, event.orderId);
    if (payment) await settle(sys, event.orderId, payment);
  }
  return { handled: true };
}

/** Write what the provider said: a success marks the order paid (once), anything else leaves it pending. */
async function settle(ctx: Ctx, orderId: string, payment: PaymentView): Promise<PayOutcome> {
  if (payment.status !== "succeeded") return outcomeOf(payment);
  const result = await markPaid(ctx, orderId, payment);
  if (result === "late") return { outcome: "failed", message: EXPIRED_MESSAGE };
  return { outcome: "paid", message: null };
}

/**
 * The order is paid: one transaction moves it to `paid`, posts the ledger's sale journal, takes
 * the bought items out of the cart and queues `order-success`. A second call is a no-op. A payment
 * that succeeds after the order expired or was cancelled ("late") is refunded in full: the same
 * transaction journals the money that came in as owed back and grants the refund, which the
 * provider makes after the commit (a durable step).
 */
export async function markPaid(
  ctx: Ctx,
  orderId: string,
  payment: Pick<PaymentView, "cardBrand" | "cardLast4">,
): Promise<"paid" | "already" | "late"> {
  const outcome = await transaction(ctx.db, async (tx) => {
    const tctx = withDb(asSystem(ctx, "payment"), tx);
    const row = await loadOrderRow(tx, orderId, true);
    if (!row) throw orderNotFound();
    // Closed before it was ever paid: this payment is late. (A paid order cancelled since was
    // refunded by its cancellation; a repeated success about it changes nothing.)
    if (row.status === "cancelled" && !row.paidAt) {
      const paid = await getPayment(tctx, orderId);
      const owed = (paid?.amountMinor ?? row.totalMinor) - (paid?.refundedMinor ?? 0);
      if (owed <= 0) return { result: "late" as const, refund: null };
      const owedBack = money(owed, paid?.currency ?? row.currency);
      await postLatePayment(tctx, { orderId, amount: owedBack });
      const { refund, created } = await grantRefund(tctx, {
        orderId,
        amount: owedBack,
        reason: "The order was closed before the payment arrived.",
        key: `late:${orderId}`,
        notice: "late-payment",
      });
      return { result: "late" as const, refund: created ? refund : null };
    }
    if (row.status !== "pending_payment") return { result: "already" as const, refund: null };
    const now = ctx.clock.now();
    await orderMachine.transition(withDb(ctx, tx), orderId, "paid", {
      reason: "Payment received",
      expectFrom: "pending_payment",
      set: { paidAt: now, expiresAt: null, updatedAt: now },
    });
    const o = (await loadOrder(tx, orderId))!;
    await postOrderPaid(tctx, orderMoney(o));
    // The discount code's use counts now that the order is paid. One used up by payments at the
    // same moment still honours the price the shopper was shown and paid.
    if (o.order.discountPerkId && !(await redeemDiscountCode(tctx, { perkId: o.order.discountPerkId, orderId, userId: o.order.userId })))
      logger().warn(
        { orderId, perkId: o.order.discountPerkId },
        "a discount code was used beyond its limit by payments at the same moment",
      );
    await removeOrderedItems(tctx, {
      userId: o.order.userId,
      visitorCartId: o.order.visitorCartId,
      items: o.lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
    });
    await sendOrderSuccess(tx, o, payment, now);
    await publish(tx, "order.paid", { orderId, totalMinor: o.order.totalMinor, currency: o.order.currency }, { actor: ctx.actor, at: now });
    return { result: "paid" as const, refund: null };
  });
  if (outcome.refund) await refundNow(ctx.db, outcome.refund.id);
  return outcome.result;
}

/**
 * How the order's payment stands at the provider, settled: an order the provider charged is marked
 * paid (every provider gets this, not only the one with webhooks: a crash between the charge and
 * its record, a webhook still on its way). "unknown" when the provider could not be reached.
 */
export async function reconcilePayment(ctx: Ctx, orderId: string): Promise<"paid" | "late" | "processing" | "unpaid" | "unknown"> {
  let payment = await getPayment(ctx, orderId);
  if (!payment) return "unpaid";
  if (payment.status !== "succeeded" && payment.status !== "canceled") {
    try {
      payment = await refreshPayment(asSystem(ctx, "payment check"), orderId);
    } catch (error) {
      if (error instanceof AppError && error.status === 503) return "unknown";
      throw error;
    }
  }
  if (payment.status === "succeeded") {
    const r = await markPaid(ctx, orderId, payment);
    return r === "late" ? "late" : "paid";
  }
  return payment.status === "processing" ? "processing" : "unpaid";
}

/** The closed order's intent turned out paid (the step that cancels it found so): refund it in full. */
export async function paidAfterClose(ctx: Ctx, orderId: string): Promise<void> {
  const payment = await getPayment(ctx, orderId);
  if (payment?.status === "succeeded") await markPaid(ctx, orderId, payment);
}

export { CANCELLED_MESSAGE, EXPIRED_MESSAGE };

/** Guard for flows that require an unpaid, still-open order. */
export function assertPending(status: string): void {
  if (status === "cancelled") throw new AppError("order-cancelled", CANCELLED_MESSAGE, 409);
}
