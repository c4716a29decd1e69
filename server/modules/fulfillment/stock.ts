// Stock per warehouse × blank variant, and the holds orders put on it (ADR 0012). No stock row
// means made to order: such a variant never runs out.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { AppError, notFound, type Ctx } from "../../kernel/index.ts";
import { assertManagesFulfiller, type ReadCtx } from "./access.ts";
import { blanks, blankVariants, blankWarehouses, stockReservations, warehouseStock, warehouses } from "./schema.ts";
import type { StockRowView } from "./types.ts";

export interface StockItem {
  warehouseId: string;
  blankVariantId: string;
  quantity: number;
}
export type ReserveResult = { ok: true } | { ok: false; soldOut: { warehouseId: string; blankVariantId: string; available: number }[] };

class SoldOut extends Error {
  constructor(readonly soldOut: { warehouseId: string; blankVariantId: string; available: number }[]) {
    super("sold out");
  }
}

function merge(items: readonly StockItem[]): StockItem[] {
  const byKey = new Map<string, StockItem>();
  for (const it of items) {
    if (!Number.isInteger(it.quantity) || it.quantity < 1)
      throw new AppError("invalid-quantity", "Choose a quantity of at least 1.", 422, "quantity");
    const k = `${it.warehouseId}\u0000${it.blankVariantId}`;
    const prev = byKey.get(k);
    byKey.set(k, prev ? { ...prev, quantity: prev.quantity + it.quantity } : { ...it });
  }
  // A fixed order, so concurrent callers lock rows in the same sequence (no deadlocks).
  return [...byKey.values()].sort((a, b) => (a.warehouseId + a.blankVariantId < b.warehouseId + b.blankVariantId ? -1 : 1));
}

/**
 * Hold stock for an order, all or nothing, in the caller's transaction. Each tracked item is one
 * conditional UPDATE (`on_hand - reserved >= quantity`); untracked variants always succeed.
 * Calling again for the same order, warehouse and variant changes nothing.
 */
export async function reserveStock(ctx: Ctx, input: { orderId: string; items: StockItem[] }): Promise<ReserveResult> {
  const items = merge(input.items);
  try {
    await ctx.db.transaction(async (tx) => {
      const soldOut: { warehouseId: string; blankVariantId: string; available: number }[] = [];
      for (const it of items) {
        const [fresh] = await tx
          .insert(stockReservations)
          .values({
            orderId: input.orderId,
            warehouseId: it.warehouseId,
            blankVariantId: it.blankVariantId,
            quantity: it.quantity,
            status: "held",
          })
          .onConflictDoNothing()
          .returning({ orderId: stockReservations.orderId });
        if (!fresh) continue; // already reserved for this order
        const [taken] = await tx
          .update(warehouseStock)
          .set({ reserved: sql`${warehouseStock.reserved} + ${it.quantity}`, updatedAt: sql`now()` })
          .where(
            and(
              eq(warehouseStock.warehouseId, it.warehouseId),
              eq(warehouseStock.blankVariantId, it.blankVariantId),
              sql`${warehouseStock.onHand} - ${warehouseStock.reserved} >= ${it.quantity}`,
            ),
          )
          .returning({ onHand: warehouseStock.onHand });
        if (taken) continue;
        const [row] = await tx
          .select({ onHand: warehouseStock.onHand, reserved: warehouseStock.reserved })
          .from(warehouseStock)
          .where(and(eq(warehouseStock.warehouseId, it.warehouseId), eq(warehouseStock.blankVariantId, it.blankVariantId)))
          .limit(1);
        if (!row) {
          // Made to order: nothing to count.
          await tx
            .update(stockReservations)
            .set({ tracked: false })
            .where(
              and(
                eq(stockReservations.orderId, input.orderId),
                eq(stockReservations.warehouseId, it.warehouseId),
                eq(stockReservations.blankVariantId, it.blankVariantId),
              ),
            );
          continue;
        }
        soldOut.push({ warehouseId: it.warehouseId, blankVariantId: it.blankVariantId, available: Math.max(0, row.onHand - row.reserved) });
      }
      if (soldOut.length) throw new SoldOut(soldOut);
    });
  } catch (error) {
    if (error instanceof SoldOut) return { ok: false, soldOut: error.soldOut };
    throw error;
  }
  return { ok: true };
}

async function settle(ctx: Ctx, orderId: string, to: "released" | "committed", warehouseId?: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(stockReservations)
      .set({ status: to, updatedAt: sql`now()` })
      .where(
        and(
          eq(stockReservations.orderId, orderId),
          eq(stockReservations.status, "held"),
          warehouseId ? eq(stockReservations.warehouseId, warehouseId) : undefined,
        ),
      )
      .returning();
    for (const r of moved
      .filter((m) => m.tracked)
      .sort((a, b) => (a.warehouseId + a.blankVariantId < b.warehouseId + b.blankVariantId ? -1 : 1))) {
      await tx
        .update(warehouseStock)
        .set({
          reserved: sql`greatest(0, ${warehouseStock.reserved} - ${r.quantity})`,
          ...(to === "committed" ? { onHand: sql`greatest(0, ${warehouseStock.onHand} - ${r.quantity})` } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(warehouseStock.warehouseId, r.warehouseId), eq(warehouseStock.blankVariantId, r.blankVariantId)));
    }
  });
}

/** Give back an order's held units (unpaid order expired, or cancelled); calling again changes nothing. */
export async function releaseStock(ctx: Ctx, orderId: string): Promise<void> {
  await settle(ctx, orderId, "released");
}

/** The order's units left a warehouse (its group shipped): on hand and reserved both go down; idempotent. */
export async function commitStock(ctx: Ctx, input: { orderId: string; warehouseId: string }): Promise<void> {
  await settle(ctx, input.orderId, "committed", input.warehouseId);
}

/**
 * Units available per blank variant, summed over the warehouses that stock its blank; null when
 * any of them makes it to order (does not track it), or no warehouse stocks it.
 */
export async function stockLevels(ctx: ReadCtx, blankVariantIds: string[]): Promise<Map<string, number | null>> {
  const ids = [...new Set(blankVariantIds)].filter(Boolean);
  const out = new Map<string, number | null>();
  if (!ids.length) return out;
  const rows = await ctx.db
    .select({
      variantId: blankVariants.id,
      warehouseId: blankWarehouses.warehouseId,
      onHand: warehouseStock.onHand,
      reserved: warehouseStock.reserved,
    })
    .from(blankVariants)
    .innerJoin(blankWarehouses, eq(blankWarehouses.blankId, blankVariants.blankId))
    .leftJoin(
      warehouseStock,
      and(eq(warehouseStock.warehouseId, blankWarehouses.warehouseId), eq(warehouseStock.blankVariantId, blankVariants.id)),
    )
    .where(inArray(blankVariants.id, ids));
  const sums = new Map<string, number>();
  const untracked = new Set<string>();
  for (const r of rows) {
    if (r.onHand === null || r.reserved === null) untracked.add(r.variantId);
    else sums.set(r.variantId, (sums.get(r.variantId) ?? 0) + Math.max(0, r.onHand - r.reserved));
  }
  for (const id of ids) out.set(id, untracked.has(id) || !sums.has(id) ? null : sums.get(id)!);
  return out;
}

/** Every warehouse × variant of the business's blanks that the warehouse stocks, with its figures. */
export async function listStock(ctx: Ctx, fulfillerId: string): Promise<StockRowView[]> {
  await assertManagesFulfiller(ctx, fulfillerId);
  const rows = await ctx.db
    .select({
      warehouseId: warehouses.id,
      warehouseName: warehouses.name,
      blankId: blanks.id,
      blankName: blanks.name,
      blankVariantId: blankVariants.id,
      sku: blankVariants.sku,
      color: blankVariants.color,
      size: blankVariants.size,
      onHand: warehouseStock.onHand,
      reserved: warehouseStock.reserved,
    })
    .from(blankWarehouses)
    .innerJoin(warehouses, eq(warehouses.id, blankWarehouses.warehouseId))
    .innerJoin(blanks, eq(blanks.id, blankWarehouses.blankId))
    .innerJoin(blankVariants, eq(blankVariants.blankId, blanks.id))
    .leftJoin(warehouseStock, and(eq(warehouseStock.warehouseId, warehouses.id), eq(warehouseStock.blankVariantId, blankVariants.id)))
    .where(and(eq(blanks.fulfillerId, fulfillerId), eq(warehouses.fulfillerId, fulfillerId)))
    .orderBy(asc(warehouses.name), asc(blanks.name), asc(blankVariants.sortOrder), asc(blankVariants.sku));
  return rows.map((r) => ({
    ...r,
    reserved: r.reserved ?? 0,
    available: r.onHand === null ? null : Math.max(0, r.onHand - (r.reserved ?? 0)),
  }));
}

/** Set the units on hand (null: stop tracking, made to order). Refused below what orders hold. */
export async function setStock(ctx: Ctx, input: { warehouseId: string; blankVariantId: string; onHand: number | null }): Promise<void> {
  const [wh] = await ctx.db
    .select({ fulfillerId: warehouses.fulfillerId })
    .from(warehouses)
    .where(eq(warehouses.id, input.warehouseId))
    .limit(1);
  if (!wh) throw notFound("The warehouse");
  await assertManagesFulfiller(ctx, wh.fulfillerId);
  const [variant] = await ctx.db
    .select({ fulfillerId: blanks.fulfillerId })
    .from(blankVariants)
    .innerJoin(blanks, eq(blanks.id, blankVariants.blankId))
    .where(eq(blankVariants.id, input.blankVariantId))
    .limit(1);
  if (variant?.fulfillerId !== wh.fulfillerId) throw notFound("The blank variant");
  const onHand = input.onHand;
  if (onHand !== null && (!Number.isInteger(onHand) || onHand < 0 || onHand > 1_000_000))
    throw new AppError(
      "invalid-stock",
      "Enter a whole number of units from 0 to 1,000,000, or leave it empty for made to order.",
      422,
      "onHand",
    );
  const where = and(eq(warehouseStock.warehouseId, input.warehouseId), eq(warehouseStock.blankVariantId, input.blankVariantId));
  const [current] = await ctx.db.select().from(warehouseStock).where(where).limit(1);
  if (onHand === null) {
    if (current && current.reserved > 0)
      throw new AppError(
        "stock-reserved",
        `Open orders hold ${current.reserved} of these units; tracking can stop once they ship or are cancelled.`,
        409,
        "onHand",
      );
    await ctx.db.delete(warehouseStock).where(and(where, eq(warehouseStock.reserved, 0)));
    return;
  }
  if (!current) {
    await ctx.db
      .insert(warehouseStock)
      .values({ warehouseId: input.warehouseId, blankVariantId: input.blankVariantId, onHand })
      .onConflictDoUpdate({
        target: [warehouseStock.warehouseId, warehouseStock.blankVariantId],
        set: { onHand, updatedAt: sql`now()` },
        setWhere: sql`${warehouseStock.reserved} <= ${onHand}`,
      });
    return;
  }
  const [done] = await ctx.db
    .update(warehouseStock)
    .set({ onHand, updatedAt: sql`now()` })
    .where(and(where, sql`${warehouseStock.reserved} <= ${onHand}`))
    .returning({ onHand: warehouseStock.onHand });
  if (!done)
    throw new AppError(
      "stock-reserved",
      `Open orders hold ${current.reserved} of these units; on hand cannot be less than ${current.reserved}.`,
      409,
      "onHand",
    );
}
