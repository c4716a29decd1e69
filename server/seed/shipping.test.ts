import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { LocalStorage, setStorage } from "../infra/storage/index.ts";
import { system } from "../kernel/index.ts";
import { getFulfillerByHandle, routeOrderLines, stockLevels } from "../modules/fulfillment/index.ts";
import { blanks, blankVariants } from "../modules/fulfillment/schema.ts";
import { DEMO_SCARCE_SKU, DEMO_SOLD_OUT_SKU, DEMO_STEPS, seedDemo } from "./index.ts";

const t = useTestDatabase();
beforeAll(() => setStorage(new LocalStorage(path.resolve("tmp/test-seed-files"))));
afterAll(() => setStorage(undefined));

const steps = DEMO_STEPS.filter((s) => ["demo accounts", "fulfiller and blanks", "shipping rates and stock"].includes(s.name));

describe("demo shipping and stock", () => {
  it("a US order of a tee and a mug ships from two warehouses; the scarce and sold-out hoodies show", { timeout: 600_000 }, async () => {
    const first = await seedDemo(t.db, steps);
    expect(first["shipping rates and stock"]).toBeGreaterThan(3);
    expect((await seedDemo(t.db, steps))["shipping rates and stock"]).toBe(0);
    const ctx = t.ctx(system("test"));
    const pw = await getFulfillerByHandle(ctx, "print-works");
    const variantOf = async (category: "t-shirts" | "mugs") => {
      const [v] = await t.db
        .select({ id: blankVariants.id, blankId: blankVariants.blankId })
        .from(blankVariants)
        .innerJoin(blanks, eq(blanks.id, blankVariants.blankId))
        .where(eq(blanks.category, category))
        .limit(1);
      return v!;
    };
    const tee = await variantOf("t-shirts");
    const mug = await variantOf("mugs");
    const r = await routeOrderLines(
      ctx,
      [
        { key: "tee", blankId: tee.blankId, blankVariantId: tee.id, quantity: 1 },
        { key: "mug", blankId: mug.blankId, blankVariantId: mug.id, quantity: 1 },
      ],
      { country: "US", subdivision: "NY" },
    );
    expect(r.unroutable).toEqual([]);
    expect(r.groups.map((g) => [g.warehouseCountry, g.lineKeys, g.fulfillerId])).toEqual(
      expect.arrayContaining([
        ["US", ["tee"], pw!.id],
        ["DE", ["mug"], pw!.id],
      ]),
    );
    const hoodies = await t.db
      .select({ id: blankVariants.id, sku: blankVariants.sku, blankId: blankVariants.blankId })
      .from(blankVariants)
      .where(inArray(blankVariants.sku, [DEMO_SCARCE_SKU, DEMO_SOLD_OUT_SKU]));
    const scarce = hoodies.find((h) => h.sku === DEMO_SCARCE_SKU)!;
    const soldOut = hoodies.find((h) => h.sku === DEMO_SOLD_OUT_SKU)!;
    const levels = await stockLevels(ctx, [scarce.id, soldOut.id]);
    expect(levels.get(scarce.id)).toBe(6); // 3 in each of the two warehouses
    expect(levels.get(soldOut.id)).toBe(0);
    const out = await routeOrderLines(ctx, [{ key: "h", blankId: soldOut.blankId, blankVariantId: soldOut.id, quantity: 1 }], {
      country: "US",
    });
    expect(out.unroutable).toEqual([{ key: "h", reason: "sold_out", available: 0 }]);
  });
});
