import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { system } from "../kernel/index.ts";
import {
  createFulfiller,
  fulfillerApplicationErrors,
  getFulfillerByHandle,
  listFulfillerApplications,
  FULFILLMENT_TERMS_VERSION,
} from "../modules/fulfillment/index.ts";
import { findUserByUid } from "../modules/identity/index.ts";
import { getStoreByHandle } from "../modules/stores/index.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";
import { DEMO_PRINT_SHOP_APPLICATIONS, seedDemoPrintShops } from "./print-shops.ts";
import { seedDemoStores } from "./stores.ts";

const t = useTestDatabase();

describe("demo print shop applications", () => {
  it("one pending and one rejected application, as the form would take them; @print-works gets its store; a second run adds nothing", async () => {
    await seedDemoAccounts(t.db);
    await seedDemoStores(t.db);
    const ctx = t.ctx(system("test"));
    const owner = (await getStoreByHandle(ctx, "print-works-studio"))!.ownerUserId;
    await createFulfiller(ctx, { handle: "print-works", name: "Platen Print Works", ownerUserId: owner });

    expect(await seedDemoPrintShops(t.db)).toBe(4);
    const apps = await listFulfillerApplications(ctx);
    expect(apps.map((a) => [a.handle, a.status, a.storeHandle])).toEqual([
      ["inkwell-press", "pending", "inkwell"],
      ["okafor-prints", "rejected", "mara-okafor"],
    ]);
    expect(apps[0]!.applicantEmail).toBe("partner@demo.platen.test");
    expect(apps[1]!.decisionNote).toMatch(/sample prints/);
    expect(apps[1]!.decidedBy).toBeTruthy();
    expect((await findUserByUid(ctx, apps[1]!.decidedBy!)).email).toBe("admin@demo.platen.test");
    for (const a of apps) expect(a.termsVersion).toBe(FULFILLMENT_TERMS_VERSION);
    for (const a of DEMO_PRINT_SHOP_APPLICATIONS)
      expect(fulfillerApplicationErrors({ ...a, ...a.address, capacityPerDay: String(a.capacityPerDay), acceptTerms: "on" })).toBeNull();

    const works = (await getFulfillerByHandle(ctx, "print-works"))!;
    expect(works.storeId).toBe((await getStoreByHandle(ctx, "print-works-studio"))!.id);
    expect(works.payoutContactEmail).toBe("fulfiller@demo.platen.test");
    expect(works.registeredAt).not.toBeNull();

    expect(await seedDemoPrintShops(t.db)).toBe(0);
  });
});
