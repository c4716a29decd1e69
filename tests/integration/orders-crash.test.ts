// `kill -9` while placing, paying, cancelling and refunding: after a restart there is no order or
// a consistent one (pending with its stock held, paid with its journal, cancelled or refunded
// with its reversal granted), the durable steps left behind finish every refund exactly once (the
// ledger ends equal to the provider), and the expiry job settles every pending order whose payment
// went through before the crash. On the engine under test: a PGlite data directory on disk, or a
// PostgreSQL database of its own.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { manualClock } from "../../server/contracts/clock.ts";
import { openDatabase, type Database } from "../../server/infra/db/index.ts";
import { anonymous, createCtx, systemCtx } from "../../server/kernel/index.ts";
import { getProductPage } from "../../server/modules/catalog/index.ts";
import { getBlankDetail, saveShippingRate, saveShippingZone, setStock, stockLevels } from "../../server/modules/fulfillment/index.ts";
import { orderBreakdown, orderJournals, trialBalance } from "../../server/modules/ledger/index.ts";
import { expireOrder, getOrder, listOrdersAdmin, adminOrderFilterSchema, registerOrderSteps } from "../../server/modules/orders/index.ts";
import { getPayment, listRefunds } from "../../server/modules/payments/index.ts";
import { paymentTestProcessorRecords } from "../../server/modules/payments/schema.ts";
import { drain, releaseStale } from "../../server/jobs/index.ts";
import { outbox } from "../../server/jobs/schema.ts";
import { createTestDatabase, testEngine } from "../support/db.ts";
import { makeFulfillerWithBlank, makeProduct } from "../support/factories.ts";

registerOrderSteps();
const dir = mkdtempSync(path.join(os.tmpdir(), "platen-crash-"));

/** What the provider (the test processor, in the same database) refunded over every intent. */
async function providerRefunds(d: Database): Promise<number> {
  const rows = await d.db
    .select({ data: paymentTestProcessorRecords.data })
    .from(paymentTestProcessorRecords)
    .where(eq(paymentTestProcessorRecords.kind, "intent"));
  return rows.reduce((a, r) => a + Number((r.data as { refundedMinor?: number }).refundedMinor ?? 0), 0);
}
const secret = randomBytes(32).toString("hex");
let database: Database | undefined;
let url: string | undefined;

afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<Database> {
  if (testEngine() === "postgres") {
    if (!url) {
      const first = await createTestDatabase();
      url = (first.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      return first;
    }
    return openDatabase({ databaseUrl: url, poolSize: 4 });
  }
  const d = await openDatabase({ dataDir: path.join(dir, "pglite") });
  await d.migrate();
  return d;
}

/** Start a shopper process and SIGKILL it once it has printed `after` lines plus a random few milliseconds. */
function runAndKill(run: number, line: unknown, after: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/crash-child.ts"], {
      env: {
        ...process.env,
        CRASH_RUN: String(run),
        CRASH_LINE: JSON.stringify(line),
        CRASH_SECRET: secret,
        CRASH_STORAGE: path.join(dir, "files"),
        ...(url ? { CRASH_DATABASE_URL: url } : { CRASH_DATA_DIR: path.join(dir, "pglite") }),
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines: string[] = [];
    let err = "";
    child.stderr.on("data", (d) => (err += String(d)));
    child.stdout.on("data", (d) => {
      for (const l of String(d).split("\n").filter(Boolean)) lines.push(l);
      if (lines.length >= after && !child.killed) setTimeout(() => child.kill("SIGKILL"), Math.floor(Math.random() * 40));
    });
    child.on("exit", (code, signal) =>
      signal === "SIGKILL" ? resolve(lines) : reject(new Error(`the shopper process ended by itself (${code}): ${err.slice(-2000)}`)),
    );
  });
}

describe("kill -9 while placing, paying, cancelling and refunding", () => {
  it("leaves no order or a consistent one, four times over, and every refund made exactly once", { timeout: 300_000 }, async () => {
    database = await open();
    const f = await makeFulfillerWithBlank(database.db);
    const owner = createCtx(database.db, f.owner);
    const zone = await saveShippingZone(owner, { fulfillerId: f.fulfiller.id, name: "US", regions: ["US"] });
    await saveShippingRate(owner, {
      fulfillerId: f.fulfiller.id,
      zoneId: zone.id,
      category: f.blank.category,
      firstItemMinor: 400,
      additionalItemMinor: 100,
      minDays: 2,
      maxDays: 4,
    });
    const { product } = await makeProduct(database.db, { blank: f.blank });
    const page = await getProductPage(createCtx(database.db, anonymous()), product.id);
    const v = page.variants[0]!;
    const bv = (await getBlankDetail(owner, f.blank.id)).variants.find((b) => b.color === v.color && b.size === v.size)!.id;
    await setStock(owner, { warehouseId: f.warehouse.id, blankVariantId: bv, onHand: 1000 });
    const line = { productId: product.id, variantId: v.id, quantity: 1 };
    if (testEngine() === "pglite") {
      await database.close();
      database = undefined;
    }
    // Killed after 3, 6, 9 and 13 printed steps (plus a random few milliseconds): within placing,
    // paying, cancelling and refunding in turn.
    for (const [run, after] of [
      [1, 3],
      [2, 6],
      [3, 9],
      [4, 13],
    ] as const) {
      const printed = await runAndKill(run, line, after);
      expect(printed.length).toBeGreaterThanOrEqual(after);
    }
    database ??= await open();
    const admin = createCtx(database.db, { kind: "user", userId: "usr_crash_admin", roles: ["admin"] });
    const { rows } = await listOrdersAdmin(admin, adminOrderFilterSchema.parse({ pageSize: 200 }));
    expect(rows.length).toBeGreaterThan(0);
    let held = 0;
    let closed = 0;
    for (const r of rows) {
      expect(["pending_payment", "paid", "cancelled"]).toContain(r.status);
      const journals = (await orderJournals(admin, r.id)).map((j) => j.kind);
      if (r.status === "pending_payment") {
        expect(journals).toEqual([]);
        held++;
        continue;
      }
      expect((await getPayment(admin, r.id))?.status).toBe("succeeded");
      expect(journals[0]).toBe("order_paid");
      // A cancellation or refund that committed has its reversal; its payout may wait for its step.
      if (r.status === "cancelled") {
        expect(journals).toContain("order_cancelled");
        closed++;
      }
    }
    // Every open order holds its unit: 1000 minus one per order not cancelled is left for sale.
    expect((await stockLevels(admin, [bv])).get(bv)).toBe(1000 - (rows.length - closed));
    const tb = await trialBalance(admin);
    expect(Object.values(tb).reduce((a, b) => a + b, 0)).toBe(0);
    // The worker's part after the restart: steps claimed by the killed process go back to the
    // queue, and every step left runs. The provider sees each refund's key again, never twice a refund.
    await releaseStale(database.db, 0);
    await database.db
      .update(outbox)
      .set({ runAt: new Date(0) })
      .where(eq(outbox.status, "pending"));
    await drain(database.db);
    for (const r of rows) {
      const refunds = await listRefunds(admin, r.id);
      expect(
        refunds.map((x) => x.status).filter((s) => s !== "succeeded"),
        r.number,
      ).toEqual([]);
      const b = await orderBreakdown(admin, r.id);
      expect(b.refundPending, r.number).toBe(0);
      expect(b.refunded, r.number).toBe(refunds.reduce((a, x) => a + x.amountMinor, 0));
      const o = await getOrder(admin, { orderId: r.id });
      expect(o.totals.refundedMinor, r.number).toBe(b.refunded);
    }
    const intents = await providerRefunds(database);
    const refundedInLedger = (await Promise.all(rows.map((r) => orderBreakdown(admin, r.id)))).reduce((a, b) => a + b.refunded, 0);
    expect(intents).toBe(refundedInLedger);
    // The expiry job settles the pending ones: paid when the charge went through, else cancelled with the stock back.
    const later = manualClock(Date.now() + 31 * 60_000);
    for (const r of rows.filter((x) => x.status === "pending_payment"))
      await expireOrder(systemCtx(database.db, "test expiry", { clock: later }), r.id);
    let stillOpen = 0;
    for (const r of rows) {
      const o = await getOrder(admin, { orderId: r.id });
      const payment = await getPayment(admin, r.id);
      if (r.status === "pending_payment") expect(o.status).toBe(payment?.status === "succeeded" ? "paid" : "cancelled");
      if (o.status === "paid") stillOpen++;
    }
    expect((await stockLevels(admin, [bv])).get(bv)).toBe(1000 - stillOpen);
    expect(held).toBeGreaterThanOrEqual(0);
  });
});
