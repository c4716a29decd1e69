import { describe, expect, it } from "vitest";
import { DEFAULT_PLACEMENT, fitPlacement, formFieldOf, productFormToInput, productInputSchema } from "./product-form.ts";

const base = {
  blankId: "blk_1",
  artworkId: "art_1",
  title: "Night Bloom Tee",
  category: "t-shirts",
  price: "24.50",
  colors: ["White", "Black"],
  sizes: "M",
};

describe("the designer form schema (shared by browser and server)", () => {
  it("turns the HTML form into the service input", () => {
    const raw = {
      ...base,
      tags: " Floral, moon ,,night ",
      "placement.front": JSON.stringify({ x: 0.5, y: 0.4, scale: 0.7, rotation: 5 }),
      "variantPrice.Black|M": "26",
      description: "Moonlit.",
    };
    const parsed = productInputSchema.parse(productFormToInput(raw));
    expect(parsed.priceMinor).toBe(2450);
    expect(parsed.tags).toEqual(["floral", "moon", "night"]);
    expect(parsed.sizes).toEqual(["M"]);
    expect(parsed.placements.front).toEqual({ x: 0.5, y: 0.4, scale: 0.7, rotation: 5 });
    expect(parsed.variantPrices).toEqual({ "Black|M": 2600 });
  });

  it("centres the artwork on the first area when no placement is sent (no JavaScript)", () => {
    const parsed = productInputSchema.parse(productFormToInput(base, { firstArea: "front" }));
    expect(parsed.placements).toEqual({ front: DEFAULT_PLACEMENT });
  });

  it("reports bad input on the form's field names", () => {
    const result = productInputSchema.safeParse(
      productFormToInput({ ...base, price: "12,345.6", colors: [], title: "x", "placement.front": "{nope" }),
    );
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((i) => formFieldOf(i.path)));
    expect([...fields]).toEqual(expect.arrayContaining(["price", "colors", "title", "placement"]));
  });

  it("accepts a comma as decimal separator and a leading $", () => {
    expect(productInputSchema.parse(productFormToInput({ ...base, price: "$19,99" }, { firstArea: "front" })).priceMinor).toBe(1999);
  });

  it("fits an artwork into an area by its limiting side", () => {
    expect(fitPlacement(1, 0.75, 0.8).scale).toBeCloseTo(0.8); // square art on a 12x16 area: width limits
    expect(fitPlacement(1, 2.43, 0.8).scale).toBeCloseTo(0.8 / 2.43, 3); // square art on a mug wrap: height limits
  });
});
