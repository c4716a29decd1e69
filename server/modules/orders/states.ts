// The order's life, in one file: the transition table of an order and of a shipment group. Each
// move goes through the kernel's state machine, which checks it, writes it and records who, when
// and why in `state_changes`; that history is the order's timeline.
import { defineStateMachine } from "../../kernel/state-machine.ts";
import { orders, shipmentGroups } from "./schema.ts";
import type { GroupStatus, OrderActions, OrderRole, OrderStatus } from "./types.ts";

/**
 * An order. `pending_payment` is paid or cancelled (the shopper cancels, or it expires unpaid).
 * Once paid it follows its shipment groups (`in_production`, `partially_shipped` while some are
 * out, `shipped`, `delivered`); it is cancelled (a full refund, nothing made or sent) until a
 * shipment leaves, refunded in full at any point after payment, and put `on_hold` by an admin,
 * then released to the status its groups give. A delivered order is partially shipped again when a
 * case is resolved by a reprint (a new shipment is on its way). Who may make which move is
 * `orderActions`, beside this table.
 */
export const ORDER_TRANSITIONS = {
  pending_payment: ["paid", "cancelled"],
  paid: ["in_production", "partially_shipped", "shipped", "cancelled", "refunded", "on_hold"],
  in_production: ["partially_shipped", "shipped", "cancelled", "refunded", "on_hold"],
  partially_shipped: ["shipped", "delivered", "in_production", "refunded", "on_hold"],
  shipped: ["delivered", "partially_shipped", "in_production", "refunded", "on_hold"],
  // A reprint (a case's remedy, orders/reprints.ts) puts a new shipment on its way again.
  delivered: ["partially_shipped", "refunded", "on_hold"],
  on_hold: ["paid", "in_production", "partially_shipped", "shipped", "delivered", "cancelled", "refunded"],
  cancelled: [],
  refunded: [],
} as const satisfies { readonly [K in OrderStatus]: readonly OrderStatus[] };

export const orderMachine = defineStateMachine<OrderStatus, typeof orders>({
  entity: "order",
  transitions: ORDER_TRANSITIONS,
  table: orders,
  id: orders.id,
  state: orders.status,
});

/**
 * A shipment group: waits for production, is printed, ships (carrier and tracking) and is
 * delivered. It is cancelled only before it ships (with its order, or when its lines are refunded).
 * A label voided before the carrier scanned it puts a shipped group back in production (and its
 * order back from shipped or partially shipped).
 */
export const GROUP_TRANSITIONS = {
  pending: ["in_production", "cancelled"],
  in_production: ["shipped", "cancelled"],
  shipped: ["delivered", "in_production"],
  delivered: [],
  cancelled: [],
} as const satisfies { readonly [K in GroupStatus]: readonly GroupStatus[] };

export const groupMachine = defineStateMachine<GroupStatus, typeof shipmentGroups>({
  entity: "shipment",
  transitions: GROUP_TRANSITIONS,
  table: shipmentGroups,
  id: shipmentGroups.id,
  state: shipmentGroups.status,
});

/**
 * The status an order's groups give it once paid: all delivered → delivered; all out → shipped;
 * some out → partially_shipped; any printing → in_production; else paid. Cancelled groups
 * (refunded lines) do not count, unless every group is cancelled.
 */
export function statusFromGroups(groups: readonly GroupStatus[]): OrderStatus {
  const live = groups.filter((g) => g !== "cancelled");
  if (live.length === 0) return "refunded";
  const out = live.filter((g) => g === "shipped" || g === "delivered").length;
  if (live.every((g) => g === "delivered")) return "delivered";
  if (out === live.length) return "shipped";
  if (out > 0) return "partially_shipped";
  if (live.some((g) => g === "in_production")) return "in_production";
  return "paid";
}

/**
 * The guards beside `ORDER_TRANSITIONS`: which moves `role` may make on an order now. The table
 * says where an order can go; these say who may take it there. A shopper cancels an unpaid order,
 * or a paid one while none of it is in production; an admin cancels until a shipment leaves
 * (the print shop is told and its lines leave its queue), refunds what is left to refund, holds
 * and releases. Pages offer exactly what this returns; the services refuse anything else.
 */
export function orderActions(
  o: { status: OrderStatus; refundableMinor: number; groups: readonly { status: GroupStatus }[] },
  role: OrderRole,
): OrderActions {
  const can = (to: OrderStatus) => (ORDER_TRANSITIONS[o.status] as readonly OrderStatus[]).includes(to);
  const anyOut = o.groups.some((g) => g.status === "shipped" || g.status === "delivered");
  const nothingStarted = o.groups.every((g) => g.status === "pending" || g.status === "cancelled");
  const admin = role === "admin";
  return {
    cancel: can("cancelled") && (admin ? !anyOut : o.status === "pending_payment" || (o.status === "paid" && nothingStarted)),
    refund: admin && can("refunded") && o.refundableMinor > 0,
    hold: admin && can("on_hold"),
    release: admin && o.status === "on_hold",
  };
}
