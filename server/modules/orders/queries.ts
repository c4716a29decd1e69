// Reading orders: the order page, the shopper's list, the admin's lists and overview, a store's
// orders (its lines only) and a fulfiller's shipment groups. Every function checks who asks.
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { formatAmount } from "../../contracts/money.ts";
import { actorUserId, AppError, hasRole, type Ctx } from "../../kernel/index.ts";
import { ensurePrintFile } from "../catalog/index.ts";
import { canWorkFloor, getFulfillerByHandle, getFulfillerById } from "../fulfillment/index.ts";
import { fulfillerEarnings, lineEarnings, orderBreakdown, orderJournals, partyBalance } from "../ledger/index.ts";
import { getPayment, listRefunds } from "../payments/index.ts";
import { getSettings } from "../platform/index.ts";
import { accessAllows, getStoreAccess, getStoreByHandle, getStoreById, getStoresByIds } from "../stores/index.ts";
import { orderNotFound, viewerOf } from "./access.ts";
import { deliveredParams, shippedParams, successParams } from "./emails.ts";
import { actionsInput, groupShippingChargedMinor, loadOrder, orderView } from "./load.ts";
import { orderLines, orders, shipmentGroups } from "./schema.ts";
import { orderActions } from "./states.ts";
import {
  ORDER_STATUSES,
  trackingUrlFor,
  type AdminOrderFilter,
  type AdminOrderView,
  type FulfillerGroupRow,
  type GroupStatus,
  type OrderAccess,
  type OrderListRow,
  type OrderStatus,
  type OrderView,
  type PartyBalance,
  type StatusOverview,
  type StoreOrderRow,
} from "./types.ts";

/** The order page: buyer, admin, or a valid token; anyone else gets a 404. */
export async function getOrder(ctx: Ctx, access: OrderAccess): Promise<OrderView> {
  const o = await loadOrder(ctx.db, access.orderId);
  if (!o) throw orderNotFound();
  return orderView(ctx, o, viewerOf(ctx, o.order, access.token));
}

type OrderRow = typeof orders.$inferSelect;

/** The columns of an order a list shows (reading every column is work for the embedded engine). */
const LIST_COLUMNS = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  email: orders.email,
  address: orders.address,
  currency: orders.currency,
  totalMinor: orders.totalMinor,
  refundedMinor: orders.refundedMinor,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};
type ListedOrder = Pick<OrderRow, keyof typeof LIST_COLUMNS>;

async function listRows(ctx: Ctx, rows: ListedOrder[]): Promise<OrderListRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [lines, groups] = await Promise.all([
    ctx.db
      .select({
        orderId: orderLines.orderId,
        quantity: orderLines.quantity,
        storeName: orderLines.storeName,
        image: orderLines.image,
        sortOrder: orderLines.sortOrder,
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.sortOrder)),
    ctx.db
      .select({ orderId: shipmentGroups.orderId, fulfillerName: shipmentGroups.fulfillerName })
      .from(shipmentGroups)
      .where(inArray(shipmentGroups.orderId, ids)),
  ]);
  return rows.map((r) => {
    const mine = lines.filter((l) => l.orderId === r.id);
    return {
      id: r.id,
      number: r.number,
      status: r.status,
      email: r.email,
      customerName: r.address.fullName,
      city: r.address.city,
      country: r.address.country,
      currency: r.currency,
      totalMinor: r.totalMinor,
      refundedMinor: r.refundedMinor,
      itemCount: mine.reduce((a, l) => a + l.quantity, 0),
      storeNames: [...new Set(mine.map((l) => l.storeName))],
      fulfillerNames: [...new Set(groups.filter((g) => g.orderId === r.id).map((g) => g.fulfillerName))],
      image: mine[0]?.image ?? null,
      createdAt: r.createdAt,
      paidAt: r.paidAt,
    };
  });
}

/** The signed-in shopper's orders, newest first (at most 200). */
export async function listMyOrders(ctx: Ctx): Promise<OrderListRow[]> {
  const userId = actorUserId(ctx.actor);
  if (!userId) return [];
  const rows = await ctx.db.select(LIST_COLUMNS).from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(200);
  return listRows(ctx, rows);
}

function requireAdmin(ctx: Ctx): void {
  if (!hasRole(ctx.actor, "admin")) throw new AppError("forbidden", "Only admins can see every order.", 403);
}

async function adminWhere(ctx: Ctx, f: AdminOrderFilter): Promise<SQL | undefined | "none"> {
  const parts: SQL[] = [];
  if (f.status) parts.push(eq(orders.status, f.status));
  if (f.from) parts.push(gte(orders.createdAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) parts.push(lt(orders.createdAt, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (f.store) {
    const handle = f.store.replace(/^@/, "");
    const store = await getStoreByHandle(ctx, handle);
    if (!store) return "none";
    parts.push(
      sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.storeId} = ${store.id})`,
    );
  }
  if (f.fulfiller) {
    const ful = await getFulfillerByHandle(ctx, f.fulfiller.replace(/^@/, ""));
    if (!ful) return "none";
    parts.push(
      sql`exists (select 1 from ${shipmentGroups} where ${shipmentGroups.orderId} = ${orders.id} and ${shipmentGroups.fulfillerId} = ${ful.id})`,
    );
  }
  if (f.q) {
    const q = f.q.trim();
    if (/^ord_[0-9a-z]{26}$/i.test(q)) parts.push(eq(orders.id, q.toLowerCase()));
    else if (/^(pl-)?\d{3,12}$/i.test(q)) parts.push(eq(orders.number, `PL-${q.replace(/^pl-/i, "")}`));
    else {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(or(ilike(orders.email, like), sql`${orders.address}->>'fullName' ilike ${like}`)!);
    }
  }
  return parts.length ? and(...parts) : undefined;
}

const SORTS = {
  created: orders.createdAt,
  total: orders.totalMinor,
  status: orders.status,
  number: orders.createdAt,
} as const;

export async function listOrdersAdmin(ctx: Ctx, filter: AdminOrderFilter): Promise<{ rows: OrderListRow[]; total: number }> {
  requireAdmin(ctx);
  const where = await adminWhere(ctx, filter);
  if (where === "none") return { rows: [], total: 0 };
  const column = SORTS[filter.sort] ?? orders.createdAt;
  const order = filter.dir === "asc" ? asc(column) : desc(column);
  const [rows, countRows] = await Promise.all([
    ctx.db
      .select(LIST_COLUMNS)
      .from(orders)
      .where(where)
      .orderBy(order, filter.dir === "asc" ? asc(orders.id) : desc(orders.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    ctx.db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows: await listRows(ctx, rows), total: Number(countRows[0]?.n ?? 0) };
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? "" : String(v);
  // Spreadsheet formula injection: a cell starting with = + - @ is prefixed with a quote.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** CSV of every order matching the filter (no paging), header first; amounts as decimals. */
export async function exportOrdersCsv(ctx: Ctx, filter: AdminOrderFilter): Promise<string> {
  requireAdmin(ctx);
  const where = await adminWhere(ctx, filter);
  const header = [
    "Order",
    "Id",
    "Placed",
    "Paid",
    "Status",
    "E-mail",
    "Customer",
    "City",
    "Country",
    "Stores",
    "Fulfillers",
    "Items",
    "Currency",
    "Total",
    "Refunded",
  ];
  const out = [header.join(",")];
  if (where === "none") return `${out.join("\r\n")}\r\n`;
  const dec = (minor: number, currency: string) =>
    formatAmount(minor, currency)
      .replace(/[^0-9.,-]/g, "")
      .replace(/,/g, "");
  for (let page = 0; ; page++) {
    const rows = await ctx.db
      .select(LIST_COLUMNS)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1000)
      .offset(page * 1000);
    const list = await listRows(ctx, rows);
    for (const r of list)
      out.push(
        [
          r.number,
          r.id,
          r.createdAt.toISOString(),
          r.paidAt?.toISOString() ?? "",
          r.status,
          r.email,
          r.customerName,
          r.city,
          r.country,
          r.storeNames.join("; "),
          r.fulfillerNames.join("; "),
          r.itemCount,
          r.currency,
          dec(r.totalMinor, r.currency),
          dec(r.refundedMinor, r.currency),
        ]
          .map(csvCell)
          .join(","),
      );
    if (rows.length < 1000) break;
  }
  return `${out.join("\r\n")}\r\n`;
}

/** How long an order may sit in a status before the overview calls it over due (hours); null = no target. */
export const STATUS_TARGET_HOURS: Record<OrderStatus, number | null> = {
  pending_payment: 0.5,
  paid: 48,
  in_production: 120,
  partially_shipped: 168,
  shipped: 336,
  delivered: null,
  cancelled: null,
  refunded: null,
  on_hold: 72,
};

export async function orderStatusOverview(ctx: Ctx): Promise<StatusOverview> {
  requireAdmin(ctx);
  const now = ctx.clock.now();
  const { currency } = await getSettings(ctx);
  const day = 86_400_000;
  const since30 = new Date(now.getTime() - 30 * day);
  // Over due: in a status with a target for longer than it (time in status = since the last change).
  const targetCase = sql.join(
    [
      sql`case ${orders.status}`,
      ...ORDER_STATUSES.filter((s) => STATUS_TARGET_HOURS[s] !== null).map(
        (s) => sql`when ${s} then ${new Date(now.getTime() - STATUS_TARGET_HOURS[s]! * 3_600_000)}::timestamptz`,
      ),
      sql`else null end`,
    ],
    sql` `,
  );
  const net = sql`${orders.totalMinor} - ${orders.refundedMinor}`;
  // One pass over the orders for counts, ageing and revenue; the daily series reads only the last 30 days.
  const [byStatus, daily] = await Promise.all([
    ctx.db
      .select({
        status: orders.status,
        n: count(),
        oldest: sql<string | null>`min(${orders.updatedAt})`,
        overdue: sql<string>`count(*) filter (where ${orders.updatedAt} < ${targetCase})`,
        d1: sql<string>`coalesce(sum(${net}) filter (where ${orders.paidAt} >= ${new Date(now.getTime() - day)} and ${orders.currency} = ${currency}), 0)`,
        d7: sql<string>`coalesce(sum(${net}) filter (where ${orders.paidAt} >= ${new Date(now.getTime() - 7 * day)} and ${orders.currency} = ${currency}), 0)`,
        d30: sql<string>`coalesce(sum(${net}) filter (where ${orders.paidAt} >= ${since30} and ${orders.currency} = ${currency}), 0)`,
      })
      .from(orders)
      .groupBy(orders.status),
    ctx.db
      .select({
        date: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        orders: count(),
        revenue: sql<string>`coalesce(sum(${net}) filter (where ${orders.paidAt} is not null), 0)`,
      })
      .from(orders)
      .where(gte(orders.createdAt, since30))
      .groupBy(sql`1`),
  ]);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  const ageing = Object.fromEntries(
    ORDER_STATUSES.map((s) => [s, { oldest: null, overdue: 0, targetHours: STATUS_TARGET_HOURS[s] }]),
  ) as StatusOverview["ageing"];
  const revenue = { days1: 0, days7: 0, days30: 0 };
  for (const r of byStatus) {
    counts[r.status] = Number(r.n);
    ageing[r.status].oldest = r.oldest ? new Date(r.oldest) : null;
    ageing[r.status].overdue = Number(r.overdue);
    revenue.days1 += Number(r.d1);
    revenue.days7 += Number(r.d7);
    revenue.days30 += Number(r.d30);
  }
  const byDay = new Map(daily.map((d) => [d.date, d]));
  const days: StatusOverview["daily"] = [];
  for (let i = 29; i >= 0; i--) {
    const date = new Date(now.getTime() - i * day).toISOString().slice(0, 10);
    const d = byDay.get(date);
    days.push({ date, orders: Number(d?.orders ?? 0), revenueMinor: Number(d?.revenue ?? 0) });
  }
  return { currency, counts, ageing, revenue, daily: days, total: Object.values(counts).reduce((a, b) => a + b, 0) };
}

export async function getAdminOrder(ctx: Ctx, orderId: string): Promise<AdminOrderView> {
  requireAdmin(ctx);
  const o = await loadOrder(ctx.db, orderId);
  if (!o) throw orderNotFound();
  const [order, journals, breakdown] = await Promise.all([
    orderView(ctx, o, "admin"),
    orderJournals(ctx, orderId),
    orderBreakdown(ctx, orderId),
  ]);
  const storeIds = Object.keys(breakdown.stores);
  const fulfillerIds = Object.keys(breakdown.fulfillers);
  const [storeRows, fulfillerRows] = await Promise.all([
    getStoresByIds(ctx, storeIds),
    Promise.all(fulfillerIds.map((id) => getFulfillerById(ctx, id))).then((r) => r.filter((f): f is NonNullable<typeof f> => !!f)),
  ]);
  const partyNames: Record<string, string> = {};
  for (const s of storeRows) partyNames[s.id] = s.name;
  for (const f of fulfillerRows) partyNames[f.id] = f.name;
  const input = actionsInput(o);
  return {
    order,
    journals,
    breakdown,
    partyNames,
    refundableMinor: input.refundableMinor,
    actions: orderActions(input, "admin"),
    refunds: await listRefunds(ctx, orderId),
  };
}

/** A store's orders (its lines only; the buyer's name and city only) for its managers, with the store's balance. */
export async function listStoreOrders(
  ctx: Ctx,
  input: { storeId: string; page?: number; pageSize?: number },
): Promise<{ rows: StoreOrderRow[]; total: number; balance: PartyBalance }> {
  const store = await getStoreById(ctx, input.storeId);
  if (!store) throw new AppError("not-found", "That store was not found.", 404);
  if (!hasRole(ctx.actor, "admin") && !accessAllows(await getStoreAccess(ctx, store)))
    throw new AppError("not-found", "That store was not found.", 404);
  const pageSize = Math.min(100, Math.max(5, input.pageSize ?? 25));
  const page = Math.max(1, Math.floor(input.page ?? 1));
  const visible = sql`${orders.status} <> 'pending_payment'`;
  const idsQuery = ctx.db
    .selectDistinct({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orderLines.storeId, store.id), visible))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [idRows, countRows, balance] = await Promise.all([
    idsQuery,
    ctx.db
      .select({ n: sql<number>`count(distinct ${orders.id})`.mapWith(Number) })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orderLines.storeId, store.id), visible)),
    partyBalance(ctx, { kind: "store", id: store.id }),
  ]);
  const n = Number(countRows[0]?.n ?? 0);
  const ids = idRows.map((r) => r.id);
  if (!ids.length) return { rows: [], total: n, balance };
  const [orderRows, lines, groups, earnings] = await Promise.all([
    ctx.db.select().from(orders).where(inArray(orders.id, ids)),
    ctx.db
      .select()
      .from(orderLines)
      .where(and(inArray(orderLines.orderId, ids), eq(orderLines.storeId, store.id)))
      .orderBy(asc(orderLines.sortOrder)),
    ctx.db
      .select({ id: shipmentGroups.id, status: shipmentGroups.status })
      .from(shipmentGroups)
      .where(inArray(shipmentGroups.orderId, ids)),
    lineEarnings(ctx, { storeId: store.id, orderIds: ids }),
  ]);
  const groupStatus = new Map(groups.map((g) => [g.id, g.status]));
  const byId = new Map(orderRows.map((o) => [o.id, o]));
  const rows: StoreOrderRow[] = ids.map((id) => {
    const o = byId.get(id)!;
    return {
      orderId: o.id,
      number: o.number,
      status: o.status,
      createdAt: o.createdAt,
      buyerName: o.address.fullName,
      buyerCity: o.address.city,
      buyerCountry: o.address.country,
      currency: o.currency,
      lines: lines
        .filter((l) => l.orderId === id)
        .map((l) => ({
          id: l.id,
          title: l.title,
          variantLabel: [l.color, l.size].filter(Boolean).join(" / "),
          quantity: l.quantity,
          refundedQuantity: l.refundedQuantity,
          itemsMinor: l.itemsMinor,
          discountMinor: l.discountMinor,
          groupStatus: (groupStatus.get(l.groupId) ?? "pending") as GroupStatus,
          earningsMinor: earnings.get(l.id) ?? 0,
          image: l.image ?? null,
        })),
    };
  });
  return { rows, total: n, balance };
}

/**
 * How many of a print shop's open shipments (the orders page's "open" tab: pending, in production
 * and shipped, of live paid orders) are in each status, with its balance: the print shop's overview,
 * which shows the counts, not the shipments. One grouped count instead of every open shipment with
 * its lines and payouts.
 */
export async function countFulfillerGroups(
  ctx: Ctx,
  input: { fulfillerId: string },
): Promise<{ counts: Record<"pending" | "in_production" | "shipped", number>; balance: PartyBalance }> {
  const f = await getFulfillerById(ctx, input.fulfillerId);
  if (!f || !canWorkFloor(ctx, f)) throw new AppError("not-found", "That fulfillment business was not found.", 404);
  const [rows, balance] = await Promise.all([
    ctx.db
      .select({ status: shipmentGroups.status, n: count() })
      .from(shipmentGroups)
      .innerJoin(orders, eq(orders.id, shipmentGroups.orderId))
      .where(
        and(
          eq(shipmentGroups.fulfillerId, f.id),
          sql`${orders.status} not in ('pending_payment')`,
          inArray(shipmentGroups.status, ["pending", "in_production", "shipped"]),
          notInArray(orders.status, ["cancelled", "refunded"]),
        ),
      )
      .groupBy(shipmentGroups.status),
    partyBalance(ctx, { kind: "fulfiller", id: f.id }),
  ]);
  const counts = { pending: 0, in_production: 0, shipped: 0 };
  for (const r of rows) if (r.status in counts) counts[r.status as keyof typeof counts] = Number(r.n);
  return { counts, balance };
}

/**
 * The groups routed to a fulfiller's warehouses, for its owner (or an admin), with its balance,
 * oldest paid first. With `pageSize`, one page of them (`page`, kept within the pages there are)
 * and how many there are in all (`total`), those whose order number holds `orderNumber` only:
 * the page's groups, lines and payouts are all it reads.
 */
export async function listFulfillerGroups(
  ctx: Ctx,
  input: { fulfillerId: string; status?: GroupStatus | "open" | "all"; orderNumber?: string; page?: number; pageSize?: number },
): Promise<{ rows: FulfillerGroupRow[]; balance: PartyBalance; total: number; page: number }> {
  const f = await getFulfillerById(ctx, input.fulfillerId);
  if (!f || !canWorkFloor(ctx, f)) throw new AppError("not-found", "That fulfillment business was not found.", 404);
  const status = input.status ?? "open";
  const live = sql`${orders.status} not in ('pending_payment')`;
  const statusCond =
    status === "all"
      ? undefined
      : status === "open"
        ? // Nothing of a cancelled or refunded order is made or shipped, whatever its groups say.
          and(inArray(shipmentGroups.status, ["pending", "in_production", "shipped"]), notInArray(orders.status, ["cancelled", "refunded"]))
        : eq(shipmentGroups.status, status);
  const needle = input.orderNumber?.trim().toUpperCase();
  const where = and(
    eq(shipmentGroups.fulfillerId, f.id),
    live,
    statusCond,
    needle ? sql`position(${needle} in upper(${orders.number})) > 0` : undefined,
  );
  const pageSize = input.pageSize ? Math.min(300, Math.max(1, Math.floor(input.pageSize))) : 300;
  let page = 1;
  let total: number | null = null;
  if (input.pageSize) {
    const [n] = await ctx.db
      .select({ n: count() })
      .from(shipmentGroups)
      .innerJoin(orders, eq(orders.id, shipmentGroups.orderId))
      .where(where);
    total = Number(n?.n ?? 0);
    const pages = Math.max(1, Math.ceil(total / pageSize));
    page = Number.isInteger(input.page) && input.page! >= 1 ? Math.min(input.page!, pages) : 1;
  }
  const [groups, balance] = await Promise.all([
    // The columns the rows show (each column is work for the embedded engine: a page of 20 rows
    // read every column of both tables in about three times the time).
    ctx.db
      .select({
        g: {
          id: shipmentGroups.id,
          status: shipmentGroups.status,
          warehouseId: shipmentGroups.warehouseId,
          warehouseName: shipmentGroups.warehouseName,
          carrier: shipmentGroups.carrier,
          trackingNumber: shipmentGroups.trackingNumber,
          shippingMinor: shipmentGroups.shippingMinor,
          reprintOf: shipmentGroups.reprintOf,
          reprintReason: shipmentGroups.reprintReason,
          reprintedAt: shipmentGroups.reprintedAt,
          productionDays: shipmentGroups.productionDays,
        },
        o: {
          id: orders.id,
          number: orders.number,
          status: orders.status,
          createdAt: orders.createdAt,
          paidAt: orders.paidAt,
          address: orders.address,
          currency: orders.currency,
        },
      })
      .from(shipmentGroups)
      .innerJoin(orders, eq(orders.id, shipmentGroups.orderId))
      .where(where)
      .orderBy(asc(orders.paidAt), asc(shipmentGroups.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    partyBalance(ctx, { kind: "fulfiller", id: f.id }),
  ]);
  total ??= groups.length;
  if (!groups.length) return { rows: [], balance, total, page };
  const groupIds = groups.map((r) => r.g.id);
  const [lines, payouts] = await Promise.all([
    ctx.db
      .select({
        id: orderLines.id,
        groupId: orderLines.groupId,
        title: orderLines.title,
        color: orderLines.color,
        size: orderLines.size,
        sku: orderLines.sku,
        quantity: orderLines.quantity,
        refundedQuantity: orderLines.refundedQuantity,
        image: orderLines.image,
        printFiles: orderLines.printFiles,
      })
      .from(orderLines)
      .where(inArray(orderLines.groupId, groupIds))
      .orderBy(asc(orderLines.sortOrder)),
    fulfillerEarnings(ctx, { fulfillerId: f.id, orderIds: [...new Set(groups.map((r) => r.o.id))] }),
  ]);
  return {
    balance,
    total,
    page,
    rows: groups.map(({ g, o }) => ({
      groupId: g.id,
      orderId: o.id,
      orderNumber: o.number,
      orderStatus: o.status,
      status: g.status,
      warehouseId: g.warehouseId,
      warehouseName: g.warehouseName,
      placedAt: o.createdAt,
      paidAt: o.paidAt,
      address: o.address,
      carrier: g.carrier,
      trackingNumber: g.trackingNumber,
      trackingUrl: trackingUrlFor(g.carrier, g.trackingNumber),
      shippingMinor: g.shippingMinor,
      payoutMinor: payouts.get(g.id) ?? 0,
      currency: o.currency,
      reprintOf: g.reprintOf,
      reprintReason: g.reprintReason,
      madeFrom: o.paidAt ? (g.reprintedAt ?? o.paidAt) : null,
      productionDays: g.productionDays,
      lines: lines
        .filter((l) => l.groupId === g.id)
        .map((l) => ({
          id: l.id,
          title: l.title,
          variantLabel: [l.color, l.size].filter(Boolean).join(" / "),
          sku: l.sku,
          quantity: l.quantity,
          refundedQuantity: l.refundedQuantity,
          image: l.image ?? null,
          printFiles: l.printFiles.map(({ areaKey, widthPx, heightPx, dpi }) => ({ areaKey, widthPx, heightPx, dpi })),
        })),
    })),
  };
}

/** A line's print file, for the fulfiller of its group (or an admin). */
export async function printFileForLine(
  ctx: Ctx,
  input: { groupId: string; lineId: string; areaKey: string },
): Promise<{ body: Buffer; contentType: string; filename: string }> {
  const missing = () => new AppError("not-found", "That print file was not found.", 404);
  if (!/^oln_[0-9a-z]{26}$/.test(input.lineId)) throw missing();
  const [row] = await ctx.db
    .select({ l: orderLines, g: shipmentGroups, number: orders.number })
    .from(orderLines)
    .innerJoin(shipmentGroups, eq(shipmentGroups.id, orderLines.groupId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.id, input.lineId), eq(orderLines.groupId, input.groupId)))
    .limit(1);
  if (!row) throw missing();
  if (!hasRole(ctx.actor, "admin")) {
    const f = await getFulfillerById(ctx, row.g.fulfillerId);
    if (!f || !canWorkFloor(ctx, f)) throw missing();
  }
  const file = row.l.printFiles.find((p) => p.areaKey === input.areaKey);
  if (!file) throw missing();
  // A print file only planned (the demo's products) is drawn on its first download.
  let stored = await ctx.ports.storage.get(file.storageKey);
  if (!stored && (await ensurePrintFile(ctx, file.storageKey))) stored = await ctx.ports.storage.get(file.storageKey);
  if (!stored) throw missing();
  const ext = file.storageKey.split(".").pop() ?? "png";
  return { body: stored.body, contentType: stored.contentType, filename: `${row.number}-${row.l.sku || row.l.id}-${file.areaKey}.${ext}` };
}

/** Params of an order e-mail built from a real order (the latest that fits), for the /admin/brevo previews. */
export async function orderTemplatePreview(
  ctx: Ctx,
  template: "order-success" | "order-shipment-created" | "order-shipment-delivered",
): Promise<{ orderNumber: string; params: Record<string, unknown> } | null> {
  requireAdmin(ctx);
  const now = ctx.clock.now();
  if (template === "order-success") {
    const [row] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.paidAt} is not null`)
      .orderBy(desc(orders.paidAt))
      .limit(1);
    if (!row) return null;
    const o = (await loadOrder(ctx.db, row.id))!;
    const payment = await getPayment(ctx, row.id);
    return { orderNumber: o.order.number, params: successParams(o, payment, now) };
  }
  const status = template === "order-shipment-created" ? "shipped" : "delivered";
  const [row] = await ctx.db
    .select({ id: shipmentGroups.id, orderId: shipmentGroups.orderId })
    .from(shipmentGroups)
    .where(eq(shipmentGroups.status, status))
    .orderBy(desc(status === "shipped" ? shipmentGroups.shippedAt : shipmentGroups.deliveredAt))
    .limit(1);
  if (!row) return null;
  const o = (await loadOrder(ctx.db, row.orderId))!;
  const g = o.groups.find((x) => x.id === row.id)!;
  return {
    orderNumber: o.order.number,
    params: template === "order-shipment-created" ? shippedParams(o, g, now) : deliveredParams(o, g, now),
  };
}

export { groupShippingChargedMinor };
