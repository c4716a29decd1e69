// Reprints (issue 23 §3): a case resolved by making items again. A reprint is a new shipment group
// at the same warehouse with copies of the lines at no charge to the shopper: routed to the same
// print shop like any paid line (it shows in its orders and on its floor, due from when it was
// ordered), its units held in stock under the group's own id, and its cost booked in the ledger to
// the party at fault. The order follows its groups again (a delivered order is partially shipped
// while the reprint is on its way).
import { newId, transaction } from "../../infra/db/index.ts";
import { publish } from "../../jobs/index.ts";
import { AppError, asSystem, hasRole, withDb, type Ctx } from "../../kernel/index.ts";
import { getBlankVariants, reserveStock } from "../fulfillment/index.ts";
import { postReprint, type FaultCharge } from "../ledger/index.ts";
import { orderNotFound } from "./access.ts";
import { followGroups } from "./life.ts";
import { loadOrder } from "./load.ts";
import { orderLines, shipmentGroups } from "./schema.ts";

export interface ReprintInput {
  orderId: string;
  /** Lines of one shipment and how many of each to make again. */
  lines: { lineId: string; quantity: number }[];
  /** Why (shown on the order's timeline, the print shop's orders and the ledger). */
  reason: string;
  /** Who pays the print shop for making them again. */
  chargeTo: FaultCharge;
}

/**
 * Admin (or the system): make lines of a shipped or delivered shipment again at no charge, in the
 * caller's transaction when `ctx.db` is one. Refused, with nothing written: an order not paid or
 * closed, a line of another order, lines of two shipments, a shipment not sent yet, more than was
 * bought (less refunded), or a blank out of stock at the warehouse.
 */
export async function createReprint(ctx: Ctx, input: ReprintInput): Promise<{ groupId: string; lineIds: string[] }> {
  if (!hasRole(ctx.actor, "admin")) throw orderNotFound();
  const reason = input.reason.trim().slice(0, 500);
  if (!reason) throw new AppError("reprint-reason", "Say why the items are made again.", 422, "reason");
  if (!input.lines.length) throw new AppError("reprint-lines", "Choose the items to make again.", 422, "lines");
  return transaction(
    ctx.db,
    async (tx) => {
      const tctx = withDb(ctx, tx);
      const now = ctx.clock.now();
      const o = await loadOrder(tx, input.orderId, true);
      if (!o) throw orderNotFound();
      if (o.order.status === "pending_payment" || o.order.status === "cancelled" || o.order.status === "refunded")
        throw new AppError("reprint-order-closed", `Order ${o.order.number} is not paid or is closed: nothing more is made for it.`, 409);
      const chosen = input.lines.map((r) => {
        const line = o.lines.find((l) => l.id === r.lineId);
        if (!line) throw new AppError("reprint-line", "That item is not part of this order.", 404, "lines");
        const left = line.quantity - line.refundedQuantity;
        if (!Number.isInteger(r.quantity) || r.quantity < 1 || r.quantity > left)
          throw new AppError("reprint-quantity", `You can make at most ${left} of "${line.title}" again.`, 422, `line.${line.id}`);
        return { line, quantity: r.quantity };
      });
      if (new Set(chosen.map((c) => c.line.id)).size !== chosen.length)
        throw new AppError("reprint-line", "Each item is listed once.", 422, "lines");
      const groupIds = new Set(chosen.map((c) => c.line.groupId));
      if (groupIds.size !== 1) throw new AppError("reprint-groups", "Reprint the items of one shipment at a time.", 422, "lines");
      const source = o.groups.find((g) => g.id === [...groupIds][0])!;
      if (source.status !== "shipped" && source.status !== "delivered")
        throw new AppError(
          "reprint-not-shipped",
          "This shipment has not left the print shop: it makes the items right before shipping them.",
          409,
          "lines",
        );
      const groupId = newId("sgr");
      const sortOrder = Math.max(...o.groups.map((g) => g.sortOrder)) + 1;
      await tx.insert(shipmentGroups).values({
        id: groupId,
        orderId: o.order.id,
        warehouseId: source.warehouseId,
        warehouseName: source.warehouseName,
        fulfillerId: source.fulfillerId,
        fulfillerName: source.fulfillerName,
        status: "pending",
        shippingMinor: 0,
        shippingTaxMinor: 0,
        productionDays: source.productionDays,
        minDays: source.minDays,
        maxDays: source.maxDays,
        sortOrder,
        reprintOf: source.id,
        reprintReason: reason,
        reprintedAt: now,
      });
      const lastLine = Math.max(...o.lines.map((l) => l.sortOrder));
      const copies = chosen.map((c, i) => ({
        id: newId("oln"),
        orderId: o.order.id,
        groupId,
        productId: c.line.productId,
        variantId: c.line.variantId,
        blankId: c.line.blankId,
        blankVariantId: c.line.blankVariantId,
        sku: c.line.sku,
        storeId: c.line.storeId,
        storeName: c.line.storeName,
        storeHandle: c.line.storeHandle,
        title: c.line.title,
        color: c.line.color,
        size: c.line.size,
        image: c.line.image,
        printFiles: c.line.printFiles,
        quantity: c.quantity,
        refundedQuantity: 0,
        unitPriceMinor: 0,
        unitBaseCostMinor: c.line.unitBaseCostMinor,
        itemsMinor: 0,
        discountMinor: 0,
        taxMinor: 0,
        sortOrder: lastLine + 1 + i,
      }));
      await tx.insert(orderLines).values(copies);
      // The units are held under the reprint group's own id: the order's own hold for the same
      // warehouse and variant was committed when the first parcel shipped.
      const held = await reserveStock(tctx, {
        orderId: groupId,
        items: copies.map((l) => ({ warehouseId: source.warehouseId, blankVariantId: l.blankVariantId, quantity: l.quantity })),
      });
      if (!held.ok) {
        const variants = await getBlankVariants(
          tctx,
          held.soldOut.map((s) => s.blankVariantId),
        );
        const first = held.soldOut[0]!;
        const copy = copies.find((l) => l.blankVariantId === first.blankVariantId)!;
        throw new AppError(
          "reprint-sold-out",
          `${source.warehouseName} has ${first.available} of ${copy.title} (${[copy.color, copy.size].filter(Boolean).join(" / ") || variants.get(first.blankVariantId)?.sku || copy.sku}) in stock: not enough to make it again. Refund it instead, or wait for the print shop's stock.`,
          409,
          "lines",
        );
      }
      await postReprint(asSystem(tctx, "reprint"), {
        orderId: o.order.id,
        groupId,
        fulfillerId: source.fulfillerId,
        currency: o.order.currency,
        lines: copies.map((l) => ({ lineId: l.id, costMinor: l.unitBaseCostMinor * l.quantity })),
        chargeTo: input.chargeTo,
      });
      await followGroups(tctx, o.order.id, `Reprint ordered from ${source.warehouseName}: ${reason}`);
      await publish(
        tx,
        "order.reprint_created",
        { orderId: o.order.id, groupId, reprintOf: source.id, fulfillerId: source.fulfillerId, lineIds: copies.map((l) => l.id) },
        { actor: ctx.actor, at: now },
      );
      return { groupId, lineIds: copies.map((l) => l.id) };
    },
    { join: true },
  );
}
