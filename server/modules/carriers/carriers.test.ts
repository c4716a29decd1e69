import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { checkTransitionTable } from "../../../tests/support/state-table.ts";
import type { AppError } from "../../kernel/index.ts";
import { type Actor } from "../../kernel/index.ts";
import { createFulfiller, setFulfillerStatus, type FulfillerRow } from "../fulfillment/index.ts";
import {
  activateCarrierAccount,
  addCarrierAccount,
  carrierAccountStates,
  deactivateCarrierAccount,
  exportRateCsv,
  getRateTable,
  importRateCsv,
  listCarrierAccounts,
  quote,
  quoteMany,
  RateTableError,
  type CarrierAccountView,
  type QuoteInput,
} from "./index.ts";
import { carrierAccounts } from "./schema.ts";
import { refusal } from "../../../tests/support/refusal.ts";

const t = useTestDatabase();

const admin: Actor = { kind: "user", userId: "usr_admin", roles: ["admin", "shopper"] };
const owner: Actor = { kind: "user", userId: "usr_carrier_owner", roles: ["fulfiller", "shopper"] };
const otherOwner: Actor = { kind: "user", userId: "usr_carrier_other", roles: ["fulfiller", "shopper"] };
const shopper: Actor = { kind: "user", userId: "usr_carrier_shopper", roles: ["shopper"] };
const visitor: Actor = { kind: "anonymous" };

const HEADER =
  "carrier,service,service_name,dim_divisor,zone,countries,postal_prefixes,postal_from,postal_to,min_grams,max_grams,price,currency";

/** A table exercising every kind of zone: a range, prefixes of two lengths, a bare country, a list of countries, the rest of the world. */
const GOOD = [
  HEADER,
  "local,standard,Standard,,US 970–994,US,,970,994,0,500,5.00,USD",
  "local,standard,Standard,,US 970–994,US,,970,994,500,1000,7.00,USD",
  "local,standard,Standard,,US 970–994,US,,970,994,1000,2000,9.00,USD",
  "local,standard,Standard,,Portland,US,972,,,0,2000,4.00,USD",
  "local,standard,Standard,,Far west,US,99 96,,,0,2000,12.00,USD",
  "local,standard,Standard,,Rest of US,US,,,,0,2000,8.00,USD",
  "local,standard,Standard,,Europe,DE FR GB,,,,0,500,11.00,USD",
  "local,standard,Standard,,Europe,DE FR GB,,,,500,2000,15.00,USD",
  "local,standard,Standard,,Rest of world,*,,,,0,2000,25.00,USD",
  "local,express,Express,5000,US 970–994,US,,970,994,0,1000,10.00,USD",
  "local,express,Express,5000,US 970–994,US,,970,994,1000,2000,14.00,USD",
  "local,express,Express,5000,Europe,DE FR GB,,,,0,2000,30.00,USD",
].join("\n");

describe("carriers, rate tables and quotes", () => {
  let shop: FulfillerRow;
  let other: FulfillerRow;
  let local: CarrierAccountView;
  const q = (over: Partial<QuoteInput> & { to: QuoteInput["to"] }, actor: Actor = owner) =>
    quote(t.ctx(actor), { fulfillerId: shop.id, weightGrams: 400, ...over });

  beforeAll(async () => {
    shop = await createFulfiller(t.ctx(admin), { handle: "carrier-shop", name: "Carrier Shop", ownerUserId: "usr_carrier_owner" });
    other = await createFulfiller(t.ctx(admin), { handle: "other-carrier-shop", name: "Other Shop", ownerUserId: "usr_carrier_other" });
    local = await addCarrierAccount(t.ctx(owner), { fulfillerId: shop.id, carrierCode: "local", name: "Local Post" });
    await importRateCsv(t.ctx(owner), { carrierAccountId: local.id, csv: GOOD });
  });

  it("the owner adds the built-in local carrier with its services; a second time, or an unknown carrier, is refused", async () => {
    expect(local).toMatchObject({ carrierCode: "local", name: "Local Post", status: "active" });
    expect(local.services.map((s) => [s.code, s.name, s.transitDays])).toEqual([
      ["standard", "Standard", 4],
      ["express", "Express", 2],
      ["rehearsal", "Rehearsal (simulated: a day in 10 s)", 2],
    ]);
    expect((await refusal(addCarrierAccount(t.ctx(owner), { fulfillerId: shop.id, carrierCode: "local" }))).status).toBe(409);
    const unknown = await refusal(addCarrierAccount(t.ctx(owner), { fulfillerId: shop.id, carrierCode: "pigeon" }));
    expect([unknown.status, unknown.field]).toEqual([422, "carrierCode"]);
    const list = await listCarrierAccounts(t.ctx(owner), shop.id);
    expect(list.map((a) => [a.name, a.zoneCount, a.rateCount])).toEqual([["Local Post", 6, 12]]);
  });

  it("the most specific zone wins: a prefix over a range of its length, a range over a shorter prefix, any of them over the country, the country over *", async () => {
    const zoneFor = async (country: string, postalCode: string) =>
      (await q({ to: { country, postalCode }, serviceCode: "standard" }))[0]!.zone.name;
    expect(await zoneFor("US", "97201")).toBe("Portland"); // prefix 972 beats the range 970–994 (both 3 characters)
    expect(await zoneFor("US", "97501")).toBe("US 970–994");
    expect(await zoneFor("US", "970-01")).toBe("US 970–994"); // the range's first code, typed with a dash
    expect(await zoneFor("US", "99401")).toBe("US 970–994"); // 994 is in the range; the range (3) beats the prefix 99 (2)
    expect(await zoneFor("US", "99501")).toBe("Far west"); // past the range: the prefix 99 beats the bare country
    expect(await zoneFor("US", "96801")).toBe("Far west");
    expect(await zoneFor("US", "10001")).toBe("Rest of US");
    expect(await zoneFor("US", "")).toBe("Rest of US");
    expect(await zoneFor("gb", "SW1A 1AA")).toBe("Europe");
    expect(await zoneFor("JP", "100-0001")).toBe("Rest of world");
  });

  it("weight breaks hold min ≤ w < max; past the last break the refusal names the zone and the breaks", async () => {
    const price = async (weightGrams: number) =>
      (await q({ to: { country: "US", postalCode: "97501" }, serviceCode: "standard", weightGrams }))[0]!.price.amount;
    expect(await price(1)).toBe(500);
    expect(await price(499)).toBe(500);
    expect(await price(500)).toBe(700);
    expect(await price(999)).toBe(700);
    expect(await price(1000)).toBe(900);
    expect(await price(1999)).toBe(900);
    const e = await refusal(price(2000));
    expect([e.status, e.code, e.field]).toEqual([422, "no-rate", "weight"]);
    expect(e.message).toContain("Local Post Standard, zone “US 970–994”: no weight break holds 2,000 g");
    expect(e.message).toContain("from 0 g to under 2,000 g");
  });

  it("prices by billable weight, max(actual, L×W×H ÷ divisor), and lists every option cheapest first", async () => {
    // 30 × 20 × 10 cm ÷ 5000 = 1.2 kg: Express bills 1,200 g; Standard has no divisor and bills 400 g.
    const options = await q({ to: { country: "US", postalCode: "97501" }, dimensionsCm: { length: 30, width: 20, height: 10 } });
    expect(options.map((o) => [o.serviceCode, o.billableGrams, o.dimensionalGrams, o.price.amount, o.zone.name])).toEqual([
      ["standard", 400, null, 500, "US 970–994"],
      ["express", 1200, 1200, 1400, "US 970–994"],
    ]);
    expect(options[1]).toMatchObject({
      carrierAccountId: local.id,
      carrierCode: "local",
      carrierName: "Local Post",
      serviceName: "Express",
      transitDays: 2,
      actualGrams: 400,
      weightBreak: { minGrams: 1000, maxGrams: 2000 },
      price: { amount: 1400, currency: "USD" },
    });
    // a small heavy parcel bills its actual weight
    const small = await q({
      to: { country: "US", postalCode: "97501" },
      serviceCode: "express",
      weightGrams: 900,
      dimensionsCm: { length: 10, width: 10, height: 10 },
    });
    expect(small.map((o) => [o.dimensionalGrams, o.billableGrams, o.price.amount])).toEqual([[200, 900, 1000]]);
    // a bulky parcel past every Express break: named as dimensional weight
    const e = await refusal(
      q({ to: { country: "DE", postalCode: "10115" }, serviceCode: "express", dimensionsCm: { length: 60, width: 40, height: 40 } }),
    );
    expect(e.message).toContain("no weight break holds 19,200 g (dimensional weight)");
  });

  it("names the missing zone, and refuses bad input on its field", async () => {
    await deactivateCarrierAccount(t.ctx(owner), local.id);
    const none = await refusal(q({ to: { country: "US", postalCode: "97501" } }));
    expect([none.status, none.code]).toEqual([409, "no-carrier"]);
    const inactive = await refusal(q({ to: { country: "US", postalCode: "97501" }, carrierAccountId: local.id }));
    expect([inactive.status, inactive.code]).toEqual([409, "carrier-inactive"]);
    await activateCarrierAccount(t.ctx(owner), local.id);

    const usOnly = await addCarrierAccount(t.ctx(admin), { fulfillerId: other.id, carrierCode: "local" });
    await importRateCsv(t.ctx(admin), { carrierAccountId: usOnly.id, csv: `${HEADER}\nlocal,standard,Standard,,US,US,,,,0,1000,6.00,USD` });
    const e = await refusal(
      quote(t.ctx(otherOwner), { fulfillerId: other.id, to: { country: "FR", postalCode: "75001" }, weightGrams: 300 }),
    );
    expect([e.status, e.field]).toEqual([422, "postalCode"]);
    expect(e.message).toBe("No rate for this parcel. Platen Local Post: no rate zone covers France 75001.");

    for (const [input, field] of [
      [{ to: { country: "XX", postalCode: "1" } }, "country"],
      [{ to: { country: "US", postalCode: "97501" }, weightGrams: 0 }, "weight"],
      [{ to: { country: "US", postalCode: "97501" }, weightGrams: 1.5 }, "weight"],
      [{ to: { country: "US", postalCode: "97501" }, dimensionsCm: { length: 10, width: -1, height: 5 } }, "width"],
      [{ to: { country: "US", postalCode: "97501" }, serviceCode: "overnight" }, "service"],
    ] as const) {
      const bad = await refusal(q(input as Partial<QuoteInput> & { to: QuoteInput["to"] }));
      expect([bad.status, bad.field], JSON.stringify(input)).toEqual([422, field]);
    }
  });

  it("quoteMany prices many parcels on one read of the tables: for each the same options, or the same refusal, as quote", async () => {
    const parcels: ({ key: string } & Omit<QuoteInput, "fulfillerId">)[] = [
      { key: "a", to: { country: "US", postalCode: "97501" }, weightGrams: 400, dimensionsCm: { length: 30, width: 20, height: 10 } },
      { key: "b", to: { country: "US", postalCode: "97201" }, weightGrams: 1500 },
      { key: "c", to: { country: "DE", postalCode: "10115" }, weightGrams: 900, dimensionsCm: { length: 60, width: 40, height: 40 } },
      { key: "d", to: { country: "US", postalCode: "97501" }, weightGrams: 2000 },
      { key: "e", to: { country: "XX", postalCode: "1" }, weightGrams: 400 },
      { key: "f", to: { country: "JP", postalCode: "100-0001" }, weightGrams: 0 },
      { key: "g", to: { country: "GB", postalCode: "SW1A 1AA" }, weightGrams: 10 },
    ];
    const oneByOne = async () =>
      Promise.all(
        parcels.map(async ({ key, ...p }) => {
          try {
            return { key, options: await quote(t.ctx(owner), { fulfillerId: shop.id, ...p }), error: null };
          } catch (e) {
            const err = e as AppError;
            return { key, options: [], error: [err.status, err.code, err.field, err.message] };
          }
        }),
      );
    const batch = async () =>
      (await quoteMany(t.ctx(owner), { fulfillerId: shop.id, parcels })).map((r) => ({
        key: r.key,
        options: r.options,
        error: r.error ? [r.error.status, r.error.code, r.error.field, r.error.message] : null,
      }));
    const expected = await oneByOne();
    expect(expected.filter((r) => r.error).map((r) => r.key)).toEqual(["d", "e", "f"]);
    expect(await batch()).toEqual(expected);
    // no active carrier: every parcel refused as quote refuses it (bad input first)
    await deactivateCarrierAccount(t.ctx(owner), local.id);
    const none = await oneByOne();
    expect(none.map((r) => r.error?.[1])).toEqual([
      "no-carrier",
      "no-carrier",
      "no-carrier",
      "no-carrier",
      "invalid-input",
      "invalid-input",
      "no-carrier",
    ]);
    expect(await batch()).toEqual(none);
    await activateCarrierAccount(t.ctx(owner), local.id);
    expect(await quoteMany(t.ctx(owner), { fulfillerId: shop.id, parcels: [] })).toEqual([]);
    // someone else's print shop: refused as a whole, as quote refuses it
    const e = await refusal(quoteMany(t.ctx(shopper), { fulfillerId: shop.id, parcels }));
    expect(e.status).toBe(403);
  });

  it("exports the table as one flat row per carrier × service × zone × weight break, and takes its own export back unchanged", async () => {
    const first = await exportRateCsv(t.ctx(owner), local.id);
    expect(first.filename).toBe("rates-local.csv");
    const lines = first.csv.trim().split("\n");
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(13);
    expect(lines).toContain("local,standard,Standard,,US 970–994,US,,970,994,500,1000,7.00,USD");
    expect(lines).toContain("local,standard,Standard,,Far west,US,99 96,,,0,2000,12.00,USD");
    expect(lines).toContain("local,express,Express,5000,Europe,DE FR GB,,,,0,2000,30.00,USD");
    const before = await getRateTable(t.ctx(owner), local.id);
    expect(await importRateCsv(t.ctx(owner), { carrierAccountId: local.id, csv: first.csv })).toEqual({ services: 2, zones: 6, rates: 12 });
    const again = await exportRateCsv(t.ctx(owner), local.id);
    expect(again.csv).toBe(first.csv);
    const after = await getRateTable(t.ctx(owner), local.id);
    const shape = (table: typeof before) => table.zones.map((z) => ({ ...z, id: "", rates: z.rates.map((r) => ({ ...r, id: "" })) }));
    expect(shape(after)).toEqual(shape(before));
  });

  it("names every bad row as (row, column, message) and writes nothing", async () => {
    const before = (await exportRateCsv(t.ctx(owner), local.id)).csv;
    const bad = [
      HEADER,
      "local,standard,Standard,,Europe,DE FR,,,,0,500,11.00,USD", // row 2: fine
      "local,standard,Standard,,Europe,DE FR,,,,400,900,12.00,USD", // row 3: overlaps row 2
      "local,standard,Standard,,Nordics,SE XX,,,,0,500,9.00,USD", // row 4: unknown country
      "local,standard,Standard,,Asia,JP,,,,500,500,9.00,USD", // row 5: max ≤ min
      "local,standard,Standard,,Asia,JP,,,,0,500,nine,USD", // row 6: bad price
      "local,standard,Standard,,Asia,JP,,,,500,1000,9.00,EUR", // row 7: another currency
      "local,overnight,Overnight,,Asia,JP,,,,1000,2000,9.00,USD", // row 8: unknown service
      "dhl,standard,Standard,,Asia,JP,,,,2000,3000,9.00,USD", // row 9: another carrier
      "local,standard,Standard,,Asia,JP CN,,,,3000,4000,9.00,USD", // row 10: the zone's countries differ from row 5
      "local,standard,Standard,,Japan,JP,,,,0,500,9.00,USD", // row 11: covers JP as Asia does
      "local,standard,Standard,,US West,US,,995,97,0,500,9.00,USD", // row 12: a range of unequal ends
      "local,express,Express,50,Europe,DE FR,,,,0,500,11.00,USD", // row 13: divisor out of range
      "local,standard,Standard,,Europe,DE FR,,,,450,600,12.00,EUR", // row 14: two problems, both named
    ].join("\r\n");
    const e = await refusal(importRateCsv(t.ctx(owner), { carrierAccountId: local.id, csv: bad }));
    expect(e).toBeInstanceOf(RateTableError);
    expect(e.status).toBe(422);
    const errors = (e as RateTableError).errors;
    expect(errors.map((x) => [x.row, x.column])).toEqual([
      [3, "min_grams"],
      [4, "countries"],
      [5, "max_grams"],
      [6, "price"],
      [7, "currency"],
      [8, "service"],
      [9, "carrier"],
      [10, "countries"],
      [11, "countries"],
      [12, "postal_to"],
      [13, "dim_divisor"],
      [14, "min_grams"],
      [14, "currency"],
    ]);
    const message = (row: number) => errors.find((x) => x.row === row)!.message;
    expect(message(3)).toBe(
      "The weight break 400 g–900 g overlaps 0 g–500 g on row 2 (standard, zone “Europe”); breaks of one service and zone may not overlap.",
    );
    expect(message(4)).toBe("XX is not a country code; use two-letter ISO codes like US, DE, GB.");
    expect(message(5)).toContain("max_grams (500) must be more than min_grams (500)");
    expect(message(7)).toBe("Rates are in USD, the platform's currency; this row is in EUR.");
    expect(message(8)).toBe("Local Post has no service “overnight”; use standard, express or rehearsal.");
    expect(message(10)).toBe("The zone “Asia” lists JP on row 5; give a zone the same countries on every row.");
    expect(message(11)).toContain("The zone “Japan” covers JP just as the zone “Asia” (row 5) does");
    expect((await exportRateCsv(t.ctx(owner), local.id)).csv).toBe(before);
  });

  it("refuses a file that is no rate table: missing and unknown columns, semicolons, no rows, binary", async () => {
    const errorsOf = async (csv: string) =>
      ((await refusal(importRateCsv(t.ctx(owner), { carrierAccountId: local.id, csv }))) as RateTableError).errors;
    expect(await errorsOf("carrier,service,zone,colour\nlocal,standard,US,red")).toEqual(
      expect.arrayContaining([
        { row: 1, column: "", message: expect.stringContaining("Unknown column “colour”") },
        { row: 1, column: "price", message: "The column “price” is missing from the header." },
      ]),
    );
    expect((await errorsOf(HEADER.replaceAll(",", ";") + "\nlocal;standard"))[0]!.message).toContain("Separate the columns with commas");
    expect(await errorsOf(HEADER)).toEqual([{ row: 2, column: "", message: "The file has no rate rows under its header." }]);
    expect((await errorsOf("\0\0PK")).length).toBe(1);
    expect((await errorsOf(`${HEADER}\nlocal,standard,"Standard,,US,US,,,,0,1000,6.00,USD`))[0]!.row).toBeGreaterThanOrEqual(2);
  });

  it("only the print shop's owner and admins see or change its carriers; an owner of a suspended shop may not change them", async () => {
    // each attempt started only when awaited (a rejected promise left waiting is an unhandled rejection)
    const attempts = (actor: Actor): (() => Promise<unknown>)[] => [
      () => listCarrierAccounts(t.ctx(actor), shop.id),
      () => getRateTable(t.ctx(actor), local.id),
      () => exportRateCsv(t.ctx(actor), local.id),
      () => importRateCsv(t.ctx(actor), { carrierAccountId: local.id, csv: GOOD }),
      () => addCarrierAccount(t.ctx(actor), { fulfillerId: shop.id, carrierCode: "local" }),
      () => deactivateCarrierAccount(t.ctx(actor), local.id),
      () => quote(t.ctx(actor), { fulfillerId: shop.id, to: { country: "US", postalCode: "97501" }, weightGrams: 400 }),
    ];
    for (const actor of [otherOwner, shopper, visitor]) {
      for (const attempt of attempts(actor)) {
        const e = await refusal(attempt());
        expect(e.status).toBe(403);
      }
    }
    expect((await listCarrierAccounts(t.ctx(owner), shop.id))[0]!.status).toBe("active");

    // an admin reads, quotes and imports for any print shop
    expect((await listCarrierAccounts(t.ctx(admin), shop.id)).length).toBe(1);
    expect((await quote(t.ctx(admin), { fulfillerId: shop.id, to: { country: "US", postalCode: "97501" }, weightGrams: 400 })).length).toBe(
      2,
    );
    await importRateCsv(t.ctx(admin), { carrierAccountId: local.id, csv: GOOD });

    await setFulfillerStatus(t.ctx(admin), shop.id, "suspended", "test");
    try {
      expect((await refusal(importRateCsv(t.ctx(owner), { carrierAccountId: local.id, csv: GOOD }))).status).toBe(409);
      expect((await refusal(deactivateCarrierAccount(t.ctx(owner), local.id))).status).toBe(409);
      expect((await listCarrierAccounts(t.ctx(owner), shop.id)).length).toBe(1);
    } finally {
      await setFulfillerStatus(t.ctx(admin), shop.id, "active");
    }
  });

  it("a deactivated carrier added again is active with its table kept", async () => {
    await deactivateCarrierAccount(t.ctx(owner), local.id);
    expect((await refusal(deactivateCarrierAccount(t.ctx(owner), local.id))).status).toBe(409);
    const back = await addCarrierAccount(t.ctx(owner), { fulfillerId: shop.id, carrierCode: "local", name: "Local Post" });
    expect([back.id, back.status, back.rateCount]).toEqual([local.id, "active", 12]);
  });

  it("the carrier's lifecycle table: active ⇄ inactive, each move recorded", async () => {
    let n = 0;
    const tried = await checkTransitionTable(carrierAccountStates, {
      ctx: t.ctx(admin),
      create: async (status) => {
        const id = `cra_table${(n++).toString().padStart(3, "0")}`;
        await t.db.insert(carrierAccounts).values({ id, fulfillerId: shop.id, carrierCode: `table-${n}`, name: "Table", status });
        return id;
      },
      read: async (id) => (await t.db.select().from(carrierAccounts).where(eq(carrierAccounts.id, id)))[0]!.status,
    });
    expect(tried).toBe(4);
  });
});
