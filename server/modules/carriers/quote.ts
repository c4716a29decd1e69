// Pricing a parcel from a print shop's rate tables: for each active carrier (or the one asked for)
// the most specific zone covering the destination, then for each service the weight break holding
// the billable weight (max of actual and dimensional weight, `min ≤ w < max`). Cheapest first.
// The shipping module calls this when a print shop buys a label.
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { countryName, ISO_COUNTRY_CODES } from "../../contracts/countries.ts";
import { AppError, type Ctx } from "../../kernel/index.ts";
import { assertSeesCarriers } from "./access.ts";
import { catalogueEntry } from "./accounts.ts";
import { carrierAccounts, carrierRates, carrierServices, carrierZones } from "./schema.ts";
import { MAX_RATE_GRAMS, type ParcelDimensionsCm, type QuoteDestination, type QuoteOption } from "./types.ts";
import { bestZone, normalizePostal } from "./zones.ts";

export interface QuoteInput {
  fulfillerId: string;
  /** Only this carrier account (active) of the print shop; all its active carriers otherwise. */
  carrierAccountId?: string;
  /** Only this service code (e.g. `express`). */
  serviceCode?: string;
  to: QuoteDestination;
  /** The parcel's actual weight, packed. */
  weightGrams: number;
  dimensionsCm?: ParcelDimensionsCm;
}

const side = (label: string) =>
  z
    .number({ error: `Enter the parcel's ${label} in cm.` })
    .positive(`Enter the parcel's ${label} in cm.`)
    .max(400, `The parcel's ${label} is more than 400 cm: no parcel carrier takes that.`);

const quoteSchema = z.object({
  fulfillerId: z.string({ error: "Choose a print shop." }).min(1, "Choose a print shop."),
  carrierAccountId: z.string().min(1).optional(),
  serviceCode: z.string().trim().toLowerCase().min(1).optional(),
  to: z.object({
    country: z
      .string({ error: "Choose the destination's country." })
      .trim()
      .toUpperCase()
      .refine((c) => ISO_COUNTRY_CODES.has(c), "Choose the destination's country (a two-letter code like US or DE)."),
    postalCode: z
      .string()
      .trim()
      .max(20, "A postal code has at most 20 characters.")
      .refine((p) => !/[\r\n\0]/.test(p), "Enter the postal code on one line.")
      .default(""),
  }),
  weightGrams: z
    .number({ error: "Enter the parcel's weight in grams." })
    .int("Enter the parcel's weight as a whole number of grams.")
    .min(1, "A parcel weighs at least 1 g.")
    .max(MAX_RATE_GRAMS, `A parcel weighs at most ${MAX_RATE_GRAMS.toLocaleString("en-US")} g.`),
  dimensionsCm: z.object({ length: side("length"), width: side("width"), height: side("height") }).optional(),
});

/** Where each quote refusal belongs on a form. */
const FIELD: Record<string, string> = {
  country: "country",
  postalCode: "postalCode",
  weightGrams: "weight",
  length: "length",
  width: "width",
  height: "height",
};

function parseQuote(raw: QuoteInput): z.infer<typeof quoteSchema> {
  const r = quoteSchema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const key = String(issue.path.at(-1) ?? "");
  throw new AppError("invalid-input", issue.message, 422, FIELD[key] ?? (key || undefined));
}

/** L×W×H ÷ divisor (cm³ per kg), in whole grams rounded up. */
export function dimensionalGrams(d: ParcelDimensionsCm, divisor: number): number {
  const g = (d.length * d.width * d.height * 1000) / divisor;
  return Math.ceil(g - 1e-9);
}

const grams = (n: number) => `${n.toLocaleString("en-US")} g`;

/**
 * The priced ways to send a parcel, cheapest first. Refused (422, naming what is missing: no zone
 * for the destination, or no weight break for the billable weight) when nothing matches; refused
 * (403) for anyone but the print shop's owner and admins.
 */
export async function quote(ctx: Ctx, input: QuoteInput): Promise<QuoteOption[]> {
  const q = parseQuote(input);
  await assertSeesCarriers(ctx, q.fulfillerId);
  const accounts = await ctx.db
    .select()
    .from(carrierAccounts)
    .where(
      and(
        eq(carrierAccounts.fulfillerId, q.fulfillerId),
        q.carrierAccountId ? eq(carrierAccounts.id, q.carrierAccountId) : eq(carrierAccounts.status, "active"),
      ),
    );
  if (q.carrierAccountId) {
    const account = accounts[0];
    if (!account) throw new AppError("not-found", "That carrier is not one of this print shop's carriers.", 404, "carrier");
    if (account.status !== "active")
      throw new AppError("carrier-inactive", `${account.name} is deactivated: activate it to ship with it.`, 409, "carrier");
  }
  if (!accounts.length)
    throw new AppError("no-carrier", "This print shop has no active carrier: add one on the Carriers page first.", 409, "carrier");

  const ids = accounts.map((a) => a.id);
  const [services, zones, rates] = await Promise.all([
    ctx.db
      .select()
      .from(carrierServices)
      .where(
        q.serviceCode
          ? and(inArray(carrierServices.carrierAccountId, ids), eq(carrierServices.code, q.serviceCode))
          : inArray(carrierServices.carrierAccountId, ids),
      ),
    ctx.db.select().from(carrierZones).where(inArray(carrierZones.carrierAccountId, ids)),
    ctx.db.select().from(carrierRates).where(inArray(carrierRates.carrierAccountId, ids)),
  ]);
  if (q.serviceCode && !services.length)
    throw new AppError("unknown-service", `No carrier of this print shop has a service “${q.serviceCode}”.`, 422, "service");

  const where = `${countryName(q.to.country)}${q.to.postalCode ? ` ${normalizePostal(q.to.postalCode) || q.to.postalCode}` : ""}`;
  const options: QuoteOption[] = [];
  const misses: { kind: "zone" | "weight"; message: string }[] = [];
  for (const account of accounts) {
    const accountZones = zones.filter((z) => z.carrierAccountId === account.id).sort((a, b) => a.sortOrder - b.sortOrder);
    const zone = bestZone(accountZones, q.to);
    if (!zone) {
      misses.push({
        kind: "zone",
        message: accountZones.length
          ? `${account.name}: no rate zone covers ${where}.`
          : `${account.name}: its rate table is empty (import one on the Carriers page).`,
      });
      continue;
    }
    const accountServices = services.filter((s) => s.carrierAccountId === account.id);
    if (!accountServices.length) misses.push({ kind: "weight", message: `${account.name} has no service “${q.serviceCode ?? ""}”.` });
    for (const service of accountServices) {
      const dimensional = service.dimDivisor && q.dimensionsCm ? dimensionalGrams(q.dimensionsCm, service.dimDivisor) : null;
      const billable = Math.max(q.weightGrams, dimensional ?? 0);
      const breaks = rates.filter((r) => r.serviceId === service.id && r.zoneId === zone.id);
      const rate = breaks.find((r) => r.minGrams <= billable && billable < r.maxGrams);
      if (!rate) {
        const weight = `${grams(billable)}${dimensional !== null && dimensional > q.weightGrams ? " (dimensional weight)" : ""}`;
        const span = breaks.length
          ? `its weight breaks run from ${grams(Math.min(...breaks.map((b) => b.minGrams)))} to under ${grams(Math.max(...breaks.map((b) => b.maxGrams)))}`
          : "it has no rates in this zone";
        misses.push({
          kind: "weight",
          message: `${account.name} ${service.name}, zone “${zone.name}”: no weight break holds ${weight}; ${span}.`,
        });
        continue;
      }
      options.push({
        carrierAccountId: account.id,
        carrierCode: account.carrierCode,
        carrierName: account.name,
        serviceId: service.id,
        serviceCode: service.code,
        serviceName: service.name,
        transitDays: catalogueEntry(account.carrierCode)?.services.find((s) => s.code === service.code)?.transitDays ?? null,
        zone: { id: zone.id, name: zone.name },
        rateId: rate.id,
        weightBreak: { minGrams: rate.minGrams, maxGrams: rate.maxGrams },
        actualGrams: q.weightGrams,
        dimensionalGrams: dimensional,
        billableGrams: billable,
        price: { amount: rate.priceMinor, currency: rate.currency },
      });
    }
  }
  if (!options.length) {
    const field = misses.every((m) => m.kind === "zone") ? "postalCode" : "weight";
    throw new AppError("no-rate", `No rate for this parcel. ${misses.map((m) => m.message).join(" ")}`, 422, field);
  }
  return options.sort(
    (a, b) =>
      a.price.amount - b.price.amount ||
      (a.transitDays ?? 99) - (b.transitDays ?? 99) ||
      a.carrierName.localeCompare(b.carrierName) ||
      a.serviceName.localeCompare(b.serviceName),
  );
}
