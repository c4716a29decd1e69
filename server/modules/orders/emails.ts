// The order e-mails (the three Brevo templates), each queued once through the outbox in the
// transaction of the change it tells about: a failed send never undoes the change, and the outbox
// retries it.
import { env } from "../../config/env.ts";
import { countryName } from "../../contracts/countries.ts";
import { formatAmount } from "../../contracts/money.ts";
import type { Db } from "../../infra/db/index.ts";
import type { Ctx } from "../../kernel/index.ts";
import { getFulfillerById } from "../fulfillment/index.ts";
import { accountEmailsOf } from "../identity/index.ts";
import { sendEmail, type TemplateParams } from "../notifications/index.ts";
import { orderToken } from "./access.ts";
import { deliveryEstimate } from "./checkout.ts";
import { loadOrderRow, type GroupRow, type LoadedOrder, type OrderRow } from "./load.ts";
import { trackingUrlFor, type OrderAddress } from "./types.ts";

/** The order page's link with a signed token, so a guest can open it from the e-mail. */
export function orderUrl(order: Pick<OrderRow, "id">, now: Date): string {
  return `${env().PUBLIC_URL}/shop/orders/${order.id}?token=${encodeURIComponent(orderToken(order.id, now))}`;
}

/** The page where the shopper reports a problem with the order (a case), with the signed link. */
export function problemUrl(order: Pick<OrderRow, "id">, now: Date): string {
  return `${env().PUBLIC_URL}/shop/orders/${order.id}/problem?token=${encodeURIComponent(orderToken(order.id, now))}`;
}

export function postalAddress(a: OrderAddress): string {
  const cityLine = [a.city, [a.region, a.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [a.fullName, [a.line1, a.line2].filter(Boolean).join(", "), cityLine, countryName(a.country)].filter(Boolean).join("\n");
}

const fmtRange = (from: string, to: string) => {
  const f = new Date(`${from}T12:00:00Z`);
  const t = new Date(`${to}T12:00:00Z`);
  const month = (d: Date) => d.toLocaleDateString("en-US", { month: "long", timeZone: "UTC" });
  return f.getUTCMonth() === t.getUTCMonth()
    ? `${month(f)} ${f.getUTCDate()}–${t.getUTCDate()}`
    : `${month(f)} ${f.getUTCDate()} – ${month(t)} ${t.getUTCDate()}`;
};

export function successParams(
  o: LoadedOrder,
  payment: { cardBrand: string | null; cardLast4: string | null } | null,
  now: Date,
): TemplateParams<"order-success"> {
  const from = o.order.paidAt ?? now;
  const estimates = o.groups.map((g) => deliveryEstimate(from, g));
  const earliest = estimates.map((e) => e.from).sort()[0];
  const latest = estimates
    .map((e) => e.to)
    .sort()
    .at(-1);
  const brand = payment?.cardBrand ? payment.cardBrand.charAt(0).toUpperCase() + payment.cardBrand.slice(1) : null;
  return {
    customerName: o.order.address.fullName,
    orderNumber: o.order.number,
    items: o.lines.map((l) => ({
      title: l.title,
      variant: [l.color, l.size].filter(Boolean).join(" · "),
      quantity: l.quantity,
      priceMinor: l.unitPriceMinor,
      storeName: l.storeName,
    })),
    subtotalMinor: o.order.itemsMinor,
    shippingMinor: o.order.shippingMinor,
    taxMinor: o.order.taxMinor,
    totalMinor: o.order.totalMinor,
    currency: o.order.currency,
    shippingAddress: postalAddress(o.order.address),
    orderUrl: orderUrl(o.order, now),
    ...(o.order.discountMinor ? { discountMinor: o.order.discountMinor } : {}),
    ...(brand && payment?.cardLast4 ? { paymentMethod: `${brand} ending in ${payment.cardLast4}` } : {}),
    ...(earliest && latest ? { estimatedDelivery: fmtRange(earliest, latest) } : {}),
  };
}

export function shippedParams(o: LoadedOrder, g: GroupRow, now: Date): TemplateParams<"order-shipment-created"> {
  const url = orderUrl(o.order, now);
  const est = deliveryEstimate(g.shippedAt ?? now, { productionDays: 0, minDays: g.minDays, maxDays: g.maxDays });
  const others = o.groups.filter((x) => x.id !== g.id && x.status !== "cancelled" && x.status !== "shipped" && x.status !== "delivered");
  return {
    customerName: o.order.address.fullName,
    orderNumber: o.order.number,
    carrier: g.carrier ?? "Carrier",
    service: `from ${g.warehouseName}`,
    trackingNumber: g.trackingNumber ?? "",
    trackingUrl: trackingUrlFor(g.carrier, g.trackingNumber) ?? url,
    items: o.lines
      .filter((l) => l.groupId === g.id)
      .map((l) => ({
        title: l.title,
        variant: [l.color, l.size].filter(Boolean).join(" · "),
        quantity: l.quantity - l.refundedQuantity,
        storeName: l.storeName,
      })),
    estimatedDelivery: est.to,
    orderUrl: url,
    shippingAddress: postalAddress(o.order.address),
    ...(others.length ? { partial: true } : {}),
  };
}

export function deliveredParams(o: LoadedOrder, g: GroupRow, now: Date): TemplateParams<"order-shipment-delivered"> {
  const url = orderUrl(o.order, now);
  const live = o.groups.filter((x) => x.status !== "cancelled");
  const index = live.findIndex((x) => x.id === g.id);
  const stillComing = live.filter((x) => x.id !== g.id && x.status !== "delivered").length;
  return {
    ...(live.length > 1 ? { parcel: `Package ${index + 1} of ${live.length}, from ${g.warehouseName}`, stillComing } : {}),
    customerName: o.order.address.fullName,
    orderNumber: o.order.number,
    deliveredAt: (g.deliveredAt ?? now).toISOString(),
    orderUrl: url,
    // The shopper's "Report a problem" page for this order (opens a case), with the signed link.
    caseUrl: problemUrl(o.order, now),
    ...(g.carrier ? { carrier: g.carrier } : {}),
    ...(g.trackingNumber ? { trackingNumber: g.trackingNumber } : {}),
    items: o.lines
      .filter((l) => l.groupId === g.id)
      .map((l) => ({
        title: l.title,
        variant: [l.color, l.size].filter(Boolean).join(" · "),
        quantity: l.quantity - l.refundedQuantity,
        storeName: l.storeName,
      })),
  };
}

export async function sendOrderSuccess(
  db: Db,
  o: LoadedOrder,
  payment: { cardBrand: string | null; cardLast4: string | null } | null,
  now: Date,
) {
  await sendEmail(db, {
    to: o.order.email,
    toName: o.order.address.fullName,
    template: "order-success",
    params: successParams(o, payment, now),
  });
}

export async function sendShipped(db: Db, o: LoadedOrder, g: GroupRow, now: Date) {
  await sendEmail(db, {
    to: o.order.email,
    toName: o.order.address.fullName,
    template: "order-shipment-created",
    params: shippedParams(o, g, now),
  });
}

export async function sendDelivered(db: Db, o: LoadedOrder, g: GroupRow, now: Date) {
  await sendEmail(db, {
    to: o.order.email,
    toName: o.order.address.fullName,
    template: "order-shipment-delivered",
    params: deliveredParams(o, g, now),
  });
}

/**
 * The order was cancelled after it was paid: what happens now (nothing is made or sent, the money
 * goes back), in one e-mail queued with the cancellation.
 */
export async function sendCancelled(
  db: Db,
  o: LoadedOrder,
  input: { reason: string; refundedMinor: number; byShopper: boolean },
  now: Date,
) {
  const amount = formatAmount(input.refundedMinor, o.order.currency);
  await sendEmail(db, {
    to: o.order.email,
    toName: o.order.address.fullName,
    template: "notice",
    params: {
      name: o.order.address.fullName,
      subject: `Order ${o.order.number} is cancelled`,
      heading: `Order ${o.order.number} is cancelled`,
      paragraphs: [
        input.byShopper
          ? "As you asked, we cancelled your order: nothing of it will be made or sent."
          : `We cancelled your order: nothing of it will be made or sent. ${input.reason}`,
        ...(input.refundedMinor > 0
          ? [`We are refunding ${amount} to the card you paid with. Banks usually show a refund within 5 to 10 business days.`]
          : []),
      ],
      actionLabel: "View your order",
      actionUrl: orderUrl(o.order, now),
      reason: `You placed order ${o.order.number} on Platen.`,
    },
  });
}

/**
 * Tells each print shop that had lines of a cancelled order to stop (subscriber of
 * `order.cancelled`): its lines have left its queue already; the e-mail reaches whoever is at the
 * press with work in hand. Idempotent per event (the outbox runs a subscriber's job once).
 */
export async function tellPrintShopsCancelled(
  ctx: Ctx,
  event: { payload: { orderId: string; reason: string; fulfillerIds?: string[] } },
): Promise<void> {
  const ids = event.payload.fulfillerIds ?? [];
  if (!ids.length) return;
  const order = await loadOrderRow(ctx.db, event.payload.orderId);
  if (!order) return;
  const shops = (await Promise.all(ids.map((id) => getFulfillerById(ctx, id)))).filter((f): f is NonNullable<typeof f> => Boolean(f));
  const emails = await accountEmailsOf(
    ctx.db,
    shops.map((f) => f.ownerUserId),
  );
  for (const shop of shops) {
    const to = emails[shop.ownerUserId];
    if (!to) continue;
    await sendEmail(ctx.db, {
      to,
      template: "notice",
      params: {
        name: shop.name,
        subject: `Order ${order.number} is cancelled: don't make or ship it`,
        heading: `Stop order ${order.number}`,
        paragraphs: [
          `Order ${order.number} was cancelled and its shopper refunded. Its lines have left your orders queue: please don't print, pack or ship them, and put aside anything already printed.`,
          `Reason given: ${event.payload.reason}`,
        ],
        actionLabel: "Open your orders",
        actionUrl: `${env().PUBLIC_URL}/fulfillment/@${shop.handle}/administration/orders`,
        reason: `${shop.name} prints orders for Platen.`,
      },
    });
  }
}
