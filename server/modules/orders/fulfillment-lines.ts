// What a print shop makes: the lines routed to its warehouses, read by the production and shipping
// modules (ADR 0018), which keep their own state (accepted, batched, printed, packed, parcels,
// shipments) beside these facts. The orders module stays the one source of what was bought, by
// whom, where it goes and whether the order is still live.
import { and, asc, eq, gt, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { AppError, hasRole, type Ctx } from "../../kernel/index.ts";
import { canWorkFloor, getFulfillerById } from "../fulfillment/index.ts";
import { orderLines, orders, shipmentGroups } from "./schema.ts";
import type { FulfillmentLine, FulfillmentLineFacts, FulfillmentLineLabel, GroupStatus } from "./types.ts";

/** Orders whose lines a print shop still makes: paid and not closed. */
const LIVE_ORDER = notInArray(orders.status, ["pending_payment", "cancelled", "refunded"]);

async function assertFulfillerAccess(ctx: Ctx, fulfillerId: string): Promise<void> {
  if (ctx.actor.kind === "system" || hasRole(ctx.actor, "admin")) return;
  const f = await getFulfillerById(ctx, fulfillerId);
  if (!f || !canWorkFloor(ctx, f)) throw new AppError("not-found", "That print shop was not found.", 404);
}

type LineQuery = {
  fulfillerId: string;
  warehouseId?: string;
  lineIds?: readonly string[];
  groupIds?: readonly string[];
  scope?: "open" | "shippable" | "all";
};

function lineConditions(input: LineQuery): SQL[] {
  const scope = input.scope ?? "open";
  const conds: SQL[] = [eq(shipmentGroups.fulfillerId, input.fulfillerId), sql`${orders.paidAt} is not null`];
  if (input.warehouseId) conds.push(eq(shipmentGroups.warehouseId, input.warehouseId));
  if (input.lineIds) conds.push(inArray(orderLines.id, input.lineIds.length ? [...input.lineIds] : ["-"]));
  if (input.groupIds) conds.push(inArray(orderLines.groupId, input.groupIds.length ? [...input.groupIds] : ["-"]));
  if (scope !== "all") {
    conds.push(LIVE_ORDER, gt(orderLines.quantity, orderLines.refundedQuantity));
    conds.push(inArray(shipmentGroups.status, scope === "open" ? ["pending", "in_production"] : ["pending", "in_production", "shipped"]));
  }
  return conds;
}

/**
 * What a count of the floor needs of each line routed to a print shop (the same lines as
 * `listFulfillmentLines`): its status and its order's and group's, where and from when it is made.
 * A summary of a hundred open lines read this way moves a tenth of the bytes of the whole lines
 * (titles, print files, images, the shopper's address) through the embedded engine.
 */
export async function listFulfillmentLineFacts(ctx: Ctx, input: Omit<LineQuery, "lineIds" | "groupIds">): Promise<FulfillmentLineFacts[]> {
  await assertFulfillerAccess(ctx, input.fulfillerId);
  const rows = await ctx.db
    .select({
      lineId: orderLines.id,
      orderStatus: orders.status,
      groupStatus: shipmentGroups.status,
      warehouseId: shipmentGroups.warehouseId,
      reprintedAt: shipmentGroups.reprintedAt,
      paidAt: orders.paidAt,
      productionDays: shipmentGroups.productionDays,
    })
    .from(orderLines)
    .innerJoin(shipmentGroups, eq(shipmentGroups.id, orderLines.groupId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(...lineConditions(input)));
  return rows.map((r) => ({
    lineId: r.lineId,
    orderStatus: r.orderStatus,
    groupStatus: r.groupStatus as GroupStatus,
    warehouseId: r.warehouseId,
    paidAt: r.reprintedAt ?? r.paidAt!,
    productionDays: r.productionDays,
  }));
}

/**
 * What a parcel shows of each of its lines (its list, its label's address), for lines of a print
 * shop by id, whatever their status now: the same lines as `listFulfillmentLines` with `scope:
 * "all"`, without the print files, images, blanks and the order's other groups it reads for the floor.
 */
export async function listFulfillmentLineLabels(
  ctx: Ctx,
  input: { fulfillerId: string; lineIds: readonly string[] },
): Promise<FulfillmentLineLabel[]> {
  await assertFulfillerAccess(ctx, input.fulfillerId);
  if (!input.lineIds.length) return [];
  const rows = await ctx.db
    .select({
      lineId: orderLines.id,
      title: orderLines.title,
      color: orderLines.color,
      size: orderLines.size,
      quantity: orderLines.quantity,
      refundedQuantity: orderLines.refundedQuantity,
      warehouseName: shipmentGroups.warehouseName,
      orderNumber: orders.number,
      address: orders.address,
    })
    .from(orderLines)
    .innerJoin(shipmentGroups, eq(shipmentGroups.id, orderLines.groupId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(...lineConditions({ ...input, scope: "all" })));
  return rows.map(({ refundedQuantity, quantity, ...r }) => ({ ...r, quantity: quantity - refundedQuantity }));
}

/**
 * The lines routed to a print shop (optionally one warehouse, or some lines by id). `open` (the
 * default) keeps lines a print shop still has to make or ship: the order is paid and live, the
 * line's group is pending or in production, and some of it is not refunded. `all` adds shipped,
 * delivered and closed ones (for history and documents).
 */
export async function listFulfillmentLines(ctx: Ctx, input: LineQuery): Promise<FulfillmentLine[]> {
  await assertFulfillerAccess(ctx, input.fulfillerId);
  const conds = lineConditions(input);
  const rows = await ctx.db
    // The columns a FulfillmentLine holds, not every column of three tables: each is work for the
    // embedded engine (the floor's lines, read whole, were a quarter of a print shop page's time).
    .select({
      l: {
        id: orderLines.id,
        blankId: orderLines.blankId,
        blankVariantId: orderLines.blankVariantId,
        sku: orderLines.sku,
        title: orderLines.title,
        color: orderLines.color,
        size: orderLines.size,
        storeId: orderLines.storeId,
        storeName: orderLines.storeName,
        storeHandle: orderLines.storeHandle,
        quantity: orderLines.quantity,
        refundedQuantity: orderLines.refundedQuantity,
        printFiles: orderLines.printFiles,
        image: orderLines.image,
      },
      g: {
        id: shipmentGroups.id,
        status: shipmentGroups.status,
        warehouseId: shipmentGroups.warehouseId,
        warehouseName: shipmentGroups.warehouseName,
        fulfillerId: shipmentGroups.fulfillerId,
        reprintedAt: shipmentGroups.reprintedAt,
        productionDays: shipmentGroups.productionDays,
        carrier: shipmentGroups.carrier,
        trackingNumber: shipmentGroups.trackingNumber,
        shippedAt: shipmentGroups.shippedAt,
        reprintOf: shipmentGroups.reprintOf,
      },
      o: {
        id: orders.id,
        number: orders.number,
        status: orders.status,
        email: orders.email,
        paidAt: orders.paidAt,
        createdAt: orders.createdAt,
        address: orders.address,
      },
    })
    .from(orderLines)
    .innerJoin(shipmentGroups, eq(shipmentGroups.id, orderLines.groupId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(...conds))
    .orderBy(asc(orders.paidAt), asc(orderLines.orderId), asc(orderLines.sortOrder));
  const groupCount = new Map<string, number>();
  if (rows.length) {
    const orderIds = [...new Set(rows.map((r) => r.o.id))];
    const counts = await ctx.db
      .select({ orderId: shipmentGroups.orderId, n: sql<number>`count(*)::int` })
      .from(shipmentGroups)
      .where(and(inArray(shipmentGroups.orderId, orderIds), notInArray(shipmentGroups.status, ["cancelled"])))
      .groupBy(shipmentGroups.orderId);
    for (const c of counts) groupCount.set(c.orderId, c.n);
  }
  return rows.map(({ l, g, o }) => ({
    lineId: l.id,
    orderId: o.id,
    orderNumber: o.number,
    orderStatus: o.status,
    orderEmail: o.email,
    groupId: g.id,
    groupStatus: g.status as GroupStatus,
    groupsInOrder: groupCount.get(o.id) ?? 1,
    warehouseId: g.warehouseId,
    warehouseName: g.warehouseName,
    fulfillerId: g.fulfillerId,
    blankId: l.blankId,
    blankVariantId: l.blankVariantId,
    sku: l.sku,
    title: l.title,
    color: l.color,
    size: l.size,
    storeId: l.storeId,
    storeName: l.storeName,
    storeHandle: l.storeHandle,
    quantity: l.quantity - l.refundedQuantity,
    printFiles: l.printFiles,
    image: l.image ?? null,
    // A reprint is made from when it was ordered, not from the order's payment.
    paidAt: g.reprintedAt ?? o.paidAt!,
    placedAt: o.createdAt,
    productionDays: g.productionDays,
    carrier: g.carrier,
    trackingNumber: g.trackingNumber,
    shippedAt: g.shippedAt,
    address: o.address,
    reprintOf: g.reprintOf,
  }));
}
