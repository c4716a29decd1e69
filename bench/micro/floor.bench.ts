// The print shop's floor micro-benchmark (issue 23; `npm run bench`, or
// `node --import tsx bench/micro/floor.bench.ts`), on PGlite with real paid orders:
//   - a batch of BENCH_FLOOR_LINES (default 500) accepted lines made (createBatch), p50/p95 over
//     BENCH_FLOOR_ROUNDS rounds (the batch is cancelled between rounds, its lines wait again);
//   - that batch's print sheet and pick list: the data read and the PDF rendered (batchDocument);
//   - a line scanned as printed (scanLine, what a USB scanner triggers), p50/p95 over 50 scans.
// Target: each under 1 s. Prints a table (with the median CPU time of each operation, steadier than
// wall time on a machine other processes load) and writes tmp/bench-floor.json.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv, setEnv } from "../../server/config/env.ts";
import { carrierProvider } from "../../server/infra/carriers/index.ts";
import { openDatabase } from "../../server/infra/db/index.ts";
import { emailProvider } from "../../server/infra/email/index.ts";
import { paymentProvider } from "../../server/infra/payments/index.ts";
import { LocalStorage } from "../../server/infra/storage/index.ts";
import { anonymous, createCtx, setDefaultPorts } from "../../server/kernel/index.ts";
import { getProductPage } from "../../server/modules/catalog/index.ts";
import { saveShippingRate, saveShippingZone } from "../../server/modules/fulfillment/index.ts";
import { getOrder, payOrderWithCard, placeOrder, quoteCheckout } from "../../server/modules/orders/index.ts";
import { acceptLines, batchDocument, cancelBatch, createBatch, getBatch, scanLine } from "../../server/modules/production/index.ts";
import { makeFulfillerWithBlank, makeProducts } from "../../tests/support/factories.ts";
import { US_ADDRESS } from "../../tests/support/orders.ts";

const LINES = Number(process.env.BENCH_FLOOR_LINES ?? 500);
const ROUNDS = Number(process.env.BENCH_FLOOR_ROUNDS ?? 5);
const SCANS = 50;
const TARGET_MS = 1000;
const PER_ORDER = 50; // ORDER_MAX_LINES

const tmp = mkdtempSync(path.join(os.tmpdir(), "platen-bench-floor-"));
setEnv(parseEnv({ ...process.env, DATA_DIR: tmp, PLATEN_ENV: "test", SESSION_SECRET: randomBytes(32).toString("hex") }));
const storage = new LocalStorage(path.join(tmp, "storage"));
setDefaultPorts(() => ({ storage, email: emailProvider(), payments: paymentProvider(), carriers: carrierProvider() }));

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const r1 = (n: number) => Math.round(n * 10) / 10;
/** Wall and CPU milliseconds of each run of one operation. */
type Runs = { ms: number[]; cpuMs: number[] };
const runs = (): Runs => ({ ms: [], cpuMs: [] });
const summary = (r: Runs) => {
  const s = [...r.ms].sort((a, b) => a - b);
  const cpu = [...r.cpuMs].sort((a, b) => a - b);
  return { p50: r1(pct(s, 50)), p95: r1(pct(s, 95)), cpuP50: r1(pct(cpu, 50)), runs: s.length };
};
async function timed<T>(into: Runs, f: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const cpu = process.cpuUsage();
  const out = await f();
  into.ms.push(performance.now() - t);
  const used = process.cpuUsage(cpu);
  into.cpuMs.push((used.user + used.system) / 1000);
  return out;
}

const database = await openDatabase({ dataDir: path.join(tmp, "pglite") });
try {
  await database.migrate();
  const db = database.db;
  const started = performance.now();
  const f = await makeFulfillerWithBlank(db);
  const owner = createCtx(db, f.owner);
  const zone = await saveShippingZone(owner, { fulfillerId: f.fulfiller.id, name: "United States", regions: ["US"] });
  await saveShippingRate(owner, {
    fulfillerId: f.fulfiller.id,
    zoneId: zone.id,
    category: f.blank.category,
    firstItemMinor: 500,
    additionalItemMinor: 200,
    minDays: 3,
    maxDays: 5,
  });
  // Enough products of the shop's blank (3 variants each) for orders of 50 different items.
  const { products } = await makeProducts(db, Math.ceil(PER_ORDER / 3) + 1, { blank: f.blank });
  const guest = createCtx(db, anonymous());
  const variants: { productId: string; variantId: string }[] = [];
  for (const p of products)
    for (const v of (await getProductPage(guest, p.id)).variants) variants.push({ productId: p.id, variantId: v.id });
  const lineIds: string[] = [];
  for (let o = 0; lineIds.length < LINES; o++) {
    const lines = variants.slice(0, Math.min(PER_ORDER, LINES - lineIds.length)).map((v) => ({ ...v, quantity: 1 }));
    const req = { lines, address: US_ADDRESS };
    const quote = await quoteCheckout(guest, req);
    const placed = await placeOrder(guest, {
      ...req,
      email: `floor-${o}@example.com`,
      placeKey: `bench-floor-order-${String(o).padStart(4, "0")}`,
      seenTotalMinor: quote.totals.totalMinor,
    });
    if (!placed.ok) throw new Error(placed.message);
    const card = { number: "4242424242424242", expMonth: 12, expYear: 2035, cvc: "123" };
    const paid = await payOrderWithCard(guest, { orderId: placed.orderId, token: placed.token, card, attemptKey: `pay-${placed.orderId}` });
    if (paid.outcome !== "paid") throw new Error(`not paid: ${paid.outcome}`);
    const view = await getOrder(guest, { orderId: placed.orderId, token: placed.token });
    lineIds.push(...view.groups.flatMap((g) => g.lines.map((l) => l.id)));
  }
  await acceptLines(owner, { fulfillerId: f.fulfiller.id, lineIds });
  console.log(`${lineIds.length} paid and accepted lines in ${Math.round((performance.now() - started) / 1000)} s; measuring …`);

  const make = runs();
  const sheet = runs();
  const pick = runs();
  let sheetBytes = 0;
  let batchId = "";
  for (let round = 0; round < ROUNDS; round++) {
    if (batchId) await cancelBatch(owner, batchId);
    const batch = await timed(make, () => createBatch(owner, { fulfillerId: f.fulfiller.id, warehouseId: f.warehouse.id, lineIds }));
    if (batch.lineCount !== lineIds.length) throw new Error(`batch of ${batch.lineCount} lines, not ${lineIds.length}`);
    batchId = batch.id;
    sheetBytes = (await timed(sheet, () => batchDocument(owner, { batchId, kind: "print-sheet" }))).body.length;
    await timed(pick, () => batchDocument(owner, { batchId, kind: "pick-list" }));
  }
  const codes = (await getBatch(owner, batchId)).lines.map((l) => l.code!).slice(0, SCANS);
  const scans = runs();
  for (const code of codes) await timed(scans, () => scanLine(owner, { fulfillerId: f.fulfiller.id, code, to: "printed" }));

  const rows = [
    { name: `batch of ${lineIds.length} lines made`, ...summary(make) },
    { name: `print sheet, ${lineIds.length} lines (read + PDF, ${Math.round(sheetBytes / 1024)} KB)`, ...summary(sheet) },
    { name: `pick list, ${lineIds.length} lines (read + PDF)`, ...summary(pick) },
    { name: "a line scanned as printed", ...summary(scans) },
  ];
  console.log("");
  console.log(`load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
  console.log("PGlite".padEnd(52) + "p50 ms".padStart(9) + "p95 ms".padStart(9) + "CPU ms".padStart(9) + "runs".padStart(6) + "  target");
  for (const r of rows)
    console.log(
      `${r.name.padEnd(52)}${String(r.p50).padStart(9)}${String(r.p95).padStart(9)}${String(r.cpuP50).padStart(9)}${String(r.runs).padStart(6)}  < ${TARGET_MS} ms${r.p95 < TARGET_MS ? "" : "  NOT met"}`,
    );
  const out = path.resolve("tmp", "bench-floor.json");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      { date: new Date().toISOString(), loadAvg: os.loadavg()[0], engine: "pglite", lines: lineIds.length, rows, targetMs: TARGET_MS },
      null,
      2,
    ) + "\n",
  );
  console.log(`Figures written to ${path.relative(process.cwd(), out)}`);
} finally {
  await database.close();
  rmSync(tmp, { recursive: true, force: true });
}
