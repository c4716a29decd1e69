import { describe, expect, it } from "vitest";
import { AppError } from "../../contracts/errors.ts";
import { isS10, localCarrier, localFeed, s10CheckDigit, s10For } from "./index.ts";

const from = { name: "Print Works", line1: "1 Press Row", city: "Leipzig", region: "SN", postalCode: "04109", country: "DE" };
const to = { name: "Rosa Díaz", line1: "5 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" };
const at = new Date("2026-11-02T10:00:00Z");

describe("the local carrier", () => {
  it("computes the UPU S10 check digit (the standard's own example AA 47312482 9 GB)", () => {
    expect(s10CheckDigit("47312482")).toBe(9);
    expect(isS10("AA473124829GB")).toBe(true);
    expect(isS10("AA 4731 2482 9 GB")).toBe(true);
    expect(isS10("AA473124828GB")).toBe(false); // a typo in the check digit
    expect(isS10("AA47312482GB")).toBe(false);
  });

  it("gives one label per key, a valid S10 number of the origin's country", async () => {
    const carrier = localCarrier();
    const a = await carrier.buyLabel({ key: "shp_1", carrierCode: "local", serviceCode: "standard", from, to, weightGrams: 400, at });
    const again = await carrier.buyLabel({ key: "shp_1", carrierCode: "local", serviceCode: "standard", from, to, weightGrams: 400, at });
    const other = await carrier.buyLabel({ key: "shp_2", carrierCode: "local", serviceCode: "express", from, to, weightGrams: 400, at });
    expect(again.trackingNumber).toBe(a.trackingNumber);
    expect(a.trackingNumber).toMatch(/^LP\d{9}DE$/);
    expect(other.trackingNumber).toMatch(/^EP\d{9}DE$/);
    expect(carrier.isValidTrackingNumber(a.trackingNumber) && carrier.isValidTrackingNumber(other.trackingNumber)).toBe(true);
    expect(s10For("shp_1", "standard", "DE")).toBe(a.trackingNumber);
    await expect(
      carrier.buyLabel({ key: "k", carrierCode: "local", serviceCode: "overnight", from, to, weightGrams: 1, at }),
    ).rejects.toBeInstanceOf(AppError);
  });

  it("tracks by the clock: pre_transit when bought, picked up after 6 h, delivered after the transit days; a scanned label cannot be voided", async () => {
    const carrier = localCarrier();
    const label = await carrier.buyLabel({ key: "shp_3", carrierCode: "local", serviceCode: "standard", from, to, weightGrams: 400, at });
    const later = (hours: number) => new Date(at.getTime() + hours * 3_600_000);
    expect((await carrier.track({ ...label, at })).map((e) => e.status)).toEqual(["pre_transit"]);
    await carrier.voidLabel({ ...label, at: later(5) });
    expect((await carrier.track({ ...label, at: later(7) })).map((e) => e.status)).toEqual(["pre_transit", "in_transit"]);
    await expect(carrier.voidLabel({ ...label, at: later(7) })).rejects.toMatchObject({ status: 409, code: "label-scanned" });
    const all = await carrier.track({ ...label, at: later(24 * 10) });
    expect(all.map((e) => e.status)).toEqual(["pre_transit", "in_transit", "in_transit", "out_for_delivery", "delivered"]);
    expect(all.at(-1)!.at).toEqual(later(96));
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(localFeed("EP000000000DE", at, later(48)).at(-1)!.status).toBe("delivered");
  });

  it("runs a rehearsal label's feed on a fast clock (a day in ten seconds), polled about every second", async () => {
    const carrier = localCarrier();
    const label = await carrier.buyLabel({ key: "shp_r", carrierCode: "local", serviceCode: "rehearsal", from, to, weightGrams: 400, at });
    expect(label.trackingNumber).toMatch(/^RH\d{9}DE$/);
    expect(carrier.isValidTrackingNumber(label.trackingNumber)).toBe(true);
    const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);
    expect((await carrier.track({ ...label, at: later(2) })).map((e) => e.status)).toEqual(["pre_transit"]);
    expect((await carrier.track({ ...label, at: later(3) })).map((e) => e.status)).toEqual(["pre_transit", "in_transit"]);
    const all = await carrier.track({ ...label, at: later(20) });
    expect(all.map((e) => e.status)).toEqual(["pre_transit", "in_transit", "in_transit", "out_for_delivery", "delivered"]);
    expect(all.at(-1)!.at).toEqual(later(20));
    expect(carrier.trackEveryMs?.(label.trackingNumber)).toBe(1250);
    expect(carrier.trackEveryMs?.("LP000000000DE")).toBe(3 * 3_600_000);
  });
});
