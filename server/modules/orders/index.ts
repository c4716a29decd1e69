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
  refundOrderInTransaction,
  refundAfterCommit,
  type RefundOrderInput,
  holdOrder,
  releaseOrder,
  startGroupProduction,
  shipGroup,
  shipGroupWithLabel,
  unshipGroup,
  deliverGroup,
  claimOrder,
  expireOrder,
  retryOrderRefund,
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
  countFulfillerGroups,
  printFileForLine,
  orderTemplatePreview,
  STATUS_TARGET_HOURS,
} from "./queries.ts";
export { orderToken, verifyOrderToken, orderViewer, ORDER_LINK_DAYS } from "./access.ts";
export { createReprint, type ReprintInput } from "./reprints.ts";
export { fulfillerPerformance, PERFORMANCE_MIN_SHIPMENTS, type FulfillerPerformance } from "./performance.ts";
export { listFulfillmentLineFacts, listFulfillmentLineLabels, listFulfillmentLines } from "./fulfillment-lines.ts";
export { fulfillerShippedLinesSql, orderLineProductsSql, storeSalesDaily, storeProductSales } from "./analytics.ts";
export { registerOrderSteps } from "./steps.ts";
export { tellPrintShopsCancelled, orderUrl, problemUrl } from "./emails.ts";
export { REFUND_STEP, CANCEL_INTENT_STEP } from "./refunds.ts";
export { priceCheckout, type PricingInput, type PricedCheckout } from "./pricing.ts";
export { orderMachine, groupMachine, ORDER_TRANSITIONS, GROUP_TRANSITIONS, statusFromGroups, orderActions } from "./states.ts";
