import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { stateChanges } from "../../kernel/schema.ts";
import { system } from "../../kernel/index.ts";
import {
  canManageFulfiller,
  createFulfiller,
  getFulfillerByHandle,
  isFulfillerHandleTaken,
  listFulfillers,
  listFulfillersForStore,
  listFulfillersOfUser,
  setFulfillerStatus,
  updateFulfiller,
  type FulfillerRow,
} from "./index.ts";
import { admin, otherFulfiller, owner, ownerWithoutRole, shopper, visitor } from "./test-fixtures.ts";
import { refusal } from "../../../tests/support/refusal.ts";

const t = useTestDatabase();

describe("fulfillment businesses", () => {
  let shop: FulfillerRow;
  beforeAll(async () => {
    shop = await createFulfiller(t.ctx(admin), {
      handle: "@Press-Room",
      name: "Press Room",
      ownerUserId: "usr_owner",
      storeId: "sto_x",
      capabilities: ["dtg", "screen"],
    });
  });

  it("admins create businesses, idempotent by handle; the handle is normalised and counts as taken", async () => {
    expect(shop.handle).toBe("press-room");
    const again = await createFulfiller(t.ctx(system("test")), { handle: "press-room", name: "Other name", ownerUserId: "usr_x" });
    expect(again.id).toBe(shop.id);
    expect(again.name).toBe("Press Room");
    expect(await isFulfillerHandleTaken(t.db, "@press-room")).toBe(true);
    expect(await isFulfillerHandleTaken(t.db, "free-handle")).toBe(false);
    expect((await getFulfillerByHandle(t.ctx(visitor), "@PRESS-ROOM"))?.id).toBe(shop.id);
  });

  it("refuses creation by anyone but admins and the system", async () => {
    for (const actor of [owner, shopper, visitor]) {
      const e = await refusal(createFulfiller(t.ctx(actor), { handle: "mine", name: "Mine", ownerUserId: "usr_owner" }));
      expect(e.status).toBe(403);
      expect(e.message).toBe("Only admins can create fulfillment businesses.");
    }
    expect(await getFulfillerByHandle(t.ctx(visitor), "mine")).toBeNull();
  });

  it("validates the handle, the name and the print methods", async () => {
    const bad = await refusal(createFulfiller(t.ctx(admin), { handle: "Bad handle!", name: "Bad", ownerUserId: "usr_owner" }));
    expect([bad.status, bad.field]).toEqual([400, "handle"]);
    const short = await refusal(createFulfiller(t.ctx(admin), { handle: "short-name", name: " x ", ownerUserId: "usr_owner" }));
    expect([short.status, short.field, short.message]).toEqual([422, "name", "Enter a name of at least 2 characters."]);
    const caps = await refusal(
      createFulfiller(t.ctx(admin), { handle: "lasers", name: "Lasers", ownerUserId: "usr_owner", capabilities: ["laser"] }),
    );
    expect([caps.status, caps.field]).toEqual([422, "capabilities"]);
    const noOwner = await refusal(createFulfiller(t.ctx(admin), { handle: "orphan", name: "Orphan", ownerUserId: "" }));
    expect([noOwner.status, noOwner.field]).toEqual([422, "ownerUserId"]);
  });

  it("its owner (a fulfiller) and admins update it; another fulfiller, a shopper or an owner without the role cannot", async () => {
    const mine = await updateFulfiller(t.ctx(owner), shop.id, { name: "Press Room Co.", description: "We print.", capabilities: ["dtg"] });
    expect([mine.name, mine.description, mine.capabilities]).toEqual(["Press Room Co.", "We print.", ["dtg"]]);
    const byAdmin = await updateFulfiller(t.ctx(admin), shop.id, { name: "Press Room", capabilities: ["dtg", "screen"] });
    expect(byAdmin.name).toBe("Press Room");
    for (const actor of [otherFulfiller, shopper, ownerWithoutRole, visitor]) {
      const e = await refusal(updateFulfiller(t.ctx(actor), shop.id, { name: "Hijacked" }));
      expect([e.status, e.message]).toEqual([403, "You can only manage your own fulfillment businesses."]);
    }
    expect((await getFulfillerByHandle(t.ctx(visitor), "press-room"))?.name).toBe("Press Room");
    expect(canManageFulfiller(t.ctx(owner), shop)).toBe(true);
    expect(canManageFulfiller(t.ctx(otherFulfiller), shop)).toBe(false);
    const missing = await refusal(updateFulfiller(t.ctx(admin), "ful_missing", { name: "Ghost" }));
    expect(missing.status).toBe(404);
  });

  it("only admins list every business", async () => {
    expect((await listFulfillers(t.ctx(admin))).map((f) => f.id)).toContain(shop.id);
    expect((await refusal(listFulfillers(t.ctx(owner)))).status).toBe(403);
    expect((await listFulfillersOfUser(t.ctx(owner), "usr_owner")).map((f) => f.id)).toEqual([shop.id]);
  });

  it("admins suspend with a reason (recorded) and reinstate; a suspended business is hidden and frozen for its owner", async () => {
    expect((await refusal(setFulfillerStatus(t.ctx(owner), shop.id, "suspended", "mine"))).status).toBe(403);
    const noReason = await refusal(setFulfillerStatus(t.ctx(admin), shop.id, "suspended", " "));
    expect([noReason.status, noReason.field]).toEqual([422, "reason"]);

    const suspended = await setFulfillerStatus(t.ctx(admin), shop.id, "suspended", "late shipments");
    expect(suspended.status).toBe("suspended");
    const [change] = await t.db
      .select()
      .from(stateChanges)
      .where(and(eq(stateChanges.entityId, shop.id), eq(stateChanges.toState, "suspended")));
    expect([change?.fromState, change?.reason, change?.actorUserId]).toEqual(["active", "late shipments", "usr_admin"]);
    expect(await listFulfillersForStore(t.ctx(visitor), "sto_x")).toEqual([]);

    const frozen = await refusal(updateFulfiller(t.ctx(owner), shop.id, { name: "Still here" }));
    expect(frozen.status).toBe(409);
    expect((await updateFulfiller(t.ctx(admin), shop.id, { name: "Press Room" })).name).toBe("Press Room");
    const twice = await refusal(setFulfillerStatus(t.ctx(admin), shop.id, "suspended", "again"));
    expect(twice.status).toBe(409);

    await setFulfillerStatus(t.ctx(admin), shop.id, "active");
    expect((await listFulfillersForStore(t.ctx(visitor), "sto_x")).map((f) => f.id)).toEqual([shop.id]);
    expect((await listFulfillersForStore(t.ctx(visitor), "sto_other", ["usr_owner"])).map((f) => f.id)).toEqual([shop.id]);
  });
});
