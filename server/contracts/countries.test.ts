import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../modules/identity/types.ts";
import { countryName, ISO_COUNTRY_CODES } from "./index.ts";

describe("countries", () => {
  it("lists the 249 officially assigned ISO 3166-1 codes", () => {
    expect(ISO_COUNTRY_CODES.size).toBe(249);
    expect(ISO_COUNTRY_CODES.has("DE")).toBe(true);
    expect(ISO_COUNTRY_CODES.has("XK")).toBe(false);
  });

  it("names a country in English and shows an unknown or malformed code as it is", () => {
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("US")).toBe("United States");
    expect(countryName("ZZ")).toBe("ZZ");
    expect(countryName("not a code")).toBe("not a code");
  });

  it("ships to ISO countries only, each with a name", () => {
    for (const c of COUNTRIES) {
      expect(ISO_COUNTRY_CODES.has(c.code)).toBe(true);
      expect(c.name).not.toBe(c.code);
    }
  });
});
