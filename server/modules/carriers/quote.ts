// Pricing a parcel from a print shop's rate tables: for each active carrier (or the one asked for)
// the most specific zone covering the destination, then for each service the weight break holding
// the billable weight (max of actual and dimensional weight, `min ≤ w < max`). Cheapest first.
// The shipping module calls this when a print shop buys a label.
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { countryName, ISO_COUNTRY_CODES } from "../../contracts/countries.ts";
import { UntilWriteMemo } from "../../infra/db/index.ts";
import { AppError, readOnceKept, type Ctx } from "../../kernel/index.ts";
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

type Parsed = z.infer<typeof quoteSchema>;
type AccountRow = typeof carrierAccounts.$inferSelect;
type ServiceRow = typeof carrierServices.$inferSelect;
type ZoneRow = typeof carrierZones.$inferSelect;
type RateRow = typeof carrierRates.$inferSelect;

/** A print shop's rate tables, read once: its carriers (active, or the one asked for), their services, zones and rates. */
interface Tables {
  accounts: AccountRow[];
  services: ServiceRow[];
  /** Each carrier's zones, in their order. */
  zonesOf: Map<string, ZoneRow[]>;
  /** The weight breaks of each service in each zone (`serviceId|zoneId`). */
  breaksOf: Map<string, RateRow[]>;
}

/**
 * Rate tables change only when a print shop edits its carriers: on the embedded database they are
 * kept until the next write (ADR 0016), and read once per page request. Callers only read them.
 */
const keptTables = new UntilWriteMemo<Tables>(2_000);

function loadTables(ctx: Ctx, q: { fulfillerId: string; carrierAccountId?: string; serviceCode?: string }): Promise<Tables> {
  return readOnceKept(ctx, keptTables, `rate-tables:${q.fulfillerId}|${q.carrierAccountId ?? ""}|${q.serviceCode ?? ""}`, () =>
    readTables(ctx, q),
  );
}

async function readTables(ctx: Ctx, q: { fulfillerId: string; carrierAccountId?: string; serviceCode?: string }): Promise<Tables> {
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
  const zonesOf = new Map<string, ZoneRow[]>();
  for (const z of zones) zonesOf.set(z.carrierAccountId, [...(zonesOf.get(z.carrierAccountId) ?? []), z]);
  for (const list of zonesOf.values()) list.sort((a, b) => a.sortOrder - b.sortOrder);
  const breaksOf = new Map<string, RateRow[]>();
  for (const r of rates) {
    const k = `${r.serviceId}|${r.zoneId}`;
    const list = breaksOf.get(k);
    if (list) list.push(r);
    else breaksOf.set(k, [r]);
  }
  return { accounts, services, zonesOf, breaksOf };
}

/** One parcel priced from the tables (the `no-rate` refusal when nothing matches). */
function priceParcel(t: Tables, q: Parsed): QuoteOption[] {
  const where = `${countryName(q.to.country)}${q.to.postalCode ? ` ${normalizePostal(q.to.postalCode) || q.to.postalCode}` : ""}`;
  const options: QuoteOption[] = [];
  const misses: { kind: "zone" | "weight"; message: string }[] = [];
  for (const account of t.accounts) {
    const accountZones = t.zonesOf.get(account.id) ?? [];
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
    const accountServices = t.services.filter((s) => s.carrierAccountId === account.id);
    if (!accountServices.length) misses.push({ kind: "weight", message: `${account.name} has no service “${q.serviceCode ?? ""}”.` });
    for (const service of accountServices) {
      const dimensional = service.dimDivisor && q.dimensionsCm ? dimensionalGrams(q.dimensionsCm, service.dimDivisor) : null;
      const billable = Math.max(q.weightGrams, dimensional ?? 0);
      const breaks = t.breaksOf.get(`${service.id}|${zone.id}`) ?? [];
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

/**
 * The priced ways to send a parcel, cheapest first. Refused (422, naming what is missing: no zone
 * for the destination, or no weight break for the billable weight) when nothing matches; refused
 * (403) for anyone but the print shop's owner and admins.
 */
export async function quote(ctx: Ctx, input: QuoteInput): Promise<QuoteOption[]> {
  const q = parseQuote(input);
  await assertSeesCarriers(ctx, q.fulfillerId);
  return priceParcel(await loadTables(ctx, q), q);
}

export interface QuoteManyInput {
  fulfillerId: string;
  /** Each parcel under a key of the caller's (all the print shop's active carriers and services). */
  parcels: readonly ({ key: string } & Pick<QuoteInput, "to" | "weightGrams" | "dimensionsCm">)[];
}

/** One parcel's quote: its options (cheapest first), or the refusal `quote` would have thrown for it. */
export type QuoteManyResult = { key: string; options: QuoteOption[]; error: null } | { key: string; options: []; error: AppError };

/**
 * `quote` for many parcels of one print shop, its rate tables read once: for each parcel (in the
 * order given) the same options `quote` gives it, or the refusal `quote` would throw for it (an
 * invalid parcel, no active carrier, no rate). Refused as a whole (403) like `quote` for anyone
 * who may not see the print shop's carriers.
 */
export async function quoteMany(ctx: Ctx, input: QuoteManyInput): Promise<QuoteManyResult[]> {
  const parsed = input.parcels.map((p) => {
    try {
      return { key: p.key, q: parseQuote({ ...p, fulfillerId: input.fulfillerId }), error: null };
    } catch (error) {
      if (error instanceof AppError) return { key: p.key, q: null, error };
      throw error;
    }
  });
  const fulfillerId = parsed.find((p) => p.q)?.q?.fulfillerId ?? input.fulfillerId;
  if (!parsed.some((p) => p.q)) return parsed.map((p) => ({ key: p.key, options: [], error: p.error! }));
  await assertSeesCarriers(ctx, fulfillerId);
  let tables: Tables | AppError;
  try {
    tables = await loadTables(ctx, { fulfillerId });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    tables = error;
  }
  return parsed.map(({ key, q, error }): QuoteManyResult => {
    if (!q) return { key, options: [], error: error! };
    if (tables instanceof AppError) return { key, options: [], error: tables };
    try {
      return { key, options: priceParcel(tables, q), error: null };
    } catch (e) {
      if (e instanceof AppError) return { key, options: [], error: e };
      throw e;
    }
  });
}
