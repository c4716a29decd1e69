// Browser-safe types of the orders module: statuses, the checkout form's schema, and the views the
// pages render. No server-only imports.
import { z } from "zod";
import type { MockupRef } from "../../contracts/imaging.ts";
import type { RefundView } from "../payments/types.ts";

/** The order statuses of the brief (the admin overview counts them). */
export const ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "in_production",
  "partially_shipped",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "on_hold",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid",
  in_production: "In production",
  partially_shipped: "Partially shipped",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
  on_hold: "On hold",
};

export const isOrderStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

/** A shipment group: the lines one warehouse makes and ships. */
export const GROUP_STATUSES = ["pending", "in_production", "shipped", "delivered", "cancelled"] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

export const GROUP_STATUS_LABELS: Record<GroupStatus, string> = {
  pending: "Waiting for production",
  in_production: "In production",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** Limits on what one order may hold (issue 8, section 7). */
export const ORDER_MAX_QUANTITY = 99;
export const ORDER_MAX_LINES = 50;
/** Carriers the fulfiller picks from when a group ships (with their public tracking pages). */
export const CARRIERS = ["USPS", "UPS", "FedEx", "DHL", "DPD", "Royal Mail", "Canada Post", "Australia Post", "Other"] as const;
export type Carrier = (typeof CARRIERS)[number];

// ---- checkout -------------------------------------------------------------------------------

/** A line the shopper wants to buy (from the server cart). */
export interface CheckoutLineInput {
  productId: string;
  variantId: string;
  quantity: number;
  /** The unit price when the shopper put it in the cart (the cart keeps it); null or absent: not known. */
  addedPriceMinor?: number | null;
}

/** Where the order goes (the identity module's address fields; `region` is an ISO 3166-2 suffix such as `CA`). */
export interface OrderAddress {
  fullName: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
}

export type LineProblemKind = "unavailable" | "repriced" | "sold_out" | "no_shipping" | "quantity" | "currency";

/** One line of a checkout quote, priced. */
export interface QuoteLine {
  variantId: string;
  productId: string;
  storeId: string;
  storeName: string;
  storeHandle: string;
  title: string;
  /** "Black / M". */
  variantLabel: string;
  image: MockupRef | null;
  quantity: number;
  unitPriceMinor: number;
  /** unitPrice × quantity, as shown (tax included when prices include tax). */
  itemsMinor: number;
  discountMinor: number;
  taxMinor: number;
  /** The warehouse it is routed to, or null when it cannot be bought. */
  groupKey: string | null;
  /** Why this line cannot be bought now (shown on the line), or null. */
  problem: { kind: LineProblemKind; message: string } | null;
  /** The unit price when it was put in the cart, when it has changed since (shown on the line), else null. */
  priceWhenAddedMinor: number | null;
}

/** A shipment group of a quote: the lines one warehouse ships together. */
export interface QuoteGroup {
  key: string;
  warehouseId: string;
  warehouseName: string;
  fulfillerId: string;
  fulfillerName: string;
  lineVariantIds: string[];
  shippingMinor: number;
  shippingTaxMinor: number;
  /** Business days in production, then delivery days after dispatch. */
  productionDays: number;
  minDays: number;
  maxDays: number;
  /** Estimated delivery window (ISO dates, yyyy-mm-dd). */
  estimate: { from: string; to: string };
}

export interface QuoteTotals {
  itemsMinor: number;
  discountMinor: number;
  shippingMinor: number;
  /** Tax included in the prices (EU style) or added on top (US style); see `pricesIncludeTax`. */
  taxMinor: number;
  totalMinor: number;
}

/** What the checkout page shows and what placing the order stores, to the cent. */
export interface CheckoutQuote {
  currency: string;
  pricesIncludeTax: boolean;
  taxRatePercent: number;
  lines: QuoteLine[];
  groups: QuoteGroup[];
  totals: QuoteTotals;
  discount: { code: string; storeName: string; ok: boolean; message: string } | null;
  /** Set when no address was given yet, or no fulfiller ships to it. */
  addressProblem: string | null;
  /** True when every line can be bought and an address is set. */
  canPlace: boolean;
}

// ---- orders ---------------------------------------------------------------------------------

export interface OrderLineView {
  id: string;
  groupId: string;
  productId: string;
  variantId: string;
  storeId: string;
  storeName: string;
  storeHandle: string;
  title: string;
  variantLabel: string;
  image: MockupRef | null;
  quantity: number;
  refundedQuantity: number;
  unitPriceMinor: number;
  itemsMinor: number;
  discountMinor: number;
  taxMinor: number;
  printFiles: { areaKey: string; storageKey: string; widthPx: number; heightPx: number; dpi: number }[];
}

export interface ShipmentGroupView {
  id: string;
  warehouseId: string;
  warehouseName: string;
  fulfillerId: string;
  fulfillerName: string;
  status: GroupStatus;
  shippingMinor: number;
  shippingTaxMinor: number;
  productionDays: number;
  minDays: number;
  maxDays: number;
  carrier: string | null;
  trackingNumber: string | null;
  /** The carrier's public tracking page, when known. */
  trackingUrl: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  /** Estimated delivery window from the order's payment (or placing) date. */
  estimate: { from: string; to: string };
  lines: OrderLineView[];
  /** A reprint at no charge (a case's remedy): the group it remakes and why; null for what was bought. */
  reprintOf: string | null;
  reprintReason: string | null;
}

export interface TimelineEntry {
  at: Date;
  /** "order" or the shipment group's id. */
  subject: "order" | "shipment";
  groupId: string | null;
  from: string;
  to: string;
  /** "You", "Platen", "Platen Print Works", "An admin"... */
  actor: string;
  reason: string;
}

export interface OrderTotals extends QuoteTotals {
  refundedMinor: number;
}

export interface OrderView {
  id: string;
  number: string;
  status: OrderStatus;
  email: string;
  userId: string | null;
  currency: string;
  pricesIncludeTax: boolean;
  taxRatePercent: number;
  discountCode: string | null;
  address: OrderAddress;
  totals: OrderTotals;
  groups: ShipmentGroupView[];
  timeline: TimelineEntry[];
  payment: { provider: string; status: string; cardBrand: string | null; cardLast4: string | null } | null;
  createdAt: Date;
  paidAt: Date | null;
  expiresAt: Date | null;
  /** The shopper may still cancel (nothing in production yet). */
  canCancel: boolean;
}

/** A row of an order list (account, admin). */
export interface OrderListRow {
  id: string;
  number: string;
  status: OrderStatus;
  email: string;
  customerName: string;
  city: string;
  country: string;
  currency: string;
  totalMinor: number;
  refundedMinor: number;
  itemCount: number;
  storeNames: string[];
  fulfillerNames: string[];
  image: MockupRef | null;
  createdAt: Date;
  paidAt: Date | null;
}

/** What `userData.orders` mirrors (spec field): id, date, status, total. */
export interface UserDataOrder {
  id: string;
  number: string;
  date: string;
  status: OrderStatus;
  totalMinor: number;
  currency: string;
}

export const ADMIN_ORDER_SORTS = ["created", "total", "status", "number"] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

/** Filters of /admin/orders/status (query string). */
export const adminOrderFilterSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  store: z.string().trim().max(64).optional().catch(undefined),
  fulfiller: z.string().trim().max(64).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  q: z.string().trim().max(254).optional().catch(undefined),
  sort: z.enum(ADMIN_ORDER_SORTS).catch("created").default("created"),
  dir: z.enum(["asc", "desc"]).catch("desc").default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(10).max(200).catch(50).default(50),
});
export type AdminOrderFilter = z.infer<typeof adminOrderFilterSchema>;

export interface StatusOverview {
  currency: string;
  counts: Record<OrderStatus, number>;
  /** Per status: the oldest order in it and how many are over due (older than the status's target). */
  ageing: Record<OrderStatus, { oldest: Date | null; overdue: number; targetHours: number | null }>;
  revenue: { days1: number; days7: number; days30: number };
  /** Last 30 days, oldest first: orders placed and paid revenue per day (yyyy-mm-dd). */
  daily: { date: string; orders: number; revenueMinor: number }[];
  total: number;
}

/** A store's view of an order (its lines only; the buyer's name and city only). */
export interface StoreOrderRow {
  orderId: string;
  number: string;
  status: OrderStatus;
  createdAt: Date;
  buyerName: string;
  buyerCity: string;
  buyerCountry: string;
  currency: string;
  lines: {
    id: string;
    title: string;
    variantLabel: string;
    quantity: number;
    refundedQuantity: number;
    itemsMinor: number;
    discountMinor: number;
    groupStatus: GroupStatus;
    /** The store's share of this line from the ledger (after refunds). */
    earningsMinor: number;
    image: MockupRef | null;
  }[];
}

/** A fulfiller's view of a shipment group routed to one of its warehouses. */
/** A line routed to a print shop, as the production and shipping modules read it (ADR 0018). */
export interface FulfillmentLine {
  lineId: string;
  orderId: string;
  orderNumber: string;
  orderStatus: OrderStatus;
  orderEmail: string;
  groupId: string;
  groupStatus: GroupStatus;
  /** Live shipment groups of the order (a packing slip says "parcel i of n"). */
  groupsInOrder: number;
  warehouseId: string;
  warehouseName: string;
  fulfillerId: string;
  blankId: string;
  blankVariantId: string;
  sku: string;
  title: string;
  color: string;
  size: string;
  storeId: string;
  storeName: string;
  storeHandle: string;
  /** Units still to make: bought less refunded. */
  quantity: number;
  printFiles: { areaKey: string; storageKey: string; widthPx: number; heightPx: number; dpi: number }[];
  image: MockupRef | null;
  paidAt: Date;
  placedAt: Date;
  /** The blank's production days, as promised at checkout. */
  productionDays: number;
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: Date | null;
  address: OrderAddress;
  /** The shipment group this line's group reprints (a case's remedy), or null. */
  reprintOf: string | null;
}

/** What a count of the floor reads of a routed line (`listFulfillmentLineFacts`). */
export type FulfillmentLineFacts = Pick<
  FulfillmentLine,
  "lineId" | "orderStatus" | "groupStatus" | "warehouseId" | "paidAt" | "productionDays"
>;

/** What a parcel shows of a routed line (`listFulfillmentLineLabels`). */
export type FulfillmentLineLabel = Pick<
  FulfillmentLine,
  "lineId" | "orderNumber" | "warehouseName" | "title" | "color" | "size" | "quantity" | "address"
>;

export interface FulfillerGroupRow {
  groupId: string;
  orderId: string;
  orderNumber: string;
  orderStatus: OrderStatus;
  status: GroupStatus;
  warehouseId: string;
  warehouseName: string;
  placedAt: Date;
  paidAt: Date | null;
  /** Ship-to: the fulfiller needs the full address to make the label. */
  address: OrderAddress;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippingMinor: number;
  /** What the fulfiller will be paid for this group (base costs + shipping), from the ledger. */
  payoutMinor: number;
  currency: string;
  /** A reprint at no charge to the shopper (a case's remedy): the group it remakes and why. */
  reprintOf: string | null;
  reprintReason: string | null;
  /** When its making started (a reprint: when it was ordered; otherwise the order's payment). */
  madeFrom: Date | null;
  /** The blank's production days the group was routed with. */
  productionDays: number;
  lines: {
    id: string;
    title: string;
    variantLabel: string;
    sku: string;
    quantity: number;
    refundedQuantity: number;
    image: MockupRef | null;
    printFiles: { areaKey: string; widthPx: number; heightPx: number; dpi: number }[];
  }[];
}

// ---- forms (one schema for the browser and the server) ----------------------------------------

const trimmed = /* @__NO_SIDE_EFFECTS__ */ (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, `Use at most ${max} characters.`);

export const contactEmailSchema = z
  .string({ error: "Enter your e-mail address." })
  .trim()
  .min(1, "Enter your e-mail address.")
  .max(254, "That e-mail address is too long.")
  .pipe(z.email("Enter a valid e-mail address, like name@example.com."));

/** The idempotency key a checkout form carries (one per checkout page load). */
export const placeKeySchema = z
  .string({ error: "Reload the checkout page and try again." })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "Reload the checkout page and try again.");

export const discountCodeSchema = /* @__PURE__ */ trimmed(40, "Enter a code.")
  .transform((v) => v.toUpperCase())
  .refine((v) => v === "" || /^[A-Z0-9_-]{2,40}$/.test(v), "Codes contain only letters, digits, '-' and '_'.");

/** A refund an admin asks for: chosen lines (with quantities), shipping of chosen groups, or an amount. */
export interface RefundRequest {
  lines?: { lineId: string; quantity: number }[];
  groupIds?: string[];
  amountMinor?: number;
  reason: string;
}

export const SHIP_FORM_MAX_TRACKING = 64;
export const shipGroupSchema = z.object({
  carrier: z.enum(CARRIERS, { error: "Choose the carrier." }),
  trackingNumber: z
    .string({ error: "Enter the tracking number." })
    .trim()
    .min(4, "Enter the tracking number.")
    .max(SHIP_FORM_MAX_TRACKING, `Use at most ${SHIP_FORM_MAX_TRACKING} characters.`)
    .regex(/^[A-Za-z0-9 -]+$/, "Use letters, digits, spaces and dashes only."),
});
export type ShipGroupInput = z.infer<typeof shipGroupSchema>;

/** The carrier's public tracking page for a tracking number, when Platen knows it. */
export function trackingUrlFor(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const n = encodeURIComponent(trackingNumber.replace(/\s+/g, ""));
  switch (carrier) {
    case "USPS":
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    case "UPS":
      return `https://www.ups.com/track?tracknum=${n}`;
    case "FedEx":
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case "DHL":
      return `https://www.dhl.com/en/express/tracking.html?AWB=${n}`;
    case "DPD":
      return `https://tracking.dpd.de/status/en_US/parcel/${n}`;
    case "Royal Mail":
      return `https://www.royalmail.com/track-your-item#/tracking-results/${n}`;
    case "Canada Post":
      return `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`;
    case "Australia Post":
      return `https://auspost.com.au/mypost/track/details/${n}`;
    default:
      return null;
  }
}

/** A journal of the ledger as the admin order page shows it (the ledger module's JournalView). */
export interface LedgerJournalView {
  id: string;
  kind: string;
  orderId: string;
  createdAt: Date;
  memo: string;
  entries: { account: string; amountMinor: number; lineId: string | null; groupId: string | null; availableAt: Date | null }[];
}

/** A party's balance from the ledger: pending until delivered, held for the hold period, then available. */
export interface PartyBalance {
  currency: string;
  pendingMinor: number;
  heldMinor: number;
  availableMinor: number;
}

/** The admin order page: the order, its journals and where the money stands now. */
export interface AdminOrderView {
  order: OrderView;
  journals: LedgerJournalView[];
  breakdown: {
    charged: number;
    /** Refunds the payment provider has made. */
    refunded: number;
    /** Refunds granted that the provider has not made yet (being made, or failed). */
    refundPending: number;
    tax: number;
    platform: number;
    stores: Record<string, number>;
    fulfillers: Record<string, number>;
  };
  /** Names for the breakdown's store and fulfiller ids. */
  partyNames: Record<string, string>;
  /** What may still be refunded (minor units). */
  refundableMinor: number;
  /** What an admin may do with the order now (`orderActions`: the transition table and its guards). */
  actions: OrderActions;
  /** The order's refunds and where each stands with the payment provider. */
  refunds: RefundView[];
}

/** Access to an order page: the buyer (signed in), an admin, or anyone holding the signed link's token. */
export interface OrderAccess {
  orderId: string;
  token?: string | null;
}

/** `userData.orders` from the account's order list. */
export function toUserDataOrders(rows: readonly OrderListRow[]): UserDataOrder[] {
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    date: r.createdAt.toISOString(),
    status: r.status,
    totalMinor: r.totalMinor,
    currency: r.currency,
  }));
}

/** Who acts on an order: its shopper (signed in, or through the link of its e-mails) or an admin. */
export type OrderRole = "shopper" | "admin";

/** What an order's page may offer: the transition table and the guards beside it, in one place. */
export interface OrderActions {
  /** Cancel: unpaid, or paid and refunded in full, while nothing has shipped. */
  cancel: boolean;
  /** Refund lines, shipping or an amount (admin). */
  refund: boolean;
  hold: boolean;
  release: boolean;
}
