// Orders micro-benchmark (`npm run bench`, or `node --import tsx bench/micro/orders.bench.ts`):
//   - placing an order (checkout quote + place) and placing + paying with the built-in test
//     processor, one at a time: p50/p95 per order;
//   - orders per second with BENCH_ORDERS_CONCURRENCY (default 10) shoppers placing and paying at once;
//   - /admin/orders/status-overview's query (orderStatusOverview) over BENCH_OVERVIEW_ORDERS
//     (default 100,000) orders: p50/p95 (target under 200 ms);
// on PGlite (embedded) and on PostgreSQL (a scratch database on BENCH_DATABASE_URL or
// TEST_DATABASE_URL, when set). Prints the figures and writes tmp/bench-orders.json.
import { carrierProvider } from "../../server/infra/carriers/index.ts";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { makeFulfillerWithBlank, makeProduct } from "../../tests/support/factories.ts";
import { parseEnv, setEnv } from "../../server/config/env.ts";
import { openDatabase, type Database } from "../../server/infra/db/index.ts";
import { emailProvider } from "../../server/infra/email/index.ts";
import { paymentProvider } from "../../server/infra/payments/index.ts";
import { LocalStorage } from "../../server/infra/storage/index.ts";
import { anonymous, createCtx, setDefaultPorts, type Actor } from "../../server/kernel/index.ts";
import { getProductPage } from "../../server/modules/catalog/index.ts";
import { saveShippingRate, saveShippingZone } from "../../server/modules/fulfillment/index.ts";
import { orderStatusOverview, payOrderWithCard, placeOrder, quoteCheckout, type OrderAddress } from "../../server/modules/orders/index.ts";

const SEQUENTIAL = Number(process.env.BENCH_ORDERS_SEQUENTIAL ?? 60);
const PARALLEL = Number(process.env.BENCH_ORDERS_PARALLEL ?? 200);
const CONCURRENCY = Number(process.env.BENCH_ORDERS_CONCURRENCY ?? 10);
const OVERVIEW_ORDERS = Number(process.env.BENCH_OVERVIEW_ORDERS ?? 100_000);
const OVERVIEW_ROUNDS = Number(process.env.BENCH_OVERVIEW_ROUNDS ?? 20);
const OVERVIEW_TARGET_MS = 200;

const tmp = mkdtempSync(path.join(os.tmpdir(), "platen-bench-orders-"));
setEnv(parseEnv({ ...process.env, DATA_DIR: tmp, PLATEN_ENV: "test", SESSION_SECRET: randomBytes(32).toString("hex") }));
const storage = new LocalStorage(path.join(tmp, "storage"));
setDefaultPorts(() => ({ storage, email: emailProvider(), payments: paymentProvider(), carriers: carrierProvider() }));

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const r1 = (n: number) => Math.round(n * 10) / 10;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: r1(pct(s, 50)), p95: r1(pct(s, 95)), runs: s.length };
};

const address: OrderAddress = {
  fullName: "Bench Buyer",
  line1: "1 Main Street",
  line2: "",
  city: "Portland",
  region: "OR",
  postalCode: "97205",
  country: "US",
  phone: "",
};
const card = { number: "4242424242424242", expMonth: 12, expYear: 2031, cvc: "123" };
const admin: Actor = { kind: "user", userId: "usr_bench_admin", roles: ["admin"] };

async function benchEngine(engine: string, database: Database) {
  const db = database.db;
  const f = await makeFulfillerWithBlank(db);
  const owner = createCtx(db, f.owner);
  const zone = await saveShippingZone(owner, { fulfillerId: f.fulfiller.id, name: "US", regions: ["US"] });
  await saveShippingRate(owner, {
    fulfillerId: f.fulfiller.id,
    zoneId: zone.id,
    category: f.blank.category,
    firstItemMinor: 450,
    additionalItemMinor: 150,
    minDays: 2,
    maxDays: 5,
  });
  const products = await Promise.all([makeProduct(db, { blank: f.blank }), makeProduct(db, { blank: f.blank })]);
  const lines: { productId: string; variantId: string; quantity: number }[] = [];
  for (const p of products) {
    const page = await getProductPage(createCtx(db, anonymous()), p.product.id);
    lines.push({ productId: p.product.id, variantId: page.variants[0]!.id, quantity: 1 });
  }
  let n = 0;
  const one = async (pay: boolean) => {
    const ctx = createCtx(db, anonymous());
    const req = { lines, address };
    const quote = await quoteCheckout(ctx, req);
    const placed = await placeOrder(ctx, {
      ...req,
      email: "bench@example.com",
      placeKey: `bench-${engine}-${process.pid}-${++n}-key`,
      seenTotalMinor: quote.totals.totalMinor,
    });
    if (!placed.ok) throw new Error(placed.message);
    if (pay) {
      const r = await payOrderWithCard(ctx, { orderId: placed.orderId, token: placed.token, card, attemptKey: `bench-pay-${n}` });
      if (r.outcome !== "paid") throw new Error(`payment ${r.outcome}`);
    }
  };
  for (let i = 0; i < 3; i++) await one(true); // warm-up
  const place: number[] = [];
  const placePay: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    let t = performance.now();
    await one(false);
    place.push(performance.now() - t);
    t = performance.now();
    await one(true);
    placePay.push(performance.now() - t);
  }
  // Throughput: CONCURRENCY shoppers at once, PARALLEL orders in all.
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PARALLEL) {
        next++;
        await one(true);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const perSecond = r1(PARALLEL / seconds);

  // The overview over OVERVIEW_ORDERS orders: copy the shape of a real one, spread over 90 days and every status.
  const loadStart = performance.now();
  await db.execute(sql`
    insert into orders (id, number, status, user_id, email, place_key, currency, prices_include_tax, tax_rate_percent, platform_fee_percent,
      address, items_minor, discount_minor, shipping_minor, tax_minor, total_minor, refunded_minor, paid_at, created_at, updated_at)
    select 'ord_bench' || lpad(g::text, 17, '0'), 'PB-' || g, (array['paid','in_production','partially_shipped','shipped','delivered','delivered','delivered','cancelled','refunded','on_hold'])[1 + g % 10],
      null, 'buyer' || g || '@example.com', 'bench-overview-' || g, 'USD', false, 7.25, 20,
      '{"fullName":"Bench Buyer","line1":"1 Main Street","line2":"","city":"Portland","region":"OR","postalCode":"97205","country":"US","phone":""}'::jsonb,
      5000, 0, 600, 406, 6006, 0, now() - (g % 7776000) * interval '1 second', now() - (g % 7776000) * interval '1 second', now() - (g % 7776000) * interval '1 second'
    from generate_series(1, ${OVERVIEW_ORDERS}) as g`);
  await db.execute(sql`analyze orders`);
  const loadMs = r1(performance.now() - loadStart);
  const ctx = createCtx(db, admin);
  await orderStatusOverview(ctx);
  const overview: number[] = [];
  for (let i = 0; i < OVERVIEW_ROUNDS; i++) {
    const t = performance.now();
    await orderStatusOverview(ctx);
    overview.push(performance.now() - t);
  }
  return {
    engine,
    place: summary(place),
    placeAndPay: summary(placePay),
    ordersPerSecond: perSecond,
    concurrency: CONCURRENCY,
    overview: { ...summary(overview), orders: OVERVIEW_ORDERS + PARALLEL + SEQUENTIAL * 2 + 3, loadMs },
  };
}

const results: Awaited<ReturnType<typeof benchEngine>>[] = [];
const notes: string[] = [];
try {
  const lite = await openDatabase({ dataDir: path.join(tmp, "pglite") });
  try {
    await lite.migrate();
    console.log("PGlite: placing orders …");
    results.push(await benchEngine("pglite", lite));
  } finally {
    await lite.close();
  }
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url)
    notes.push("PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server where a scratch database may be created.");
  else {
    const name = `platen_bench_orders_${randomBytes(4).toString("hex")}`;
    const adminClient = new pg.Client({ connectionString: url });
    try {
      await adminClient.connect();
      await adminClient.query(`create database ${name}`);
      const u = new URL(url);
      u.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 10 });
      try {
        await database.migrate();
        console.log("PostgreSQL: placing orders …");
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
console.log("engine      place p50/p95 ms   place+pay p50/p95 ms   orders/s (x" + CONCURRENCY + ")   overview p50/p95 ms (orders)");
for (const r of results)
  console.log(
    `${r.engine.padEnd(10)}  ${`${r.place.p50} / ${r.place.p95}`.padEnd(17)}  ${`${r.placeAndPay.p50} / ${r.placeAndPay.p95}`.padEnd(21)}  ${String(r.ordersPerSecond).padEnd(16)}  ${r.overview.p50} / ${r.overview.p95} (${r.overview.orders.toLocaleString("en")})`,
  );
for (const r of results)
  console.log(
    `Target: /admin/orders/status-overview under ${OVERVIEW_TARGET_MS} ms at 100,000 orders on ${r.engine}: ${r.overview.p95 < OVERVIEW_TARGET_MS ? "met" : "MISSED"} (p95 ${r.overview.p95} ms)`,
  );
for (const n of notes) console.log(n);
mkdirSync("tmp", { recursive: true });
writeFileSync(path.join("tmp", "bench-orders.json"), JSON.stringify({ results, notes }, null, 2));
process.exit(0);
