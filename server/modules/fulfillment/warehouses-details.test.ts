import { beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../contracts/clock.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import {
  canonicalTimeZone,
  capacityFor,
  createBlank,
  createFulfiller,
  createWarehouse,
  deleteWarehouseBox,
  getWarehouse,
  getWarehouseBox,
  listWarehouseBoxes,
  listWarehouseBlanks,
  releaseStock,
  reserveStock,
  setWarehouseBlanks,
  listWarehouseStock,
  listWarehouseSummaries,
  productionStartDay,
  saveWarehouseBox,
  setFulfillerStatus,
  setStock,
  updateWarehouse,
  warehouseAddress,
  warehouseClock,
  warehouseInputErrors,
  type FulfillerRow,
  type WarehouseInput,
  type WarehouseRow,
} from "./index.ts";
import { admin, otherFulfiller, owner, shopper, teeInput, visitor } from "./test-fixtures.ts";
import { refusal } from "../../../tests/support/refusal.ts";

const t = useTestDatabase();

/** A complete form as the create page posts it (strings as typed). */
const leipzigForm = (over: Partial<Record<keyof WarehouseInput, string>> = {}): WarehouseInput => ({
  name: "Leipzig",
  country: "DE",
  region: "",
  city: "Leipzig",
  line1: "Spinnereistraße 7",
  line2: "Halle 14",
  postalCode: "04179",
  phone: "+49 341 1234567",
  cutoffTime: "13:00",
  timeZone: "Europe/Berlin",
  capacityPerDay: "1,200",
  ...over,
});

describe("a warehouse's address, cut-off, time zone and capacity", () => {
  let shop: FulfillerRow;
  let leipzig: WarehouseRow;
  beforeAll(async () => {
    shop = await createFulfiller(t.ctx(admin), { handle: "whd-shop", name: "Details Print Shop", ownerUserId: "usr_owner" });
    await createFulfiller(t.ctx(admin), { handle: "whd-rival", name: "Rival", ownerUserId: "usr_other" });
    leipzig = await createWarehouse(t.ctx(owner), { fulfillerId: shop.id, ...leipzigForm() });
  });

  it("keeps a complete address, the cut-off and time zone in their canonical spelling, and the capacity", async () => {
    expect(leipzig).toMatchObject({
      line1: "Spinnereistraße 7",
      line2: "Halle 14",
      postalCode: "04179",
      city: "Leipzig",
      country: "DE",
      cutoffTime: "13:00",
      timeZone: "Europe/Berlin",
      capacityPerDay: 1200,
    });
    const chicago = await createWarehouse(t.ctx(owner), {
      fulfillerId: shop.id,
      name: "Chicago",
      country: "us",
      region: "Illinois",
      city: "Chicago",
      line1: "1 N Main St",
      postalCode: "60601",
      cutoffTime: "9:30",
      timeZone: "america/chicago",
      capacityPerDay: "",
    });
    expect([chicago.region, chicago.cutoffTime, chicago.timeZone, chicago.capacityPerDay]).toEqual([
      "IL",
      "09:30",
      "America/Chicago",
      null,
    ]);
    expect(canonicalTimeZone("Europe/Kiev")).toMatch(/^Europe\/Ki[ey]/);
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("Mars/Olympus_Mons")).toBeNull();
  });

  it("names every bad field of a form at once, and the service refuses on the field", async () => {
    const errors = warehouseInputErrors(
      leipzigForm({ line1: " ", postalCode: "ABC", cutoffTime: "25:00", timeZone: "Berlin", capacityPerDay: "-5", phone: "call me" }),
    );
    expect(errors).toEqual({
      line1: "Enter the street address.",
      postalCode: "Enter a valid postal code for Germany.",
      cutoffTime: "Enter the cut-off as a time of day (24 h), like 14:00.",
      timeZone: "Berlin is not a time zone we know: choose one from the list, like Europe/Berlin.",
      capacityPerDay: "Enter at least 1 unit per day, or leave it empty for no limit.",
      phone: "Enter a phone number with digits only, like +1 555 0100.",
    });
    expect(warehouseInputErrors(leipzigForm({ timeZone: "" }))).toEqual({ timeZone: "Choose the warehouse's time zone." });
    expect(warehouseInputErrors(leipzigForm({ capacityPerDay: "2.5" }))?.capacityPerDay).toMatch(/whole number/);
    // US: a state is required, and the ZIP code must be one of that state's
    const us = { name: "Austin", country: "US", city: "Austin", line1: "1 Congress Ave", postalCode: "78701" };
    expect(warehouseInputErrors({ ...us, region: "" })).toEqual({ region: "Choose the state." });
    expect(warehouseInputErrors({ ...us, region: "CA" })?.postalCode).toBe(
      "ZIP code 78701 is in Texas, not California: check the ZIP code or the state.",
    );
    expect(warehouseInputErrors({ ...us, region: "TX" })).toBeNull();

    const bad = await refusal(
      createWarehouse(t.ctx(owner), { fulfillerId: shop.id, ...leipzigForm({ name: "Halle", postalCode: "1234" }) }),
    );
    expect([bad.status, bad.field, bad.message]).toEqual([422, "postalCode", "Enter a valid postal code for Germany."]);
    const tz = await refusal(updateWarehouse(t.ctx(owner), leipzig.id, { timeZone: "Europe/Atlantis" }));
    expect([tz.status, tz.field]).toEqual([422, "timeZone"]);
    expect((await getWarehouse(t.ctx(owner), leipzig.id)).timeZone).toBe("Europe/Berlin");
  });

  it("an edit changes what it names and keeps the rest; a warehouse with an address keeps needing one", async () => {
    const moved = await updateWarehouse(t.ctx(owner), leipzig.id, { cutoffTime: "12:30", capacityPerDay: 900 });
    expect([moved.cutoffTime, moved.capacityPerDay, moved.line1, moved.timeZone]).toEqual([
      "12:30",
      900,
      "Spinnereistraße 7",
      "Europe/Berlin",
    ]);
    const cleared = await refusal(updateWarehouse(t.ctx(owner), leipzig.id, { line1: "" }));
    expect([cleared.field, cleared.message]).toEqual(["line1", "Enter the street address."]);
    const unlimited = await updateWarehouse(t.ctx(owner), leipzig.id, { capacityPerDay: null, cutoffTime: "13:00" });
    expect(unlimited.capacityPerDay).toBeNull();
    await updateWarehouse(t.ctx(owner), leipzig.id, { capacityPerDay: 1200 });
  });

  it("tells the warehouse's local time and whether its cut-off has passed, summer and winter", () => {
    const berlin = { cutoffTime: "13:00", timeZone: "Europe/Berlin" };
    // winter: UTC+1
    expect(warehouseClock(berlin, new Date("2026-01-15T11:59:00Z"))).toEqual({
      date: "2026-01-15",
      time: "12:59",
      pastCutoff: false,
      minutesToCutoff: 1,
    });
    expect(warehouseClock(berlin, new Date("2026-01-15T12:00:00Z")).pastCutoff).toBe(true);
    // summer: UTC+2, so 11:00 UTC is already 13:00 in Leipzig
    expect(warehouseClock(berlin, new Date("2026-07-15T10:59:00Z")).pastCutoff).toBe(false);
    expect(warehouseClock(berlin, new Date("2026-07-15T11:00:00Z"))).toMatchObject({ time: "13:00", pastCutoff: true, minutesToCutoff: 0 });
    // paid before the cut-off: production starts that day; at or after it, the next day
    expect(productionStartDay(berlin, new Date("2026-07-15T10:59:00Z"))).toBe("2026-07-15");
    expect(productionStartDay(berlin, new Date("2026-07-15T11:00:00Z"))).toBe("2026-07-16");
    // Chicago at 02:00 UTC on the 6th is still the evening of the 5th, past a 14:00 cut-off
    const chicago = { cutoffTime: "14:00", timeZone: "America/Chicago" };
    expect(warehouseClock(chicago, new Date("2026-03-06T02:00:00Z"))).toMatchObject({
      date: "2026-03-05",
      time: "20:00",
      pastCutoff: true,
    });
    expect(productionStartDay(chicago, new Date("2026-03-06T02:00:00Z"))).toBe("2026-03-06");
    // the end of the year rolls over
    expect(productionStartDay(berlin, new Date("2026-12-31T15:00:00Z"))).toBe("2027-01-01");
  });

  it("reports capacity over the warehouse's next 7 local days; booked units only from the source given", async () => {
    const clock = manualClock("2026-03-05T23:30:00Z"); // already the 6th in Leipzig
    const bare = await capacityFor(t.ctx(owner, { clock }), leipzig.id);
    expect(bare.days.map((d) => d.date)).toEqual([
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
    ]);
    expect(bare.days.every((d) => d.capacity === 1200 && d.booked === null && d.free === null)).toBe(true);
    const asked: string[][] = [];
    const booked = await capacityFor(t.ctx(owner, { clock }), leipzig.id, {
      bookedUnits: async (warehouseId, days) => {
        expect(warehouseId).toBe(leipzig.id);
        asked.push([...days]);
        return new Map([
          ["2026-03-06", 300],
          ["2026-03-07", 1500],
        ]);
      },
    });
    expect(asked).toEqual([bare.days.map((d) => d.date)]);
    expect(booked.days.slice(0, 3).map((d) => [d.booked, d.free])).toEqual([
      [300, 900],
      [1500, 0],
      [0, 1200],
    ]);
  });

  it("keeps box presets per warehouse, smallest first, with their limits checked", async () => {
    const tube = await saveWarehouseBox(t.ctx(owner), {
      warehouseId: leipzig.id,
      name: "Poster tube",
      lengthCm: "64",
      widthCm: "8",
      heightCm: "8",
      weightGrams: "180",
      maxWeightGrams: "",
    });
    const bag = await saveWarehouseBox(t.ctx(owner), {
      warehouseId: leipzig.id,
      name: "Mailer bag",
      lengthCm: "35,5",
      widthCm: 25,
      heightCm: 2,
      weightGrams: 20,
      maxWeightGrams: 2000,
    });
    expect([bag.lengthCm, bag.maxWeightGrams, tube.maxWeightGrams]).toEqual([35.5, 2000, null]);
    expect((await getWarehouse(t.ctx(owner), leipzig.id)).boxes.map((b) => b.name)).toEqual(["Mailer bag", "Poster tube"]);

    const same = await refusal(
      saveWarehouseBox(t.ctx(owner), { warehouseId: leipzig.id, name: "Mailer bag", lengthCm: 1, widthCm: 1, heightCm: 1, weightGrams: 1 }),
    );
    expect([same.status, same.field]).toEqual([409, "name"]);
    const heavy = await refusal(
      saveWarehouseBox(t.ctx(owner), {
        warehouseId: leipzig.id,
        name: "Box",
        lengthCm: 30,
        widthCm: 20,
        heightCm: 10,
        weightGrams: 300,
        maxWeightGrams: 200,
      }),
    );
    expect([heavy.status, heavy.field, heavy.message]).toEqual([
      422,
      "maxWeightGrams",
      "The most a packed box may weigh must be more than the empty box.",
    ]);
    const flat = await refusal(
      saveWarehouseBox(t.ctx(owner), { warehouseId: leipzig.id, name: "Flat", lengthCm: 30, widthCm: 0, heightCm: 10, weightGrams: 10 }),
    );
    expect([flat.field, flat.message]).toEqual(["widthCm", "Enter the width in centimetres, more than 0."]);

    const edited = await saveWarehouseBox(t.ctx(owner), {
      id: tube.id,
      warehouseId: leipzig.id,
      name: "Poster tube A1",
      lengthCm: 90,
      widthCm: 8,
      heightCm: 8,
      weightGrams: 220,
    });
    expect([edited.id, edited.name, edited.lengthCm]).toEqual([tube.id, "Poster tube A1", 90]);
    expect((await getWarehouseBox(t.ctx(owner), bag.id)).name).toBe("Mailer bag");
    await deleteWarehouseBox(t.ctx(owner), { warehouseId: leipzig.id, boxId: tube.id });
    expect((await listWarehouseBoxes(t.ctx(owner), leipzig.id)).map((b) => b.name)).toEqual(["Mailer bag"]);
    expect((await refusal(deleteWarehouseBox(t.ctx(owner), { warehouseId: leipzig.id, boxId: tube.id }))).status).toBe(404);
  });

  it("gives the label's sender address, and refuses while a warehouse has no street address", async () => {
    expect(await warehouseAddress(t.ctx(owner), leipzig.id)).toEqual({
      name: "Details Print Shop",
      line1: "Spinnereistraße 7",
      line2: "Halle 14",
      city: "Leipzig",
      region: "",
      postalCode: "04179",
      country: "DE",
      phone: "+49 341 1234567",
    });
    // code may make a warehouse before its address is known; labels wait for it
    const bare = await createWarehouse(t.ctx(owner), { fulfillerId: shop.id, name: "Annex", country: "DE", city: "Leipzig" });
    const none = await refusal(warehouseAddress(t.ctx(owner), bare.id));
    expect([none.status, none.field, none.message]).toEqual([
      409,
      "line1",
      "The warehouse “Annex” has no street address yet: add it on the warehouse's page before making labels.",
    ]);
    await updateWarehouse(t.ctx(owner), bare.id, { line1: "Spinnereistraße 9", postalCode: "04179" });
    expect((await warehouseAddress(t.ctx(owner), bare.id)).line1).toBe("Spinnereistraße 9");
  });

  it("sums each warehouse's stock for the list", async () => {
    await createBlank(t.ctx(owner), teeInput(shop.id, { warehouseIds: [leipzig.id] }));
    const [v1, v2] = (await listWarehouseStock(t.ctx(owner), leipzig.id)).map((r) => ({ id: r.blankVariantId }));
    await setStock(t.ctx(owner), { warehouseId: leipzig.id, blankVariantId: v1!.id, onHand: 40, bin: "A-1" });
    await setStock(t.ctx(owner), { warehouseId: leipzig.id, blankVariantId: v2!.id, onHand: 2 });
    const list = await listWarehouseSummaries(t.ctx(owner), shop.id);
    expect(list.find((w) => w.id === leipzig.id)).toMatchObject({ unitsOnHand: 42, unitsReserved: 0, trackedVariants: 2, blanks: 1 });
    expect(list.find((w) => w.name === "Chicago")).toMatchObject({ unitsOnHand: 0, trackedVariants: 0, blanks: 0 });
  });

  it("chooses the blanks a warehouse makes; a blank stays while open orders wait for it there", async () => {
    const chicago = (await listWarehouseSummaries(t.ctx(owner), shop.id)).find((w) => w.name === "Chicago")!;
    await createBlank(t.ctx(owner), teeInput(shop.id, { name: "Chicago tee" }));
    const before = await listWarehouseBlanks(t.ctx(owner), chicago.id);
    expect(before.every((b) => !b.madeHere)).toBe(true);
    const tee = before.find((b) => b.name === "Chicago tee")!;
    expect(await setWarehouseBlanks(t.ctx(owner), chicago.id, [tee.id])).toEqual({ added: 1, removed: 0 });
    expect((await listWarehouseBlanks(t.ctx(owner), chicago.id)).filter((b) => b.madeHere).map((b) => b.name)).toEqual(["Chicago tee"]);
    const variant = (await listWarehouseStock(t.ctx(owner), chicago.id))[0]!;
    await reserveStock(t.ctx(owner), {
      orderId: "ord_chicago_wait",
      items: [{ warehouseId: chicago.id, blankVariantId: variant.blankVariantId, quantity: 1 }],
    });
    const busy = await refusal(setWarehouseBlanks(t.ctx(owner), chicago.id, []));
    expect([busy.status, busy.field, busy.message]).toEqual([
      409,
      "blankIds",
      "Open orders wait for “Chicago tee” from Chicago: it can stop making it once they ship or are cancelled.",
    ]);
    await releaseStock(t.ctx(owner), "ord_chicago_wait");
    expect(await setWarehouseBlanks(t.ctx(owner), chicago.id, [])).toEqual({ added: 0, removed: 1 });
    const foreign = await refusal(setWarehouseBlanks(t.ctx(owner), chicago.id, ["blk_not_ours"]));
    expect([foreign.status, foreign.field]).toEqual([422, "blankIds"]);
    expect((await refusal(setWarehouseBlanks(t.ctx(otherFulfiller), chicago.id, [tee.id]))).status).toBe(403);
  });

  it("only the business's owner and admins read or change its warehouses; a suspended owner reads but cannot change", async () => {
    const box = { warehouseId: leipzig.id, name: "Sneaky box", lengthCm: 10, widthCm: 10, heightCm: 10, weightGrams: 10 };
    for (const actor of [otherFulfiller, shopper, visitor]) {
      // each call starts only when awaited: a call made early would reject unhandled meanwhile
      for (const attempt of [
        () => getWarehouse(t.ctx(actor), leipzig.id),
        () => updateWarehouse(t.ctx(actor), leipzig.id, { cutoffTime: "08:00" }),
        () => saveWarehouseBox(t.ctx(actor), box),
        () => listWarehouseBoxes(t.ctx(actor), leipzig.id),
        () => capacityFor(t.ctx(actor), leipzig.id),
        () => warehouseAddress(t.ctx(actor), leipzig.id),
        () => listWarehouseSummaries(t.ctx(actor), shop.id),
        () => createWarehouse(t.ctx(actor), { fulfillerId: shop.id, ...leipzigForm({ name: "Mine" }) }),
      ])
        expect((await refusal(attempt())).status).toBe(403);
    }
    const afterAll = await getWarehouse(t.ctx(admin), leipzig.id);
    expect([afterAll.cutoffTime, afterAll.boxes.map((b) => b.name)]).toEqual(["13:00", ["Mailer bag"]]);
    // admins manage every business
    const byAdmin = await saveWarehouseBox(t.ctx(admin), { ...box, name: "Small box" });
    expect((await capacityFor(t.ctx(admin), leipzig.id)).capacityPerDay).toBe(1200);
    await deleteWarehouseBox(t.ctx(admin), { warehouseId: leipzig.id, boxId: byAdmin.id });

    await setFulfillerStatus(t.ctx(admin), shop.id, "suspended", "audit");
    expect((await getWarehouse(t.ctx(owner), leipzig.id)).name).toBe("Leipzig");
    expect((await refusal(updateWarehouse(t.ctx(owner), leipzig.id, { cutoffTime: "08:00" }))).status).toBe(409);
    expect((await refusal(saveWarehouseBox(t.ctx(owner), box))).status).toBe(409);
    await setFulfillerStatus(t.ctx(admin), shop.id, "active");
    expect((await refusal(getWarehouse(t.ctx(owner), "wh_missing"))).status).toBe(404);
  });
});
