import { describe, expect, it, beforeAll } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { templateFingerprint } from "../../infra/images/index.ts";
import {
  addBlank,
  addBlankErrors,
  blankAreaChoices,
  createFulfiller,
  createWarehouse,
  getBlankDetail,
  listBlanksOfFulfiller,
  listShopBlanks,
  setFulfillerStatus,
  type AddBlankInput,
  type FulfillerRow,
  type WarehouseRow,
} from "./index.ts";
import { admin, otherFulfiller, owner, shopper } from "./test-fixtures.ts";
import { refusal } from "../../../tests/support/refusal.ts";

const t = useTestDatabase();

describe("a print shop adds its own blank", () => {
  let shop: FulfillerRow;
  let rival: FulfillerRow;
  let depot: WarehouseRow;
  let rivalDepot: WarehouseRow;
  const mug = (over: Partial<AddBlankInput> = {}): AddBlankInput => ({
    fulfillerId: shop.id,
    name: "Diner mug",
    category: "mugs",
    description: "A heavy 11 oz mug.",
    brand: "Acme",
    material: "Ceramic",
    productionDays: 3,
    areas: ["wrap"],
    colors: [{ name: "Cream", hex: "#F3E9D2" }],
    sizes: [
      { size: "11 oz", baseCostMinor: 450, weightGrams: 350 },
      { size: "15 oz", baseCostMinor: 520, weightGrams: 420 },
    ],
    warehouseIds: [depot.id],
    ...over,
  });
  beforeAll(async () => {
    shop = await createFulfiller(t.ctx(admin), { handle: "form-shop", name: "Form shop", ownerUserId: "usr_owner" });
    rival = await createFulfiller(t.ctx(admin), { handle: "form-rival", name: "Rival", ownerUserId: "usr_other" });
    depot = await createWarehouse(t.ctx(owner), { fulfillerId: shop.id, name: "Depot", country: "DE", city: "Leipzig" });
    rivalDepot = await createWarehouse(t.ctx(otherFulfiller), { fulfillerId: rival.id, name: "Elsewhere", country: "US" });
  });

  it("offers the print areas of each category's templates", () => {
    const choices = blankAreaChoices();
    expect(choices.mugs).toEqual([{ key: "wrap", label: "Wrap" }]);
    expect(choices["t-shirts"].map((a) => a.label)).toEqual(["Front", "Back", "Left sleeve"]);
  });

  it("the owner adds a blank: one variant per colour × size with made-up SKUs, a stored template per colour × area", async () => {
    const blank = await addBlank(t.ctx(owner), mug());
    const d = await getBlankDetail(t.ctx(owner), blank.id);
    expect([d.blank.name, d.blank.category, d.blank.productionDays, d.blank.brand, d.blank.status]).toEqual([
      "Diner mug",
      "mugs",
      3,
      "Acme",
      "active",
    ]);
    expect(d.areas.map((a) => [a.key, a.label, a.requiredDpi, a.templateWidth])).toEqual([["wrap", "Wrap", 300, 1200]]);
    expect(d.colors.map((c) => [c.name, c.hex])).toEqual([["Cream", "#f3e9d2"]]);
    expect(d.variants.map((v) => [v.sku, v.baseCostMinor, v.weightGrams])).toEqual([
      ["FORMSHOP-DINERMUG-CREAM-11OZ", 450, 350],
      ["FORMSHOP-DINERMUG-CREAM-15OZ", 520, 420],
    ]);
    const key = d.colors[0]!.templates["wrap"]!.key;
    expect(key).toMatch(/^templates\/mugs\/wrap-f3e9d2-[0-9a-f]{12}\.png$/);
    expect(await t.ctx(owner).ports.storage.exists(key)).toBe(true);
    const listed = (await listShopBlanks(t.ctx(owner), shop.id)).find((b) => b.id === blank.id)!;
    expect([listed.variantCount, listed.warehouses, listed.status]).toEqual([2, ["Depot"], "active"]);

    // the same name again: SKUs taken get a suffix, the template is reused
    const again = await addBlank(t.ctx(admin), mug({ sizes: [{ size: "11 oz", baseCostMinor: 400, weightGrams: 300 }] }));
    const d2 = await getBlankDetail(t.ctx(owner), again.id);
    expect(d2.variants.map((v) => v.sku)).toEqual(["FORMSHOP-DINERMUG-CREAM-11OZ-2"]);
    expect(d2.colors[0]!.templates["wrap"]!.key).toBe(key);
  });

  it("refuses input with the field and a message, and writes nothing", async () => {
    const before = (await listBlanksOfFulfiller(t.ctx(owner), shop.id)).length;
    const cases: [Partial<AddBlankInput>, string, string][] = [
      [{ name: " " }, "name", "Enter a name."],
      [{ colors: [] }, "colors", "Add at least one colour."],
      [{ colors: [{ name: "Cream", hex: "cream" }] }, "colors.0.hex", "Give each colour a hex code like #1a2b3c."],
      [{ sizes: [] }, "sizes", "Add at least one size."],
      [{ areas: ["front"] }, "areas", "Choose print areas of this category: Wrap."],
      [{ productionDays: 0 }, "productionDays", "Production takes at least 1 day."],
      [{ category: "boats" as never }, "category", "Choose a category."],
      [
        {
          colors: [
            { name: "Cream", hex: "#ffffff" },
            { name: "cream", hex: "#000000" },
          ],
        },
        "colors.1.name",
        "The colour cream is listed twice.",
      ],
      [{ warehouseIds: [rivalDepot.id] }, "warehouseIds", "Choose warehouses of this print shop."],
    ];
    for (const [over, field, message] of cases) {
      const e = await refusal(addBlank(t.ctx(owner), mug({ name: "Refused mug", colors: [{ name: "Teal", hex: "#127a7a" }], ...over })));
      expect([e.status, e.field, e.message]).toEqual([422, field, message]);
    }
    expect(addBlankErrors(mug({ name: "", colors: [], sizes: [{ size: "S", baseCostMinor: -1, weightGrams: 0 }] }))).toEqual({
      name: "Enter a name.",
      colors: "Add at least one colour.",
      "sizes.0.baseCostMinor": "A base cost cannot be negative.",
      "sizes.0.weightGrams": "Give each size its weight in grams.",
    });
    expect((await listBlanksOfFulfiller(t.ctx(owner), shop.id)).length).toBe(before);
    // nothing rendered for the refused colour either
    const teal = `templates/mugs/wrap-127a7a-${templateFingerprint("mugs", "wrap", "#127a7a")}.png`;
    expect(await t.ctx(owner).ports.storage.exists(teal)).toBe(false);
  });

  it("another shop's owner and a shopper are refused; a suspended shop's owner too", async () => {
    expect((await refusal(addBlank(t.ctx(otherFulfiller), mug({ name: "Stolen mug" })))).status).toBe(403);
    expect((await refusal(addBlank(t.ctx(shopper), mug({ name: "Stolen mug" })))).status).toBe(403);
    expect((await refusal(listShopBlanks(t.ctx(otherFulfiller), shop.id))).status).toBe(403);
    await setFulfillerStatus(t.ctx(admin), shop.id, "suspended", "Test of a suspension.");
    expect((await refusal(addBlank(t.ctx(owner), mug({ name: "Late mug" })))).status).toBe(409);
    await setFulfillerStatus(t.ctx(admin), shop.id, "active");
    expect((await listBlanksOfFulfiller(t.ctx(owner), shop.id)).map((b) => b.name)).not.toContain("Stolen mug");
  });
});
