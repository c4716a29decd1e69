import { describe, expect, it } from "vitest";
import { postalCodeProblem } from "./postal-code.server.ts";

describe("postal codes per country", () => {
  it("accepts real formats and refuses what cannot be one", () => {
    expect(postalCodeProblem("97205", "US")).toBeNull();
    expect(postalCodeProblem("97205-1234", "US")).toBeNull();
    expect(postalCodeProblem("04107", "DE")).toBeNull();
    expect(postalCodeProblem("SW1A 1AA", "GB")).toBeNull();
    expect(postalCodeProblem("K1A 0B1", "CA")).toBeNull();
    expect(postalCodeProblem("ABC", "US")).toMatch(/does not look like a postal code in United States/);
    expect(postalCodeProblem("1234", "DE")).toMatch(/Germany/);
  });

  it("leaves countries the library does not know, and empty input, to the other checks", () => {
    expect(postalCodeProblem("", "US")).toBeNull();
    expect(postalCodeProblem("anything", "ZZ")).toBeNull();
  });
});
