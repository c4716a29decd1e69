// The ledger's input and views. Browser-safe (no server-only imports).

/** A line of a paid order, exactly as the order stored it. */
export interface OrderMoneyLine {
  lineId: string;
  storeId: string;
  fulfillerId: string;
  groupId: string;
  quantity: number;
  unitPriceMinor: number;
  unitBaseCostMinor: number;
  /** unitPrice × quantity, as shown (tax included when prices include tax). */
  itemsMinor: number;
  /** The line's discount, on the same basis as itemsMinor. */
  discountMinor: number;
  /** Tax on the line after its discount (inside the price when prices include tax, on top otherwise). */
  taxMinor: number;
}

export interface OrderMoneyGroup {
  groupId: string;
  fulfillerId: string;
  /** Shipping as shown (tax included when prices include tax). */
  shippingMinor: number;
  shippingTaxMinor: number;
}

export interface OrderMoney {
  orderId: string;
  currency: string;
  pricesIncludeTax: boolean;
  /** The destination's rate the order was taxed at (the platform fee is taken on the margin before tax). */
  taxRatePercent: number;
  platformFeePercent: number;
  lines: OrderMoneyLine[];
  groups: OrderMoneyGroup[];
  /** What the shopper paid. */
  totalMinor: number;
}

export interface LineShares {
  lineId: string;
  storeId: string;
  fulfillerId: string;
  groupId: string;
  /** Items after discount, without tax. */
  netMinor: number;
  baseCostMinor: number;
  platformFeeMinor: number;
  storeMinor: number;
  taxMinor: number;
  discountMinor: number;
}

export interface GroupShares {
  groupId: string;
  fulfillerId: string;
  shippingNetMinor: number;
  shippingTaxMinor: number;
}

export interface OrderShares {
  lines: LineShares[];
  groups: GroupShares[];
  totalMinor: number;
  taxMinor: number;
  platformMinor: number;
  byStore: Record<string, number>;
  byFulfiller: Record<string, number>;
}

export type JournalKind =
  | "order_paid"
  | "order_refunded"
  | "order_cancelled"
  | "group_delivered"
  /** The provider made a refund: the money owed back leaves payments clearing. */
  | "refund_paid_out"
  /** A payment that arrived after its order was closed: owed back to the shopper at once. */
  | "late_payment"
  /** A case resolved by a reprint: the print shop earns the remade items, paid by the party at fault. */
  | "reprint";

/**
 * Who bears a refund or a reprint that a case found to be someone's fault (issue 23): the print
 * shop (a misprint, damage in production or packing) or the platform (carrier loss, platform
 * error). `fault` names it in the journal's memo.
 */
export type FaultCharge = { party: "fulfiller"; fulfillerId: string; fault: string } | { party: "platform"; fault: string };

export interface JournalEntryView {
  account: string;
  amountMinor: number;
  lineId: string | null;
  groupId: string | null;
  availableAt: Date | null;
}

export interface JournalView {
  id: string;
  kind: JournalKind;
  orderId: string;
  createdAt: Date;
  memo: string;
  entries: JournalEntryView[];
}

export interface Balance {
  currency: string;
  /** Earned on orders not delivered yet. */
  pendingMinor: number;
  /** Delivered, inside the hold period. */
  heldMinor: number;
  /** Delivered and past the hold period: ready to be paid out. */
  availableMinor: number;
}

export interface OrderBreakdown {
  charged: number;
  /** Refunds the payment provider has made. */
  refunded: number;
  /** Refunds granted (the shares reversed) that the provider has not made yet. */
  refundPending: number;
  tax: number;
  platform: number;
  stores: Record<string, number>;
  fulfillers: Record<string, number>;
}

/** The ledger's accounts. */
export const ACCOUNTS = {
  paymentsClearing: "payments_clearing",
  platformRevenue: "platform_revenue",
  taxPayable: "tax_payable",
  /** Owed back to shoppers: credited when a refund is granted, debited when the provider makes it. */
  refunds: "refunds",
  storePending: (id: string) => `store_pending:${id}`,
  storePayable: (id: string) => `store_payable:${id}`,
  fulfillerPending: (id: string) => `fulfiller_pending:${id}`,
  fulfillerPayable: (id: string) => `fulfiller_payable:${id}`,
} as const;

export const ACCOUNT_LABELS: Record<string, string> = {
  payments_clearing: "Payments clearing",
  platform_revenue: "Platform revenue",
  tax_payable: "Tax payable",
  refunds: "Refunds owed to shoppers",
  store_pending: "Store earnings (pending)",
  store_payable: "Store earnings (payable)",
  fulfiller_pending: "Fulfiller (pending)",
  fulfiller_payable: "Fulfiller (payable)",
};

/** "Store earnings (pending)" for `store_pending:sto_...`. */
export function accountLabel(account: string): string {
  const [kind] = account.split(":");
  return ACCOUNT_LABELS[kind!] ?? account;
}
