import { describe, expect, it } from "vitest";
import { decimalPrice, formatPrice } from "./PriceText.tsx";

describe("storefront price text", () => {
  it("formats by the currency's digits: 1200 JPY is ¥1,200 (not ¥12), 1500 KWD is KWD 1.500", () => {
    expect(formatPrice(1200, "JPY")).toBe("¥1,200");
    expect(formatPrice(2450, "USD")).toBe("$24.50");
    expect(formatPrice(1500, "KWD").replace(/\s/g, " ")).toBe("KWD 1.500");
  });

  it("gives schema.org and Open Graph the decimal amount in the currency's digits", () => {
    expect(decimalPrice(1200, "JPY")).toBe("1200");
    expect(decimalPrice(2400, "USD")).toBe("24.00");
    expect(decimalPrice(1500, "BHD")).toBe("1.500");
  });
});
