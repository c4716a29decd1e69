// Public API of the orders module: checkout, payment, the order's life and its views (ADR 0012).
// Use the module only through this file (browser code: `types.ts`).
export * from "./types.ts";
export {
  quoteCheckout,
  placeOrder,
  parseOrderAddress,
  ORDER_EXPIRE_TOPIC,
  type CheckoutRequest,
  type PlaceOrderInput,
  type PlaceOrderResult,
} from "./checkout.ts";
export {
  getPaymentPage,
  payOrderWithCard,
  completeOrderAuthentication,
  confirmOrderPayment,
  receiveStripeWebhook,
  type PaymentPageView,
  type PayOutcome,
} from "./payment.ts";
export {
  cancelOrder,
  refundOrder,
  holdOrder,
  releaseOrder,
  startGroupProduction,
  shipGroup,
  deliverGroup,
  claimOrder,
  expireOrder,
  orderExpireHandler,
} from "./life.ts";
export {
  getOrder,
  listMyOrders,
  listOrdersAdmin,
  exportOrdersCsv,
  orderStatusOverview,
  getAdminOrder,
  listStoreOrders,
  listFulfillerGroups,
  printFileForLine,
  orderTemplatePreview,
  STATUS_TARGET_HOURS,
} from "./queries.ts";
export { orderToken, verifyOrderToken, ORDER_LINK_DAYS } from "./access.ts";
export { priceCheckout, allocate, type PricingInput, type PricedCheckout } from "./pricing.ts";
export { orderMachine, groupMachine, ORDER_TRANSITIONS, GROUP_TRANSITIONS, statusFromGroups } from "./states.ts";
