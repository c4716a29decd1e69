// `kill -9` while placing and paying: after a restart there is no order or a consistent one
// (pending with its stock held, or paid with its journal), and the expiry job settles every
// pending order whose payment went through before the crash. On the engine under test: a PGlite
// data directory on disk, or a PostgreSQL database of its own.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { manualClock } from "../../server/contracts/clock.ts";
import { openDatabase, type Database } from "../../server/infra/db/index.ts";
import { anonymous, createCtx, systemCtx } from "../../server/kernel/index.ts";
import { getProductPage } from "../../server/modules/catalog/index.ts";
import { getBlankDetail, saveShippingRate, saveShippingZone, setStock, stockLevels } from "../../server/modules/fulfillment/index.ts";
import { orderJournals, trialBalance } from "../../server/modules/ledger/index.ts";
import { expireOrder, getOrder, listOrdersAdmin, adminOrderFilterSchema } from "../../server/modules/orders/index.ts";
import { getPayment } from "../../server/modules/payments/index.ts";
import { createTestDatabase, testEngine } from "../support/db.ts";
import { makeFulfillerWithBlank, makeProduct } from "../support/factories.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "platen-crash-"));
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

describe("kill -9 while placing and paying", () => {
  it("leaves no order or a consistent one, three times over", { timeout: 300_000 }, async () => {
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
    for (const [run, after] of [
      [1, 3],
      [2, 6],
      [3, 9],
    ] as const) {
      const printed = await runAndKill(run, line, after);
      expect(printed.length).toBeGreaterThanOrEqual(after);
    }
    database ??= await open();
    const admin = createCtx(database.db, { kind: "user", userId: "usr_crash_admin", roles: ["admin"] });
    const { rows } = await listOrdersAdmin(admin, adminOrderFilterSchema.parse({ pageSize: 200 }));
    expect(rows.length).toBeGreaterThan(0);
    let held = 0;
    for (const r of rows) {
      expect(["pending_payment", "paid"]).toContain(r.status);
      const journals = await orderJournals(admin, r.id);
      if (r.status === "paid") {
        expect(journals.map((j) => j.kind)).toEqual(["order_paid"]);
        expect((await getPayment(admin, r.id))?.status).toBe("succeeded");
      } else {
        expect(journals).toEqual([]);
        held++;
      }
    }
    // Every order holds its unit: 1000 minus one per order is left for sale.
    expect((await stockLevels(admin, [bv])).get(bv)).toBe(1000 - rows.length);
    const tb = await trialBalance(admin);
    expect(Object.values(tb).reduce((a, b) => a + b, 0)).toBe(0);
    // The expiry job settles the pending ones: paid when the charge went through, else cancelled with the stock back.
    const later = manualClock(Date.now() + 31 * 60_000);
    for (const r of rows.filter((x) => x.status === "pending_payment"))
      await expireOrder(systemCtx(database.db, "test expiry", { clock: later }), r.id);
    let paid = 0;
    for (const r of rows) {
      const o = await getOrder(admin, { orderId: r.id });
      const payment = await getPayment(admin, r.id);
      if (payment?.status === "succeeded") {
        expect(o.status).toBe("paid");
        paid++;
      } else expect(o.status).toBe("cancelled");
    }
    expect((await stockLevels(admin, [bv])).get(bv)).toBe(1000 - paid);
    expect(held).toBeGreaterThanOrEqual(0);
  });
});
