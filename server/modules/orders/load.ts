// Reading an order with its groups and lines, and turning it into the ledger's input and the
// pages' view. Shared by the service files of this module (not exported from index.ts).
import { asc, eq, inArray } from "drizzle-orm";
import { formatAmount } from "../../contracts/money.ts";
import type { Db } from "../../infra/db/index.ts";
import { stateHistory, type Ctx } from "../../kernel/index.ts";
import type { OrderMoney } from "../ledger/index.ts";
import { displayNamesOf } from "../identity/index.ts";
import { getPayment } from "../payments/index.ts";
import { deliveryEstimate } from "./checkout.ts";
import { orderLines, orders, shipmentGroups } from "./schema.ts";
import { GROUP_TRANSITIONS, orderActions } from "./states.ts";
import {
  trackingUrlFor,
  type GroupStatus,
  type OrderLineView,
  type OrderView,
  type ShipmentGroupView,
  type TimelineEntry,
} from "./types.ts";

export type OrderRow = typeof orders.$inferSelect;
export type GroupRow = typeof shipmentGroups.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;

export interface LoadedOrder {
  order: OrderRow;
  groups: GroupRow[];
  lines: LineRow[];
}

export async function loadOrderRow(db: Db, orderId: string, forUpdate = false): Promise<OrderRow | null> {
  if (typeof orderId !== "string" || !/^ord_[0-9a-z]{26}$/.test(orderId)) return null;
  const q = db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const [row] = forUpdate ? await q.for("update") : await q;
  return row ?? null;
}

export async function loadOrder(db: Db, orderId: string, forUpdate = false): Promise<LoadedOrder | null> {
  const order = await loadOrderRow(db, orderId, forUpdate);
  if (!order) return null;
  const [groups, lines] = await Promise.all([
    db.select().from(shipmentGroups).where(eq(shipmentGroups.orderId, orderId)).orderBy(asc(shipmentGroups.sortOrder)),
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.sortOrder)),
  ]);
  return { order, groups, lines };
}

export async function loadGroup(db: Db, groupId: string): Promise<GroupRow | null> {
  if (typeof groupId !== "string" || !/^sgr_[0-9a-z]{26}$/.test(groupId)) return null;
  const [row] = await db.select().from(shipmentGroups).where(eq(shipmentGroups.id, groupId)).limit(1);
  return row ?? null;
}

/** The ledger's input: exactly the amounts the order stored. */
export function orderMoney(o: LoadedOrder): OrderMoney {
  const fulfillerOfGroup = new Map(o.groups.map((g) => [g.id, g.fulfillerId]));
  return {
    orderId: o.order.id,
    currency: o.order.currency,
    pricesIncludeTax: o.order.pricesIncludeTax,
    taxRatePercent: o.order.taxRatePercent,
    platformFeePercent: o.order.platformFeePercent,
    lines: o.lines.map((l) => ({
      lineId: l.id,
      storeId: l.storeId,
      fulfillerId: fulfillerOfGroup.get(l.groupId) ?? "",
      groupId: l.groupId,
      quantity: l.quantity,
      unitPriceMinor: l.unitPriceMinor,
      unitBaseCostMinor: l.unitBaseCostMinor,
      itemsMinor: l.itemsMinor,
      discountMinor: l.discountMinor,
      taxMinor: l.taxMinor,
    })),
    groups: o.groups.map((g) => ({
      groupId: g.id,
      fulfillerId: g.fulfillerId,
      shippingMinor: g.shippingMinor,
      shippingTaxMinor: g.shippingTaxMinor,
    })),
    totalMinor: o.order.totalMinor,
  };
}

/** What the shopper paid for a line, per unit sold (items − discount, plus tax when added on top). */
export function lineChargedMinor(order: OrderRow, l: LineRow): number {
  return l.itemsMinor - l.discountMinor + (order.pricesIncludeTax ? 0 : l.taxMinor);
}

export function groupShippingChargedMinor(order: OrderRow, g: GroupRow): number {
  return g.shippingMinor + (order.pricesIncludeTax ? 0 : g.shippingTaxMinor);
}

/** The order's timeline: its placing, then every recorded move of the order and its shipments. */
export async function timelineOf(
  ctx: Ctx,
  o: LoadedOrder,
  viewer: "buyer" | "admin" | "link" | "store" | "fulfiller",
): Promise<TimelineEntry[]> {
  const histories = await Promise.all([
    stateHistory(ctx.db, "order", o.order.id).then((h) => h.map((c) => ({ c, groupId: null as string | null }))),
    ...o.groups.map((g) => stateHistory(ctx.db, "shipment", g.id).then((h) => h.map((c) => ({ c, groupId: g.id as string | null })))),
  ]);
  const all = histories.flat();
  const userIds = [
    ...new Set(
      [
        ...all.map((h) => (h.c.actor.kind === "user" ? h.c.actor.userId : null)),
        ...(o.order.adjustments ?? []).map((a) => a.actorUserId),
      ].filter((v): v is string => !!v),
    ),
  ];
  const names = userIds.length ? await displayNamesOf(ctx.db, userIds) : ({} as Record<string, string>);
  const actorLabel = (a: (typeof all)[number]["c"]["actor"]): string => {
    if (a.kind === "system") return "Platen";
    if (a.kind === "anonymous") return o.order.userId ? "Platen" : "You";
    if (a.userId === o.order.userId) return viewer === "buyer" ? "You" : "The buyer";
    if (viewer === "admin") return names[a.userId] ?? "A team member";
    return "Platen";
  };
  const entries: TimelineEntry[] = [
    {
      at: o.order.createdAt,
      subject: "order",
      groupId: null,
      from: "",
      to: "pending_payment",
      actor: o.order.userId ? (viewer === "buyer" ? "You" : "The buyer") : "Guest checkout",
      reason: "Order placed",
    },
    ...all.map(({ c, groupId }) => ({
      at: c.at,
      subject: groupId ? ("shipment" as const) : ("order" as const),
      groupId,
      from: c.from,
      to: c.to,
      actor: actorLabel(c.actor),
      reason: c.reason,
    })),
  ];
  for (const a of o.order.adjustments ?? [])
    entries.push({
      at: new Date(a.at),
      subject: "order",
      groupId: null,
      from: o.order.status,
      to: "refund",
      actor: viewer === "admin" && a.actorUserId ? (names[a.actorUserId] ?? "Platen") : "Platen",
      reason: `${formatAmount(a.amountMinor, o.order.currency)} refunded${a.reason ? `: ${a.reason}` : ""}`,
    });
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}

function lineView(l: LineRow): OrderLineView {
  return {
    id: l.id,
    groupId: l.groupId,
    productId: l.productId,
    variantId: l.variantId,
    storeId: l.storeId,
    storeName: l.storeName,
    storeHandle: l.storeHandle,
    title: l.title,
    variantLabel: [l.color, l.size].filter(Boolean).join(" / "),
    image: l.image ?? null,
    quantity: l.quantity,
    refundedQuantity: l.refundedQuantity,
    unitPriceMinor: l.unitPriceMinor,
    itemsMinor: l.itemsMinor,
    discountMinor: l.discountMinor,
    taxMinor: l.taxMinor,
    printFiles: l.printFiles,
  };
}

export function groupView(order: OrderRow, g: GroupRow, lines: readonly LineRow[]): ShipmentGroupView {
  return {
    id: g.id,
    warehouseId: g.warehouseId,
    warehouseName: g.warehouseName,
    fulfillerId: g.fulfillerId,
    fulfillerName: g.fulfillerName,
    status: g.status,
    shippingMinor: g.shippingMinor,
    shippingTaxMinor: g.shippingTaxMinor,
    productionDays: g.productionDays,
    minDays: g.minDays,
    maxDays: g.maxDays,
    carrier: g.carrier,
    trackingNumber: g.trackingNumber,
    trackingUrl: trackingUrlFor(g.carrier, g.trackingNumber),
    shippedAt: g.shippedAt,
    deliveredAt: g.deliveredAt,
    estimate: deliveryEstimate(g.reprintedAt ?? order.paidAt ?? order.createdAt, g),
    lines: lines.filter((l) => l.groupId === g.id).map(lineView),
    reprintOf: g.reprintOf,
    reprintReason: g.reprintReason,
  };
}

/** The part of a loaded order its actions (`orderActions`) depend on. */
export function actionsInput(o: LoadedOrder) {
  const closed = o.order.status === "pending_payment" || o.order.status === "cancelled" || o.order.status === "refunded";
  return { status: o.order.status, refundableMinor: closed ? 0 : o.order.totalMinor - o.order.refundedMinor, groups: o.groups };
}

export async function orderView(ctx: Ctx, o: LoadedOrder, viewer: "buyer" | "admin" | "link"): Promise<OrderView> {
  const payment = await getPayment(ctx, o.order.id);
  return {
    id: o.order.id,
    number: o.order.number,
    status: o.order.status,
    email: o.order.email,
    userId: o.order.userId,
    currency: o.order.currency,
    pricesIncludeTax: o.order.pricesIncludeTax,
    taxRatePercent: o.order.taxRatePercent,
    discountCode: o.order.discountCode,
    address: o.order.address,
    totals: {
      itemsMinor: o.order.itemsMinor,
      discountMinor: o.order.discountMinor,
      shippingMinor: o.order.shippingMinor,
      taxMinor: o.order.taxMinor,
      totalMinor: o.order.totalMinor,
      refundedMinor: o.order.refundedMinor,
    },
    groups: o.groups.map((g) => groupView(o.order, g, o.lines)),
    timeline: await timelineOf(ctx, o, viewer),
    payment: payment
      ? { provider: payment.provider, status: payment.status, cardBrand: payment.cardBrand, cardLast4: payment.cardLast4 }
      : null,
    createdAt: o.order.createdAt,
    paidAt: o.order.paidAt,
    expiresAt: o.order.status === "pending_payment" ? o.order.expiresAt : null,
    canCancel: orderActions(actionsInput(o), "shopper").cancel,
  };
}

export const groupCanMove = (from: GroupStatus, to: GroupStatus) => (GROUP_TRANSITIONS[from] as readonly GroupStatus[]).includes(to);

export async function ordersByIds(db: Db, ids: readonly string[]): Promise<OrderRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]));
}
