// The admin order page's refund form: chosen lines (a quantity per line), the shipping of chosen
// shipment groups, or an amount, and a reason. Read here against the order itself, so every
// refusal is a message next to its field; the orders module checks it all again.
// Browser-safe (no server imports), so its messages can be unit-tested without a server.
import { formatAmount, parseMoney } from "#server/contracts/money.ts";
import type { RefundRequest } from "#server/modules/orders/types.ts";

export const REFUND_REASON_MAX = 500;

/** What the form needs to know about the order. */
export interface RefundableOrder {
  currency: string;
  refundableMinor: number;
  lines: { id: string; title: string; quantity: number; refundedQuantity: number }[];
  groups: { id: string; shippingMinor: number; status: string }[];
}

export type RefundFormResult =
  { ok: true; request: RefundRequest & { idempotencyKey?: string } } | { ok: false; errors: Record<string, string> };

/** Form field of a line's quantity. */
export const refundQtyField = (lineId: string) => `qty-${lineId}`;

const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v.trim() : "");

export function parseRefundForm(form: FormData, order: RefundableOrder): RefundFormResult {
  const errors: Record<string, string> = {};
  const lines: { lineId: string; quantity: number }[] = [];
  for (const line of order.lines) {
    const field = refundQtyField(line.id);
    const raw = text(form.get(field));
    if (raw === "" || raw === "0") continue;
    const left = line.quantity - line.refundedQuantity;
    if (!/^\d{1,3}$/.test(raw)) {
      errors[field] = "Enter a whole number of items.";
      continue;
    }
    const quantity = Number(raw);
    if (quantity > left) {
      errors[field] =
        left === 0
          ? "Every item of this line is already refunded."
          : `At most ${left} item${left === 1 ? "" : "s"} of this line can be refunded.`;
      continue;
    }
    lines.push({ lineId: line.id, quantity });
  }

  const known = new Set(order.groups.map((g) => g.id));
  const groupIds = [...new Set(form.getAll("group").map((v) => text(v)))].filter((id) => id !== "");
  if (groupIds.some((id) => !known.has(id))) errors.group = "Reload the page: one of these shipments is not part of this order.";

  const amountText = text(form.get("amount"));
  let amountMinor: number | undefined;
  if (amountText !== "") {
    const parsed = parseMoney(amountText, order.currency);
    if (!parsed.ok) errors.amount = parsed.message;
    else if (parsed.money.amount <= 0) errors.amount = "Enter an amount above zero.";
    else if (parsed.money.amount > order.refundableMinor)
      errors.amount = `At most ${formatAmount(order.refundableMinor, order.currency)} can still be refunded.`;
    else amountMinor = parsed.money.amount;
  }

  const reason = text(form.get("reason"));
  if (reason === "") errors.reason = "Say why you refund: the shopper and the ledger keep this reason.";
  else if (reason.length > REFUND_REASON_MAX) errors.reason = `Use at most ${REFUND_REASON_MAX} characters.`;

  if (Object.keys(errors).length) return { ok: false, errors };
  if (amountMinor !== undefined && (lines.length > 0 || groupIds.length > 0))
    return { ok: false, errors: { amount: "Refund either chosen items and shipping, or an amount: not both at once." } };
  if (amountMinor === undefined && lines.length === 0 && groupIds.length === 0)
    return { ok: false, errors: { _refund: "Choose the items or shipping to refund, or enter an amount." } };
  if (order.refundableMinor <= 0) return { ok: false, errors: { _refund: "Nothing is left to refund on this order." } };

  // The form's own key: the same form sent twice (a double click, a retry after a timeout) is one refund.
  const key = text(form.get("refundKey"));
  const request: RefundRequest & { idempotencyKey?: string } = { reason };
  if (/^[A-Za-z0-9_-]{16,64}$/.test(key)) request.idempotencyKey = `form:${key}`;
  if (lines.length) request.lines = lines;
  if (groupIds.length) request.groupIds = groupIds;
  if (amountMinor !== undefined) request.amountMinor = amountMinor;
  return { ok: true, request };
}
