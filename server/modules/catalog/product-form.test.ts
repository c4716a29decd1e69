import { describe, expect, it } from "vitest";
import { DEFAULT_PLACEMENT, fitPlacement, formFieldOf, priceFieldErrors, productFormToInput, productInputSchema } from "./product-form.ts";

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
    const parsed = productInputSchema.parse(productFormToInput(raw, { currency: "USD" }));
    expect(parsed.priceMinor).toBe(2450);
    expect(parsed.tags).toEqual(["floral", "moon", "night"]);
    expect(parsed.sizes).toEqual(["M"]);
    expect(parsed.placements.front).toEqual({ x: 0.5, y: 0.4, scale: 0.7, rotation: 5 });
    expect(parsed.variantPrices).toEqual({ "Black|M": 2600 });
  });

  it("centres the artwork on the first area when no placement is sent (no JavaScript)", () => {
    const parsed = productInputSchema.parse(productFormToInput(base, { currency: "USD", firstArea: "front" }));
    expect(parsed.placements).toEqual({ front: DEFAULT_PLACEMENT });
  });

  it("reports bad input on the form's field names", () => {
    const result = productInputSchema.safeParse(
      productFormToInput({ ...base, price: "12,345.6", colors: [], title: "x", "placement.front": "{nope" }, { currency: "USD" }),
    );
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((i) => formFieldOf(i.path)));
    expect([...fields]).toEqual(expect.arrayContaining(["price", "colors", "title", "placement"]));
  });

  it("accepts a comma as decimal separator and a leading $", () => {
    expect(
      productInputSchema.parse(productFormToInput({ ...base, price: "$19,99" }, { currency: "USD", firstArea: "front" })).priceMinor,
    ).toBe(1999);
  });

  it("reads prices by the platform currency's digits: 1200 typed in JPY is ¥1,200, not ¥120,000", () => {
    const jpy = (raw: Record<string, unknown>) =>
      productInputSchema.parse(productFormToInput(raw, { currency: "JPY", firstArea: "front" }));
    expect(jpy({ ...base, price: "1200" }).priceMinor).toBe(1200);
    expect(jpy({ ...base, price: "¥1,200", "variantPrice.Black|M": "1500" })).toMatchObject({
      priceMinor: 1200,
      variantPrices: { "Black|M": 1500 },
    });
    expect(
      productInputSchema.parse(productFormToInput({ ...base, price: "1.5" }, { currency: "KWD", firstArea: "front" })).priceMinor,
    ).toBe(1500);
  });

  it("says why a price does not read in the currency, next to its field", () => {
    const raw = { ...base, price: "12.5", "variantPrice.Black|M": "abc", "variantPrice.White|M": "0" };
    expect(productInputSchema.safeParse(productFormToInput(raw, { currency: "JPY" })).success).toBe(false);
    expect(priceFieldErrors(raw, "JPY")).toEqual({
      price: "JPY has no decimals: enter a whole amount.",
      "variantPrice.Black|M": "Enter an amount like 12.50.",
      "variantPrice.White|M": "Enter a price above zero.",
    });
    expect(priceFieldErrors({ ...base, price: "24.50" }, "USD")).toEqual({});
  });

  it("fits an artwork into an area by its limiting side", () => {
    expect(fitPlacement(1, 0.75, 0.8).scale).toBeCloseTo(0.8); // square art on a 12x16 area: width limits
    expect(fitPlacement(1, 2.43, 0.8).scale).toBeCloseTo(0.8 / 2.43, 3); // square art on a mug wrap: height limits
  });
});
