import { describe, expect, it } from "vitest";
import { defaultUserData, defaultUserInfo, repairUserData } from "./user-data.ts";

// `userData` (the spec's localStorage record) is repaired by hand in the browser, field by field.
describe("repairUserData", () => {
  it("keeps a valid record as it is and drops unknown keys", () => {
    const valid = {
      ...defaultUserData(),
      theme: "myDarkTheme",
      selectedShippingInfo: { id: "addr_1" },
      shippingInfo: [{ id: "addr_1" }],
      userInfo: { ...defaultUserInfo(), displayName: "Ada", email: "ada@example.com", uid: "usr_1", inVault: true, anon: false },
      wishes: ["prd_1"],
      orders: [{ id: "ord_1" }],
      cart: [{ productId: "prd_1", variantId: "var_1", quantity: 2 }],
      isPartner: true,
      isFulfiller: false,
      isStripeConnected: true,
    };
    expect(repairUserData({ ...valid, extra: "dropped" })).toEqual(valid);
    expect(repairUserData(JSON.stringify(valid))).toEqual(valid);
  });

  it("falls back to defaults for garbage, whole or per field", () => {
    for (const garbage of [null, undefined, 42, "not json", "[1,2]", [], "null"])
      expect(repairUserData(garbage)).toEqual(defaultUserData());
    const repaired = repairUserData({
      theme: "hotPink",
      selectedShippingInfo: [1],
      shippingInfo: "x",
      userInfo: { displayName: 7, email: "a@b.c", anon: "no", inVault: 1 },
      wishes: {},
      orders: null,
      cart: "cart",
      isPartner: "yes",
      isFulfiller: 1,
      isStripeConnected: null,
    });
    expect(repaired).toEqual({ ...defaultUserData(), userInfo: { ...defaultUserInfo(), email: "a@b.c" } });
    expect(repairUserData({ userInfo: "me" }).userInfo).toEqual(defaultUserInfo());
  });

  it("keeps each of the spec's theme names", () => {
    for (const theme of ["myPurpleTheme", "myDarkTheme", "myNeutralTheme"]) expect(repairUserData({ theme }).theme).toBe(theme);
  });
});
