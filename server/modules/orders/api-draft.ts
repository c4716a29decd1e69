// DRAFT SIGNATURES (being implemented): the orders module's public API. Page code compiles against
// these; each body is replaced by its implementation before this lands.
import type { Ctx } from "../../kernel/index.ts";
import type { CardInput } from "./draft-deps.ts";
import type {
  AdminOrderFilter,
  AdminOrderView,
  CheckoutLineInput,
  CheckoutQuote,
  FulfillerGroupRow,
  GroupStatus,
  OrderAccess,
  OrderAddress,
  OrderListRow,
  OrderView,
  PartyBalance,
  RefundRequest,
  StatusOverview,
  StoreOrderRow,
} from "./types.ts";

const todo = (): never => {
  throw new Error("not implemented yet");
};

// ---- checkout ----
export interface CheckoutRequest {
  lines: CheckoutLineInput[];
  address: OrderAddress | null;
  discountCode?: string | null;
}
/** Price the cart for an address: groups, shipping, discount, tax, total, and a message on every line that cannot be bought. */
export async function quoteCheckout(_ctx: Ctx, _req: CheckoutRequest): Promise<CheckoutQuote> {
  return todo();
}
export interface PlaceOrderInput extends CheckoutRequest {
  /** The checkout form's idempotency key: the same key always gives the same order. */
  placeKey: string;
  email: string;
  /** The total the shopper saw; a different total now refuses with the fresh quote. */
  seenTotalMinor: number;
  /** The visitor's cart (cookie), so paying empties it; a signed-in shopper's cart is found by the actor. */
  visitorCartId?: string | null;
}
export type PlaceOrderResult = { ok: true; orderId: string; token: string } | { ok: false; quote: CheckoutQuote; message: string };
/** Place an order (pending_payment, stock reserved, code redeemed), idempotent on placeKey. Refusals come back with the fresh quote. */
export async function placeOrder(_ctx: Ctx, _input: PlaceOrderInput): Promise<PlaceOrderResult> {
  return todo();
}

// ---- payment ----
export interface PaymentPageView {
  order: OrderView;
  provider: "test" | "stripe";
  status: string;
  clientSecret: string | null;
  publishableKey: string | null;
  failureMessage: string | null;
  /** The signed token for this order's pages (guests carry it in the URL). */
  token: string;
}
/** The /payment page: the order and its payment (started on first view). 404 without access; a paid order still answers (the page redirects). */
export async function getPaymentPage(_ctx: Ctx, _access: OrderAccess): Promise<PaymentPageView> {
  return todo();
}
export type PayOutcome = { outcome: "paid" | "requires_action" | "failed"; message: string | null };
/** Pay with the built-in test processor's card form. attemptKey (hidden field) makes a double click one charge. */
export async function payOrderWithCard(_ctx: Ctx, _input: OrderAccess & { card: CardInput; attemptKey: string }): Promise<PayOutcome> {
  return todo();
}
/** The simulated 3-D Secure page's answer. */
export async function completeOrderAuthentication(_ctx: Ctx, _input: OrderAccess & { approve: boolean }): Promise<PayOutcome> {
  return todo();
}
/** Stripe's return page: retrieve the PaymentIntent and mark the order paid if it succeeded. */
export async function confirmOrderPayment(_ctx: Ctx, _access: OrderAccess): Promise<PayOutcome> {
  return todo();
}
/** POST /api/payments/stripe/webhook: verified, each event once. */
export async function receiveStripeWebhook(_ctx: Ctx, _rawBody: string, _signature: string | null): Promise<{ handled: boolean }> {
  return todo();
}

// ---- the order's life ----
/** The shopper (or an admin) cancels before production: full refund, stock and code released. */
export async function cancelOrder(_ctx: Ctx, _input: OrderAccess & { reason?: string }): Promise<OrderView> {
  return todo();
}
/** Admin: refund chosen lines, shipping of chosen groups, or an amount, through the payment provider. */
export async function refundOrder(_ctx: Ctx, _input: { orderId: string; request: RefundRequest }): Promise<OrderView> {
  return todo();
}
/** Admin: put an order on hold (a case is open) or release it. */
export async function holdOrder(_ctx: Ctx, _input: { orderId: string; reason: string }): Promise<OrderView> {
  return todo();
}
export async function releaseOrder(_ctx: Ctx, _input: { orderId: string; reason?: string }): Promise<OrderView> {
  return todo();
}
/** Fulfiller (owner of the routed warehouse's fulfiller) or admin. */
export async function startGroupProduction(_ctx: Ctx, _groupId: string): Promise<void> {
  return todo();
}
export async function shipGroup(_ctx: Ctx, _input: { groupId: string; carrier: string; trackingNumber: string }): Promise<void> {
  return todo();
}
export async function deliverGroup(_ctx: Ctx, _groupId: string): Promise<void> {
  return todo();
}
/** A signed-in shopper takes over a guest order placed with their e-mail address (token from the confirmation page or e-mail). */
export async function claimOrder(_ctx: Ctx, _access: OrderAccess): Promise<void> {
  return todo();
}

// ---- reading ----
/** The order page: buyer, admin, or a valid token; anyone else gets a 404 AppError. */
export async function getOrder(_ctx: Ctx, _access: OrderAccess): Promise<OrderView> {
  return todo();
}
/** The signed-in shopper's orders, newest first. */
export async function listMyOrders(_ctx: Ctx): Promise<OrderListRow[]> {
  return todo();
}
export async function listOrdersAdmin(_ctx: Ctx, _filter: AdminOrderFilter): Promise<{ rows: OrderListRow[]; total: number }> {
  return todo();
}
/** CSV of every order matching the filter (no paging), with a header row. */
export async function exportOrdersCsv(_ctx: Ctx, _filter: AdminOrderFilter): Promise<string> {
  return todo();
}
export async function orderStatusOverview(_ctx: Ctx): Promise<StatusOverview> {
  return todo();
}
export async function getAdminOrder(_ctx: Ctx, _orderId: string): Promise<AdminOrderView> {
  return todo();
}
/** A store's orders (its lines only) for its managers, with the store's balance. */
export async function listStoreOrders(
  _ctx: Ctx,
  _input: { storeId: string; page?: number; pageSize?: number },
): Promise<{ rows: StoreOrderRow[]; total: number; balance: PartyBalance }> {
  return todo();
}
/** The groups routed to a fulfiller's warehouses, for its owner (or an admin), with its balance. */
export async function listFulfillerGroups(
  _ctx: Ctx,
  _input: { fulfillerId: string; status?: GroupStatus | "open" | "all" },
): Promise<{ rows: FulfillerGroupRow[]; balance: PartyBalance }> {
  return todo();
}
/** A line's print file, for the fulfiller of its group (or an admin). */
export async function printFileForLine(
  _ctx: Ctx,
  _input: { groupId: string; lineId: string; areaKey: string },
): Promise<{ body: Buffer; contentType: string; filename: string }> {
  return todo();
}
/** Params of an order e-mail built from a real order (the latest that fits), for the /admin/brevo previews; null when there is none. */
export async function orderTemplatePreview(
  _ctx: Ctx,
  _template: "order-success" | "order-shipment-created" | "order-shipment-delivered",
): Promise<{ orderNumber: string; params: Record<string, unknown> } | null> {
  return todo();
}
