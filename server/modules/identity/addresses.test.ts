import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { newId } from "../../infra/db/index.ts";
import { AppError, type Actor } from "../../kernel/index.ts";
import { addAddress, deleteAddress, listAddresses, selectAddress, updateAddress } from "./addresses.ts";
import { users } from "./schema.ts";
import { addressSchema } from "./types.ts";

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
  postalCode: "12345",
  country: "us",
});
const work = addressSchema.parse({
  label: "Work",
  fullName: "Sam Shopper",
  line1: "9 Office Rd",
  city: "Shelbyville",
  postalCode: "54321",
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
