// A fulfiller's shipping profile: destination zones and the rates per blank or category (ADR 0012).
import { and, asc, eq } from "drizzle-orm";
import { newId } from "../../infra/db/index.ts";
import { AppError, notFound, type Ctx } from "../../kernel/index.ts";
import { assertManagesFulfiller, loadFulfiller, canManageFulfiller } from "./access.ts";
import { blanks, shippingRates, shippingZones, warehouses } from "./schema.ts";
import {
  parseOr422,
  shippingRateInputSchema,
  shippingZoneInputSchema,
  type ShippingRateInput,
  type ShippingZoneInput,
} from "./shipping-input.ts";
import type { ShippingRateView, ShippingZoneView } from "./types.ts";
import { forbidden } from "../../kernel/index.ts";

export interface ShippingProfile {
  zones: (ShippingZoneView & { rates: ShippingRateView[] })[];
}

/** The business's zones (in their order) with their rates; its owner or an admin. */
export async function listShippingProfile(ctx: Ctx, fulfillerId: string): Promise<ShippingProfile> {
  const fulfiller = await loadFulfiller(ctx, fulfillerId);
  if (!canManageFulfiller(ctx, fulfiller)) throw forbidden("You can only manage your own fulfillment businesses.");
  const zones = await ctx.db
    .select({ id: shippingZones.id, name: shippingZones.name, regions: shippingZones.regions, sortOrder: shippingZones.sortOrder })
    .from(shippingZones)
    .where(eq(shippingZones.fulfillerId, fulfillerId))
    .orderBy(asc(shippingZones.sortOrder), asc(shippingZones.name));
  const rates = await ctx.db
    .select({
      id: shippingRates.id,
      zoneId: shippingRates.zoneId,
      blankId: shippingRates.blankId,
      blankName: blanks.name,
      category: shippingRates.category,
      warehouseId: shippingRates.warehouseId,
      warehouseName: warehouses.name,
      firstItemMinor: shippingRates.firstItemMinor,
      additionalItemMinor: shippingRates.additionalItemMinor,
      currency: shippingRates.currency,
      minDays: shippingRates.minDays,
      maxDays: shippingRates.maxDays,
    })
    .from(shippingRates)
    .leftJoin(blanks, eq(blanks.id, shippingRates.blankId))
    .leftJoin(warehouses, eq(warehouses.id, shippingRates.warehouseId))
    .where(eq(shippingRates.fulfillerId, fulfillerId))
    .orderBy(asc(shippingRates.category), asc(blanks.name), asc(warehouses.name), asc(shippingRates.id));
  return { zones: zones.map((z) => ({ ...z, rates: rates.filter((r) => r.zoneId === z.id) })) };
}

/** Add a zone, or change one (with `id`). Zone names are unique within a business. */
export async function saveShippingZone(ctx: Ctx, input: ShippingZoneInput): Promise<ShippingZoneView> {
  const v = parseOr422(shippingZoneInputSchema, input);
  await assertManagesFulfiller(ctx, v.fulfillerId);
  const [clash] = await ctx.db
    .select({ id: shippingZones.id })
    .from(shippingZones)
    .where(and(eq(shippingZones.fulfillerId, v.fulfillerId), eq(shippingZones.name, v.name)))
    .limit(1);
  if (clash && clash.id !== v.id) throw new AppError("zone-exists", `A zone named “${v.name}” already exists.`, 409, "name");
  const values = { name: v.name, regions: v.regions, sortOrder: v.sortOrder };
  if (v.id) {
    const [row] = await ctx.db
      .update(shippingZones)
      .set(values)
      .where(and(eq(shippingZones.id, v.id), eq(shippingZones.fulfillerId, v.fulfillerId)))
      .returning();
    if (!row) throw notFound("The shipping zone");
    return { id: row.id, name: row.name, regions: row.regions, sortOrder: row.sortOrder };
  }
  const [row] = await ctx.db
    .insert(shippingZones)
    .values({ id: newId("shz"), fulfillerId: v.fulfillerId, ...values })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError("zone-exists", `A zone named “${v.name}” already exists.`, 409, "name");
  return { id: row.id, name: row.name, regions: row.regions, sortOrder: row.sortOrder };
}

async function zoneOf(ctx: Ctx, zoneId: string) {
  const [zone] = await ctx.db.select().from(shippingZones).where(eq(shippingZones.id, zoneId)).limit(1);
  if (!zone) throw notFound("The shipping zone");
  return zone;
}

/** Delete a zone; refused while rates use it (delete those first). */
export async function deleteShippingZone(ctx: Ctx, zoneId: string): Promise<void> {
  const zone = await zoneOf(ctx, zoneId);
  await assertManagesFulfiller(ctx, zone.fulfillerId);
  const used = await ctx.db.$count(shippingRates, eq(shippingRates.zoneId, zoneId));
  if (used > 0)
    throw new AppError(
      "zone-in-use",
      `The zone “${zone.name}” still has ${used} rate${used === 1 ? "" : "s"}; delete ${used === 1 ? "it" : "them"} first.`,
      409,
    );
  await ctx.db.delete(shippingZones).where(eq(shippingZones.id, zoneId));
}

/** Add a rate, or change one (with `id`): the zone, blank and warehouse must belong to the same business. */
export async function saveShippingRate(ctx: Ctx, input: ShippingRateInput): Promise<{ id: string }> {
  const v = parseOr422(shippingRateInputSchema, input);
  await assertManagesFulfiller(ctx, v.fulfillerId);
  const zone = await zoneOf(ctx, v.zoneId);
  if (zone.fulfillerId !== v.fulfillerId) throw new AppError("invalid-input", "Choose one of your own zones.", 422, "zoneId");
  if (v.blankId) {
    const [b] = await ctx.db.select({ fulfillerId: blanks.fulfillerId }).from(blanks).where(eq(blanks.id, v.blankId)).limit(1);
    if (b?.fulfillerId !== v.fulfillerId) throw new AppError("invalid-input", "Choose one of your own blanks.", 422, "blankId");
  }
  if (v.warehouseId) {
    const [w] = await ctx.db
      .select({ fulfillerId: warehouses.fulfillerId })
      .from(warehouses)
      .where(eq(warehouses.id, v.warehouseId))
      .limit(1);
    if (w?.fulfillerId !== v.fulfillerId) throw new AppError("invalid-input", "Choose one of your own warehouses.", 422, "warehouseId");
  }
  const values = {
    zoneId: v.zoneId,
    blankId: v.blankId,
    category: v.category,
    warehouseId: v.warehouseId,
    firstItemMinor: v.firstItemMinor,
    additionalItemMinor: v.additionalItemMinor,
    minDays: v.minDays,
    maxDays: v.maxDays,
  };
  if (v.id) {
    const [row] = await ctx.db
      .update(shippingRates)
      .set(values)
      .where(and(eq(shippingRates.id, v.id), eq(shippingRates.fulfillerId, v.fulfillerId)))
      .returning({ id: shippingRates.id });
    if (!row) throw notFound("The shipping rate");
    return row;
  }
  const [row] = await ctx.db
    .insert(shippingRates)
    .values({ id: newId("shr"), fulfillerId: v.fulfillerId, ...values })
    .returning({ id: shippingRates.id });
  return row!;
}

export async function deleteShippingRate(ctx: Ctx, rateId: string): Promise<void> {
  const [rate] = await ctx.db.select().from(shippingRates).where(eq(shippingRates.id, rateId)).limit(1);
  if (!rate) throw notFound("The shipping rate");
  await assertManagesFulfiller(ctx, rate.fulfillerId);
  await ctx.db.delete(shippingRates).where(eq(shippingRates.id, rateId));
}
