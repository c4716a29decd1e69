// Public API of the payments module (ADR 0012): the order's payment, its provider intent, refunds
// and Stripe webhooks. Use the module only through this file (browser code: `types.ts`).
export * from "./types.ts";
export { cardInputSchema } from "./card-form.ts";
export { paymentStates } from "./states.ts";
export {
  paymentProviderName,
  startPayment,
  payWithCard,
  completeAuthentication,
  refreshPayment,
  receiveStripeWebhook,
  cancelPayment,
  refundPayment,
  getPayment,
  statusOfIntent,
  type ReadCtx,
} from "./service.ts";
