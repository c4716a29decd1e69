import { describe, expect, it } from "vitest";
import { addressLines, arrivesText, cardText, formatWindow, shipsFromText } from "./format.ts";

describe("checkout formatting", () => {
  it("writes a delivery window in Platen's date style", () => {
    expect(formatWindow({ from: "2026-03-18", to: "2026-03-21" })).toBe("18–21 Mar");
    expect(formatWindow({ from: "2026-03-30", to: "2026-04-02" })).toBe("30 Mar – 2 Apr");
    expect(formatWindow({ from: "2026-12-30", to: "2027-01-04" })).toBe("30 Dec – 4 Jan");
    expect(formatWindow({ from: "2026-03-18", to: "2026-03-18" })).toBe("18 Mar");
    expect(formatWindow({ from: "garbage", to: "2026-03-18" })).toBe("");
    expect(arrivesText({ from: "2026-03-18", to: "2026-03-21" })).toBe("Arrives 18–21 Mar");
  });

  it("writes addresses, warehouses and cards the way a shopper reads them", () => {
    const us = {
      fullName: "Sam Shopper",
      line1: "1200 SW Main St",
      line2: "",
      city: "Portland",
      region: "OR",
      postalCode: "97205",
      country: "US",
    };
    expect(addressLines(us)).toEqual(["Sam Shopper", "1200 SW Main St", "Portland, OR, 97205", "United States"]);
    const de = { fullName: "Sam", line1: "Hauptstr. 1", line2: "2. OG", city: "Leipzig", region: "", postalCode: "04107", country: "DE" };
    expect(addressLines(de)).toEqual(["Sam", "Hauptstr. 1", "2. OG", "Leipzig 04107", "Germany"]);
    expect(shipsFromText("Portland, OR")).toBe("Ships from Portland, OR");
    expect(cardText("visa", "4242")).toBe("Visa •••• 4242");
    expect(cardText(null, null)).toBe("Card");
  });
});
