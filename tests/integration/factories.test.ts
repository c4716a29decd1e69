// The shared test factories make what the modules themselves would make.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/db.ts";
import { makeFulfillerWithBlank, makeStore, makeUser } from "../support/factories.ts";
import { getBlankDetail, listWarehouses } from "../../server/modules/fulfillment/index.ts";
import { getStoreAccess } from "../../server/modules/stores/index.ts";

const t = useTestDatabase();

describe("test factories", () => {
  it("make a store its owner runs, and a fulfiller with a warehouse and an active blank", async () => {
    const admin = await makeUser(t.db, { roles: ["admin"] });
    const { owner, store } = await makeStore(t.db);
    expect(owner.roles).toContain("partner");
    expect((await getStoreAccess(t.ctx(owner), store)).role).toBe("owner");
    const { fulfiller, warehouse, blank } = await makeFulfillerWithBlank(t.db);
    expect(blank).toMatchObject({ fulfillerId: fulfiller.id, status: "active" });
    expect((await listWarehouses(t.ctx(admin), fulfiller.id)).map((w) => w.id)).toEqual([warehouse.id]);
    const detail = await getBlankDetail(t.ctx(admin), blank.id);
    expect(detail.colors.map((c) => c.name)).toEqual(["White", "Navy"]);
    expect(detail.variants).toHaveLength(3);
    expect(detail.areas.map((a) => a.key)).toEqual(["front"]);
  });
});
