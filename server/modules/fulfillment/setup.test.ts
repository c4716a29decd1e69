// The counts behind a print shop's setup checklist agree with the lists they replace on its page.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { refusal } from "../../../tests/support/refusal.ts";
import {
  createBlank,
  createFulfiller,
  createWarehouse,
  listBlanksOfFulfiller,
  listShippingProfile,
  saveShippingRate,
  saveShippingZone,
  setBlankStatus,
  setupCountsOfFulfiller,
  warehousesStockingBlanks,
  type SetupCounts,
} from "./index.ts";
import { admin, otherFulfiller, owner, shopper, teeInput } from "./test-fixtures.ts";

const t = useTestDatabase();

/** What the getting-started page counted before, from the full lists. */
async function fromLists(fulfillerId: string) {
  const ctx = t.ctx(owner);
  const active = (await listBlanksOfFulfiller(ctx, fulfillerId)).filter((b) => b.status === "active");
  const stocking = await warehousesStockingBlanks(
    ctx,
    active.map((b) => b.id),
  );
  const profile = await listShippingProfile(ctx, fulfillerId);
  return {
    blanks: (await listBlanksOfFulfiller(ctx, fulfillerId)).length,
    activeBlanks: active.length,
    activeBlanksMade: active.filter((b) => (stocking.get(b.id) ?? []).length > 0).length,
    zones: profile.zones.length,
    rates: profile.zones.reduce((n, z) => n + z.rates.length, 0),
    zonesWithoutRates: profile.zones.filter((z) => z.rates.length === 0).map((z) => z.name),
  };
}

describe("setupCountsOfFulfiller", () => {
  it("counts active blanks, those a warehouse makes, zones and their rates, as the lists do, at each step of a setup", async () => {
    const shop = await createFulfiller(t.ctx(admin), { handle: "setup-shop", name: "Setup shop", ownerUserId: "usr_owner" });
    // Another print shop's catalogue and rates are not counted.
    const rival = await createFulfiller(t.ctx(admin), { handle: "setup-rival", name: "Rival", ownerUserId: "usr_other" });
    const rivalHouse = await createWarehouse(t.ctx(otherFulfiller), { fulfillerId: rival.id, name: "Austin", country: "US" });
    await createBlank(t.ctx(otherFulfiller), teeInput(rival.id, { warehouseIds: [rivalHouse.id] }));
    const rivalZone = await saveShippingZone(t.ctx(otherFulfiller), { fulfillerId: rival.id, name: "US", regions: ["US"] });
    await saveShippingRate(t.ctx(otherFulfiller), {
      fulfillerId: rival.id,
      zoneId: rivalZone.id,
      category: "t-shirts",
      firstItemMinor: 500,
      additionalItemMinor: 100,
      minDays: 2,
      maxDays: 4,
    });

    const check = async (want: SetupCounts) => {
      expect(await setupCountsOfFulfiller(t.ctx(owner), shop.id)).toEqual(want);
      expect(await fromLists(shop.id)).toEqual(want);
    };
    await check({ blanks: 0, activeBlanks: 0, activeBlanksMade: 0, zones: 0, rates: 0, zonesWithoutRates: [] });
    const pdx = await createWarehouse(t.ctx(owner), { fulfillerId: shop.id, name: "Portland", country: "US" });
    const loose = await createBlank(t.ctx(owner), teeInput(shop.id, { name: "Unmade tee" }));
    await check({ blanks: 1, activeBlanks: 1, activeBlanksMade: 0, zones: 0, rates: 0, zonesWithoutRates: [] });
    const made = await createBlank(t.ctx(owner), teeInput(shop.id, { warehouseIds: [pdx.id] }));
    await createBlank(t.ctx(owner), teeInput(shop.id, { name: "Second made tee", warehouseIds: [pdx.id] }));
    await check({ blanks: 3, activeBlanks: 3, activeBlanksMade: 2, zones: 0, rates: 0, zonesWithoutRates: [] });
    await setBlankStatus(t.ctx(owner), made.id, "retired");
    await setBlankStatus(t.ctx(owner), loose.id, "retired");
    await check({ blanks: 3, activeBlanks: 1, activeBlanksMade: 1, zones: 0, rates: 0, zonesWithoutRates: [] });
    const us = await saveShippingZone(t.ctx(owner), { fulfillerId: shop.id, name: "United States", regions: ["US"] });
    await saveShippingZone(t.ctx(owner), { fulfillerId: shop.id, name: "Canada", regions: ["CA"] });
    await check({ blanks: 3, activeBlanks: 1, activeBlanksMade: 1, zones: 2, rates: 0, zonesWithoutRates: ["Canada", "United States"] });
    for (const [category, firstItemMinor] of [
      ["t-shirts", 500],
      ["mugs", 700],
    ] as const)
      await saveShippingRate(t.ctx(owner), {
        fulfillerId: shop.id,
        zoneId: us.id,
        category,
        firstItemMinor,
        additionalItemMinor: 200,
        minDays: 3,
        maxDays: 5,
      });
    await check({ blanks: 3, activeBlanks: 1, activeBlanksMade: 1, zones: 2, rates: 2, zonesWithoutRates: ["Canada"] });
  });

  it("is for the print shop's owner and admins only", async () => {
    const shop = await createFulfiller(t.ctx(admin), { handle: "setup-private", name: "Private", ownerUserId: "usr_owner" });
    expect((await setupCountsOfFulfiller(t.ctx(admin), shop.id)).zones).toBe(0);
    for (const stranger of [otherFulfiller, shopper])
      expect(await refusal(setupCountsOfFulfiller(t.ctx(stranger), shop.id))).toMatchObject({ status: 403 });
  });
});
