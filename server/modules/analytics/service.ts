// Analytics (ADR 0018): a print shop's and a store's figures over a range of UTC days, read from
// the ledger and the recorded events of the other modules (through their index.ts), never
// estimated. Read-only: this module has no tables. Where one figure needs two modules' rows (a
// shipment and its due time, a line's share and its product), it joins the owners' subqueries.
import { sql, type SQL } from "drizzle-orm";
import { toDecimalString } from "../../contracts/money.ts";
import { toCsv } from "../../infra/csv/index.ts";
import { AppError, type Ctx } from "../../kernel/index.ts";
import { canManageFulfiller, getFulfillerById, listWarehouses } from "../fulfillment/index.ts";
import { partyBalance, partyDailyShares, partyLineEntriesSql, payableSchedule } from "../ledger/index.ts";
import { fulfillerShippedLinesSql, orderLineProductsSql, storeProductSales, storeSalesDaily } from "../orders/index.ts";
import { getSettingsCached } from "../platform/index.ts";
import { lineDueAtSql } from "../production/index.ts";
import { storeProductViews, storeViewsDaily, storeWishes } from "../shopping/index.ts";
import { accessAllows, fanClubGrowth, getStoreAccess, getStoreById } from "../stores/index.ts";
import { assertRange, daysOf, knownTimeZone, windowOf } from "./range.ts";
import type {
  AnalyticsRange,
  DefectRate,
  ShopAnalytics,
  ShopDay,
  ShopSeries,
  StoreAnalytics,
  StoreDay,
  StoreProductRow,
  StoreSeries,
} from "./types.ts";

/** How many products the store's page ranks. */
export const TOP_PRODUCTS = 10;

/**
 * Counts the cases opened in a window on a print shop's orders. The cases module provides it once
 * it exists; until then the shop's page says cases are not tracked yet instead of showing a zero.
 */
export type CaseCounter = (ctx: Ctx, query: { fulfillerId: string; from: Date; to: Date }) => Promise<number>;

async function execRows<T>(ctx: Ctx, query: SQL): Promise<T[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const round1 = (n: number | string | null | undefined): number | null => (n == null ? null : Math.round(Number(n) * 10) / 10);

async function currencyOf(ctx: Ctx): Promise<string> {
  return (await getSettingsCached(ctx)).currency;
}

// ---- the print shop -----------------------------------------------------------------------------

async function assertShop(ctx: Ctx, fulfillerId: string) {
  const shop = await getFulfillerById(ctx, fulfillerId);
  if (!shop || !canManageFulfiller(ctx, shop)) throw new AppError("not-found", "That print shop was not found.", 404);
  return shop;
}

/**
 * The time zone a print shop's days are counted in: its first warehouse's (the one it registered
 * with), UTC before it has one. Its owner and admins only (404 for anyone else).
 */
export async function shopTimeZone(ctx: Ctx, fulfillerId: string): Promise<string> {
  await assertShop(ctx, fulfillerId);
  const first = [...(await listWarehouses(ctx, fulfillerId))].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  )[0];
  return knownTimeZone(first?.timeZone);
}

/**
 * A print shop's figures over `range` (days of its time zone: `shopTimeZone`): units shipped per day, the share shipped by its due time
 * (the latest due time of the group's lines on the floor; a group that never went through the floor
 * counts the production days promised at checkout), the median hours from payment to shipping,
 * cases per 100 orders shipped (when `countCases` is given), its share booked in the ledger and
 * what it is owed now (pending, held with the days it becomes available, available). Its owner
 * and admins only (404 for anyone else).
 */
export async function shopAnalytics(
  ctx: Ctx,
  input: { fulfillerId: string; range: AnalyticsRange; countCases?: CaseCounter },
): Promise<ShopAnalytics> {
  const timeZone = await shopTimeZone(ctx, input.fulfillerId);
  const range = assertRange(input.range);
  const win = windowOf(range, timeZone);
  const currency = await currencyOf(ctx);
  const party = { kind: "fulfiller" as const, id: input.fulfillerId };
  // Each shipped group once (its lines summed, its due time the latest of its lines' on the floor),
  // then per date of the shop's time zone (formatted once per day) and in all.
  const lines = fulfillerShippedLinesSql(input.fulfillerId, win);
  const figures = execRows<{
    day: string | null;
    shipments: number | string;
    orders: number | string;
    units: number | string;
    on_time: number | string;
    median_hours: number | string | null;
  }>(
    ctx,
    sql`select to_char(x.day, 'YYYY-MM-DD') as day, count(*)::int as shipments, count(distinct x.order_id)::int as orders, coalesce(sum(x.units), 0)::int as units,
        (count(*) filter (where x.shipped_at <= x.due_at))::int as on_time,
        percentile_cont(0.5) within group (order by x.hours) as median_hours
      from (
        select (s.shipped_at at time zone ${sql.raw(`'${win.timeZone}'`)})::date as day, s.order_id, s.units, s.shipped_at,
          coalesce(s.due_at, s.paid_at + make_interval(days => s.production_days)) as due_at,
          extract(epoch from (s.shipped_at - s.paid_at)) / 3600.0 as hours
        from (
          select l.group_id, l.order_id, l.paid_at, l.shipped_at, l.production_days, sum(l.quantity) as units, max(d.due_at) as due_at
          from ${lines} l left join ${lineDueAtSql()} d on d.order_line_id = l.line_id and d.group_id = l.group_id
          group by l.group_id, l.order_id, l.paid_at, l.shipped_at, l.production_days
        ) s
      ) x
      group by grouping sets ((x.day), ())`,
  );
  const [rows, earned, balance, schedule, cases] = await Promise.all([
    figures,
    partyDailyShares(ctx, party, { ...win, currency }),
    partyBalance(ctx, party, currency),
    payableSchedule(ctx, party, { currency, limit: 60, timeZone }),
    input.countCases ? input.countCases(ctx, { fulfillerId: input.fulfillerId, ...win }) : Promise.resolve(null),
  ]);
  const byDay = new Map(rows.filter((r) => r.day != null).map((r) => [r.day!, r]));
  const total = rows.find((r) => r.day == null);
  const daily: ShopDay[] = daysOf(range).map((date) => {
    const r = byDay.get(date);
    return {
      date,
      units: Number(r?.units ?? 0),
      shipments: Number(r?.shipments ?? 0),
      onTime: Number(r?.on_time ?? 0),
      medianHours: round1(r?.median_hours),
    };
  });
  const shipments = Number(total?.shipments ?? 0);
  const orders = Number(total?.orders ?? 0);
  const onTime = Number(total?.on_time ?? 0);
  const defects: DefectRate =
    cases == null ? { tracked: false } : { tracked: true, cases, orders, per100: orders ? Math.round((cases / orders) * 1000) / 10 : null };
  return {
    range,
    timeZone,
    currency,
    totals: {
      units: Number(total?.units ?? 0),
      shipments,
      orders,
      onTime,
      onTimeRate: shipments ? onTime / shipments : null,
      medianHours: shipments ? round1(total?.median_hours) : null,
      earnedMinor: earned.reduce((s, d) => s + d.amountMinor, 0),
    },
    defects,
    owed: {
      pendingMinor: balance.pendingMinor,
      heldMinor: balance.heldMinor,
      availableMinor: balance.availableMinor,
      schedule,
    },
    daily,
  };
}

// ---- the store -----------------------------------------------------------------------------------

async function assertStore(ctx: Ctx, storeId: string) {
  const store = await getStoreById(ctx, storeId);
  if (!store) throw new AppError("not-found", "That store was not found.", 404);
  const access = await getStoreAccess(ctx, store);
  if (!accessAllows(access, "analytics"))
    throw access.role === "none"
      ? new AppError("not-found", "That store was not found.", 404)
      : new AppError("forbidden", "Your role in this store does not include analytics.", 403);
  return store;
}

/**
 * A store's figures over `range`: its share booked in the ledger per day (sales less refunds),
 * orders paid and units bought, product page views, conversion (orders ÷ views), its top products,
 * wishes made and fan-club growth. Its owner, team members with the Analytics permission and
 * admins only.
 */
export async function storeAnalytics(ctx: Ctx, input: { storeId: string; range: AnalyticsRange }): Promise<StoreAnalytics> {
  await assertStore(ctx, input.storeId);
  const range = assertRange(input.range);
  const win = windowOf(range);
  const currency = await currencyOf(ctx);
  const party = { kind: "store" as const, id: input.storeId };
  const productShares = execRows<{ product_id: string; title: string; amount_minor: number | string }>(
    ctx,
    sql`select l.product_id, min(l.title) as title, sum(e.amount_minor)::bigint as amount_minor
      from ${partyLineEntriesSql(party, { ...win, currency })} e join ${orderLineProductsSql()} l on l.id = e.line_id
      group by l.product_id`,
  );
  const [revenue, sales, products, shares, views, productViews, wishes, fans] = await Promise.all([
    partyDailyShares(ctx, party, { ...win, currency }),
    storeSalesDaily(ctx, input.storeId, win),
    storeProductSales(ctx, input.storeId, win),
    productShares,
    storeViewsDaily(ctx, input.storeId, win),
    storeProductViews(ctx, input.storeId, win),
    storeWishes(ctx, input.storeId, win),
    fanClubGrowth(ctx, input.storeId, win),
  ]);
  const revenueBy = new Map(revenue.map((r) => [r.date, r.amountMinor]));
  const salesBy = new Map(sales.map((r) => [r.date, r]));
  const viewsBy = new Map(views.map((r) => [r.date, r.views]));
  const wishesBy = new Map(wishes.daily.map((r) => [r.date, r.wishes]));
  const joinedBy = new Map(fans.daily.map((r) => [r.date, r.joined]));
  let members = fans.before;
  const daily: StoreDay[] = daysOf(range).map((date) => {
    const s = salesBy.get(date);
    const v = viewsBy.get(date) ?? 0;
    const joined = joinedBy.get(date) ?? 0;
    members += joined;
    return {
      date,
      revenueMinor: revenueBy.get(date) ?? 0,
      orders: s?.orders ?? 0,
      units: s?.units ?? 0,
      views: v,
      conversion: v ? (s?.orders ?? 0) / v : null,
      wishes: wishesBy.get(date) ?? 0,
      joined,
      members,
    };
  });
  const sum = (f: (d: StoreDay) => number) => daily.reduce((n, d) => n + f(d), 0);
  // Orders of the range: an order with several of the store's products counts once (per day it is
  // once already; across days an order is paid on one day only).
  const orders = sum((d) => d.orders);
  const viewsTotal = sum((d) => d.views);

  const rows = new Map<string, StoreProductRow>();
  const row = (productId: string, title: string) => {
    let r = rows.get(productId);
    if (!r) rows.set(productId, (r = { productId, title, units: 0, orders: 0, revenueMinor: 0, views: 0, conversion: null }));
    return r;
  };
  for (const p of products) Object.assign(row(p.productId, p.title), { title: p.title, units: p.units, orders: p.orders });
  for (const s of shares) row(s.product_id, s.title).revenueMinor = Number(s.amount_minor) || 0;
  const topProducts = [...rows.values()]
    .map((r) => {
      const v = productViews.get(r.productId) ?? 0;
      return { ...r, views: v, conversion: v ? r.orders / v : null };
    })
    .sort((a, b) => b.revenueMinor - a.revenueMinor || b.units - a.units || b.views - a.views || a.title.localeCompare(b.title))
    .slice(0, TOP_PRODUCTS);

  return {
    range,
    currency,
    totals: {
      revenueMinor: sum((d) => d.revenueMinor),
      orders,
      units: sum((d) => d.units),
      views: viewsTotal,
      conversion: viewsTotal ? orders / viewsTotal : null,
      wishes: sum((d) => d.wishes),
      wishesStanding: wishes.standing,
      joined: sum((d) => d.joined),
      membersAtStart: fans.before,
      membersAtEnd: members,
    },
    topProducts,
    daily,
  };
}

// ---- CSV ----------------------------------------------------------------------------------------

const money = (minor: number, currency: string) => toDecimalString({ amount: minor, currency });
/** A cell a spreadsheet must not read as a formula (a title typed by a partner). */
const text = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const ratio = (r: number | null) => (r == null ? "" : (Math.round(r * 10_000) / 10_000).toString());

/** One chart's series of a print shop's figures as CSV (what the table beside the chart shows). */
export function shopCsv(a: ShopAnalytics, series: ShopSeries): string {
  if (series === "units")
    return toCsv(
      a.daily.map((d) => ({ date: d.date, units: d.units, shipments: d.shipments })),
      ["date", "units", "shipments"],
    );
  if (series === "on-time")
    return toCsv(
      a.daily.map((d) => ({
        date: d.date,
        shipments: d.shipments,
        on_time: d.onTime,
        on_time_rate: ratio(d.shipments ? d.onTime / d.shipments : null),
        median_hours_paid_to_shipped: d.medianHours ?? "",
      })),
      ["date", "shipments", "on_time", "on_time_rate", "median_hours_paid_to_shipped"],
    );
  return toCsv(
    a.owed.schedule.map((d) => ({ available_on: d.date, amount: money(d.amountMinor, a.currency), currency: a.currency })),
    ["available_on", "amount", "currency"],
  );
}

/** One chart's series of a store's figures as CSV. */
export function storeCsv(a: StoreAnalytics, series: StoreSeries): string {
  if (series === "revenue")
    return toCsv(
      a.daily.map((d) => ({ date: d.date, revenue: money(d.revenueMinor, a.currency), currency: a.currency })),
      ["date", "revenue", "currency"],
    );
  if (series === "sales")
    return toCsv(
      a.daily.map((d) => ({ date: d.date, orders: d.orders, units: d.units, product_views: d.views, conversion: ratio(d.conversion) })),
      ["date", "orders", "units", "product_views", "conversion"],
    );
  if (series === "audience")
    return toCsv(
      a.daily.map((d) => ({ date: d.date, wishes: d.wishes, fan_club_joined: d.joined, fan_club_members: d.members })),
      ["date", "wishes", "fan_club_joined", "fan_club_members"],
    );
  return toCsv(
    a.topProducts.map((p) => ({
      product_id: p.productId,
      title: text(p.title),
      units: p.units,
      orders: p.orders,
      revenue: money(p.revenueMinor, a.currency),
      currency: a.currency,
      product_views: p.views,
      conversion: ratio(p.conversion),
    })),
    ["product_id", "title", "units", "orders", "revenue", "currency", "product_views", "conversion"],
  );
}
