// Demo warehouses of @print-works as a print shop runs them (issue 23): full addresses for labels,
// daily cut-offs in each warehouse's own time zone (Portland 14:00 Pacific, Leipzig 13:00 Berlin),
// capacities, box presets (mailer bag, small box or mug box, poster tube), and stock counted with
// bins. Two steps: addresses and boxes before the demo orders, counted stock after them (so the
// orders' history never depends on it). Idempotent: only what is missing is added.
import type { Db } from "../infra/db/index.ts";
import { systemCtx } from "../kernel/index.ts";
import {
  getFulfillerByHandle,
  listWarehouseBoxes,
  listWarehouses,
  listWarehouseStock,
  saveWarehouseBox,
  saveWarehouseStock,
  updateWarehouse,
  type BoxInput,
  type WarehouseInput,
  type WarehouseRow,
} from "../modules/fulfillment/index.ts";

const DETAILS: { country: string; details: Partial<WarehouseInput>; boxes: BoxInput[] }[] = [
  {
    country: "US",
    details: {
      line1: "1420 NW Lovejoy St",
      line2: "Loading dock B",
      city: "Portland",
      region: "OR",
      postalCode: "97209",
      phone: "+1 503 555 0142",
      cutoffTime: "14:00",
      timeZone: "America/Los_Angeles",
      capacityPerDay: 1500,
    },
    boxes: [
      { name: "Mailer bag", lengthCm: 35, widthCm: 25, heightCm: 2, weightGrams: 20, maxWeightGrams: 2000, sortOrder: 0 },
      { name: "Small box", lengthCm: 25, widthCm: 20, heightCm: 10, weightGrams: 150, maxWeightGrams: 5000, sortOrder: 1 },
      { name: "Poster tube", lengthCm: 64, widthCm: 8, heightCm: 8, weightGrams: 180, maxWeightGrams: 2000, sortOrder: 2 },
    ],
  },
  {
    country: "DE",
    details: {
      line1: "Spinnereistraße 7",
      line2: "Halle 18",
      city: "Leipzig",
      region: "",
      postalCode: "04179",
      phone: "+49 341 555 0170",
      cutoffTime: "13:00",
      timeZone: "Europe/Berlin",
      capacityPerDay: 900,
    },
    boxes: [
      { name: "Mailer bag", lengthCm: 35, widthCm: 25, heightCm: 2, weightGrams: 20, maxWeightGrams: 2000, sortOrder: 0 },
      { name: "Mug box", lengthCm: 15, widthCm: 12, heightCm: 12, weightGrams: 110, maxWeightGrams: 1500, sortOrder: 1 },
      { name: "Poster tube", lengthCm: 64, widthCm: 8, heightCm: 8, weightGrams: 180, maxWeightGrams: 2000, sortOrder: 2 },
    ],
  },
];

async function demoWarehouses(db: Db, reason: string) {
  const ctx = systemCtx(db, reason);
  const fulfiller = await getFulfillerByHandle(ctx, "print-works");
  if (!fulfiller) return { ctx, warehouses: [] as WarehouseRow[] };
  return { ctx, warehouses: await listWarehouses(ctx, fulfiller.id) };
}

/** Addresses, cut-offs, capacities and box presets of the demo print shop's two warehouses. */
export async function seedDemoWarehouseDetails(db: Db): Promise<number> {
  const { ctx, warehouses } = await demoWarehouses(db, "demo warehouses");
  let made = 0;
  for (const spec of DETAILS) {
    const w = warehouses.find((x) => x.country === spec.country);
    if (!w) continue;
    if (!w.line1) {
      await updateWarehouse(ctx, w.id, spec.details);
      made++;
    }
    if ((await listWarehouseBoxes(ctx, w.id)).length === 0)
      for (const box of spec.boxes) {
        await saveWarehouseBox(ctx, { ...box, warehouseId: w.id });
        made++;
      }
  }
  return made;
}

/** Blanks counted with bins in each warehouse: the pullover hoodie everywhere, the mugs in Leipzig. */
const COUNTED = ["PW-HOOD-PO-", "PW-MUG-11-"];
const AISLE: Record<string, string> = { "PW-HOOD-PO-": "H", "PW-MUG-11-": "M" };

/**
 * Stock counted with bins: every variant of the counted blanks gets a figure (if it has none) and
 * a bin (aisle, shelf, slot), and the rows the shipping step counts (the scarce and sold-out
 * hoodies) get their bins. Runs after the demo orders.
 */
export async function seedDemoWarehouseStock(db: Db): Promise<number> {
  const { ctx, warehouses } = await demoWarehouses(db, "demo stock");
  let made = 0;
  for (const w of warehouses) {
    const rows = (await listWarehouseStock(ctx, w.id)).filter((r) => COUNTED.some((p) => r.sku.startsWith(p)));
    const changes = rows
      .map((r, i) => {
        const prefix = COUNTED.find((p) => r.sku.startsWith(p))!;
        const bin = `${w.country === "US" ? "P" : "L"}-${AISLE[prefix]}${String(Math.floor(i / 6) + 1).padStart(2, "0")}-${(i % 6) + 1}`;
        if (r.onHand !== null && r.bin) return null;
        // A deterministic spread of 18 to 65 units; figures already counted (and held by orders) stay.
        return { blankVariantId: r.blankVariantId, onHand: r.onHand ?? 18 + ((i * 17) % 48), bin: r.bin || bin };
      })
      .filter((c) => c !== null);
    if (!changes.length) continue;
    made += (await saveWarehouseStock(ctx, { warehouseId: w.id, rows: changes })).changed;
  }
  return made;
}
