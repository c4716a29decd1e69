// Fulfillment businesses (print shops) and their warehouses. Minimal for the catalogue issue;
// batches, parcels and shipments come with the fulfillment issue.
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { newId, type Db } from "../../infra/db/index.ts";
import { AppError, assertRole, type Ctx } from "../../kernel/index.ts";
import { fulfillers, warehouses } from "./schema.ts";

export type FulfillerRow = typeof fulfillers.$inferSelect;
export type WarehouseRow = typeof warehouses.$inferSelect;

const stripAt = (h: string) => h.trim().toLowerCase().replace(/^@/, "");

/** A fulfillment business by handle (with or without the leading `@`), or null. */
export async function getFulfillerByHandle(ctx: Ctx, handle: string): Promise<FulfillerRow | null> {
  const [row] = await ctx.db
    .select()
    .from(fulfillers)
    .where(eq(fulfillers.handle, stripAt(handle)))
    .limit(1);
  return row ?? null;
}

export async function getFulfillerById(ctx: Ctx, id: string): Promise<FulfillerRow | null> {
  const [row] = await ctx.db.select().from(fulfillers).where(eq(fulfillers.id, id)).limit(1);
  return row ?? null;
}

/** Whether a handle is taken by a fulfillment business (handles are unique across stores and fulfillers). */
export async function isFulfillerHandleTaken(db: Db, handle: string): Promise<boolean> {
  const [row] = await db
    .select({ id: fulfillers.id })
    .from(fulfillers)
    .where(eq(fulfillers.handle, stripAt(handle)))
    .limit(1);
  return Boolean(row);
}

/** The fulfillment businesses a user owns. */
export async function listFulfillersOfUser(ctx: Ctx, userId: string): Promise<FulfillerRow[]> {
  return ctx.db.select().from(fulfillers).where(eq(fulfillers.ownerUserId, userId)).orderBy(asc(fulfillers.name));
}

/** Fulfillment businesses linked to a store, or owned by one of `ownerIds`. */
export async function listFulfillersForStore(ctx: Ctx, storeId: string, ownerIds: readonly string[] = []): Promise<FulfillerRow[]> {
  const cond = ownerIds.length
    ? or(eq(fulfillers.storeId, storeId), inArray(fulfillers.ownerUserId, [...ownerIds]))
    : eq(fulfillers.storeId, storeId);
  return ctx.db
    .select()
    .from(fulfillers)
    .where(and(cond, eq(fulfillers.status, "active")))
    .orderBy(asc(fulfillers.name));
}

export async function listWarehouses(ctx: Ctx, fulfillerId: string): Promise<WarehouseRow[]> {
  return ctx.db.select().from(warehouses).where(eq(warehouses.fulfillerId, fulfillerId)).orderBy(asc(warehouses.name));
}

export interface CreateFulfillerInput {
  handle: string;
  name: string;
  ownerUserId: string;
  storeId?: string | null;
  description?: string;
  capabilities?: string[];
}

/** Create a fulfillment business (system or admin; used by the demo seed). Idempotent by handle. */
export async function createFulfiller(ctx: Ctx, input: CreateFulfillerInput): Promise<FulfillerRow> {
  assertRole(ctx, "admin", "Only admins can create fulfillment businesses.");
  const handle = stripAt(input.handle);
  if (!/^[a-z0-9](?:[a-z0-9-]{1,28}[a-z0-9])$/.test(handle))
    throw new AppError("invalid-handle", "Use lowercase letters, digits and dashes.", 400, "handle");
  const existing = await getFulfillerByHandle(ctx, handle);
  if (existing) return existing;
  const [row] = await ctx.db
    .insert(fulfillers)
    .values({
      id: newId("ful"),
      handle,
      name: input.name.trim(),
      ownerUserId: input.ownerUserId,
      storeId: input.storeId ?? null,
      description: input.description ?? "",
      capabilities: input.capabilities ?? [],
    })
    .onConflictDoNothing()
    .returning();
  return row ?? (await getFulfillerByHandle(ctx, handle))!;
}

/** Add a warehouse to a fulfillment business (idempotent by name). */
export async function createWarehouse(
  ctx: Ctx,
  input: { fulfillerId: string; name: string; country: string; region?: string; city?: string },
): Promise<WarehouseRow> {
  assertRole(ctx, "admin", "Only admins can create warehouses.");
  const country = input.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw new AppError("invalid-country", "Use a two-letter country code, like US.", 400, "country");
  await ctx.db
    .insert(warehouses)
    .values({
      id: newId("wh"),
      fulfillerId: input.fulfillerId,
      name: input.name.trim(),
      country,
      region: input.region ?? "",
      city: input.city ?? "",
    })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.fulfillerId, input.fulfillerId), eq(warehouses.name, input.name.trim())))
    .limit(1);
  return row!;
}
