// Warehouses of a fulfillment business, and which of them stock a blank (the shipping estimate).
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import { newId } from "../../infra/db/index.ts";
import { AppError, notFound, type Ctx } from "../../kernel/index.ts";
import { assertManagesFulfiller, type ReadCtx } from "./access.ts";
import { blankWarehouses, warehouses } from "./schema.ts";
import type { WarehouseLocation } from "./types.ts";

export type WarehouseRow = typeof warehouses.$inferSelect;

/** A business's warehouses, by name (public: the fulfiller's page shows its locations). */
export async function listWarehouses(ctx: ReadCtx, fulfillerId: string): Promise<WarehouseRow[]> {
  return ctx.db.select().from(warehouses).where(eq(warehouses.fulfillerId, fulfillerId)).orderBy(asc(warehouses.name));
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

export const warehouseInputSchema = z.object({
  name: z.string({ error: "Enter a name." }).trim().min(1, "Enter a name.").max(80, "Use at most 80 characters for the name."),
  country: z
    .string({ error: "Use a two-letter country code, like US." })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Use a two-letter country code, like US."),
  region: z.string().trim().max(80, "Use at most 80 characters for the region.").default(""),
  city: z.string().trim().max(80, "Use at most 80 characters for the city.").default(""),
});
export type WarehouseInput = z.input<typeof warehouseInputSchema>;

function parseWarehouse(raw: unknown) {
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

/** Change a warehouse's name or location (the business's owner, or an admin). */
export async function updateWarehouse(ctx: Ctx, warehouseId: string, input: WarehouseInput): Promise<WarehouseRow> {
  const [current] = await ctx.db.select().from(warehouses).where(eq(warehouses.id, warehouseId)).limit(1);
  if (!current) throw notFound("The warehouse");
  await assertManagesFulfiller(ctx, current.fulfillerId);
  const values = parseWarehouse(input);
  await assertNameFree(ctx, current.fulfillerId, values.name, warehouseId);
  const [row] = await ctx.db.update(warehouses).set(values).where(eq(warehouses.id, warehouseId)).returning();
  return row!;
}
