// Public API of the payments module (ADR 0012): the order's payment, its provider intent, refunds
// and Stripe webhooks. Use the module only through this file (browser code: `types.ts`).
export * from "./types.ts";
export { cardInputSchema } from "./card-form.ts";
export { paymentStates, refundStates, PAYMENT_TRANSITIONS, REFUND_TRANSITIONS } from "./states.ts";
export {
  paymentProviderName,
  startPayment,
  payWithCard,
  MAX_CARD_ATTEMPTS,
  completeAuthentication,
  refreshPayment,
  receiveStripeWebhook,
  cancelPayment,
  requestRefund,
  executeRefund,
  retryRefund,
  listRefunds,
  getRefund,
  openRefunds,
  RefundRetryLater,
  getPayment,
  statusOfIntent,
  type ReadCtx,
} from "./service.ts";
