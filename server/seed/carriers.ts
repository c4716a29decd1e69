// Demo carrier of @print-works (ADR 0018): the built-in local carrier with Standard and Express
// and a rate table shaped like a US carrier's from the Portland, OR warehouse (zones by 3-digit
// ZIP range: Oregon and Washington, the West, the Central states, the East; Alaska and Hawaii by
// prefix), Canada and Mexico, Europe and the rest of the world; seven weight breaks from 250 g to
// 20 kg; Express prices dimensional weight (÷ 5000). Written through the carriers module's own
// CSV import, so the demo's table is one the page can export and take back. Idempotent.
import { toCsv } from "../infra/csv/index.ts";
import type { Db } from "../infra/db/index.ts";
import { money, toDecimalString } from "../contracts/money.ts";
import { systemCtx } from "../kernel/index.ts";
import { addCarrierAccount, importRateCsv, listCarrierAccounts, RATE_CSV_COLUMNS } from "../modules/carriers/index.ts";
import { getFulfillerByHandle } from "../modules/fulfillment/index.ts";
import { getSettings } from "../modules/platform/index.ts";

const EUROPE = "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE GB CH NO";

/** Zone, countries, postal prefixes, postal range; Standard's price per weight break (minor units). */
const ZONES: [string, string, string, string, string, number[]][] = [
  ["US Local (OR, WA)", "US", "", "970", "994", [425, 495, 610, 780, 1040, 1490, 2250]],
  ["US West", "US", "", "800", "966", [460, 540, 695, 910, 1280, 1870, 2890]],
  ["US Central", "US", "", "500", "799", [495, 585, 770, 1030, 1520, 2240, 3560]],
  ["US East", "US", "", "000", "499", [530, 625, 845, 1160, 1740, 2610, 4180]],
  ["Alaska and Hawaii", "US", "967 968 995 996 997 998 999", "", "", [790, 940, 1280, 1790, 2750, 4100, 6400]],
  ["Canada and Mexico", "CA MX", "", "", "", [1150, 1390, 1840, 2560, 3900, 5800, 8900]],
  ["Europe", EUROPE, "", "", "", [1420, 1710, 2290, 3240, 4950, 7400, 11200]],
  ["Rest of world", "*", "", "", "", [1760, 2130, 2870, 4090, 6200, 9300, 13900]],
];
const BREAKS = [0, 250, 500, 1000, 2000, 5000, 10000, 20000];
/** Express costs this much more than Standard (rounded to 5 minor units). */
const EXPRESS_FACTOR = 1.85;

export async function seedDemoCarriers(db: Db): Promise<number> {
  const ctx = systemCtx(db, "demo carriers");
  const fulfiller = await getFulfillerByHandle(ctx, "print-works");
  if (!fulfiller) return 0;
  const existing = (await listCarrierAccounts(ctx, fulfiller.id)).find((a) => a.carrierCode === "local");
  if (existing && existing.rateCount > 0) return 0;
  const account =
    existing ?? (await addCarrierAccount(ctx, { fulfillerId: fulfiller.id, carrierCode: "local", name: "Platen Local Post" }));
  const { currency } = await getSettings(ctx);
  const price = (minor: number) => toDecimalString(money(minor, currency));
  const rows: string[][] = [];
  for (const [service, serviceName, divisor, factor] of [
    ["standard", "Standard", "", 1],
    ["express", "Express", "5000", EXPRESS_FACTOR],
  ] as const) {
    for (const [zone, countries, prefixes, from, to, prices] of ZONES) {
      prices.forEach((p, i) => {
        rows.push([
          "local",
          service,
          serviceName,
          divisor,
          zone,
          countries,
          prefixes,
          from,
          to,
          String(BREAKS[i]),
          String(BREAKS[i + 1]),
          price(Math.round((p * factor) / 5) * 5),
          currency,
        ]);
      });
    }
  }
  const csv = toCsv(
    rows.map((r) => Object.fromEntries(RATE_CSV_COLUMNS.map((c, i) => [c, r[i]]))),
    RATE_CSV_COLUMNS,
  );
  const written = await importRateCsv(ctx, { carrierAccountId: account.id, csv });
  return written.rates;
}
