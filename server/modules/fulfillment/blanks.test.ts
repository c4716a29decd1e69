import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { stateChanges } from "../../kernel/schema.ts";
import {
  blankColorHexes,
  blankColorsOf,
  createBlank,
  createFulfiller,
  createWarehouse,
  getBlankDetail,
  getBlankVariants,
  listBlanks,
  listBlanksOfFulfiller,
  rectFor,
  setBlankStatus,
  setBlankWarehouses,
  warehousesStockingBlanks,
  type BlankRow,
  type FulfillerRow,
  type WarehouseRow,
} from "./index.ts";
import { admin, otherFulfiller, owner, shopper, teeInput, visitor } from "./test-fixtures.ts";
import { refusal } from "../../../tests/support/refusal.ts";

const t = useTestDatabase();

describe("blanks", () => {
  let shop: FulfillerRow;
  let rival: FulfillerRow;
  let pdx: WarehouseRow;
  let rivalWarehouse: WarehouseRow;
  let tee: BlankRow;
  beforeAll(async () => {
    shop = await createFulfiller(t.ctx(admin), { handle: "blank-shop", name: "Blank shop", ownerUserId: "usr_owner" });
    rival = await createFulfiller(t.ctx(admin), { handle: "blank-rival", name: "Rival", ownerUserId: "usr_other" });
    pdx = await createWarehouse(t.ctx(owner), { fulfillerId: shop.id, name: "Portland", country: "US", region: "OR", city: "Portland" });
    rivalWarehouse = await createWarehouse(t.ctx(otherFulfiller), { fulfillerId: rival.id, name: "Austin", country: "US" });
    tee = await createBlank(t.ctx(owner), teeInput(shop.id, { warehouseIds: [pdx.id] }));
  });

  it("the owner creates a blank with areas, colours, variants and warehouses; anyone reads it whole", async () => {
    const d = await getBlankDetail(t.ctx(visitor), tee.id);
    expect(d.blank.fulfillerId).toBe(shop.id);
    expect(d.areas.map((a) => [a.key, a.requiredDpi])).toEqual([["front", 300]]);
    expect(d.colors.map((c) => c.name)).toEqual(["White", "Navy"]);
    expect(d.variants.map((v) => [v.color, v.size, v.baseCostMinor])).toEqual([
      ["White", "S", 900],
      ["White", "M", 950],
      ["Navy", "S", 1000],
    ]);
    expect(rectFor(d, "Navy", "front")).toEqual({
      templateKey: "templates/t/front-navy.png",
      rect: { x: 100, y: 100, w: 400, h: 500 },
      width: 1200,
      height: 1200,
    });
    expect(rectFor(d, "Red", "front")).toBeNull();
    expect((await warehousesStockingBlanks(t.ctx(visitor), [tee.id])).get(tee.id)?.map((w) => w.id)).toEqual([pdx.id]);
    const summary = (await listBlanks(t.ctx(visitor))).find((b) => b.id === tee.id)!;
    expect([summary.fromCostMinor, summary.sizes, summary.areas, summary.thumbnailKey]).toEqual([
      900,
      ["S", "M"],
      ["front"],
      "templates/t/front-white.png",
    ]);
    expect((await refusal(getBlankDetail(t.ctx(visitor), "blk_missing"))).status).toBe(404);
  });

  it("another fulfiller, a shopper or a visitor cannot add a blank to someone else's business", async () => {
    for (const actor of [otherFulfiller, shopper, visitor]) {
      const e = await refusal(createBlank(t.ctx(actor), teeInput(shop.id, { name: "Intruder tee" })));
      expect([e.status, e.message]).toEqual([403, "You can only manage your own fulfillment businesses."]);
    }
    expect((await listBlanks(t.ctx(visitor))).map((b) => b.name)).not.toContain("Intruder tee");
    expect((await createBlank(t.ctx(admin), teeInput(shop.id, { name: "Admin tee" }))).fulfillerId).toBe(shop.id);
  });

  it("validates the blank: areas, colours, variants, costs, SKUs and warehouses", async () => {
    const cases: [Parameters<typeof teeInput>[1], number, string, string][] = [
      [{ name: "" }, 422, "name", "Enter a name of at least 2 characters."],
      [{ category: "socks" as never }, 422, "category", "Choose a category."],
      [{ productionDays: 0 }, 422, "productionDays", "Production takes at least 1 day."],
      [{ areas: [] }, 422, "areas", "Add at least one print area."],
      [{ colors: [] }, 422, "colors", "Add at least one colour."],
      [{ variants: [] }, 422, "variants", "Add at least one variant."],
      [{ colors: [{ name: "White", hex: "white", templates: {} }] }, 422, "colors", "Give each colour a hex code like #1a2b3c."],
      [
        { variants: [{ color: "White", size: "S", sku: "NEG-1", baseCostMinor: -1, weightGrams: 100 }] },
        422,
        "variants",
        "A base cost cannot be negative.",
      ],
      [
        { variants: [{ color: "White", size: "S", sku: "FRAC-1", baseCostMinor: 9.5, weightGrams: 100 }] },
        422,
        "variants",
        "Use whole numbers for the base cost.",
      ],
      [
        { variants: [{ color: "Red", size: "S", sku: "RED-1", baseCostMinor: 900, weightGrams: 100 }] },
        422,
        "variants",
        "The variant RED-1 has a colour the blank does not offer.",
      ],
      [
        {
          variants: [
            { color: "White", size: "S", sku: "DUP-1", baseCostMinor: 900, weightGrams: 100 },
            { color: "Navy", size: "S", sku: "DUP-1", baseCostMinor: 900, weightGrams: 100 },
          ],
        },
        422,
        "variants",
        "The SKU DUP-1 is used twice.",
      ],
      [{ warehouseIds: [rivalWarehouse.id] }, 422, "warehouseIds", "Choose warehouses of this fulfillment business."],
    ];
    for (const [over, status, field, message] of cases) {
      const e = await refusal(createBlank(t.ctx(owner), teeInput(shop.id, over)));
      expect([e.status, e.field, e.message]).toEqual([status, field, message]);
    }
    const takenSku = (await getBlankDetail(t.ctx(visitor), tee.id)).variants[0]!.sku;
    const taken = await refusal(
      createBlank(
        t.ctx(owner),
        teeInput(shop.id, { variants: [{ color: "White", size: "S", sku: takenSku, baseCostMinor: 900, weightGrams: 100 }] }),
      ),
    );
    expect([taken.status, taken.message]).toEqual([409, `The SKU ${takenSku} is already used by another blank.`]);
  });

  it("retiring takes a blank off the designer's list, keeps it readable, and is recorded; only its business may", async () => {
    const blank = await createBlank(t.ctx(owner), teeInput(shop.id, { name: "Retiring tee" }));
    expect((await refusal(setBlankStatus(t.ctx(otherFulfiller), blank.id, "retired"))).status).toBe(403);
    const retired = await setBlankStatus(t.ctx(owner), blank.id, "retired", "supplier stopped it");
    expect(retired.status).toBe("retired");
    expect((await listBlanks(t.ctx(visitor))).map((b) => b.id)).not.toContain(blank.id);
    expect((await getBlankDetail(t.ctx(visitor), blank.id)).blank.status).toBe("retired");
    const own = await listBlanksOfFulfiller(t.ctx(owner), shop.id);
    expect(own.find((b) => b.id === blank.id)?.status).toBe("retired");
    expect((await refusal(listBlanksOfFulfiller(t.ctx(otherFulfiller), shop.id))).status).toBe(403);
    const [change] = await t.db
      .select()
      .from(stateChanges)
      .where(and(eq(stateChanges.entity, "blank"), eq(stateChanges.entityId, blank.id)));
    expect([change?.fromState, change?.toState, change?.reason]).toEqual(["active", "retired", "supplier stopped it"]);
    expect((await refusal(setBlankStatus(t.ctx(owner), blank.id, "retired"))).status).toBe(409);
    await setBlankStatus(t.ctx(admin), blank.id, "active");
    expect((await listBlanks(t.ctx(visitor))).map((b) => b.id)).toContain(blank.id);
  });

  it("links a blank to its own business's warehouses only", async () => {
    const leipzig = await createWarehouse(t.ctx(owner), { fulfillerId: shop.id, name: "Leipzig", country: "DE" });
    expect(await setBlankWarehouses(t.ctx(owner), tee.id, [leipzig.id, pdx.id, leipzig.id])).toEqual([leipzig.id, pdx.id]);
    expect((await warehousesStockingBlanks(t.ctx(visitor), [tee.id])).get(tee.id)?.map((w) => w.name)).toEqual(["Portland", "Leipzig"]);
    const foreign = await refusal(setBlankWarehouses(t.ctx(owner), tee.id, [rivalWarehouse.id]));
    expect([foreign.status, foreign.field]).toEqual([422, "warehouseIds"]);
    expect((await refusal(setBlankWarehouses(t.ctx(otherFulfiller), tee.id, []))).status).toBe(403);
    expect(await setBlankWarehouses(t.ctx(owner), tee.id, [])).toEqual([]);
    expect((await warehousesStockingBlanks(t.ctx(visitor), [tee.id])).has(tee.id)).toBe(false);
  });

  it("bulk reads for the storefront: colours per blank, variants by id, colour hexes", async () => {
    const mug = await createBlank(
      t.ctx(owner),
      teeInput(shop.id, {
        name: "Mug",
        category: "mugs",
        colors: [{ name: "Black", hex: "#000000", templates: {} }],
        variants: [{ color: "Black", size: "11 oz", sku: "MUG-BULK-1", baseCostMinor: 500, weightGrams: 350 }],
      }),
    );
    const colors = await blankColorsOf(t.ctx(visitor), [tee.id, mug.id, "blk_missing"]);
    expect(colors.get(tee.id)).toEqual([
      { name: "White", hex: "#ffffff" },
      { name: "Navy", hex: "#1f2a44" },
    ]);
    expect(colors.get(mug.id)).toEqual([{ name: "Black", hex: "#000000" }]);
    expect(colors.has("blk_missing")).toBe(false);

    const ids = (await getBlankDetail(t.ctx(visitor), tee.id)).variants.map((v) => v.id);
    const variants = await getBlankVariants(t.ctx(visitor), [...ids, "bvr_missing"]);
    expect([...variants.values()].map((v) => v.baseCostMinor).sort()).toEqual([1000, 900, 950]);
    expect(variants.has("bvr_missing")).toBe(false);
    expect((await getBlankVariants(t.ctx(visitor), [])).size).toBe(0);

    const hexes = await blankColorHexes(t.ctx(visitor));
    expect([hexes.Navy, hexes.Black]).toEqual(["#1f2a44", "#000000"]);
  });
});
