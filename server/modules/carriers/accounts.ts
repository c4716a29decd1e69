// A print shop's carriers: which it uses (one account per carrier), their services, and adding,
// deactivating and activating them again. The carriers Platen can buy labels from are the carrier
// port's: today the built-in local carrier (server/infra/carriers).
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { LOCAL_SERVICES } from "../../infra/carriers/index.ts";
import { newId, transaction } from "../../infra/db/index.ts";
import { AppError, notFound, type Ctx } from "../../kernel/index.ts";
import { assertManagesCarriers, assertSeesCarriers } from "./access.ts";
import { carrierAccounts, carrierRates, carrierServices, carrierZones } from "./schema.ts";
import { carrierAccountStates } from "./states.ts";
import type { CarrierAccountView, CarrierCatalogueEntry, CarrierServiceView } from "./types.ts";

/** The carriers a print shop may add: those the carrier port can buy labels from. */
const CATALOGUE: readonly CarrierCatalogueEntry[] = [
  {
    code: "local",
    name: "Platen Local Post",
    services: Object.entries(LOCAL_SERVICES).map(([code, s]) => ({ code, name: s.name, transitDays: s.transitDays })),
  },
];

export function carrierCatalogue(): readonly CarrierCatalogueEntry[] {
  return CATALOGUE;
}

export function catalogueEntry(carrierCode: string): CarrierCatalogueEntry | null {
  return CATALOGUE.find((c) => c.code === carrierCode) ?? null;
}

const transitDaysOf = (carrierCode: string, serviceCode: string): number | null =>
  catalogueEntry(carrierCode)?.services.find((s) => s.code === serviceCode)?.transitDays ?? null;

type AccountRow = typeof carrierAccounts.$inferSelect;

/** Accounts with their services and the size of their rate tables, in a fixed number of queries. */
async function views(ctx: Ctx, rows: AccountRow[]): Promise<CarrierAccountView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [services, zones, rates] = await Promise.all([
    ctx.db
      .select()
      .from(carrierServices)
      .where(inArray(carrierServices.carrierAccountId, ids))
      .orderBy(asc(carrierServices.sortOrder), asc(carrierServices.code)),
    ctx.db
      .select({ id: carrierZones.carrierAccountId, n: count() })
      .from(carrierZones)
      .where(inArray(carrierZones.carrierAccountId, ids))
      .groupBy(carrierZones.carrierAccountId),
    ctx.db
      .select({ id: carrierRates.carrierAccountId, n: count() })
      .from(carrierRates)
      .where(inArray(carrierRates.carrierAccountId, ids))
      .groupBy(carrierRates.carrierAccountId),
  ]);
  return rows.map((r) => ({
    id: r.id,
    fulfillerId: r.fulfillerId,
    carrierCode: r.carrierCode,
    name: r.name,
    status: r.status,
    createdAt: r.createdAt,
    services: services
      .filter((s) => s.carrierAccountId === r.id)
      .map((s): CarrierServiceView => ({
        id: s.id,
        code: s.code,
        name: s.name,
        dimDivisor: s.dimDivisor,
        transitDays: transitDaysOf(r.carrierCode, s.code),
      })),
    zoneCount: Number(zones.find((z) => z.id === r.id)?.n ?? 0),
    rateCount: Number(rates.find((z) => z.id === r.id)?.n ?? 0),
  }));
}

/** A print shop's carriers (active first, then by name); its owner or an admin. */
export async function listCarrierAccounts(ctx: Ctx, fulfillerId: string): Promise<CarrierAccountView[]> {
  await assertSeesCarriers(ctx, fulfillerId);
  const rows = await ctx.db
    .select()
    .from(carrierAccounts)
    .where(eq(carrierAccounts.fulfillerId, fulfillerId))
    .orderBy(asc(carrierAccounts.status), asc(carrierAccounts.name));
  return views(ctx, rows);
}

/** The account row, without a permission check (callers check the print shop). */
export async function loadCarrierAccount(ctx: Pick<Ctx, "db">, carrierAccountId: string): Promise<AccountRow> {
  const [row] = await ctx.db.select().from(carrierAccounts).where(eq(carrierAccounts.id, carrierAccountId)).limit(1);
  if (!row) throw notFound("The carrier");
  return row;
}

/** One carrier account with its services; its print shop's owner or an admin. */
export async function getCarrierAccount(ctx: Ctx, carrierAccountId: string): Promise<CarrierAccountView> {
  const row = await loadCarrierAccount(ctx, carrierAccountId);
  await assertSeesCarriers(ctx, row.fulfillerId);
  return (await views(ctx, [row]))[0]!;
}

const addSchema = z.object({
  fulfillerId: z.string({ error: "Choose a print shop." }).min(1, "Choose a print shop."),
  carrierCode: z.string({ error: "Choose a carrier." }).trim().toLowerCase().min(1, "Choose a carrier."),
  name: z
    .string()
    .trim()
    .max(60, "Use at most 60 characters for the carrier's name.")
    .refine((v) => !/[\r\n\0]/.test(v), "Keep the carrier's name on one line.")
    .optional(),
});
export type AddCarrierInput = z.input<typeof addSchema>;

function parseOr422<T>(schema: z.ZodType<T>, raw: unknown): T {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new AppError("invalid-input", issue.message, 422, String(issue.path[0] ?? "") || undefined);
}

/**
 * Add a carrier to a print shop, with the carrier's services (no rates yet: import a rate table).
 * A carrier the shop deactivated before is activated again (its rate table kept); one it already
 * uses is refused.
 */
export async function addCarrierAccount(ctx: Ctx, input: AddCarrierInput): Promise<CarrierAccountView> {
  const v = parseOr422(addSchema, input);
  await assertManagesCarriers(ctx, v.fulfillerId);
  const entry = catalogueEntry(v.carrierCode);
  if (!entry)
    throw new AppError(
      "unknown-carrier",
      `Platen cannot buy labels from a carrier named “${v.carrierCode}”; choose one of ${CATALOGUE.map((c) => c.name).join(", ")}.`,
      422,
      "carrierCode",
    );
  const name = v.name || entry.name;
  if (name.length < 2) throw new AppError("invalid-input", "Enter a name of at least 2 characters.", 422, "name");
  const id = await transaction(ctx.db, async (tx) => {
    const [existing] = await tx
      .select()
      .from(carrierAccounts)
      .where(and(eq(carrierAccounts.fulfillerId, v.fulfillerId), eq(carrierAccounts.carrierCode, entry.code)))
      .for("update")
      .limit(1);
    if (existing?.status === "active")
      throw new AppError("carrier-exists", `${existing.name} is already one of your carriers.`, 409, "carrierCode");
    if (existing) {
      await carrierAccountStates.transition({ ...ctx, db: tx }, existing.id, "active", { set: { name }, reason: "added again" });
      return existing.id;
    }
    const [row] = await tx
      .insert(carrierAccounts)
      .values({ id: newId("cra"), fulfillerId: v.fulfillerId, carrierCode: entry.code, name })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError("carrier-exists", `${name} is already one of your carriers.`, 409, "carrierCode");
    await tx
      .insert(carrierServices)
      .values(entry.services.map((s, i) => ({ id: newId("crs"), carrierAccountId: row.id, code: s.code, name: s.name, sortOrder: i })));
    return row.id;
  });
  return getCarrierAccount(ctx, id);
}

/** Deactivate a carrier: no quotes and no new labels with it; its rate table is kept. */
export async function deactivateCarrierAccount(ctx: Ctx, carrierAccountId: string): Promise<CarrierAccountView> {
  return move(ctx, carrierAccountId, "inactive");
}

/** Use a deactivated carrier again. */
export async function activateCarrierAccount(ctx: Ctx, carrierAccountId: string): Promise<CarrierAccountView> {
  return move(ctx, carrierAccountId, "active");
}

async function move(ctx: Ctx, carrierAccountId: string, to: "active" | "inactive"): Promise<CarrierAccountView> {
  const row = await loadCarrierAccount(ctx, carrierAccountId);
  await assertManagesCarriers(ctx, row.fulfillerId);
  if (row.status === to) throw new AppError("conflict", `${row.name} is already ${to === "active" ? "active" : "deactivated"}.`, 409);
  await carrierAccountStates.transition(ctx, carrierAccountId, to, { expectFrom: row.status });
  return getCarrierAccount(ctx, carrierAccountId);
}
