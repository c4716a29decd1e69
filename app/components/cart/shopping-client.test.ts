import { describe, expect, it } from "vitest";
import { normaliseCartLines, normaliseWishIds } from "#server/modules/shopping/types.ts";
import { visitorCartDelta } from "./shopping-client.ts";

const line = (variantId: string, quantity: number) => ({ productId: "prd_a", variantId, quantity });

describe("userData.cart and userData.wishes repair", () => {
  it("drops garbage, sums duplicates and applies the caps", () => {
    expect(normaliseCartLines("nope")).toEqual([]);
    expect(
      normaliseCartLines([
        line("var_a", 4),
        null,
        { productId: "x" },
        line("var_a", 9),
        line("var_b", 0),
        { ...line("var_c", 2), quantity: "2" },
      ]),
    ).toEqual([line("var_a", 10), line("var_c", 2)]);
    const many = Array.from({ length: 70 }, (_, i) => line(`var_${i}`, 1));
    expect(normaliseCartLines(many)).toHaveLength(50);
  });

  it("keeps wish ids unique and in order, accepting {productId} objects", () => {
    expect(normaliseWishIds(["prd_b", { productId: "prd_a" }, "prd_b", 3, "bad id", null])).toEqual(["prd_b", "prd_a"]);
    expect(normaliseWishIds({})).toEqual([]);
  });
});

describe("visitorCartDelta (merge on sign-in)", () => {
  it("sends everything when nothing was mirrored", () => {
    expect(visitorCartDelta([line("var_a", 2)], null)).toEqual([line("var_a", 2)]);
  });

  it("sends only what the visitor added on top of a cart kept after sign-out", () => {
    const mirror = { uid: "", cart: [line("var_a", 2), line("var_b", 1)], wishes: [] };
    expect(visitorCartDelta([line("var_a", 3), line("var_b", 1), line("var_c", 1)], mirror)).toEqual([line("var_a", 1), line("var_c", 1)]);
    expect(visitorCartDelta([line("var_a", 2), line("var_b", 1)], mirror)).toEqual([]);
    expect(visitorCartDelta([line("var_a", 1)], mirror)).toEqual([]);
  });
});
