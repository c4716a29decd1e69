// A payment's lifecycle, one transition table: each move is checked, written and recorded.
// `succeeded` is final (refunds are records of their own); a failed attempt may be retried.
import { defineStateMachine } from "../../kernel/index.ts";
import { paymentRefunds, payments } from "./schema.ts";
import type { PaymentStatus, RefundStatus } from "./types.ts";

export const PAYMENT_TRANSITIONS = {
  requires_payment_method: ["requires_action", "processing", "succeeded", "failed", "canceled"],
  requires_action: ["succeeded", "processing", "failed", "requires_payment_method", "canceled"],
  processing: ["succeeded", "failed", "requires_payment_method", "canceled"],
  failed: ["requires_payment_method", "requires_action", "processing", "succeeded", "canceled"],
  succeeded: [],
  // A new intent for the same order (e.g. its amount changed) starts the payment again.
  canceled: ["requires_payment_method"],
} as const satisfies { readonly [K in PaymentStatus]: readonly PaymentStatus[] };

export const paymentStates = defineStateMachine<PaymentStatus, typeof payments>({
  entity: "payment",
  transitions: PAYMENT_TRANSITIONS,
  table: payments,
  id: payments.id,
  state: payments.status,
});

/** A refund's life: asked of the provider after its record commits; a failed one may be asked again. */
export const REFUND_TRANSITIONS = {
  requested: ["succeeded", "failed"],
  failed: ["requested"],
  succeeded: [],
} as const satisfies { readonly [K in RefundStatus]: readonly RefundStatus[] };

export const refundStates = defineStateMachine<RefundStatus, typeof paymentRefunds>({
  entity: "refund",
  transitions: REFUND_TRANSITIONS,
  table: paymentRefunds,
  id: paymentRefunds.id,
  state: paymentRefunds.status,
});
