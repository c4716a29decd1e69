import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import {
  createBlank,
  createFulfiller,
  createWarehouse,
  listWarehouses,
  setFulfillerStatus,
  updateWarehouse,
  warehousesStockingBlanks,
  type FulfillerRow,
  type WarehouseRow,
} from "./index.ts";
import { admin, otherFulfiller, owner, shopper, teeInput, visitor } from "./test-fixtures.ts";
import { refusal } from "../../../tests/support/refusal.ts";

const t = useTestDatabase();

describe("warehouses", () => {
  let shop: FulfillerRow;
  let rival: FulfillerRow;
  let portland: WarehouseRow;
  beforeAll(async () => {
    shop = await createFulfiller(t.ctx(admin), { handle: "wh-shop", name: "Warehouse shop", ownerUserId: "usr_owner" });
    rival = await createFulfiller(t.ctx(admin), { handle: "wh-rival", name: "Rival shop", ownerUserId: "usr_other" });
    portland = await createWarehouse(t.ctx(owner), {
      fulfillerId: shop.id,
      name: " Portland ",
      country: "us",
      region: "OR",
      city: "Portland",
    });
  });

  it("the owner adds a warehouse: trimmed, country upper-cased, listed by name", async () => {
    expect([portland.name, portland.country, portland.region, portland.city]).toEqual(["Portland", "US", "OR", "Portland"]);
    await createWarehouse(t.ctx(admin), { fulfillerId: shop.id, name: "Leipzig", country: "DE", city: "Leipzig" });
    expect((await listWarehouses(t.ctx(visitor), shop.id)).map((w) => w.name)).toEqual(["Leipzig", "Portland"]);
  });

  it("another fulfiller, a shopper or a visitor cannot add to or change someone else's warehouses", async () => {
    for (const actor of [otherFulfiller, shopper, visitor]) {
      const add = await refusal(createWarehouse(t.ctx(actor), { fulfillerId: shop.id, name: "Sneaky", country: "US" }));
      expect([add.status, add.message]).toEqual([403, "You can only manage your own fulfillment businesses."]);
      const change = await refusal(updateWarehouse(t.ctx(actor), portland.id, { name: "Mine now", country: "US" }));
      expect(change.status).toBe(403);
    }
    expect((await listWarehouses(t.ctx(visitor), shop.id)).map((w) => w.name)).not.toContain("Sneaky");
    // The rival manages its own.
    const own = await createWarehouse(t.ctx(otherFulfiller), { fulfillerId: rival.id, name: "Austin", country: "US", region: "TX" });
    expect(own.fulfillerId).toBe(rival.id);
  });

  it("validates the country, the name and refuses a second warehouse of the same name", async () => {
    const country = await refusal(createWarehouse(t.ctx(owner), { fulfillerId: shop.id, name: "Nowhere", country: "USA" }));
    expect([country.status, country.field, country.message]).toEqual([422, "country", "Use a two-letter country code, like US."]);
    const name = await refusal(createWarehouse(t.ctx(owner), { fulfillerId: shop.id, name: "  ", country: "US" }));
    expect([name.status, name.field]).toEqual([422, "name"]);
    const dup = await refusal(createWarehouse(t.ctx(owner), { fulfillerId: shop.id, name: "Portland", country: "US" }));
    expect([dup.status, dup.field]).toEqual([409, "name"]);
    const rename = await refusal(updateWarehouse(t.ctx(owner), portland.id, { name: "Leipzig", country: "DE" }));
    expect(rename.status).toBe(409);
    const missing = await refusal(createWarehouse(t.ctx(admin), { fulfillerId: "ful_missing", name: "Ghost", country: "US" }));
    expect(missing.status).toBe(404);
  });

  it("the owner moves a warehouse; a suspended business's owner cannot", async () => {
    const moved = await updateWarehouse(t.ctx(owner), portland.id, { name: "Portland", country: "US", region: "OR", city: "Beaverton" });
    expect(moved.city).toBe("Beaverton");
    await setFulfillerStatus(t.ctx(admin), shop.id, "suspended", "audit");
    const frozen = await refusal(updateWarehouse(t.ctx(owner), portland.id, { name: "Portland", country: "US", city: "Salem" }));
    expect(frozen.status).toBe(409);
    await setFulfillerStatus(t.ctx(admin), shop.id, "active");
    expect((await refusal(updateWarehouse(t.ctx(owner), "wh_missing", { name: "X", country: "US" }))).status).toBe(404);
  });

  it("tells which warehouses stock each blank, for many blanks in one call", async () => {
    const [leipzig] = (await listWarehouses(t.ctx(visitor), shop.id)).filter((w) => w.name === "Leipzig");
    const both = await createBlank(t.ctx(owner), teeInput(shop.id, { name: "Stocked twice", warehouseIds: [portland.id, leipzig!.id] }));
    const none = await createBlank(t.ctx(owner), teeInput(shop.id, { name: "Made anywhere" }));
    const map = await warehousesStockingBlanks(t.ctx(visitor), [both.id, none.id, both.id]);
    expect(map.get(both.id)?.map((w) => [w.name, w.country, w.city])).toEqual([
      ["Portland", "US", "Beaverton"],
      ["Leipzig", "DE", "Leipzig"],
    ]);
    expect(map.has(none.id)).toBe(false);
    expect((await warehousesStockingBlanks(t.ctx(visitor), [])).size).toBe(0);
  });
});
