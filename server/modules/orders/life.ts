// The order's life after placing: expiry, cancellation, refunds, holds, and the shipment groups'
// production, shipping and delivery. State first, provider after (ADR 0017): a cancellation or a
// refund is one transaction that checks the move, transitions the order, posts the ledger's
// reversal, frees the stock and grants the refund; the payment provider is asked after it commits,
// as a durable step (refunds.ts). No window where money leaves without its order knowing.
import { eq, sql } from "drizzle-orm";
import { formatAmount, money } from "../../contracts/money.ts";
import { transaction, type Db } from "../../infra/db/index.ts";
import { publish } from "../../jobs/index.ts";
import { actorUserId, AppError, asSystem, hasRole, systemCtx, type Ctx, withDb } from "../../kernel/index.ts";
import { commitStock, getFulfillerById, canWorkFloor, releaseStock } from "../fulfillment/index.ts";
import { accountEmailsOf } from "../identity/index.ts";
import { postGroupDelivered, postOrderRefund, type FaultCharge } from "../ledger/index.ts";
import { getRefund, retryRefund } from "../payments/index.ts";
import { getSettings } from "../platform/index.ts";
import { releaseDiscountCode } from "../stores/index.ts";
import { orderNotFound, verifyOrderToken, viewerOf } from "./access.ts";
import { sendCancelled, sendDelivered, sendShipped } from "./emails.ts";
import {
  actionsInput,
  groupShippingChargedMinor,
  lineChargedMinor,
  loadGroup,
  loadOrder,
  loadOrderRow,
  orderView,
  type LoadedOrder,
} from "./load.ts";
import { reconcilePayment } from "./payment.ts";
import { grantRefund, intentCancelNow, refundNow, requestIntentCancel, requestRefundStepAgain } from "./refunds.ts";
import { orderLines, orders, shipmentGroups } from "./schema.ts";
import { groupMachine, orderActions, orderMachine, statusFromGroups } from "./states.ts";
import { shipGroupSchema, type OrderAccess, type OrderStatus, type OrderView, type RefundRequest } from "./types.ts";

const FOLLOWS_GROUPS: readonly OrderStatus[] = ["paid", "in_production", "partially_shipped", "shipped", "delivered"];

/** Bring the order's status in line with its groups (or its hold's "released to" status). */
export async function followGroups(ctx: Ctx, orderId: string, reason: string): Promise<void> {
  // The order's row (locked) and its groups' states: its lines play no part here.
  const order = (await loadOrderRow(ctx.db, orderId, true))!;
  const groups = await ctx.db.select({ status: shipmentGroups.status }).from(shipmentGroups).where(eq(shipmentGroups.orderId, orderId));
  const target = statusFromGroups(groups.map((g) => g.status));
  if (order.status === "on_hold") {
    if (target !== "refunded") await ctx.db.update(orders).set({ heldFrom: target }).where(eq(orders.id, orderId));
    return;
  }
  if (!FOLLOWS_GROUPS.includes(order.status) || target === order.status || target === "refunded") return;
  await orderMachine.transition(ctx, orderId, target, { reason, set: { updatedAt: ctx.clock.now() } });
}

// ---- expiry ---------------------------------------------------------------------------------

/**
 * The expiry job: an order still unpaid at its deadline is cancelled, its stock and code go back.
 * It asks the provider first: a payment that succeeded meanwhile (a crash between charge and
 * bookkeeping, a late webhook) marks the order paid instead. When the provider cannot be reached
 * the order closes all the same: the step that cancels its intent asks again later, and refunds a
 * payment it then finds.
 */
export async function expireOrder(ctx: Ctx, orderId: string): Promise<"expired" | "paid" | "skipped"> {
  const o = await loadOrder(ctx.db, orderId);
  if (!o || o.order.status !== "pending_payment") return "skipped";
  if (o.order.expiresAt && o.order.expiresAt.getTime() > ctx.clock.now().getTime()) return "skipped";
  const standing = await reconcilePayment(ctx, orderId);
  if (standing === "paid") return "paid";
  if (standing === "processing") return "skipped";
  const minutes = Math.round(((o.order.expiresAt?.getTime() ?? 0) - o.order.createdAt.getTime()) / 60_000);
  await closeUnpaid(ctx, o, `Not paid within ${minutes} minutes`);
  return "expired";
}

export async function orderExpireHandler(db: Db, payload: Record<string, unknown>): Promise<void> {
  await expireOrder(systemCtx(db, "order expiry"), String(payload.orderId ?? ""));
}

/** Cancel an unpaid order: its stock and code go back; its provider intent is cancelled after (a step). */
async function closeUnpaid(ctx: Ctx, o: LoadedOrder, reason: string): Promise<void> {
  const closed = await transaction(ctx.db, async (tx) => {
    const tctx = withDb(ctx, tx);
    const now = ctx.clock.now();
    const fresh = await loadOrderRow(tx, o.order.id, true);
    if (fresh?.status !== "pending_payment") return false;
    await orderMachine.transition(tctx, o.order.id, "cancelled", {
      reason,
      expectFrom: "pending_payment",
      set: { cancelledAt: now, expiresAt: null, updatedAt: now },
    });
    for (const g of o.groups) if (g.status === "pending") await groupMachine.transition(tctx, g.id, "cancelled", { reason });
    await releaseStock(tctx, o.order.id);
    if (o.order.discountPerkId) await releaseDiscountCode(tctx, { perkId: o.order.discountPerkId, orderId: o.order.id });
    await requestIntentCancel(tx, o.order.id);
    await publish(tx, "order.cancelled", { orderId: o.order.id, reason, refundedMinor: 0 }, { actor: ctx.actor, at: now });
    return true;
  });
  if (closed) await intentCancelNow(ctx.db, o.order.id);
}

// ---- cancelling -----------------------------------------------------------------------------

/**
 * Cancel an order (`orderActions` says who may when). An unpaid one closes; a paid one is refunded
 * in full, in one transaction with everything the cancellation undoes: its groups, the ledger's
 * reversal, its stock, its discount code, the shopper's and the print shops' notice; the provider
 * refunds after the commit. An unpaid order the provider has in fact charged is first marked paid,
 * so cancelling it refunds the charge instead of keeping it.
 */
export async function cancelOrder(ctx: Ctx, input: OrderAccess & { reason?: string }): Promise<OrderView> {
  let o = await loadOrder(ctx.db, input.orderId);
  if (!o) throw orderNotFound();
  const viewer = viewerOf(ctx, o.order, input.token);
  const role = viewer === "admin" ? "admin" : "shopper";
  const reason = (input.reason ?? "").trim().slice(0, 500) || (role === "admin" ? "Cancelled by Platen" : "Cancelled by the shopper");
  if (o.order.status === "cancelled") return orderView(ctx, o, viewer);
  if (o.order.status === "pending_payment" && (await reconcilePayment(ctx, o.order.id)) !== "unpaid")
    o = (await loadOrder(ctx.db, o.order.id))!;
  const refuse = () =>
    new AppError(
      "order-not-cancellable",
      role === "admin"
        ? "This order can't be cancelled any more: part of it has shipped. Refund it instead."
        : "This order can't be cancelled any more: production has started. Contact us if something is wrong.",
      409,
    );
  if (!orderActions(actionsInput(o), role).cancel) throw refuse();
  if (o.order.status === "pending_payment") {
    await closeUnpaid(ctx, o, reason);
    return orderView(ctx, (await loadOrder(ctx.db, o.order.id))!, viewer);
  }
  const granted = await transaction(ctx.db, async (tx) => {
    const tctx = withDb(ctx, tx);
    const now = ctx.clock.now();
    const fresh = (await loadOrder(tx, o.order.id, true))!;
    if (fresh.order.status === "cancelled") return null;
    if (!orderActions(actionsInput(fresh), role).cancel) throw refuse();
    const refundable = fresh.order.totalMinor - fresh.order.refundedMinor;
    const { refund } =
      refundable > 0
        ? await grantRefund(tctx, {
            orderId: fresh.order.id,
            amount: money(refundable, fresh.order.currency),
            reason,
            key: `cancel:${fresh.order.id}`,
            notice: "none",
          })
        : { refund: null };
    await postOrderRefund(asSystem(tctx, "order cancelled"), {
      orderId: fresh.order.id,
      refundId: refund?.id ?? `cancel:${fresh.order.id}`,
      kind: "cancelled",
    });
    await tx
      .update(orderLines)
      .set({ refundedQuantity: sql`${orderLines.quantity}` })
      .where(eq(orderLines.orderId, fresh.order.id));
    for (const g of fresh.groups) {
      await tx
        .update(shipmentGroups)
        .set({ shippingRefundedMinor: groupShippingChargedMinor(fresh.order, g) })
        .where(eq(shipmentGroups.id, g.id));
      if (g.status === "pending" || g.status === "in_production") await groupMachine.transition(tctx, g.id, "cancelled", { reason });
    }
    await orderMachine.transition(tctx, fresh.order.id, "cancelled", {
      reason,
      set: {
        cancelledAt: now,
        refundedMinor: fresh.order.totalMinor,
        ...(refund ? { appliedRefunds: [...fresh.order.appliedRefunds, refund.id] } : {}),
        heldFrom: null,
        updatedAt: now,
      },
    });
    await releaseStock(tctx, fresh.order.id);
    if (fresh.order.discountPerkId) await releaseDiscountCode(tctx, { perkId: fresh.order.discountPerkId, orderId: fresh.order.id });
    await sendCancelled(tx, fresh, { reason, refundedMinor: refundable, byShopper: role === "shopper" }, now);
    await publish(
      tx,
      "order.cancelled",
      { orderId: fresh.order.id, reason, refundedMinor: refundable, fulfillerIds: [...new Set(fresh.groups.map((g) => g.fulfillerId))] },
      { actor: ctx.actor, at: now },
    );
    return refund;
  });
  if (granted) await refundNow(ctx.db, granted.id);
  return orderView(ctx, (await loadOrder(ctx.db, o.order.id))!, viewer);
}

// ---- refunds --------------------------------------------------------------------------------

/** What `k` of a line's units were charged: a running share, so partial refunds of a line sum to its whole. */
const unitsCharged = (charged: number, quantity: number, k: number) => (k >= quantity ? charged : Math.round((charged * k) / quantity));

function requireAdmin(ctx: Ctx): void {
  if (!hasRole(ctx.actor, "admin")) throw orderNotFound();
}

/** A refund an admin asks for, and who bears it when a case found someone at fault (issue 23). */
export interface RefundOrderInput {
  orderId: string;
  request: RefundRequest & { idempotencyKey?: string };
  /** The party at fault pays it in the ledger (the tax is reversed as always); default: every share in proportion. */
  chargeTo?: FaultCharge;
}

/**
 * Admin: refund chosen lines (quantities), the shipping of chosen groups, or an amount. One
 * transaction with the order locked checks what is left, grants the refund, posts the ledger's
 * reversal and moves the lines, groups and order; the provider refunds after the commit. Two
 * refunds at once wait for each other, so the second sees what the first took.
 */
export async function refundOrder(ctx: Ctx, input: RefundOrderInput): Promise<OrderView> {
  const granted = await refundOrderInTransaction(ctx, input);
  if (granted.refundId) await refundNow(ctx.db, granted.refundId);
  return orderView(ctx, (await loadOrder(ctx.db, input.orderId))!, "admin");
}

/** After the caller's transaction committed: ask the provider for a refund `refundOrderInTransaction` granted (a durable step). */
export async function refundAfterCommit(db: Db, refundId: string): Promise<void> {
  await refundNow(db, refundId);
}

/**
 * `refundOrder`'s state part in the caller's transaction when `ctx.db` is one (a case resolved by
 * a refund is one transaction with the case), else in its own. The provider is asked only once the
 * caller calls `refundAfterCommit` after its commit; its step is requested in the transaction, so
 * the worker asks the provider even if the caller never does. `refundId` is null when the same
 * idempotency key was used before (the first refund stands).
 */
export async function refundOrderInTransaction(
  ctx: Ctx,
  input: RefundOrderInput,
): Promise<{ refundId: string | null; amountMinor: number }> {
  requireAdmin(ctx);
  const req = input.request;
  const reason = (req.reason ?? "").trim();
  if (!reason) throw new AppError("refund-reason", "Give a reason for the refund (the timeline shows it).", 422, "reason");
  if (reason.length > 500) throw new AppError("refund-reason", "Use at most 500 characters.", 422, "reason");
  if (!(await loadOrderRow(ctx.db, input.orderId))) throw orderNotFound();
  return transaction(
    ctx.db,
    async (tx) => {
      const tctx = withDb(ctx, tx);
      const now = ctx.clock.now();
      const o = (await loadOrder(tx, input.orderId, true))!;
      if (!orderActions(actionsInput(o), "admin").refund)
        throw new AppError(
          "order-not-refundable",
          o.order.status === "pending_payment" ? "This order has not been paid." : "This order has nothing left to refund.",
          409,
        );
      let amount = 0;
      const lineRefunds: { lineId: string; quantity: number; amountMinor: number }[] = [];
      for (const r of req.lines ?? []) {
        if (!r.quantity) continue;
        const line = o.lines.find((l) => l.id === r.lineId);
        if (!line) throw new AppError("refund-line", "That item is not part of this order.", 422, "lines");
        const left = line.quantity - line.refundedQuantity;
        if (!Number.isInteger(r.quantity) || r.quantity < 0 || r.quantity > left)
          throw new AppError("refund-line", `You can refund at most ${left} of "${line.title}".`, 422, `line.${line.id}`);
        const charged = lineChargedMinor(o.order, line);
        const part =
          unitsCharged(charged, line.quantity, line.refundedQuantity + r.quantity) -
          unitsCharged(charged, line.quantity, line.refundedQuantity);
        amount += part;
        lineRefunds.push({ lineId: line.id, quantity: r.quantity, amountMinor: part });
      }
      const groupRefunds: { groupId: string; amountMinor: number }[] = [];
      for (const id of req.groupIds ?? []) {
        const g = o.groups.find((x) => x.id === id);
        if (!g) throw new AppError("refund-group", "That shipment is not part of this order.", 422, "groupIds");
        const left = groupShippingChargedMinor(o.order, g) - g.shippingRefundedMinor;
        if (left <= 0) continue;
        amount += left;
        groupRefunds.push({ groupId: id, amountMinor: left });
      }
      if (req.amountMinor !== undefined && req.amountMinor !== null) {
        if (!Number.isSafeInteger(req.amountMinor) || req.amountMinor <= 0)
          throw new AppError("refund-amount", "Enter an amount above zero.", 422, "amount");
        amount += req.amountMinor;
      }
      const refundable = o.order.totalMinor - o.order.refundedMinor;
      if (amount <= 0) throw new AppError("refund-empty", "Choose items, shipping or an amount to refund.", 422, "lines");
      if (amount > refundable)
        throw new AppError(
          "refund-too-much",
          `At most ${formatAmount(refundable, o.order.currency)} is left to refund on this order.`,
          422,
          "amount",
        );
      const key = req.idempotencyKey ?? `refund:${o.order.id}:${o.order.refundedMinor}:${amount}`;
      const { refund, created } = await grantRefund(tctx, {
        orderId: o.order.id,
        amount: money(amount, o.order.currency),
        reason,
        key,
        notice: "refund",
      });
      if (!created) return { refundId: null, amountMinor: 0 }; // the same form sent twice: the first one stands
      await postOrderRefund(asSystem(tctx, "refund"), {
        orderId: o.order.id,
        refundId: refund.id,
        kind: "refunded",
        ...(lineRefunds.length ? { lines: lineRefunds.map(({ lineId, amountMinor }) => ({ lineId, amountMinor })) } : {}),
        ...(groupRefunds.length ? { groups: groupRefunds } : {}),
        ...(req.amountMinor ? { extraMinor: req.amountMinor } : {}),
        ...(input.chargeTo ? { chargeTo: input.chargeTo } : {}),
      });
      for (const r of lineRefunds)
        await tx
          .update(orderLines)
          .set({ refundedQuantity: sql`${orderLines.refundedQuantity} + ${r.quantity}` })
          .where(eq(orderLines.id, r.lineId));
      for (const { groupId } of groupRefunds) {
        const g = o.groups.find((x) => x.id === groupId)!;
        await tx
          .update(shipmentGroups)
          .set({ shippingRefundedMinor: groupShippingChargedMinor(o.order, g) })
          .where(eq(shipmentGroups.id, groupId));
      }
      const refundedMinor = o.order.refundedMinor + amount;
      const adjustment = {
        at: now.toISOString(),
        kind: "refund" as const,
        amountMinor: amount,
        reason,
        actorUserId: actorUserId(ctx.actor),
      };
      await tx
        .update(orders)
        .set({
          refundedMinor,
          appliedRefunds: [...o.order.appliedRefunds, refund.id],
          adjustments: [...o.order.adjustments, adjustment],
          updatedAt: now,
        })
        .where(eq(orders.id, o.order.id));
      // A group whose every unit is refunded before it ships is not made at all.
      // Refunded in full, nothing more of it is made or shipped (its print shops' queues let go).
      const after = (await loadOrder(tx, o.order.id))!;
      const full = refundedMinor >= o.order.totalMinor;
      for (const g of after.groups) {
        const lines = after.lines.filter((l) => l.groupId === g.id);
        if ((g.status === "pending" || g.status === "in_production") && (full || lines.every((l) => l.refundedQuantity >= l.quantity)))
          await groupMachine.transition(tctx, g.id, "cancelled", { reason: `Refunded: ${reason}` });
      }
      if (full) {
        await orderMachine.transition(tctx, o.order.id, "refunded", { reason, set: { heldFrom: null, updatedAt: now } });
        await releaseStock(tctx, o.order.id);
        // A reprint's units are held under its own group (orders/reprints.ts).
        for (const g of after.groups) if (g.reprintOf) await releaseStock(tctx, g.id);
      } else {
        await followGroups(tctx, o.order.id, "Refunded items will not ship");
      }
      await publish(
        tx,
        "order.refunded",
        { orderId: o.order.id, amountMinor: amount, currency: o.order.currency, full },
        { actor: ctx.actor, at: now },
      );
      return { refundId: refund.id, amountMinor: amount };
    },
    { join: true },
  );
}

/** Admin: ask the provider again for a refund that failed (a step, as the first time). */
export async function retryOrderRefund(ctx: Ctx, input: { orderId: string; refundId: string }): Promise<OrderView> {
  requireAdmin(ctx);
  const refund = await getRefund(ctx, input.refundId);
  if (!refund || refund.orderId !== input.orderId) throw new AppError("not-found", "That refund was not found.", 404);
  if (refund.status !== "failed") throw new AppError("refund-not-failed", "Only a refund that failed can be asked again.", 409);
  const stepKey = await transaction(ctx.db, async (tx) => {
    await retryRefund(withDb(ctx, tx), refund.id);
    return requestRefundStepAgain(tx, refund.id, input.orderId, ctx.clock.now());
  });
  await refundNow(ctx.db, stepKey);
  return orderView(ctx, (await loadOrder(ctx.db, input.orderId))!, "admin");
}

// ---- holds ----------------------------------------------------------------------------------

export async function holdOrder(ctx: Ctx, input: { orderId: string; reason: string }): Promise<OrderView> {
  requireAdmin(ctx);
  const reason = input.reason.trim().slice(0, 500);
  if (!reason) throw new AppError("hold-reason", "Say why the order is on hold (for example, the case it waits for).", 422, "reason");
  const o = await loadOrder(ctx.db, input.orderId);
  if (!o) throw orderNotFound();
  await orderMachine.transition(ctx, o.order.id, "on_hold", {
    reason,
    set: (row) => ({ heldFrom: row.status, updatedAt: ctx.clock.now() }),
  });
  return orderView(ctx, (await loadOrder(ctx.db, o.order.id))!, "admin");
}

export async function releaseOrder(ctx: Ctx, input: { orderId: string; reason?: string }): Promise<OrderView> {
  requireAdmin(ctx);
  const o = await loadOrder(ctx.db, input.orderId);
  if (!o) throw orderNotFound();
  if (o.order.status !== "on_hold") throw new AppError("not-on-hold", "This order is not on hold.", 409);
  const target = o.order.heldFrom && o.order.heldFrom !== "on_hold" ? statusFromGroupsOr(o) : "paid";
  await orderMachine.transition(ctx, o.order.id, target, {
    reason: (input.reason ?? "").trim().slice(0, 500) || "Hold released",
    set: { heldFrom: null, updatedAt: ctx.clock.now() },
  });
  return orderView(ctx, (await loadOrder(ctx.db, o.order.id))!, "admin");
}

function statusFromGroupsOr(o: LoadedOrder): OrderStatus {
  const s = statusFromGroups(o.groups.map((g) => g.status));
  return s === "refunded" ? (o.order.heldFrom ?? "paid") : s;
}

// ---- shipment groups --------------------------------------------------------------------------

/** The shipment group, once the actor may manage it and its order may be made or shipped. */
async function manageableGroup(ctx: Ctx, groupId: string) {
  const g = await loadGroup(ctx.db, groupId);
  if (!g) throw new AppError("not-found", "That shipment was not found.", 404);
  if (!hasRole(ctx.actor, "admin")) {
    const f = await getFulfillerById(ctx, g.fulfillerId);
    if (!f || !canWorkFloor(ctx, f)) throw new AppError("not-found", "That shipment was not found.", 404);
  }
  const order = (await loadOrderRow(ctx.db, g.orderId))!;
  if (order.status === "on_hold") throw new AppError("order-on-hold", "This order is on hold: wait until Platen releases it.", 409);
  if (order.status === "pending_payment") throw new AppError("order-unpaid", "This order is not paid yet.", 409);
  if (order.status === "cancelled" || order.status === "refunded")
    throw new AppError("order-closed", "This order was cancelled or refunded: don't make or ship it.", 409);
  return g;
}

export async function startGroupProduction(ctx: Ctx, groupId: string): Promise<void> {
  const g = await manageableGroup(ctx, groupId);
  await transaction(ctx.db, async (tx) => {
    const tctx = withDb(ctx, tx);
    await groupMachine.transition(tctx, g.id, "in_production", {
      reason: "Production started",
      expectFrom: "pending",
      set: { productionStartedAt: ctx.clock.now() },
    });
    await followGroups(tctx, g.orderId, `Production started in ${g.warehouseName}`);
  });
}

export async function shipGroup(ctx: Ctx, input: { groupId: string; carrier: string; trackingNumber: string }): Promise<void> {
  const parsed = shipGroupSchema.safeParse({ carrier: input.carrier, trackingNumber: input.trackingNumber });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid-shipment", issue.message, 422, String(issue.path[0] ?? "trackingNumber"));
  }
  await recordGroupShipped(ctx, { groupId: input.groupId, carrier: parsed.data.carrier, trackingNumber: parsed.data.trackingNumber });
}

/**
 * A shipment group leaves with a label bought through a carrier (the shipping module, ADR 0018):
 * the carrier's name and tracking number come from the label, so they are not checked against the
 * hand-typed list. In the caller's transaction when it is one.
 */
export async function shipGroupWithLabel(ctx: Ctx, input: { groupId: string; carrier: string; trackingNumber: string }): Promise<void> {
  const carrier = input.carrier.trim().slice(0, 60);
  const trackingNumber = input.trackingNumber.trim().slice(0, 64);
  if (!carrier || !trackingNumber) throw new AppError("invalid-shipment", "A label needs its carrier and tracking number.", 422);
  await recordGroupShipped(ctx, { groupId: input.groupId, carrier, trackingNumber });
}

async function recordGroupShipped(ctx: Ctx, input: { groupId: string; carrier: string; trackingNumber: string }): Promise<void> {
  const g = await manageableGroup(ctx, input.groupId);
  await transaction(
    ctx.db,
    async (tx) => {
      const tctx = withDb(ctx, tx);
      const now = ctx.clock.now();
      await groupMachine.transition(tctx, g.id, "shipped", {
        reason: `${input.carrier} ${input.trackingNumber}`,
        expectFrom: "in_production",
        set: { carrier: input.carrier, trackingNumber: input.trackingNumber, shippedAt: now },
      });
      // A reprint's units were held under its own group's id (orders/reprints.ts).
      await commitStock(tctx, { orderId: g.reprintOf ? g.id : g.orderId, warehouseId: g.warehouseId });
      await followGroups(tctx, g.orderId, `Shipped from ${g.warehouseName}`);
      const o = (await loadOrder(tx, g.orderId))!;
      await sendShipped(
        tx,
        o,
        o.groups.find((x) => x.id === g.id)!,
        now,
      );
      await publish(
        tx,
        "order.group_shipped",
        { orderId: g.orderId, groupId: g.id, carrier: input.carrier, trackingNumber: input.trackingNumber },
        { actor: ctx.actor, at: now },
      );
    },
    { join: true },
  );
}

/**
 * A label voided before the carrier had the parcel (ADR 0018): the group is back in production
 * (its blanks stay used: the stock committed at shipping is not given back), and the order
 * follows. The next label ships it again.
 */
export async function unshipGroup(ctx: Ctx, input: { groupId: string; reason: string }): Promise<void> {
  const g = await manageableGroup(ctx, input.groupId);
  await transaction(
    ctx.db,
    async (tx) => {
      const tctx = withDb(ctx, tx);
      await groupMachine.transition(tctx, g.id, "in_production", {
        reason: input.reason.trim().slice(0, 500) || "Label voided",
        expectFrom: "shipped",
        set: { carrier: null, trackingNumber: null, shippedAt: null },
      });
      await followGroups(tctx, g.orderId, `Label voided in ${g.warehouseName}: the parcel waits for a new one`);
    },
    { join: true },
  );
}

export async function deliverGroup(ctx: Ctx, groupId: string): Promise<void> {
  const g = await manageableGroup(ctx, groupId);
  const settings = await getSettings(ctx);
  const holdDays = (settings as { payoutHoldDays?: number }).payoutHoldDays ?? 14;
  await transaction(ctx.db, async (tx) => {
    const tctx = withDb(ctx, tx);
    const now = ctx.clock.now();
    await groupMachine.transition(tctx, g.id, "delivered", { reason: "Delivered", expectFrom: "shipped", set: { deliveredAt: now } });
    await postGroupDelivered(asSystem(tctx, "delivery"), { orderId: g.orderId, groupId: g.id, deliveredAt: now, holdDays });
    await followGroups(tctx, g.orderId, `Delivered from ${g.warehouseName}`);
    const o = (await loadOrder(tx, g.orderId))!;
    await sendDelivered(
      tx,
      o,
      o.groups.find((x) => x.id === g.id)!,
      now,
    );
    await publish(tx, "order.group_delivered", { orderId: g.orderId, groupId: g.id }, { actor: ctx.actor, at: now });
  });
}

// ---- guests who sign up -----------------------------------------------------------------------

/** A signed-in shopper takes over a guest order placed with their e-mail address. */
export async function claimOrder(ctx: Ctx, access: OrderAccess): Promise<void> {
  const userId = actorUserId(ctx.actor);
  if (!userId) throw new AppError("sign-in", "Sign in to add this order to your account.", 401);
  const o = await loadOrder(ctx.db, access.orderId);
  if (!o || !verifyOrderToken(o.order.id, access.token, ctx.clock.now())) throw orderNotFound();
  if (o.order.userId === userId) return;
  if (o.order.userId) throw orderNotFound();
  const email = (await accountEmailsOf(ctx.db, [userId]))[userId];
  if (!email || email.toLowerCase() !== o.order.email.toLowerCase())
    throw new AppError(
      "claim-email",
      `This order was placed with ${o.order.email}. Sign in with that address to add it to your account.`,
      403,
    );
  await ctx.db.update(orders).set({ userId, updatedAt: ctx.clock.now() }).where(eq(orders.id, o.order.id));
}
