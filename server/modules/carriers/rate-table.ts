// A carrier account's rate table: read zone by zone, exported and imported as one flat CSV sheet
// (one row per carrier × service × zone × weight break, RATE_CSV_COLUMNS). An import replaces the
// carrier's zones and rates in one transaction, and only when every row is good: each bad cell is
// named as (row, column, message) before anything is written.
import { asc, eq } from "drizzle-orm";
import { ISO_COUNTRY_CODES } from "../../contracts/countries.ts";
import { money, parseMoney, toDecimalString } from "../../contracts/money.ts";
import { parseCsv, toCsv } from "../../infra/csv/index.ts";
import { newId, transaction } from "../../infra/db/index.ts";
import { AppError, type Ctx } from "../../kernel/index.ts";
import { getSettings } from "../platform/index.ts";
import { assertManagesCarriers } from "./access.ts";
import { catalogueEntry, getCarrierAccount, loadCarrierAccount } from "./accounts.ts";
import { carrierAccounts, carrierRates, carrierServices, carrierZones } from "./schema.ts";
import {
  MAX_RATE_GRAMS,
  RATE_CSV_COLUMNS,
  RATE_CSV_MAX_BYTES,
  RATE_CSV_MAX_ROWS,
  RATE_CSV_OPTIONAL_COLUMNS,
  type RateCsvColumn,
  type RateCsvError,
  type RateTable,
  type RateZoneView,
} from "./types.ts";
import { describeRule, rulesTie, zoneRules, type ZoneRules } from "./zones.ts";

/** An import refused: every bad cell of the file, nothing written. */
export class RateTableError extends AppError {
  constructor(readonly errors: RateCsvError[]) {
    super(
      "invalid-rate-table",
      `${errors.length === 1 ? "One problem" : `${errors.length.toLocaleString("en-US")} problems`} in the file; nothing was saved. Fix ${errors.length === 1 ? "it" : "them"} and upload the file again.`,
      422,
      "file",
    );
  }
}

/** A carrier account's rate table, zone by zone (in the sheet's order), each zone's rates by service and weight. */
export async function getRateTable(ctx: Ctx, carrierAccountId: string): Promise<RateTable> {
  const account = await getCarrierAccount(ctx, carrierAccountId);
  const [zones, rates] = await Promise.all([
    ctx.db
      .select()
      .from(carrierZones)
      .where(eq(carrierZones.carrierAccountId, carrierAccountId))
      .orderBy(asc(carrierZones.sortOrder), asc(carrierZones.name)),
    ctx.db.select().from(carrierRates).where(eq(carrierRates.carrierAccountId, carrierAccountId)).orderBy(asc(carrierRates.minGrams)),
  ]);
  const serviceOrder = new Map(account.services.map((s, i) => [s.id, i]));
  return {
    account,
    zones: zones.map((z): RateZoneView => ({
      id: z.id,
      name: z.name,
      countries: z.countries,
      postalPrefixes: z.postalPrefixes,
      postalFrom: z.postalFrom,
      postalTo: z.postalTo,
      rates: rates
        .filter((r) => r.zoneId === z.id)
        .sort((a, b) => (serviceOrder.get(a.serviceId) ?? 0) - (serviceOrder.get(b.serviceId) ?? 0) || a.minGrams - b.minGrams)
        .map((r) => ({
          id: r.id,
          serviceId: r.serviceId,
          minGrams: r.minGrams,
          maxGrams: r.maxGrams,
          priceMinor: r.priceMinor,
          currency: r.currency,
        })),
    })),
  };
}

/** The rate table as the CSV sheet an import takes back (a header alone when it has no rates yet). */
export async function exportRateCsv(ctx: Ctx, carrierAccountId: string): Promise<{ filename: string; csv: string }> {
  const table = await getRateTable(ctx, carrierAccountId);
  const { account } = table;
  const rows: Record<string, string | number | null>[] = [];
  for (const service of account.services)
    for (const zone of table.zones)
      for (const r of zone.rates.filter((x) => x.serviceId === service.id))
        rows.push({
          carrier: account.carrierCode,
          service: service.code,
          service_name: service.name,
          dim_divisor: service.dimDivisor,
          zone: zone.name,
          countries: zone.countries.join(" "),
          postal_prefixes: zone.postalPrefixes.join(" "),
          postal_from: zone.postalFrom,
          postal_to: zone.postalTo,
          min_grams: r.minGrams,
          max_grams: r.maxGrams,
          price: toDecimalString(money(r.priceMinor, r.currency)),
          currency: r.currency,
        });
  return { filename: `rates-${account.carrierCode}.csv`, csv: toCsv(rows, RATE_CSV_COLUMNS) };
}

// ---- import -------------------------------------------------------------------------------

interface ParsedService {
  code: string;
  name: string;
  dimDivisor: number | null;
  row: number;
}
interface ParsedZone extends ZoneRules {
  name: string;
  row: number;
}
interface ParsedRate {
  row: number;
  serviceCode: string;
  zoneName: string;
  minGrams: number;
  maxGrams: number;
  priceMinor: number;
}

/** What an import wrote. */
export interface RateImportResult {
  services: number;
  zones: number;
  rates: number;
}

const NAME = /^[\p{L}\p{N}][^\r\n\0]{0,59}$/u;
const POSTAL = /^[A-Z0-9]{1,10}$/;
const list = (raw: string) =>
  raw
    .split(/[\s,;]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
const grams = (n: number) => `${n.toLocaleString("en-US")} g`;

function wholeGrams(raw: string, label: string): number | string {
  if (!/^\d{1,7}$/.test(raw)) return `Enter ${label} as a whole number of grams, like 500.`;
  const n = Number(raw);
  if (n > MAX_RATE_GRAMS) return `Use at most ${grams(MAX_RATE_GRAMS)} for ${label}.`;
  return n;
}

/**
 * Check a rate table sheet against a carrier and the platform's currency: every problem as
 * (row, column, message), or what to write. Pure: reads nothing, writes nothing.
 */
export function checkRateSheet(
  text: string,
  carrier: { code: string; name: string; services: readonly { code: string }[] },
  currency: string,
): { errors: RateCsvError[]; services: ParsedService[]; zones: ParsedZone[]; rates: ParsedRate[] } {
  const errors: RateCsvError[] = [];
  const fail = (row: number, column: RateCsvColumn | "", message: string) => errors.push({ row, column, message });
  const none = { services: [], zones: [], rates: [] };
  if (text.includes("\0")) {
    fail(1, "", "This is not a text file: export the sheet as CSV (comma-separated values).");
    return { errors, ...none };
  }
  const sheet = parseCsv(text);
  for (const e of sheet.errors) fail(e.row, "", e.message);

  // the header
  const named = sheet.columns.filter(Boolean);
  if (named.length === 1 && /[;\t]/.test(named[0]!)) {
    fail(1, "", "Separate the columns with commas (this file uses semicolons or tabs): export the sheet as CSV, comma-separated.");
    return { errors, ...none };
  }
  const seen = new Set<string>();
  for (const c of named) {
    if (seen.has(c)) fail(1, "", `The column “${c}” appears twice in the header.`);
    seen.add(c);
    if (!(RATE_CSV_COLUMNS as readonly string[]).includes(c))
      fail(1, "", `Unknown column “${c}”; the columns are ${RATE_CSV_COLUMNS.join(", ")}.`);
  }
  for (const c of RATE_CSV_COLUMNS)
    if (!seen.has(c) && !RATE_CSV_OPTIONAL_COLUMNS.includes(c)) fail(1, c, `The column “${c}” is missing from the header.`);
  if (errors.some((e) => e.row === 1)) return { errors, ...none };
  if (sheet.rows.length === 0 && sheet.errors.length === 0) {
    fail(2, "", "The file has no rate rows under its header.");
    return { errors, ...none };
  }
  if (sheet.rows.length > RATE_CSV_MAX_ROWS) {
    fail(
      RATE_CSV_MAX_ROWS + 2,
      "",
      `The file has more than ${RATE_CSV_MAX_ROWS.toLocaleString("en-US")} rate rows; split the carrier's table.`,
    );
    return { errors, ...none };
  }

  const knownServices = carrier.services.map((s) => s.code);
  const services = new Map<string, ParsedService>();
  const zones = new Map<string, ParsedZone>();
  const rates: ParsedRate[] = [];

  sheet.rows.forEach((cells, i) => {
    const row = sheet.lines[i] ?? i + 2;
    const cell = (c: RateCsvColumn) => cells[c] ?? "";
    const bad = (c: RateCsvColumn | "", m: string) => fail(row, c, m);

    // carrier
    const code = cell("carrier").toLowerCase();
    if (!code) bad("carrier", `Enter the carrier's code (${carrier.code}) on every row.`);
    else if (code !== carrier.code)
      bad("carrier", `This row is for the carrier “${cell("carrier")}”; you are importing the table of ${carrier.name} (${carrier.code}).`);

    // service
    const serviceCode = cell("service").toLowerCase();
    const serviceName = cell("service_name");
    const divisorRaw = cell("dim_divisor");
    let divisor: number | null = null;
    let serviceOk = true;
    if (!serviceCode) {
      bad("service", `Enter the service's code (${knownServices.join(" or ")}).`);
      serviceOk = false;
    } else if (!knownServices.includes(serviceCode)) {
      bad(
        "service",
        `${carrier.name} has no service “${cell("service")}”; use ${knownServices.length > 1 ? `${knownServices.slice(0, -1).join(", ")} or ${knownServices.at(-1)}` : knownServices.join("")}.`,
      );
      serviceOk = false;
    }
    if (!serviceName) {
      bad("service_name", "Enter the service's name, like Standard.");
      serviceOk = false;
    } else if (!NAME.test(serviceName)) {
      bad("service_name", "Start the service's name with a letter or a digit and keep it to 60 characters.");
      serviceOk = false;
    }
    if (divisorRaw) {
      if (!/^\d{1,6}$/.test(divisorRaw) || Number(divisorRaw) < 1000 || Number(divisorRaw) > 20_000) {
        bad("dim_divisor", "Enter the divisor in cm³ per kg as a whole number from 1000 to 20000 (5000 is common), or leave it empty.");
        serviceOk = false;
      } else divisor = Number(divisorRaw);
    }
    if (serviceOk) {
      const known = services.get(serviceCode);
      if (!known) services.set(serviceCode, { code: serviceCode, name: serviceName, dimDivisor: divisor, row });
      else {
        if (known.name !== serviceName)
          bad(
            "service_name",
            `The service “${serviceCode}” is named “${known.name}” on row ${known.row}; use one name on every row of a service.`,
          );
        if (known.dimDivisor !== divisor)
          bad(
            "dim_divisor",
            `The service “${serviceCode}” has the divisor ${known.dimDivisor ?? "(empty)"} on row ${known.row}; use one divisor on every row of a service.`,
          );
      }
    }

    // zone
    const zoneName = cell("zone");
    let zoneOk = true;
    if (!zoneName) {
      bad("zone", "Enter the zone's name, like Europe.");
      zoneOk = false;
    } else if (!NAME.test(zoneName)) {
      bad("zone", "Start the zone's name with a letter or a digit and keep it to 60 characters.");
      zoneOk = false;
    }
    const countries = [...new Set(list(cell("countries")))];
    const prefixes = [...new Set(list(cell("postal_prefixes")))];
    const from = cell("postal_from").toUpperCase().replace(/\s+/g, "");
    const to = cell("postal_to").toUpperCase().replace(/\s+/g, "");
    if (!countries.length) {
      bad("countries", "List the zone's countries as two-letter codes (DE FR), or * for the rest of the world.");
      zoneOk = false;
    } else {
      const unknown = countries.filter((c) => c !== "*" && !ISO_COUNTRY_CODES.has(c));
      if (unknown.length) {
        bad(
          "countries",
          `${unknown.join(", ")} ${unknown.length === 1 ? "is not a country code" : "are not country codes"}; use two-letter ISO codes like US, DE, GB.`,
        );
        zoneOk = false;
      } else if (countries.includes("*") && countries.length > 1) {
        bad("countries", "* already covers every country: list no others with it.");
        zoneOk = false;
      }
    }
    const world = countries.includes("*");
    const badPrefixes = prefixes.filter((p) => !POSTAL.test(p));
    if (badPrefixes.length) {
      bad("postal_prefixes", `${badPrefixes.join(", ")}: a postal prefix has 1 to 10 letters or digits.`);
      zoneOk = false;
    } else if (prefixes.length && world) {
      bad("postal_prefixes", "Postal prefixes need the countries they belong to, not *.");
      zoneOk = false;
    }
    if (from || to) {
      if (!from || !to) {
        bad(from ? "postal_to" : "postal_from", "A postal range needs both postal_from and postal_to (or neither).");
        zoneOk = false;
      } else if (!POSTAL.test(from) || !POSTAL.test(to)) {
        bad(POSTAL.test(from) ? "postal_to" : "postal_from", "A postal range's ends have 1 to 10 letters or digits, like 970 and 994.");
        zoneOk = false;
      } else if (from.length !== to.length) {
        bad("postal_to", `postal_from (${from}) and postal_to (${to}) must have as many characters: the range compares that many.`);
        zoneOk = false;
      } else if (from > to) {
        bad("postal_to", `The range ends (${to}) before it starts (${from}).`);
        zoneOk = false;
      } else if (world) {
        bad("postal_from", "A postal range needs the countries it belongs to, not *.");
        zoneOk = false;
      }
    }
    if (zoneOk) {
      const rules: ZoneRules = { countries, postalPrefixes: prefixes, postalFrom: from || null, postalTo: to || null };
      const known = zones.get(zoneName);
      if (!known) zones.set(zoneName, { name: zoneName, row, ...rules });
      else {
        const on = `on row ${known.row}`;
        if (known.countries.join(" ") !== countries.join(" "))
          bad("countries", `The zone “${zoneName}” lists ${known.countries.join(" ")} ${on}; give a zone the same countries on every row.`);
        if (known.postalPrefixes.join(" ") !== prefixes.join(" "))
          bad(
            "postal_prefixes",
            `The zone “${zoneName}” has the prefixes “${known.postalPrefixes.join(" ")}” ${on}; give a zone the same prefixes on every row.`,
          );
        if (known.postalFrom !== rules.postalFrom || known.postalTo !== rules.postalTo)
          bad(
            "postal_from",
            `The zone “${zoneName}” has the range ${known.postalFrom ? `${known.postalFrom}–${known.postalTo}` : "(none)"} ${on}; give a zone the same range on every row.`,
          );
      }
    }

    // weight break
    const min = wholeGrams(cell("min_grams"), "min_grams");
    const max = wholeGrams(cell("max_grams"), "max_grams");
    if (typeof min === "string") bad("min_grams", min);
    if (typeof max === "string") bad("max_grams", max);
    if (typeof min === "number" && typeof max === "number" && max <= min)
      bad("max_grams", `max_grams (${max}) must be more than min_grams (${min}): a row covers min_grams ≤ weight < max_grams.`);

    // price and currency
    const rowCurrency = cell("currency").toUpperCase();
    if (!rowCurrency) bad("currency", `Enter the currency (${currency}).`);
    else if (rowCurrency !== currency)
      bad("currency", `Rates are in ${currency}, the platform's currency; this row is in ${cell("currency")}.`);
    let priceMinor = 0;
    const priceRaw = cell("price");
    const parsed = priceRaw ? parseMoney(priceRaw, currency) : null;
    if (!priceRaw) bad("price", `Enter the price, like ${toDecimalString(money(745, currency))}.`);
    else if (!parsed!.ok) bad("price", `${parsed!.message.replace(/\.$/, "")} (the carrier's price in ${currency}).`);
    else if (parsed!.money.amount < 0) bad("price", "A price cannot be negative.");
    else if (parsed!.money.amount > 99_999_999) bad("price", "That price is too high for one parcel.");
    else priceMinor = parsed!.money.amount;

    // Every row with a weight break takes part in the overlap check, whatever else is wrong with
    // it, so that a file's every problem is named at once (nothing is written while any remains).
    if (serviceCode && zoneName && typeof min === "number" && typeof max === "number" && max > min)
      rates.push({ row, serviceCode, zoneName, minGrams: min, maxGrams: max, priceMinor });
  });

  // Weight breaks of one service and zone may not overlap.
  const byCell = new Map<string, ParsedRate[]>();
  for (const r of rates) {
    const key = `${r.serviceCode}\u0000${r.zoneName}`;
    byCell.set(key, [...(byCell.get(key) ?? []), r]);
  }
  for (const group of byCell.values()) {
    const sorted = [...group].sort((a, b) => a.minGrams - b.minGrams || a.row - b.row);
    let last: ParsedRate | null = null;
    for (const r of sorted) {
      if (last && r.minGrams < last.maxGrams) {
        const later = r.row > last.row ? r : last;
        const earlier = later === r ? last : r;
        fail(
          later.row,
          "min_grams",
          `The weight break ${grams(later.minGrams)}–${grams(later.maxGrams)} overlaps ${grams(earlier.minGrams)}–${grams(earlier.maxGrams)} on row ${earlier.row} (${r.serviceCode}, zone “${r.zoneName}”); breaks of one service and zone may not overlap.`,
        );
      }
      if (!last || r.maxGrams > last.maxGrams) last = r;
    }
  }

  // No destination may fall in two zones with nothing to choose between them.
  const zoneList = [...zones.values()];
  zoneList.forEach((zone, i) => {
    for (const other of zoneList.slice(0, i)) {
      const clash = zoneRules(zone).find((a) => zoneRules(other).some((b) => rulesTie(a, b)));
      if (clash) {
        const column: RateCsvColumn = clash.kind === "prefix" ? "postal_prefixes" : clash.kind === "range" ? "postal_from" : "countries";
        fail(
          zone.row,
          column,
          `The zone “${zone.name}” covers ${describeRule(clash)} just as the zone “${other.name}” (row ${other.row}) does, so neither would win: merge them, or narrow one with postal prefixes or a range.`,
        );
        break;
      }
    }
  });

  errors.sort(
    (a, b) => a.row - b.row || RATE_CSV_COLUMNS.indexOf(a.column as RateCsvColumn) - RATE_CSV_COLUMNS.indexOf(b.column as RateCsvColumn),
  );
  return { errors, services: [...services.values()], zones: zoneList, rates };
}

/**
 * Replace a carrier's rate table with a CSV sheet: its zones and rates, and the names and divisors
 * of the services it names. Refused with every bad cell (RateTableError, 422) and nothing written
 * when any row is bad; otherwise written in one transaction.
 */
export async function importRateCsv(ctx: Ctx, input: { carrierAccountId: string; csv: string }): Promise<RateImportResult> {
  const account = await loadCarrierAccount(ctx, input.carrierAccountId);
  await assertManagesCarriers(ctx, account.fulfillerId);
  if (Buffer.byteLength(input.csv, "utf8") > RATE_CSV_MAX_BYTES)
    throw new AppError(
      "file-too-large",
      `The file is larger than ${RATE_CSV_MAX_BYTES / 1024 / 1024} MB; split the carrier's table.`,
      413,
      "file",
    );
  const entry = catalogueEntry(account.carrierCode);
  if (!entry) throw new AppError("unknown-carrier", "Platen no longer buys labels from this carrier.", 409);
  const { currency } = await getSettings(ctx);
  const sheet = checkRateSheet(input.csv, { code: account.carrierCode, name: account.name, services: entry.services }, currency);
  if (sheet.errors.length) throw new RateTableError(sheet.errors);

  return transaction(ctx.db, async (tx) => {
    // One import at a time per carrier: the account row is the lock.
    await tx.select({ id: carrierAccounts.id }).from(carrierAccounts).where(eq(carrierAccounts.id, account.id)).for("update");
    const existing = await tx.select().from(carrierServices).where(eq(carrierServices.carrierAccountId, account.id));
    const serviceIds = new Map(existing.map((s) => [s.code, s.id]));
    for (const s of sheet.services) {
      const id = serviceIds.get(s.code);
      if (id) await tx.update(carrierServices).set({ name: s.name, dimDivisor: s.dimDivisor }).where(eq(carrierServices.id, id));
      else {
        const newServiceId = newId("crs");
        const sortOrder = entry.services.findIndex((x) => x.code === s.code);
        await tx
          .insert(carrierServices)
          .values({ id: newServiceId, carrierAccountId: account.id, code: s.code, name: s.name, dimDivisor: s.dimDivisor, sortOrder });
        serviceIds.set(s.code, newServiceId);
      }
    }
    await tx.delete(carrierRates).where(eq(carrierRates.carrierAccountId, account.id));
    await tx.delete(carrierZones).where(eq(carrierZones.carrierAccountId, account.id));
    const zoneIds = new Map<string, string>();
    const zoneRows = sheet.zones.map((z, i) => {
      const id = newId("crz");
      zoneIds.set(z.name, id);
      return {
        id,
        carrierAccountId: account.id,
        name: z.name,
        countries: [...z.countries],
        postalPrefixes: [...z.postalPrefixes],
        postalFrom: z.postalFrom,
        postalTo: z.postalTo,
        sortOrder: i,
      };
    });
    if (zoneRows.length) await tx.insert(carrierZones).values(zoneRows);
    const rateRows = sheet.rates.map((r) => ({
      id: newId("crr"),
      carrierAccountId: account.id,
      serviceId: serviceIds.get(r.serviceCode)!,
      zoneId: zoneIds.get(r.zoneName)!,
      minGrams: r.minGrams,
      maxGrams: r.maxGrams,
      priceMinor: r.priceMinor,
      currency,
    }));
    for (let i = 0; i < rateRows.length; i += 1000) await tx.insert(carrierRates).values(rateRows.slice(i, i + 1000));
    return { services: sheet.services.length, zones: zoneRows.length, rates: rateRows.length };
  });
}
