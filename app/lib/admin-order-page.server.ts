// The admin order page (/admin/orders/:id): what it shows and what its forms do, apart from the
// route so that both can be tested on a real database.
import { randomBytes } from "node:crypto";
import { data, redirect } from "react-router";
import { accountLabel, type JournalRow } from "#app/lib/ledger-accounts.ts";
import { notFoundMessage } from "#app/lib/not-found.ts";
import { parseRefundForm, REFUND_REASON_MAX } from "#app/lib/admin-order-refund.ts";
import { formatDateTime } from "#app/lib/dates.ts";
import { echoValues, failure } from "#app/lib/forms.server.ts";
import { formatAmount } from "#server/contracts/money.ts";
import { mockupUrl } from "#server/contracts/imaging.ts";
import { AppError, type Ctx } from "#server/kernel/index.ts";
import {
  cancelOrder,
  getAdminOrder,
  GROUP_STATUS_LABELS,
  holdOrder,
  isOrderStatus,
  ORDER_STATUS_LABELS,
  refundOrder,
  releaseOrder,
  retryOrderRefund,
  type AdminOrderView,
  type GroupStatus,
} from "#server/modules/orders/index.ts";

export const REASON_MAX = REFUND_REASON_MAX;

const NOTICES: Record<string, string> = {
  cancelled: "The order is cancelled: nothing is made or shipped, its print shops are told, and the shopper is refunded in full.",
  refunded: "The refund is recorded on the order and in the ledger; where it stands at the payment provider is listed under Refunds.",
  "refund-retried": "The refund was asked of the payment provider again; where it stands is listed under Refunds.",
  held: "The order is on hold: nothing moves until it is released.",
  released: "The order is released and carries on where it stopped.",
};

const REFUND_STATUS_LABELS: Record<string, string> = {
  requested: "Being made",
  succeeded: "Refunded",
  failed: "Failed",
};

async function load(ctx: Ctx, request: Request, id: string): Promise<AdminOrderView> {
  try {
    return await getAdminOrder(ctx, id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(notFoundMessage(new URL(request.url).pathname), { status: 404 });
    throw error;
  }
}

function shipmentName(view: AdminOrderView, groupId: string | null): string {
  const i = view.order.groups.findIndex((g) => g.id === groupId);
  if (i < 0) return "Shipment";
  const g = view.order.groups[i]!;
  return `Shipment ${i + 1} (${g.warehouseName})`;
}

const statusLabel = (s: string) =>
  isOrderStatus(s) ? ORDER_STATUS_LABELS[s] : s in GROUP_STATUS_LABELS ? GROUP_STATUS_LABELS[s as GroupStatus] : s || "New";

/** What the admin order page shows (`/admin/orders/:id`), dates and amounts formatted; an unknown order is a 404. */
export async function adminOrderPage(ctx: Ctx, request: Request, orderId: string) {
  const view = await load(ctx, request, orderId);
  const { order } = view;
  const url = new URL(request.url);
  const notice = url.searchParams.get("done");
  const cur = order.currency;
  const fmt = (minor: number) => formatAmount(minor, cur);
  const names = view.partyNames;
  const journals: JournalRow[] = view.journals.map((j) => ({
    id: j.id,
    kind: j.kind,
    when: formatDateTime(j.createdAt),
    memo: j.memo,
    entries: j.entries.map((e) => ({
      account: accountLabel(e.account, names),
      debitMinor: e.amountMinor > 0 ? e.amountMinor : 0,
      creditMinor: e.amountMinor < 0 ? -e.amountMinor : 0,
      note: e.availableAt ? `Available ${formatDateTime(e.availableAt)}` : null,
    })),
  }));
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    email: order.email,
    userId: order.userId,
    currency: cur,
    placed: formatDateTime(order.createdAt),
    paid: order.paidAt ? formatDateTime(order.paidAt) : null,
    address: order.address,
    discountCode: order.discountCode,
    pricesIncludeTax: order.pricesIncludeTax,
    taxRatePercent: order.taxRatePercent,
    payment: order.payment,
    totals: {
      items: fmt(order.totals.itemsMinor),
      discount: order.totals.discountMinor ? fmt(-order.totals.discountMinor) : null,
      shipping: fmt(order.totals.shippingMinor),
      tax: fmt(order.totals.taxMinor),
      total: fmt(order.totals.totalMinor),
      refunded: order.totals.refundedMinor ? fmt(order.totals.refundedMinor) : null,
    },
    breakdown: [
      { label: "Charged to the shopper", amount: fmt(view.breakdown.charged), strong: true },
      { label: "Refunded", amount: fmt(view.breakdown.refunded), strong: false },
      ...(view.breakdown.refundPending
        ? [{ label: "Refund not made yet (owed to the shopper)", amount: fmt(view.breakdown.refundPending), strong: false }]
        : []),
      { label: "Tax payable", amount: fmt(view.breakdown.tax), strong: false },
      { label: "Platform fee", amount: fmt(view.breakdown.platform), strong: false },
      ...Object.entries(view.breakdown.stores).map(([id, minor]) => ({
        label: `Store: ${names[id] ?? id}`,
        amount: fmt(minor),
        strong: false,
      })),
      ...Object.entries(view.breakdown.fulfillers).map(([id, minor]) => ({
        label: `Fulfiller: ${names[id] ?? id}`,
        amount: fmt(minor),
        strong: false,
      })),
    ],
    refundableMinor: view.refundableMinor,
    refundable: fmt(view.refundableMinor),
    // What the order's machine allows now (the transition table and its guards), nothing more.
    canCancel: view.actions.cancel,
    canRefund: view.actions.refund,
    canHold: view.actions.hold,
    canRelease: view.actions.release,
    // A fresh key per page: the refund form sent twice is one refund.
    refundKey: randomBytes(16).toString("hex"),
    refunds: view.refunds.map((r) => ({
      id: r.id,
      amount: fmt(r.amountMinor),
      status: r.status,
      statusLabel: REFUND_STATUS_LABELS[r.status] ?? r.status,
      reason: r.reason,
      asked: formatDateTime(r.createdAt),
      updated: formatDateTime(r.updatedAt),
      attempts: r.attempts,
      error: r.lastError,
      canRetry: r.status === "failed",
    })),
    groups: order.groups.map((g, i) => ({
      id: g.id,
      name: `Shipment ${i + 1}`,
      warehouseName: g.warehouseName,
      fulfillerName: g.fulfillerName,
      status: g.status,
      shipping: fmt(g.shippingMinor),
      shippingMinor: g.shippingMinor,
      carrier: g.carrier,
      trackingNumber: g.trackingNumber,
      trackingUrl: g.trackingUrl,
      shipped: g.shippedAt ? formatDateTime(g.shippedAt) : null,
      delivered: g.deliveredAt ? formatDateTime(g.deliveredAt) : null,
      estimate: g.estimate,
      lines: g.lines.map((l) => ({
        id: l.id,
        title: l.title,
        variantLabel: l.variantLabel,
        storeName: l.storeName,
        storeHandle: l.storeHandle,
        image: l.image ? mockupUrl(l.image.hash, 320) : null,
        quantity: l.quantity,
        refundedQuantity: l.refundedQuantity,
        unitPrice: fmt(l.unitPriceMinor),
        items: fmt(l.itemsMinor),
        discount: l.discountMinor ? fmt(-l.discountMinor) : null,
      })),
    })),
    timeline: order.timeline.map((t) => ({
      when: formatDateTime(t.at),
      what: t.subject === "order" ? "Order" : shipmentName(view, t.groupId),
      from: t.from ? statusLabel(t.from) : null,
      to: statusLabel(t.to),
      actor: t.actor,
      reason: t.reason,
    })),
    journals,
    notice: notice && NOTICES[notice] ? NOTICES[notice] : null,
    confirmCancel: url.searchParams.get("confirm") === "cancel",
  };
}

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v.trim() : "";
};

/** An AppError of the orders module as a form answer; its field names map onto this page's fields. */
function refusal(error: unknown, values: Record<string, string>, fallbackField: string, reasonField = "reason") {
  if (!(error instanceof AppError)) throw error;
  const field =
    error.field === "amountMinor" || error.field === "amount"
      ? "amount"
      : error.field === "reason"
        ? reasonField
        : error.field === "groupIds"
          ? "group"
          : fallbackField;
  return failure({ [field]: error.message }, error.status, values);
}

/** The page's actions (cancel, refund, hold, release): a redirect to the page with a notice, or field errors (4xx). */
export async function adminOrderAction(ctx: Ctx, request: Request, orderId: string, form: FormData) {
  const intent = text(form, "intent");
  const values = echoValues(form);
  const done = (what: string) => redirect(`/admin/orders/${encodeURIComponent(orderId)}?done=${what}`);

  if (intent === "cancel") {
    const reason = text(form, "reason");
    if (reason.length > REASON_MAX) return failure({ cancelReason: `Use at most ${REASON_MAX} characters.` }, 400, values);
    try {
      await cancelOrder(ctx, { orderId, reason: reason || "Cancelled by an admin." });
    } catch (error) {
      return refusal(error, values, "_cancel", "cancelReason");
    }
    return done("cancelled");
  }

  if (intent === "refund") {
    const view = await load(ctx, request, orderId);
    const parsed = parseRefundForm(form, {
      currency: view.order.currency,
      refundableMinor: view.refundableMinor,
      lines: view.order.groups.flatMap((g) => g.lines),
      groups: view.order.groups,
    });
    if (!parsed.ok) return failure(parsed.errors, 400, values);
    try {
      await refundOrder(ctx, { orderId, request: parsed.request });
    } catch (error) {
      return refusal(error, values, "_refund");
    }
    return done("refunded");
  }

  if (intent === "retry-refund") {
    const refundId = text(form, "refundId");
    try {
      await retryOrderRefund(ctx, { orderId, refundId });
    } catch (error) {
      return refusal(error, values, "_refunds");
    }
    return done("refund-retried");
  }

  if (intent === "hold") {
    const reason = text(form, "reason");
    if (!reason) return failure({ holdReason: "Say why the order is held: the timeline keeps this reason." }, 400, values);
    if (reason.length > REASON_MAX) return failure({ holdReason: `Use at most ${REASON_MAX} characters.` }, 400, values);
    try {
      await holdOrder(ctx, { orderId, reason });
    } catch (error) {
      return refusal(error, values, "_hold", "holdReason");
    }
    return done("held");
  }

  if (intent === "release") {
    const reason = text(form, "reason");
    if (reason.length > REASON_MAX) return failure({ releaseReason: `Use at most ${REASON_MAX} characters.` }, 400, values);
    try {
      await releaseOrder(ctx, { orderId, reason: reason || undefined });
    } catch (error) {
      return refusal(error, values, "_hold", "releaseReason");
    }
    return done("released");
  }

  return failure({ _form: "Unknown action. Reload the page and try again." }, 400, values);
}
