import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { system } from "../kernel/index.ts";
import { listCarrierAccounts, quote } from "../modules/carriers/index.ts";
import { createFulfiller } from "../modules/fulfillment/index.ts";
import { seedDemoCarriers } from "./carriers.ts";

const t = useTestDatabase();

describe("demo carrier rate tables", () => {
  it("gives @print-works the local carrier with a realistic table, once", async () => {
    const ctx = t.ctx(system("test"));
    expect(await seedDemoCarriers(t.db)).toBe(0); // no print shop yet: nothing to do
    const pw = await createFulfiller(ctx, { handle: "print-works", name: "Platen Print Works", ownerUserId: "usr_demo_fulfiller" });
    expect(await seedDemoCarriers(t.db)).toBe(112); // 2 services × 8 zones × 7 weight breaks
    expect(await seedDemoCarriers(t.db)).toBe(0);
    const [local] = await listCarrierAccounts(ctx, pw.id);
    expect(local).toMatchObject({ carrierCode: "local", status: "active", zoneCount: 8, rateCount: 112 });
    expect(local!.services.map((s) => [s.code, s.dimDivisor])).toEqual([
      ["standard", null],
      ["express", 5000],
      ["rehearsal", null], // no rates: a rehearsal label is the print shop's own choice, never quoted here
    ]);
    const zoneOf = async (country: string, postalCode: string) =>
      (await quote(ctx, { fulfillerId: pw.id, to: { country, postalCode }, weightGrams: 600, serviceCode: "standard" }))[0]!.zone.name;
    expect(await zoneOf("US", "97205")).toBe("US Local (OR, WA)");
    expect(await zoneOf("US", "94103")).toBe("US West");
    expect(await zoneOf("US", "78701")).toBe("US Central");
    expect(await zoneOf("US", "10001")).toBe("US East");
    expect(await zoneOf("US", "99501")).toBe("Alaska and Hawaii");
    expect(await zoneOf("US", "96813")).toBe("Alaska and Hawaii");
    expect(await zoneOf("CA", "M5V 2T6")).toBe("Canada and Mexico");
    expect(await zoneOf("DE", "04109")).toBe("Europe");
    expect(await zoneOf("AU", "2000")).toBe("Rest of world");
    const options = await quote(ctx, { fulfillerId: pw.id, to: { country: "US", postalCode: "97205" }, weightGrams: 600 });
    expect(options.map((o) => [o.serviceCode, o.price.amount])).toEqual([
      ["standard", 610],
      ["express", 1130],
    ]);
  });
});
