import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { createCtx, system, type Actor } from "../kernel/index.ts";
import {
  canWorkFloor,
  createFulfiller,
  floorContext,
  getFulfillerByHandle,
  listFloorTeam,
  listWarehouses,
} from "../modules/fulfillment/index.ts";
import { accountByEmail } from "../modules/identity/index.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";
import { DEMO_FLOOR_WORKER, DEMO_OTHER_PRINT_SHOP, seedDemoFloorStaff } from "./floor-staff.ts";

const t = useTestDatabase();

describe("demo floor staff and a second print shop", () => {
  it("Sam Floor works @print-works's floor; @north-press is set up with one warehouse; a second run adds nothing", async () => {
    await seedDemoAccounts(t.db);
    const ctx = t.ctx(system("test"));
    const finn = (await accountByEmail(t.db, "fulfiller@demo.platen.test"))!;
    await createFulfiller(ctx, { handle: "print-works", name: "Platen Print Works", ownerUserId: finn.userId });

    expect(await seedDemoFloorStaff(t.db)).toBe(4); // the worker, the shop, its payout contact, its warehouse
    const works = (await getFulfillerByHandle(ctx, "print-works"))!;
    const team = await listFloorTeam(ctx, works.id);
    expect(team.map((m) => [m.email, m.name])).toEqual([[DEMO_FLOOR_WORKER, "Sam Floor"]]);
    const sam = (await accountByEmail(t.db, DEMO_FLOOR_WORKER))!;
    const samActor: Actor = { kind: "user", userId: sam.userId, roles: ["shopper"] };
    expect(canWorkFloor(await floorContext(createCtx(t.db, samActor), works), works)).toBe(true);

    const north = (await getFulfillerByHandle(ctx, DEMO_OTHER_PRINT_SHOP.handle))!;
    expect(north).toMatchObject({ name: "North Press", status: "active", payoutContactEmail: DEMO_OTHER_PRINT_SHOP.owner });
    expect(north.registeredAt).not.toBeNull();
    expect(north.ownerUserId).toBe((await accountByEmail(t.db, DEMO_OTHER_PRINT_SHOP.owner))!.userId);
    expect((await listWarehouses(ctx, north.id)).map((w) => [w.name, w.postalCode, w.timeZone])).toEqual([
      ["Minneapolis, MN", "55401", "America/Chicago"],
    ]);
    expect(canWorkFloor(await floorContext(createCtx(t.db, samActor), north), north)).toBe(false);

    expect(await seedDemoFloorStaff(t.db)).toBe(0);
  });
});
