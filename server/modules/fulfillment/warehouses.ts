// Warehouses of a fulfillment business: where they are (a full postal address, checked per
// country), when their day ends (a daily cut-off in the warehouse's own IANA time zone), how much
// they can make per day, the boxes they pack in, and which of them stock a blank.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { PostalAddress } from "../../contracts/ports.ts";
import { oneLine as oneLineText } from "../../contracts/text.ts";
import { newId, transaction, UntilWriteMemo } from "../../infra/db/index.ts";
import { AppError, forbidden, notFound, readOnceKept, withDb, type Ctx } from "../../kernel/index.ts";
import { addressSchema, phoneField } from "../identity/types.ts";
import { assertManagesFulfiller, assertWorksFloor, canManageFulfiller, loadFulfiller, type ReadCtx } from "./access.ts";
import { blanks, blankVariants, blankWarehouses, stockReservations, warehouseBoxes, warehouseStock, warehouses } from "./schema.ts";
import type { WarehouseLocation } from "./types.ts";

export type WarehouseRow = typeof warehouses.$inferSelect;
export type WarehouseBoxRow = typeof warehouseBoxes.$inferSelect;

/** A warehouse with its box presets (smallest first, as the packing bench picks them). */
export interface WarehouseDetail extends WarehouseRow {
  boxes: WarehouseBoxRow[];
}

const warehouseLists = new UntilWriteMemo<readonly WarehouseRow[]>(2_000);

/** A business's warehouses, by name (public: the fulfiller's page shows its locations); read once per page request. */
export async function listWarehouses(ctx: ReadCtx, fulfillerId: string): Promise<readonly WarehouseRow[]> {
  return readOnceKept(ctx, warehouseLists, `warehouses-of:${fulfillerId}`, async () =>
    ctx.db.select().from(warehouses).where(eq(warehouses.fulfillerId, fulfillerId)).orderBy(asc(warehouses.name)),
  );
}

/** Blank id -> the warehouses that stock it (oldest first), for any number of blanks in one query. */
export async function warehousesStockingBlanks(ctx: ReadCtx, blankIds: readonly string[]): Promise<Map<string, WarehouseLocation[]>> {
  const ids = [...new Set(blankIds)].filter(Boolean);
  const out = new Map<string, WarehouseLocation[]>();
  if (!ids.length) return out;
  const rows = await ctx.db
    .select({
      blankId: blankWarehouses.blankId,
      id: warehouses.id,
      name: warehouses.name,
      country: warehouses.country,
      region: warehouses.region,
      city: warehouses.city,
    })
    .from(blankWarehouses)
    .innerJoin(warehouses, eq(warehouses.id, blankWarehouses.warehouseId))
    .where(inArray(blankWarehouses.blankId, ids))
    .orderBy(asc(warehouses.createdAt), asc(warehouses.name));
  for (const { blankId, ...w } of rows) out.set(blankId, [...(out.get(blankId) ?? []), w]);
  return out;
}

// ---- time zones and cut-offs ----------------------------------------------------------------------

let zoneNames: Map<string, string> | undefined;

/** Every IANA time zone this runtime knows (`Intl.supportedValuesOf`), plus UTC, sorted. */
export function timeZoneNames(): string[] {
  return [...zones().values()].sort((a, b) => (a === "UTC" ? -1 : b === "UTC" ? 1 : a.localeCompare(b)));
}

function zones(): Map<string, string> {
  zoneNames ??= new Map(["UTC", ...Intl.supportedValuesOf("timeZone")].map((z) => [z.toLowerCase(), z]));
  return zoneNames;
}

/** The canonical spelling of an IANA time zone name (any case, or an old alias like Europe/Kiev), or null. */
export function canonicalTimeZone(name: string): string | null {
  const known = zones().get(name.trim().toLowerCase());
  if (known) return known;
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: name.trim() }).resolvedOptions().timeZone;
    return zones().get(resolved.toLowerCase()) ?? null;
  } catch {
    return null;
  }
}

const CUTOFF = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** "9:30" -> "09:30"; null when not a time of day (24 h). */
export function parseCutoffTime(text: string): string | null {
  const m = CUTOFF.exec(text.trim());
  return m ? `${m[1]!.padStart(2, "0")}:${m[2]}` : null;
}

export interface WarehouseClock {
  /** The warehouse's local date now, YYYY-MM-DD. */
  date: string;
  /** The warehouse's local time now, HH:MM (24 h). */
  time: string;
  /** Whether today's cut-off has passed (paid now: production starts on the next day). */
  pastCutoff: boolean;
  /** Minutes until today's cut-off (0 once it has passed). */
  minutesToCutoff: number;
}

function localParts(at: Date, timeZone: string): { date: string; minutes: number; time: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  const hour = get("hour") === "24" ? "00" : get("hour");
  return {
    date: `${get("year")}-${get("month")}-${get("day")}`,
    time: `${hour}:${get("minute")}`,
    minutes: Number(hour) * 60 + Number(get("minute")),
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The warehouse's local date and time at `at`, and where that stands against its cut-off. */
export function warehouseClock(w: Pick<WarehouseRow, "cutoffTime" | "timeZone">, at: Date): WarehouseClock {
  const local = localParts(at, w.timeZone);
  const cutoff = minutesOf(w.cutoffTime);
  return { date: local.date, time: local.time, pastCutoff: local.minutes >= cutoff, minutesToCutoff: Math.max(0, cutoff - local.minutes) };
}

/** The day after a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function nextDay(date: string, days = 1): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The warehouse's local day on which production of something paid at `paidAt` starts: that day
 * when paid before the cut-off, the next day when paid at or after it (for due dates).
 */
export function productionStartDay(w: Pick<WarehouseRow, "cutoffTime" | "timeZone">, paidAt: Date): string {
  const c = warehouseClock(w, paidAt);
  return c.pastCutoff ? nextDay(c.date) : c.date;
}

// ---- input ------------------------------------------------------------------------------------------

const oneLine = (v: unknown) => (typeof v === "string" ? oneLineText(v) : v);

/** Units per day: empty = unlimited (null); otherwise a whole number from 1 to 1,000,000. */
const capacityField = z.preprocess(
  (v) =>
    v === undefined || v === null || (typeof v === "string" && v.trim() === "")
      ? null
      : typeof v === "string"
        ? Number(v.trim().replace(/[\s,]/g, ""))
        : v,
  z
    .number({ error: "Enter the units per day as a whole number, or leave it empty for no limit." })
    .int("Enter the units per day as a whole number, or leave it empty for no limit.")
    .min(1, "Enter at least 1 unit per day, or leave it empty for no limit.")
    .max(1_000_000, "Enter at most 1,000,000 units per day.")
    .nullable(),
);

/**
 * A warehouse as a form or a caller gives it. The street address (line1, postal code) may be left
 * out entirely (undefined) by code that makes a warehouse before its address is known; once given
 * (a form always gives it, even empty), the whole address is required and checked as a shipping
 * address is: postal code per country, state or province where the country has them, a US ZIP
 * code in the state chosen.
 */
export const warehouseInputSchema = z
  .object({
    name: z.preprocess(
      oneLine,
      z.string({ error: "Enter a name." }).trim().min(1, "Enter a name.").max(80, "Use at most 80 characters for the name."),
    ),
    country: z
      .string({ error: "Choose a country." })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Use a two-letter country code, like US."),
    region: z.preprocess(oneLine, z.string().trim().max(80, "Use at most 80 characters for the region.").default("")),
    city: z.preprocess(oneLine, z.string().trim().max(80, "Use at most 80 characters for the city.").default("")),
    line1: z.preprocess(oneLine, z.string().trim().max(200, "Use at most 200 characters.").optional()),
    line2: z.preprocess(oneLine, z.string().trim().max(200, "Use at most 200 characters.").default("")),
    postalCode: z.string().trim().max(20, "Use at most 20 characters.").optional(),
    phone: phoneField,
    cutoffTime: z
      .string()
      .default("14:00")
      .transform((v, c) => {
        const t = parseCutoffTime(v);
        if (!t) c.addIssue({ code: "custom", message: "Enter the cut-off as a time of day (24 h), like 14:00." });
        return t ?? v;
      }),
    timeZone: z
      .string()
      .default("UTC")
      .transform((v, c) => {
        const tz = v.trim() ? canonicalTimeZone(v) : null;
        if (!tz)
          c.addIssue({
            code: "custom",
            message: v.trim()
              ? `${v.trim()} is not a time zone we know: choose one from the list, like Europe/Berlin.`
              : "Choose the warehouse's time zone.",
          });
        return tz ?? v;
      }),
    capacityPerDay: capacityField,
  })
  .transform((w, c) => {
    if (w.line1 === undefined && w.postalCode === undefined) return { ...w, line1: "", postalCode: "" };
    const checked = checkAddress(w);
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.errors)) c.addIssue({ code: "custom", path: [field], message });
      return z.NEVER;
    }
    return { ...w, ...checked.address };
  });

const ADDRESS_FIELDS = ["line1", "line2", "city", "region", "postalCode", "country"] as const;

/** The address rules of a shipping address (identity's addressSchema), for a warehouse's address fields. */
function checkAddress(
  raw: Record<string, unknown>,
):
  | { ok: true; address: { line1: string; line2: string; city: string; region: string; postalCode: string; country: string } }
  | { ok: false; errors: Record<string, string> } {
  const text = (k: string) => (typeof raw[k] === "string" ? (raw[k] as string) : "");
  const checked = addressSchema.safeParse({
    fullName: text("name").trim() || "Warehouse",
    line1: text("line1"),
    line2: text("line2"),
    city: text("city"),
    region: text("region"),
    postalCode: text("postalCode"),
    country: text("country"),
  });
  if (checked.success) {
    const a = checked.data;
    return {
      ok: true,
      address: { line1: a.line1, line2: a.line2, city: a.city, region: a.region, postalCode: a.postalCode, country: a.country },
    };
  }
  const errors: Record<string, string> = {};
  for (const issue of checked.error.issues) {
    const field = String(issue.path[0] ?? "");
    if ((ADDRESS_FIELDS as readonly string[]).includes(field)) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
/** A warehouse as code or a form gives it (strings as typed; see warehouseInputSchema). */
export interface WarehouseInput {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  region?: string;
  city?: string;
  /** Street address; leave line1 and postalCode out (undefined) for a warehouse without one yet. */
  line1?: string;
  line2?: string;
  postalCode?: string;
  phone?: string;
  /** 'HH:MM' (24 h) in the warehouse's time zone; defaults to 14:00. */
  cutoffTime?: string;
  /** IANA name; defaults to UTC. */
  timeZone?: string;
  /** Units per day; null or "" = no limit. */
  capacityPerDay?: number | string | null;
}
type WarehouseValues = z.output<typeof warehouseInputSchema>;

/** Every field's message at once (for a form), or null when the input is valid. */
export function warehouseInputErrors(input: WarehouseInput | Record<string, unknown>): Record<string, string> | null {
  const raw = input as Record<string, unknown>;
  const r = warehouseInputSchema.safeParse(raw);
  if (r.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) errors[String(issue.path[0] ?? "_form")] ??= issue.message;
  // Zod stops before the address check when another field is wrong: name the address's problems too.
  if (raw.line1 !== undefined || raw.postalCode !== undefined) {
    const address = checkAddress(raw);
    if (!address.ok) for (const [field, message] of Object.entries(address.errors)) errors[field] ??= message;
  }
  return errors;
}

function parseWarehouse(raw: unknown): WarehouseValues {
  const r = warehouseInputSchema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = String(issue.path[0] ?? "");
  throw new AppError(field === "country" ? "invalid-country" : "invalid-input", issue.message, 422, field || undefined);
}

async function assertNameFree(ctx: Ctx, fulfillerId: string, name: string, exceptId?: string): Promise<void> {
  const [clash] = await ctx.db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.fulfillerId, fulfillerId), eq(warehouses.name, name), exceptId ? ne(warehouses.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw new AppError("warehouse-exists", `A warehouse named “${name}” already exists in this business.`, 409, "name");
}

/** Add a warehouse to a business (its owner, or an admin). Names are unique within a business. */
export async function createWarehouse(ctx: Ctx, input: WarehouseInput & { fulfillerId: string }): Promise<WarehouseRow> {
  await assertManagesFulfiller(ctx, input.fulfillerId);
  const values = parseWarehouse(input);
  await assertNameFree(ctx, input.fulfillerId, values.name);
  const [row] = await ctx.db
    .insert(warehouses)
    .values({ id: newId("wh"), fulfillerId: input.fulfillerId, ...values })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError("warehouse-exists", `A warehouse named “${values.name}” already exists in this business.`, 409, "name");
  return row;
}

/**
 * Change a warehouse (the business's owner, or an admin). Fields left out keep their values; a
 * warehouse that has a street address keeps needing a complete one.
 */
export async function updateWarehouse(ctx: Ctx, warehouseId: string, input: Partial<WarehouseInput>): Promise<WarehouseRow> {
  const current = await loadWarehouse(ctx, warehouseId);
  await assertManagesFulfiller(ctx, current.fulfillerId);
  const hasAddress = current.line1 !== "" || current.postalCode !== "";
  const merged: Record<string, unknown> = {
    name: current.name,
    country: current.country,
    region: current.region,
    city: current.city,
    line2: current.line2,
    phone: current.phone,
    cutoffTime: current.cutoffTime,
    timeZone: current.timeZone,
    capacityPerDay: current.capacityPerDay,
    ...(hasAddress ? { line1: current.line1, postalCode: current.postalCode } : {}),
  };
  for (const [k, v] of Object.entries(input)) if (v !== undefined) merged[k] = v;
  const values = parseWarehouse(merged);
  await assertNameFree(ctx, current.fulfillerId, values.name, warehouseId);
  const [row] = await ctx.db.update(warehouses).set(values).where(eq(warehouses.id, warehouseId)).returning();
  return row!;
}

async function loadWarehouse(ctx: ReadCtx, warehouseId: string): Promise<WarehouseRow> {
  const [row] = await ctx.db.select().from(warehouses).where(eq(warehouses.id, warehouseId)).limit(1);
  if (!row) throw notFound("The warehouse");
  return row;
}

/** The warehouse if the actor manages its business (404 when missing, 403 otherwise). */
async function managedWarehouse(ctx: Ctx, warehouseId: string): Promise<WarehouseRow> {
  const row = await loadWarehouse(ctx, warehouseId);
  await assertManagesFulfiller(ctx, row.fulfillerId);
  return row;
}

/** The warehouse, for whoever manages its print shop or works its floor (packing picks its boxes). */
async function floorWarehouse(ctx: Ctx, warehouseId: string): Promise<WarehouseRow> {
  const row = await loadWarehouse(ctx, warehouseId);
  await assertWorksFloor(ctx, row.fulfillerId);
  return row;
}

async function readableWarehouse(ctx: Ctx, warehouseId: string): Promise<WarehouseRow> {
  const row = await loadWarehouse(ctx, warehouseId);
  if (!canManageFulfiller(ctx, await loadFulfiller(ctx, row.fulfillerId)))
    throw forbidden("You can only manage your own fulfillment businesses.");
  return row;
}

/** One warehouse with its box presets, for its business's owner (suspended or not) or an admin. */
export async function getWarehouse(ctx: Ctx, warehouseId: string): Promise<WarehouseDetail> {
  const row = await readableWarehouse(ctx, warehouseId);
  const boxes = await listBoxesOf(ctx, [warehouseId]);
  return { ...row, boxes: boxes.get(warehouseId) ?? [] };
}

/** A business's warehouse by its name (the batches' pages name warehouses in their address), or null. */
export async function findWarehouseByName(ctx: Ctx, fulfillerId: string, name: string): Promise<WarehouseDetail | null> {
  const [row] = await ctx.db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.fulfillerId, fulfillerId), eq(warehouses.name, name)))
    .limit(1);
  return row ? getWarehouse(ctx, row.id) : null;
}

/** A business's warehouse as its list page shows it: with the units it holds and the variants it makes. */
export interface WarehouseSummary extends WarehouseRow {
  /** Units on hand over the variants it counts (made-to-order variants count none). */
  unitsOnHand: number;
  /** Units held by open orders. */
  unitsReserved: number;
  /** Blank variants it counts stock of. */
  trackedVariants: number;
  /** Blanks it makes. */
  blanks: number;
}

/** The business's warehouses with their stock figures (its owner, or an admin). */
export async function listWarehouseSummaries(ctx: Ctx, fulfillerId: string): Promise<WarehouseSummary[]> {
  await assertManagesFulfiller(ctx, fulfillerId);
  const rows = await listWarehouses(ctx, fulfillerId);
  if (!rows.length) return [];
  const ids = rows.map((w) => w.id);
  const [stock, made] = await Promise.all([
    ctx.db
      .select({
        warehouseId: warehouseStock.warehouseId,
        onHand: sql<number>`coalesce(sum(${warehouseStock.onHand}), 0)::int`,
        reserved: sql<number>`coalesce(sum(${warehouseStock.reserved}), 0)::int`,
        variants: sql<number>`count(*)::int`,
      })
      .from(warehouseStock)
      .where(inArray(warehouseStock.warehouseId, ids))
      .groupBy(warehouseStock.warehouseId),
    ctx.db
      .select({ warehouseId: blankWarehouses.warehouseId, blanks: sql<number>`count(*)::int` })
      .from(blankWarehouses)
      .where(inArray(blankWarehouses.warehouseId, ids))
      .groupBy(blankWarehouses.warehouseId),
  ]);
  const s = new Map(stock.map((r) => [r.warehouseId, r]));
  const m = new Map(made.map((r) => [r.warehouseId, r.blanks]));
  return rows.map((w) => ({
    ...w,
    unitsOnHand: Number(s.get(w.id)?.onHand ?? 0),
    unitsReserved: Number(s.get(w.id)?.reserved ?? 0),
    trackedVariants: Number(s.get(w.id)?.variants ?? 0),
    blanks: Number(m.get(w.id) ?? 0),
  }));
}

/**
 * The warehouse's address for a label or a manifest: the business's name and the warehouse's
 * street address. Refused (409, on line1) while the warehouse has no street address.
 */
export async function warehouseAddress(ctx: Ctx, warehouseId: string): Promise<PostalAddress> {
  const w = await floorWarehouse(ctx, warehouseId);
  if (!w.line1 || !w.postalCode || !w.city)
    throw new AppError(
      "warehouse-without-address",
      `The warehouse “${w.name}” has no street address yet: add it on the warehouse's page before making labels.`,
      409,
      "line1",
    );
  const business = await loadFulfiller(ctx, w.fulfillerId);
  return {
    name: business.name,
    line1: w.line1,
    ...(w.line2 ? { line2: w.line2 } : {}),
    city: w.city,
    region: w.region,
    postalCode: w.postalCode,
    country: w.country,
    ...(w.phone ? { phone: w.phone } : {}),
  };
}

// ---- capacity ---------------------------------------------------------------------------------------

/**
 * Units already booked against a warehouse on each of the given local days (YYYY-MM-DD). The
 * fulfillment module does not know production: the production module supplies this (through the
 * caller) once it schedules lines; without it, `capacityFor` reports no booked figures.
 */
export type BookedUnitsSource = (warehouseId: string, days: readonly string[]) => Promise<ReadonlyMap<string, number>>;

export interface CapacityDay {
  /** The warehouse's local date, YYYY-MM-DD. */
  date: string;
  /** Units it can make that day (null: no limit set). */
  capacity: number | null;
  /** Units booked that day, or null when no source of bookings was given. */
  booked: number | null;
  /** capacity − booked (never below 0), or null when either is unknown. */
  free: number | null;
}

export interface WarehouseCapacity {
  warehouseId: string;
  capacityPerDay: number | null;
  timeZone: string;
  days: CapacityDay[];
}

/**
 * A warehouse's capacity over the next `days` local days from now (today first). Booked units come
 * only from `bookedUnits` (the production module's figures); without it they are null, never guessed.
 */
export async function capacityFor(
  ctx: Ctx,
  warehouseId: string,
  options: { days?: number; bookedUnits?: BookedUnitsSource } = {},
): Promise<WarehouseCapacity> {
  const w = await managedWarehouse(ctx, warehouseId);
  const count = Math.min(Math.max(options.days ?? 7, 1), 60);
  const today = warehouseClock(w, ctx.clock.now()).date;
  const dates = Array.from({ length: count }, (_, i) => nextDay(today, i));
  const booked = options.bookedUnits ? await options.bookedUnits(w.id, dates) : null;
  return {
    warehouseId: w.id,
    capacityPerDay: w.capacityPerDay,
    timeZone: w.timeZone,
    days: dates.map((date) => {
      const b = booked ? (booked.get(date) ?? 0) : null;
      return {
        date,
        capacity: w.capacityPerDay,
        booked: b,
        free: b === null || w.capacityPerDay === null ? null : Math.max(0, w.capacityPerDay - b),
      };
    }),
  };
}

// ---- box presets -----------------------------------------------------------------------------------

const sizeField = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim().replace(",", "."))) : v),
    z
      .number({ error: `Enter the ${label} in centimetres.` })
      .refine((n) => Number.isFinite(n) && n > 0, `Enter the ${label} in centimetres, more than 0.`)
      .refine((n) => n <= 300, `Enter at most 300 cm for the ${label}.`)
      .transform((n) => Math.round(n * 10) / 10),
  );

const gramsField = (message: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim().replace(/[\s,]/g, ""))) : v),
    z
      .number({ error: message })
      .int(message)
      .min(0, message)
      .max(max, `Enter at most ${max.toLocaleString("en-US")} grams.`),
  );

export const boxInputSchema = z
  .object({
    name: z.preprocess(
      oneLine,
      z.string({ error: "Name the box." }).trim().min(1, "Name the box.").max(60, "Use at most 60 characters for the name."),
    ),
    lengthCm: sizeField("length"),
    widthCm: sizeField("width"),
    heightCm: sizeField("height"),
    weightGrams: gramsField("Enter the empty box's weight in whole grams.", 50_000),
    maxWeightGrams: z.preprocess(
      (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
      gramsField("Enter the most the packed box may weigh in whole grams, or leave it empty.", 150_000).optional(),
    ),
    sortOrder: z.number().int().min(0).max(10_000).optional(),
  })
  .superRefine((b, c) => {
    if (b.maxWeightGrams !== undefined && b.maxWeightGrams <= b.weightGrams)
      c.addIssue({ code: "custom", path: ["maxWeightGrams"], message: "The most a packed box may weigh must be more than the empty box." });
  });
/** A box preset as code or a form gives it (sizes in cm, weights in grams; strings as typed). */
export interface BoxInput {
  name: string;
  lengthCm: number | string;
  widthCm: number | string;
  heightCm: number | string;
  /** The empty box. */
  weightGrams: number | string;
  /** Most the packed box may weigh; null, "" or undefined = no limit. */
  maxWeightGrams?: number | string | null;
  sortOrder?: number;
}

/** Every field's message at once (for a form), or null when the box is valid. */
export function boxInputErrors(raw: unknown): Record<string, string> | null {
  const r = boxInputSchema.safeParse(raw);
  if (r.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) errors[String(issue.path[0] ?? "_form")] ??= issue.message;
  return errors;
}

async function listBoxesOf(ctx: ReadCtx, warehouseIds: string[]): Promise<Map<string, WarehouseBoxRow[]>> {
  const out = new Map<string, WarehouseBoxRow[]>();
  if (!warehouseIds.length) return out;
  const rows = await ctx.db
    .select()
    .from(warehouseBoxes)
    .where(inArray(warehouseBoxes.warehouseId, warehouseIds))
    .orderBy(
      asc(warehouseBoxes.sortOrder),
      asc(sql`${warehouseBoxes.lengthCm} * ${warehouseBoxes.widthCm} * ${warehouseBoxes.heightCm}`),
      asc(warehouseBoxes.name),
    );
  for (const r of rows) out.set(r.warehouseId, [...(out.get(r.warehouseId) ?? []), r]);
  return out;
}

/** A warehouse's box presets, smallest first (its business's owner, an admin or the system). */
export async function listWarehouseBoxes(ctx: Ctx, warehouseId: string): Promise<WarehouseBoxRow[]> {
  await floorWarehouse(ctx, warehouseId);
  return (await listBoxesOf(ctx, [warehouseId])).get(warehouseId) ?? [];
}

/** One box preset (for a parcel), or 404; only its warehouse's business and admins. */
export async function getWarehouseBox(ctx: Ctx, boxId: string): Promise<WarehouseBoxRow> {
  const [box] = await ctx.db.select().from(warehouseBoxes).where(eq(warehouseBoxes.id, boxId)).limit(1);
  if (!box) throw notFound("The box");
  await floorWarehouse(ctx, box.warehouseId);
  return box;
}

/** Add a box preset to a warehouse, or change one (`id`). Names are unique within a warehouse. */
export async function saveWarehouseBox(ctx: Ctx, input: BoxInput & { warehouseId: string; id?: string }): Promise<WarehouseBoxRow> {
  const w = await managedWarehouse(ctx, input.warehouseId);
  const r = boxInputSchema.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new AppError("invalid-box", issue.message, 422, String(issue.path[0] ?? "") || undefined);
  }
  const { sortOrder, maxWeightGrams, ...values } = r.data;
  return transaction(ctx.db, async (tx) => {
    const t = withDb(ctx, tx);
    if (input.id) {
      const [box] = await t.db.select().from(warehouseBoxes).where(eq(warehouseBoxes.id, input.id)).limit(1);
      if (!box || box.warehouseId !== w.id) throw notFound("The box");
    }
    const [clash] = await t.db
      .select({ id: warehouseBoxes.id })
      .from(warehouseBoxes)
      .where(
        and(
          eq(warehouseBoxes.warehouseId, w.id),
          eq(warehouseBoxes.name, values.name),
          input.id ? ne(warehouseBoxes.id, input.id) : undefined,
        ),
      )
      .limit(1);
    if (clash) throw new AppError("box-exists", `${w.name} already has a box named “${values.name}”.`, 409, "name");
    const set = { ...values, maxWeightGrams: maxWeightGrams ?? null, ...(sortOrder !== undefined ? { sortOrder } : {}) };
    if (input.id) {
      const [row] = await t.db.update(warehouseBoxes).set(set).where(eq(warehouseBoxes.id, input.id)).returning();
      return row!;
    }
    const [row] = await t.db
      .insert(warehouseBoxes)
      .values({ id: newId("box"), warehouseId: w.id, ...set })
      .returning();
    return row!;
  });
}

/** Remove a box preset (parcels keep the sizes they were packed with). */
export async function deleteWarehouseBox(ctx: Ctx, input: { warehouseId: string; boxId: string }): Promise<void> {
  await managedWarehouse(ctx, input.warehouseId);
  const gone = await ctx.db
    .delete(warehouseBoxes)
    .where(and(eq(warehouseBoxes.id, input.boxId), eq(warehouseBoxes.warehouseId, input.warehouseId)))
    .returning({ id: warehouseBoxes.id });
  if (!gone.length) throw notFound("The box");
}

// ---- which blanks a warehouse makes ----------------------------------------------------------------

/** A blank of the business and whether this warehouse makes it. */
export interface WarehouseBlankChoice {
  id: string;
  name: string;
  status: string;
  madeHere: boolean;
}

/** The business's blanks, each with whether the warehouse makes it (its owner, or an admin). */
export async function listWarehouseBlanks(ctx: Ctx, warehouseId: string): Promise<WarehouseBlankChoice[]> {
  const w = await readableWarehouse(ctx, warehouseId);
  const rows = await ctx.db
    .select({ id: blanks.id, name: blanks.name, status: blanks.status, madeHere: blankWarehouses.warehouseId })
    .from(blanks)
    .leftJoin(blankWarehouses, and(eq(blankWarehouses.blankId, blanks.id), eq(blankWarehouses.warehouseId, w.id)))
    .where(eq(blanks.fulfillerId, w.fulfillerId))
    .orderBy(asc(blanks.name));
  return rows.map((r) => ({ id: r.id, name: r.name, status: r.status, madeHere: r.madeHere !== null }));
}

/**
 * Set which of the business's blanks the warehouse makes (its owner, or an admin), in one
 * transaction. A blank cannot leave a warehouse while open orders wait for it there.
 */
export async function setWarehouseBlanks(
  ctx: Ctx,
  warehouseId: string,
  blankIds: readonly string[],
): Promise<{ added: number; removed: number }> {
  const w = await managedWarehouse(ctx, warehouseId);
  const wanted = new Set(blankIds);
  const all = await listWarehouseBlanks(ctx, w.id);
  const known = new Set(all.map((b) => b.id));
  if ([...wanted].some((id) => !known.has(id)))
    throw new AppError("invalid-blank", "Choose blanks of this fulfillment business.", 422, "blankIds");
  const add = all.filter((b) => wanted.has(b.id) && !b.madeHere);
  const remove = all.filter((b) => !wanted.has(b.id) && b.madeHere);
  if (!add.length && !remove.length) return { added: 0, removed: 0 };
  return transaction(ctx.db, async (tx) => {
    if (remove.length) {
      const waiting = await tx
        .selectDistinct({ blankId: blankVariants.blankId })
        .from(stockReservations)
        .innerJoin(blankVariants, eq(blankVariants.id, stockReservations.blankVariantId))
        .where(
          and(
            eq(stockReservations.warehouseId, w.id),
            eq(stockReservations.status, "held"),
            inArray(
              blankVariants.blankId,
              remove.map((b) => b.id),
            ),
          ),
        );
      if (waiting.length) {
        const names = remove.filter((b) => waiting.some((x) => x.blankId === b.id)).map((b) => `“${b.name}”`);
        throw new AppError(
          "blank-in-use",
          `Open orders wait for ${names.join(", ")} from ${w.name}: it can stop making ${names.length === 1 ? "it" : "them"} once they ship or are cancelled.`,
          409,
          "blankIds",
        );
      }
      await tx.delete(blankWarehouses).where(
        and(
          eq(blankWarehouses.warehouseId, w.id),
          inArray(
            blankWarehouses.blankId,
            remove.map((b) => b.id),
          ),
        ),
      );
    }
    if (add.length)
      await tx
        .insert(blankWarehouses)
        .values(add.map((b) => ({ blankId: b.id, warehouseId: w.id })))
        .onConflictDoNothing();
    await tx
      .update(blanks)
      .set({ updatedAt: ctx.clock.now() })
      .where(
        inArray(
          blanks.id,
          [...add, ...remove].map((b) => b.id),
        ),
      );
    return { added: add.length, removed: remove.length };
  });
}
