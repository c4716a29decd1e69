import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { LocalStorage, setStorage } from "../infra/storage/index.ts";
import { system } from "../kernel/index.ts";
import {
  exportStockSheet,
  getFulfillerByHandle,
  getWarehouse,
  listWarehouses,
  listWarehouseStock,
  warehouseAddress,
  warehouseInputErrors,
} from "../modules/fulfillment/index.ts";
import { DEMO_SCARCE_SKU, DEMO_STEPS, seedDemo } from "./index.ts";

const t = useTestDatabase();
beforeAll(() => setStorage(new LocalStorage(path.resolve("tmp/test-seed-files"))));
afterAll(() => setStorage(undefined));

const steps = DEMO_STEPS.filter((s) =>
  [
    "demo accounts",
    "fulfiller and blanks",
    "shipping rates and stock",
    "warehouse addresses and boxes",
    "warehouse stock and bins",
  ].includes(s.name),
);

describe("demo warehouses", () => {
  it(
    "both warehouses have a valid address, a cut-off in their time zone, a capacity, boxes and stock with bins; a second run adds nothing",
    { timeout: 600_000 },
    async () => {
      const first = await seedDemo(t.db, steps);
      expect(first["warehouse addresses and boxes"]).toBe(8);
      expect(first["warehouse stock and bins"]).toBeGreaterThan(30);
      const ctx = t.ctx(system("test"));
      const pw = (await getFulfillerByHandle(ctx, "print-works"))!;
      const [leipzig, portland] = await listWarehouses(ctx, pw.id);
      for (const w of [leipzig!, portland!]) {
        // the seeded figures pass the form's own checks
        expect(warehouseInputErrors({ ...w, capacityPerDay: w.capacityPerDay ?? "" }), w.name).toBeNull();
        expect((await warehouseAddress(ctx, w.id)).name).toBe("Platen Print Works");
      }
      expect([portland!.name, portland!.cutoffTime, portland!.timeZone, portland!.postalCode]).toEqual([
        "Portland, OR",
        "14:00",
        "America/Los_Angeles",
        "97209",
      ]);
      expect([leipzig!.name, leipzig!.cutoffTime, leipzig!.timeZone, leipzig!.postalCode]).toEqual([
        "Leipzig",
        "13:00",
        "Europe/Berlin",
        "04179",
      ]);
      expect((await getWarehouse(ctx, portland!.id)).boxes.map((b) => b.name)).toEqual(["Mailer bag", "Small box", "Poster tube"]);
      expect((await getWarehouse(ctx, leipzig!.id)).boxes.map((b) => b.name)).toEqual(["Mailer bag", "Mug box", "Poster tube"]);

      const stock = await listWarehouseStock(ctx, leipzig!.id);
      const counted = stock.filter((r) => r.onHand !== null);
      expect(counted.length).toBeGreaterThan(10);
      expect(counted.every((r) => /^L-[HM]\d{2}-\d$/.test(r.bin))).toBe(true);
      expect(counted.some((r) => r.sku.startsWith("PW-MUG-11-"))).toBe(true);
      // the scarce hoodie keeps its 3 units and gets a bin
      expect(stock.find((r) => r.sku === DEMO_SCARCE_SKU)).toMatchObject({ onHand: 3 });
      expect(stock.find((r) => r.sku === DEMO_SCARCE_SKU)!.bin).not.toBe("");
      expect((await exportStockSheet(ctx, portland!.id)).csv).toMatch(/\nPW-HOOD-PO-[A-Z]+-[A-Z0-9]+,\d+,P-H\d{2}-\d\n/);

      const again = await seedDemo(t.db, steps);
      expect(again["warehouse addresses and boxes"]).toBe(0);
      expect(again["warehouse stock and bins"]).toBe(0);
    },
  );
});
