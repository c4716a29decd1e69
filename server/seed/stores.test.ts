import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { fanClubPerks, partnerApplications, storeMembers, stores } from "../schema.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";
import { DEMO_STORES, seedDemoStores } from "./stores.ts";

const t = useTestDatabase();

describe("demo stores", () => {
  it("seeds six stores, a team member, a perk and a pending application once", async () => {
    await seedDemoAccounts(t.db);
    expect(await seedDemoStores(t.db)).toBeGreaterThan(0);
    const [s] = await t.db.select({ n: count() }).from(stores);
    expect(s!.n).toBe(DEMO_STORES.length);
    const [ink] = await t.db.select().from(stores).where(eq(stores.handle, "inkwell"));
    expect(ink!.avatarKey).toMatch(/^store-media\//);
    expect(await t.db.select().from(storeMembers).where(eq(storeMembers.storeId, ink!.id))).toHaveLength(1);
    expect((await t.db.select().from(fanClubPerks))[0]!.code).toBe("INKWELL10");
    expect(await t.db.select().from(partnerApplications).where(eq(partnerApplications.status, "pending"))).toHaveLength(1);
    expect(await seedDemoStores(t.db)).toBe(0);
  });
});
