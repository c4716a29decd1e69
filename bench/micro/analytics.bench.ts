// Analytics micro-benchmark (`npm run bench`, or `node --import tsx bench/micro/analytics.bench.ts`):
// the print shop's and the store's analytics (server/modules/analytics) over BENCH_ANALYTICS_ORDERS
// (default 100,000) paid orders of one store printed by one print shop, spread over the last 365
// days: p50/p95 of each read over the longest range (366 days: every order) and over the default
// 30 days. Target (issue 23): each under 1 s. On PGlite and, when BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) is set, on PostgreSQL (BENCH_ANALYTICS_PGLITE=0: PostgreSQL only). Prints the
// figures and writes tmp/bench-analytics.json.
//
// The print shop, its warehouse and blank, the store and its products are made through the modules'
// APIs; the orders and what follows them (shipment groups, lines, the floor's lines, the ledger's
// journals, product views, wishes, fan-club members) are bulk SQL inserts shaped like the rows the
// modules write, so that 100,000 orders load in seconds. Only this bench writes rows this way.
import { carrierProvider } from "../../server/infra/carriers/index.ts";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { makeFulfillerWithBlank, makeProducts, makeStore } from "../../tests/support/factories.ts";
import { parseEnv, setEnv } from "../../server/config/env.ts";
import { openDatabase, type Database, type Db } from "../../server/infra/db/index.ts";
import { emailProvider } from "../../server/infra/email/index.ts";
import { paymentProvider } from "../../server/infra/payments/index.ts";
import { LocalStorage } from "../../server/infra/storage/index.ts";
import { createCtx, setDefaultPorts } from "../../server/kernel/index.ts";
import { defaultRange, shopAnalytics, storeAnalytics, type AnalyticsRange } from "../../server/modules/analytics/index.ts";

const ORDERS = Number(process.env.BENCH_ANALYTICS_ORDERS ?? 100_000);
const VIEWS = Number(process.env.BENCH_ANALYTICS_VIEWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ANALYTICS_ROUNDS ?? 15);
const PRODUCTS = 24;
const TARGET_MS = 1000;

const tmp = mkdtempSync(path.join(os.tmpdir(), "platen-bench-analytics-"));
setEnv(parseEnv({ ...process.env, DATA_DIR: tmp, PLATEN_ENV: "test", SESSION_SECRET: randomBytes(32).toString("hex") }));
const storage = new LocalStorage(path.join(tmp, "storage"));
setDefaultPorts(() => ({ storage, email: emailProvider(), payments: paymentProvider(), carriers: carrierProvider() }));

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const r1 = (n: number) => Math.round(n * 10) / 10;

async function time(fn: () => Promise<unknown>) {
  await fn(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: r1(pct(ms, 50)), p95: r1(pct(ms, 95)), runs: ROUNDS };
}

/**
 * The orders of the bench, as the orders, production and ledger modules write them: order g is paid
 * (g / ORDERS) of a year ago, has one shipment group at the print shop and one or two lines of the
 * store's products; groups ship 20 to 91 hours after payment (due at 48 hours: about a third late)
 * and are delivered three days later (their shares payable 14 days after that); one order in a
 * hundred is refunded in full.
 */
async function load(
  db: Db,
  ids: { fulfillerId: string; warehouseId: string; storeId: string; storeHandle: string; blankId: string; productIds: string[] },
) {
  const products = sql`${`{${ids.productIds.join(",")}}`}::text[]`;
  const P = ids.productIds.length;
  await db.execute(sql`
    insert into orders (id, number, status, user_id, email, place_key, currency, prices_include_tax, tax_rate_percent, platform_fee_percent,
      address, items_minor, discount_minor, shipping_minor, tax_minor, total_minor, refunded_minor, paid_at, created_at, updated_at)
    select 'ord_ab' || lpad(g::text, 20, '0'), 'PA-' || g,
      case when g % 100 = 0 then 'refunded' when paid + interval '5 days' < now() then 'delivered' when paid + interval '2 days' < now() then 'shipped' else 'in_production' end,
      null, 'buyer' || g || '@example.com', 'bench-analytics-' || g, 'USD', false, 0, 20,
      '{"fullName":"Bench Buyer","line1":"1 Main Street","line2":"","city":"Portland","region":"OR","postalCode":"97205","country":"US","phone":""}'::jsonb,
      items, 0, 500, 0, items + 500, case when g % 100 = 0 then items + 500 else 0 end, paid, paid - interval '4 minutes', paid
    from (select g, now() - (g::float8 / ${ORDERS}) * interval '365 days' as paid, 2500 * (case when g % 3 = 0 then 2 else 1 end) as items
          from generate_series(1, ${ORDERS}) as g) s`);
  await db.execute(sql`
    insert into shipment_groups (id, order_id, warehouse_id, warehouse_name, fulfiller_id, fulfiller_name, status, shipping_minor, shipping_tax_minor,
      production_days, min_days, max_days, carrier, tracking_number, production_started_at, shipped_at, delivered_at)
    select 'sgr_ab' || lpad(g::text, 20, '0'), 'ord_ab' || lpad(g::text, 20, '0'), ${ids.warehouseId}, 'Main', ${ids.fulfillerId}, 'Bench prints',
      case when g % 100 = 0 then 'cancelled' when shipped + interval '3 days' < now() then 'delivered' when shipped < now() then 'shipped' else 'in_production' end,
      500, 0, 2, 3, 5,
      case when shipped < now() then 'Platen Post' end, case when shipped < now() then 'PB' || lpad(g::text, 9, '0') || 'US' end,
      paid + interval '2 hours',
      case when g % 100 <> 0 and shipped < now() then shipped end,
      case when g % 100 <> 0 and shipped + interval '3 days' < now() then shipped + interval '3 days' end
    from (select g, now() - (g::float8 / ${ORDERS}) * interval '365 days' as paid,
            now() - (g::float8 / ${ORDERS}) * interval '365 days' + (20 + (g * 7919) % 72) * interval '1 hour' as shipped
          from generate_series(1, ${ORDERS}) as g) s`);
  // Line 1 of every order; line 2 of every third.
  await db.execute(sql`
    insert into order_lines (id, order_id, group_id, product_id, variant_id, blank_id, blank_variant_id, sku, store_id, store_name, store_handle,
      title, color, size, image, print_files, quantity, refunded_quantity, unit_price_minor, unit_base_cost_minor, items_minor, discount_minor, tax_minor, sort_order)
    select 'oln_ab' || lpad(g::text, 19, '0') || n, 'ord_ab' || lpad(g::text, 20, '0'), 'sgr_ab' || lpad(g::text, 20, '0'),
      (${products})[1 + (g + n * 7) % ${P}], 'var_bench', ${ids.blankId}, 'bvr_bench', 'BENCH-TEE', ${ids.storeId}, 'Bench store', ${ids.storeHandle},
      'Bench product ' || (1 + (g + n * 7) % ${P}), 'White', 'M', null, '[]'::jsonb, 1, case when g % 100 = 0 then 1 else 0 end,
      2500, 900, 2500, 0, 0, n
    from generate_series(1, ${ORDERS}) as g, generate_series(0, 1) as n
    where n = 0 or g % 3 = 0`);
  await db.execute(sql`
    insert into production_lines (order_line_id, order_id, group_id, fulfiller_id, warehouse_id, status, code, due_at, accepted_at, printed_at, packed_at, updated_at)
    select l.id, l.order_id, l.group_id, ${ids.fulfillerId}, ${ids.warehouseId}, 'packed', upper(right(l.id, 14)), o.paid_at + interval '48 hours',
      o.paid_at + interval '1 hour', o.paid_at + interval '12 hours', o.paid_at + interval '18 hours', o.paid_at + interval '18 hours'
    from order_lines l join orders o on o.id = l.order_id where l.id like 'oln_ab%'`);
  // The ledger: the sale (clearing; per line the print shop's base cost, the platform's fee and the
  // store's share; the shipping to the print shop), the delivery (pending to payable, available after
  // 14 days), and the refund of one order in a hundred.
  await db.execute(sql`
    insert into ledger_journals (id, kind, order_id, reverses_journal_id, idempotency_key, memo, currency, actor, created_at)
    select 'led_abp' || substr(o.id, 7), 'order_paid', o.id, null, 'order-paid:' || o.id, 'Order paid', 'USD', 'system:bench', o.paid_at
    from orders o where o.id like 'ord_ab%'`);
  await db.execute(sql`
    insert into ledger_entries (id, journal_id, account, amount_minor, currency, order_id, line_id, group_id, available_at, created_at)
    select 'led_abe' || substr(o.id, 7) || 'c', 'led_abp' || substr(o.id, 7), 'payments_clearing', o.total_minor, 'USD', o.id, null::text, null::text, null::timestamptz, o.paid_at
      from orders o where o.id like 'ord_ab%'
    union all
    select 'led_abe' || substr(o.id, 7) || 's', 'led_abp' || substr(o.id, 7), 'fulfiller_pending:' || ${ids.fulfillerId}, -500, 'USD', o.id, null::text, g.id, null::timestamptz, o.paid_at
      from orders o join shipment_groups g on g.order_id = o.id where o.id like 'ord_ab%'
    union all
    select 'led_abe' || substr(l.id, 7) || a.k, 'led_abp' || substr(l.order_id, 7), a.account, a.amount, 'USD', l.order_id, l.id, l.group_id, null, o.paid_at
      from order_lines l join orders o on o.id = l.order_id,
        lateral (values ('f', 'fulfiller_pending:' || ${ids.fulfillerId}, -900), ('p', 'platform_revenue', -320), ('t', 'store_pending:' || ${ids.storeId}, -1280)) as a(k, account, amount)
      where l.id like 'oln_ab%'`);
  await db.execute(sql`
    insert into ledger_journals (id, kind, order_id, reverses_journal_id, idempotency_key, memo, currency, actor, created_at)
    select 'led_abd' || substr(g.id, 7), 'group_delivered', g.order_id, null, 'group-delivered:' || g.id, 'Delivered', 'USD', 'system:bench', g.delivered_at
    from shipment_groups g where g.id like 'sgr_ab%' and g.delivered_at is not null`);
  await db.execute(sql`
    insert into ledger_entries (id, journal_id, account, amount_minor, currency, order_id, line_id, group_id, available_at, created_at)
    select 'led_abx' || e.id || m.k, 'led_abd' || substr(g.id, 7),
      case when m.k = 'a' then e.account else replace(e.account, '_pending:', '_payable:') end,
      case when m.k = 'a' then -e.amount_minor else e.amount_minor end,
      'USD', e.order_id, e.line_id, e.group_id, case when m.k = 'b' then g.delivered_at + interval '14 days' end, g.delivered_at
    from ledger_entries e join shipment_groups g on g.id = e.group_id, (values ('a'), ('b')) as m(k)
    where e.id like 'led_abe%' and g.delivered_at is not null and (e.account like 'fulfiller_pending:%' or e.account like 'store_pending:%')`);
  await db.execute(sql`
    insert into ledger_journals (id, kind, order_id, reverses_journal_id, idempotency_key, memo, currency, actor, created_at)
    select 'led_abr' || substr(o.id, 7), 'order_refunded', o.id, 'led_abp' || substr(o.id, 7), 'order-refund:' || o.id, 'Refund', 'USD', 'system:bench', o.paid_at + interval '1 day'
    from orders o where o.id like 'ord_ab%' and o.status = 'refunded'`);
  await db.execute(sql`
    insert into ledger_entries (id, journal_id, account, amount_minor, currency, order_id, line_id, group_id, available_at, created_at)
    select 'led_aby' || e.id, 'led_abr' || substr(o.id, 7), e.account, -e.amount_minor, 'USD', o.id, e.line_id, e.group_id, null::timestamptz, o.paid_at + interval '1 day'
      from ledger_entries e join orders o on o.id = e.order_id
      where o.id like 'ord_ab%' and o.status = 'refunded' and e.id like 'led_abe%' and e.account <> 'payments_clearing'
    union all
    select 'led_abz' || o.id, 'led_abr' || substr(o.id, 7), 'refunds', -o.total_minor, 'USD', o.id, null, null, null, o.paid_at + interval '1 day'
      from orders o where o.id like 'ord_ab%' and o.status = 'refunded'`);
  // Product page views (one per viewer, product and day), wishes and fan-club members over the year.
  await db.execute(sql`
    insert into product_views (product_id, viewer_key, user_id, day, viewed_at, client_key)
    select (${products})[1 + v % ${P}], 'v:bench' || v, null, to_char(at at time zone 'UTC', 'YYYY-MM-DD'), at, 'bench' || (v % 5000)
    from (select v, now() - (v::float8 / ${VIEWS}) * interval '365 days' as at from generate_series(1, ${VIEWS}) as v) s`);
  await db.execute(sql`
    insert into wishes (user_id, product_id, created_at)
    select 'usr_bench' || w, (${products})[1 + w % ${P}], now() - (w::float8 / 20000) * interval '365 days' from generate_series(1, 20000) as w`);
  await db.execute(sql`
    insert into fan_club_members (store_id, user_id, email_opt_in, unsubscribe_token, joined_at)
    select ${ids.storeId}, 'usr_bench' || m, true, 'bench-unsub-' || m, now() - (m::float8 / 5000) * interval '365 days' from generate_series(1, 5000) as m`);
  // Every table the reads touch, the store's products too (made through the API just before: without
  // statistics the planner takes a store for one product and reads the views product by product).
  for (const table of [
    "products",
    "orders",
    "shipment_groups",
    "order_lines",
    "production_lines",
    "ledger_journals",
    "ledger_entries",
    "product_views",
    "wishes",
    "fan_club_members",
  ])
    await db.execute(sql.raw(`analyze ${table}`));
}

async function benchEngine(engine: string, database: Database) {
  const db = database.db;
  const f = await makeFulfillerWithBlank(db);
  const store = await makeStore(db);
  const { products } = await makeProducts(db, PRODUCTS, { store, blank: f.blank });
  const loadStart = performance.now();
  await load(db, {
    fulfillerId: f.fulfiller.id,
    warehouseId: f.warehouse.id,
    storeId: store.store.id,
    storeHandle: store.store.handle,
    blankId: f.blank.id,
    productIds: products.map((p) => p.id),
  });
  const loadMs = r1(performance.now() - loadStart);
  const shopCtx = createCtx(db, f.owner);
  const storeCtx = createCtx(db, store.owner);
  const last30 = defaultRange(new Date());
  const today = new Date().toISOString().slice(0, 10);
  const year: AnalyticsRange = { from: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10), to: today, days: 366 };
  const shopYear = await shopAnalytics(shopCtx, { fulfillerId: f.fulfiller.id, range: year });
  const storeYear = await storeAnalytics(storeCtx, { storeId: store.store.id, range: year });
  const figures = {
    shop: {
      shipments: shopYear.totals.shipments,
      units: shopYear.totals.units,
      onTimeRate: shopYear.totals.onTimeRate,
      medianHours: shopYear.totals.medianHours,
    },
    store: {
      orders: storeYear.totals.orders,
      units: storeYear.totals.units,
      views: storeYear.totals.views,
      revenueMinor: storeYear.totals.revenueMinor,
    },
  };
  return {
    engine,
    orders: ORDERS,
    views: VIEWS,
    loadMs,
    figures,
    shop366: await time(() => shopAnalytics(shopCtx, { fulfillerId: f.fulfiller.id, range: year })),
    store366: await time(() => storeAnalytics(storeCtx, { storeId: store.store.id, range: year })),
    shop30: await time(() => shopAnalytics(shopCtx, { fulfillerId: f.fulfiller.id, range: last30 })),
    store30: await time(() => storeAnalytics(storeCtx, { storeId: store.store.id, range: last30 })),
  };
}

const results: Awaited<ReturnType<typeof benchEngine>>[] = [];
const notes: string[] = [];
try {
  if (process.env.BENCH_ANALYTICS_PGLITE === "0") notes.push("PGlite skipped: BENCH_ANALYTICS_PGLITE=0.");
  else {
    const lite = await openDatabase({ dataDir: path.join(tmp, "pglite") });
    try {
      await lite.migrate();
      console.log(`PGlite: loading ${ORDERS.toLocaleString("en")} orders …`);
      results.push(await benchEngine("pglite", lite));
    } finally {
      await lite.close();
    }
  }
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url)
    notes.push("PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server where a scratch database may be created.");
  else {
    const name = `platen_bench_analytics_${randomBytes(4).toString("hex")}`;
    const adminClient = new pg.Client({ connectionString: url });
    try {
      await adminClient.connect();
      await adminClient.query(`create database ${name}`);
      const u = new URL(url);
      u.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 10 });
      try {
        await database.migrate();
        console.log(`PostgreSQL: loading ${ORDERS.toLocaleString("en")} orders …`);
        results.push(await benchEngine("postgres", database));
      } finally {
        await database.close();
      }
    } catch (error) {
      notes.push(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await adminClient.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await adminClient.end().catch(() => undefined);
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

console.log("");
console.log("engine      load s   shop 366 d p50/p95 ms   store 366 d p50/p95 ms   shop 30 d p50/p95 ms   store 30 d p50/p95 ms");
for (const r of results)
  console.log(
    `${r.engine.padEnd(10)}  ${String(r1(r.loadMs / 1000)).padEnd(7)}  ${`${r.shop366.p50} / ${r.shop366.p95}`.padEnd(22)}  ${`${r.store366.p50} / ${r.store366.p95}`.padEnd(23)}  ${`${r.shop30.p50} / ${r.shop30.p95}`.padEnd(21)}  ${r.store30.p50} / ${r.store30.p95}`,
  );
for (const r of results) {
  const worst = Math.max(r.shop366.p95, r.store366.p95);
  console.log(
    `Target: each analytics read under ${TARGET_MS} ms over ${r.orders.toLocaleString("en")} orders (${r.views.toLocaleString("en")} product views) on ${r.engine}: ${worst < TARGET_MS ? "met" : "MISSED"} (worst p95 ${worst} ms; ${r.figures.shop.shipments.toLocaleString("en")} shipments, ${r.figures.store.orders.toLocaleString("en")} store orders in the year)`,
  );
}
for (const n of notes) console.log(n);
mkdirSync("tmp", { recursive: true });
writeFileSync(path.join("tmp", "bench-analytics.json"), JSON.stringify({ results, notes }, null, 2));
process.exit(0);
