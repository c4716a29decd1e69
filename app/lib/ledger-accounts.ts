// How the admin order page names ledger accounts and journals. Browser-safe.

export interface JournalRow {
  id: string;
  kind: string;
  when: string;
  memo: string;
  entries: { account: string; debitMinor: number; creditMinor: number; note: string | null }[];
}

const ACCOUNT_LABELS: Record<string, string> = {
  payments_clearing: "Payments clearing",
  platform_revenue: "Platform revenue",
  tax_payable: "Tax payable",
  refunds: "Refunds owed to shoppers",
  store_pending: "Store, pending",
  store_payable: "Store, payable",
  fulfiller_pending: "Fulfiller, pending",
  fulfiller_payable: "Fulfiller, payable",
};

/** "store_pending:str_…" → "Store, pending: Inkwell" (names from the admin order view). */
export function accountLabel(account: string, names: Record<string, string>): string {
  const [base = account, id] = account.split(":", 2);
  const label = ACCOUNT_LABELS[base] ?? base.replace(/_/g, " ");
  return id ? `${label}: ${names[id] ?? id}` : label;
}

const KIND_LABELS: Record<string, string> = {
  paid: "Sale",
  sale: "Sale",
  order_paid: "Sale",
  cancelled: "Cancellation",
  cancel: "Cancellation",
  order_cancelled: "Cancellation",
  refunded: "Refund",
  refund: "Refund",
  order_refunded: "Refund",
  delivered: "Delivered: pending becomes payable",
  group_delivered: "Delivered: pending becomes payable",
  refund_paid_out: "Refund made by the payment provider",
  late_payment: "Paid after the order closed: owed back",
  reversal: "Reversal",
};

export const journalLabel = (kind: string) => KIND_LABELS[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1).replace(/_/g, " ");
/** A journal that undoes shares of the sale (a refund, a cancellation); a payout of a refund does not. */
export const isReversal = (kind: string) => /refund|cancel|revers/i.test(kind) && kind !== "refund_paid_out";
