// A payment's lifecycle, one transition table: each move is checked, written and recorded.
// `succeeded` is final (refunds are records of their own); a failed attempt may be retried.
import { defineStateMachine } from "../../kernel/index.ts";
import { payments } from "./schema.ts";
import type { PaymentStatus } from "./types.ts";

export const paymentStates = defineStateMachine<PaymentStatus, typeof payments>({
  entity: "payment",
  transitions: {
    requires_payment_method: ["requires_action", "processing", "succeeded", "failed", "canceled"],
    requires_action: ["succeeded", "processing", "failed", "requires_payment_method", "canceled"],
    processing: ["succeeded", "failed", "requires_payment_method", "canceled"],
    failed: ["requires_payment_method", "requires_action", "processing", "succeeded", "canceled"],
    succeeded: [],
    // A new intent for the same order (e.g. its amount changed) starts the payment again.
    canceled: ["requires_payment_method"],
  },
  table: payments,
  id: payments.id,
  state: payments.status,
});
