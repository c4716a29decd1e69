import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { newId } from "../../infra/db/index.ts";
import { AppError, type Actor } from "../../kernel/index.ts";
import { addAddress, deleteAddress, listAddresses, selectAddress, updateAddress } from "./addresses.ts";
import { users } from "./schema.ts";
import { addressSchema, normalizeAddress, subdivisionsOf } from "./types.ts";

const t = useTestDatabase();

async function shopper() {
  const id = newId("usr");
  await t.db.insert(users).values({ id, email: `${id}@example.test`, emailNormalized: `${id}@example.test` });
  return t.ctx({ kind: "user", userId: id, roles: ["shopper"] } satisfies Actor);
}
const home = addressSchema.parse({
  label: "Home",
  fullName: "Sam Shopper",
  line1: "1 Main St",
  city: "Springfield",
  region: "IL",
  postalCode: "62704",
  country: "us",
});
const work = addressSchema.parse({
  label: "Work",
  fullName: "Sam Shopper",
  line1: "9 Office Rd",
  city: "Shelbyville",
  region: "Illinois",
  postalCode: "62565-1234",
  country: "US",
});

describe("shipping addresses", () => {
  it("selects the first, switches selection, keeps one selected after deleting", async () => {
    const ctx = await shopper();
    const a = await addAddress(ctx, home);
    const b = await addAddress(ctx, work);
    expect(a.isSelected).toBe(true);
    expect(b.isSelected).toBe(false);
    expect(a.country).toBe("US");
    await selectAddress(ctx, b.id);
    let list = await listAddresses(ctx);
    expect(list.filter((x) => x.isSelected).map((x) => x.id)).toEqual([b.id]);
    await updateAddress(ctx, a.id, { ...home, line2: "Apt 4" });
    await deleteAddress(ctx, b.id);
    list = await listAddresses(ctx);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: a.id, isSelected: true, line2: "Apt 4" });
  });

  it("keeps each user's addresses to themselves", async () => {
    const mine = await shopper();
    const theirs = await shopper();
    const a = await addAddress(mine, home);
    await expect(deleteAddress(theirs, a.id)).rejects.toBeInstanceOf(AppError);
    await expect(selectAddress(theirs, a.id)).rejects.toMatchObject({ status: 404 });
    expect(await listAddresses(theirs)).toEqual([]);
  });

  it("validates input with clear messages", () => {
    const r = addressSchema.safeParse({ fullName: "", line1: "x", city: "y", postalCode: "!!", country: "ZZ" });
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toContain("fullName: Enter the recipient's full name.");
    expect(messages).toContain("country: Choose a country from the list.");
  });
});

describe("addresses checkout can trust", () => {
  const base = { fullName: "Alex Morgan", line1: "12 Orchard Lane", city: "Springfield" };
  const errorsOf = (input: Record<string, string>) => {
    const r = addressSchema.safeParse({ ...base, ...input });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("checks a US ZIP code and stores the state as its ISO 3166-2 suffix", () => {
    expect(addressSchema.parse({ ...base, country: "US", region: "california", postalCode: "94103" })).toMatchObject({
      region: "CA",
      postalCode: "94103",
    });
    expect(addressSchema.parse({ ...base, country: "US", region: "US-NY", postalCode: "10001-1234" }).region).toBe("NY");
    expect(errorsOf({ country: "US", region: "CA", postalCode: "9410" })).toEqual({
      postalCode: "Enter a valid postal code for United States.",
    });
  });

  it("refuses a US ZIP code of another state than the one chosen (tax follows the state; issue 22)", () => {
    expect(errorsOf({ country: "US", region: "OR", postalCode: "94110" })).toEqual({
      postalCode: "ZIP code 94110 is in California, not Oregon: check the ZIP code or the state.",
    });
    expect(errorsOf({ country: "US", region: "CA", postalCode: "94110" })).toEqual({});
    expect(errorsOf({ country: "US", region: "NY", postalCode: "10118-0110" })).toEqual({});
  });

  it("keeps a name or a street on one line: line breaks, tabs and NUL become a space", () => {
    const a = addressSchema.parse({
      ...base,
      fullName: "Alex\r\nMorgan",
      line1: "12\tOrchard\u0000Lane",
      country: "US",
      region: "CA",
      postalCode: "94103",
    });
    expect([a.fullName, a.line1]).toEqual(["Alex Morgan", "12 Orchard Lane"]);
  });

  it("refuses a US address without a state, or with an unknown one", () => {
    expect(errorsOf({ country: "US", postalCode: "94103" })).toEqual({ region: "Choose the state." });
    expect(errorsOf({ country: "US", region: "Narnia", postalCode: "94103" })).toEqual({
      region: "Choose a state of United States from the list.",
    });
    expect(errorsOf({ country: "CA", region: "", postalCode: "K1A 0B1" }).region).toBe("Choose the province or territory.");
    expect(addressSchema.parse({ ...base, country: "AU", region: "nsw", postalCode: "2000" }).region).toBe("NSW");
  });

  it("checks a GB postcode and a German five-digit code", () => {
    expect(addressSchema.parse({ ...base, country: "GB", postalCode: "sw1a  1aa" }).postalCode).toBe("SW1A 1AA");
    expect(errorsOf({ country: "GB", postalCode: "12345" })).toEqual({ postalCode: "Enter a valid postal code for United Kingdom." });
    expect(addressSchema.safeParse({ ...base, country: "DE", postalCode: "10115" }).success).toBe(true);
    expect(errorsOf({ country: "DE", postalCode: "1011" }).postalCode).toMatch(/^Enter a valid postal code for Germany\.$/);
  });

  it("accepts any non-empty postal code where the country has no pattern, and keeps a free region there", () => {
    const r = addressSchema.parse({ ...base, country: "HK", region: "Kowloon", postalCode: "000" });
    expect(r).toMatchObject({ country: "HK", region: "Kowloon", postalCode: "000" });
    expect(errorsOf({ country: "HK", postalCode: "" }).postalCode).toBe("Enter the postal code.");
  });

  it("refuses an invalid address in the service too, with the field", async () => {
    const ctx = await shopper();
    await expect(addAddress(ctx, { ...home, region: "" })).rejects.toMatchObject({ status: 400, field: "region" });
    await expect(addAddress(ctx, { ...home, postalCode: "ABC" })).rejects.toMatchObject({ status: 400, field: "postalCode" });
  });

  it("lists subdivisions for the countries that need them", () => {
    expect(subdivisionsOf("US")).toHaveLength(51);
    expect(subdivisionsOf("us").find((s) => s.code === "DC")?.name).toBe("District of Columbia");
    expect(subdivisionsOf("CA")).toHaveLength(13);
    expect(subdivisionsOf("AU")).toHaveLength(8);
    expect(subdivisionsOf("DE")).toEqual([]);
    expect(normalizeAddress({ ...home, region: "illinois" }).region).toBe("IL");
  });
});
