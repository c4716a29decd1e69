// Stock per warehouse × blank variant, and the holds orders put on it (ADR 0012). No stock row
// means made to order: such a variant never runs out.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { transaction } from "../../infra/db/index.ts";
import { AppError, notFound, type Ctx } from "../../kernel/index.ts";
import { assertManagesFulfiller, assertWorksFloor, type ReadCtx } from "./access.ts";
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
  await assertWorksFloor(ctx, fulfillerId);
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
      bin: warehouseStock.bin,
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
    bin: r.bin ?? "",
    available: r.onHand === null ? null : Math.max(0, r.onHand - (r.reserved ?? 0)),
  }));
}

/**
 * Set the units on hand (null: stop tracking, made to order) and, for counted stock, its bin
 * (undefined keeps the bin). Refused below what orders hold.
 */
export async function setStock(
  ctx: Ctx,
  input: { warehouseId: string; blankVariantId: string; onHand: number | null; bin?: string },
): Promise<void> {
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
  const bin = input.bin === undefined ? undefined : parseBin(input.bin);
  if (typeof bin === "object") throw new AppError("invalid-bin", bin.message, 422, "bin");
  if (onHand === null && bin) throw new AppError("bin-without-stock", BIN_WITHOUT_STOCK, 422, "bin");
  const binSet = bin === undefined ? {} : { bin };
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
      .values({ warehouseId: input.warehouseId, blankVariantId: input.blankVariantId, onHand, ...binSet })
      .onConflictDoUpdate({
        target: [warehouseStock.warehouseId, warehouseStock.blankVariantId],
        set: { onHand, ...binSet, updatedAt: sql`now()` },
        setWhere: sql`${warehouseStock.reserved} <= ${onHand}`,
      });
    return;
  }
  const [done] = await ctx.db
    .update(warehouseStock)
    .set({ onHand, ...binSet, updatedAt: sql`now()` })
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

// ---- a warehouse's stock sheet: its page's table and its CSV (issue 23) -----------------------------

export const STOCK_MAX = 1_000_000;
const BIN_WITHOUT_STOCK = "A bin is kept with counted stock: enter the units on hand too, or leave the bin empty.";

/** Units on hand as typed: "" or null = made to order (null); a whole number 0..1,000,000; or why not. */
export function parseOnHand(raw: string | number | null): number | null | { message: string } {
  if (raw === null) return null;
  const text = String(raw).trim();
  if (text === "") return null;
  if (/^-\s*\d/.test(text)) return { message: "Units on hand cannot be negative." };
  if (/^\d+[.,]\d+$/.test(text)) return { message: "Enter a whole number of units, like 12." };
  if (!/^\d{1,9}$/.test(text)) return { message: "Enter a whole number of units (0 or more), or leave it empty for made to order." };
  const n = Number(text);
  return n > STOCK_MAX ? { message: "Enter at most 1,000,000 units." } : n;
}

/** A bin as typed: letters, digits, spaces and . _ / # - (at most 40, starting with a letter or digit), or why not. */
export function parseBin(raw: string): string | { message: string } {
  const text = raw.trim().replace(/\s+/g, " ");
  if (text === "" || /^[A-Za-z0-9][A-Za-z0-9 ._/#-]{0,39}$/.test(text)) return text;
  return { message: "Use at most 40 letters, digits, spaces and . _ / # - for the bin, starting with a letter or digit." };
}

/** A business's blank variant as a stock sheet sees it: whether this warehouse makes it. */
export interface SheetVariant {
  id: string;
  sku: string;
  blankName: string;
  offered: boolean;
}

async function loadWarehouseFor(ctx: Ctx, warehouseId: string) {
  const [wh] = await ctx.db
    .select({ id: warehouses.id, name: warehouses.name, fulfillerId: warehouses.fulfillerId })
    .from(warehouses)
    .where(eq(warehouses.id, warehouseId))
    .limit(1);
  if (!wh) throw notFound("The warehouse");
  await assertManagesFulfiller(ctx, wh.fulfillerId);
  return wh;
}

/** Every blank variant of the business, with whether the warehouse makes its blank. */
export async function sheetVariants(ctx: Ctx, wh: { id: string; fulfillerId: string }): Promise<SheetVariant[]> {
  const rows = await ctx.db
    .select({ id: blankVariants.id, sku: blankVariants.sku, blankName: blanks.name, offered: blankWarehouses.warehouseId })
    .from(blankVariants)
    .innerJoin(blanks, eq(blanks.id, blankVariants.blankId))
    .leftJoin(blankWarehouses, and(eq(blankWarehouses.blankId, blanks.id), eq(blankWarehouses.warehouseId, wh.id)))
    .where(eq(blanks.fulfillerId, wh.fulfillerId));
  return rows.map((r) => ({ id: r.id, sku: r.sku, blankName: r.blankName, offered: r.offered !== null }));
}

/** One warehouse's stock: every variant of the blanks it makes (its owner, or an admin). */
export async function listWarehouseStock(ctx: Ctx, warehouseId: string): Promise<StockRowView[]> {
  const wh = await loadWarehouseFor(ctx, warehouseId);
  const rows = await ctx.db
    .select({
      blankId: blanks.id,
      blankName: blanks.name,
      blankVariantId: blankVariants.id,
      sku: blankVariants.sku,
      color: blankVariants.color,
      size: blankVariants.size,
      onHand: warehouseStock.onHand,
      reserved: warehouseStock.reserved,
      bin: warehouseStock.bin,
    })
    .from(blankWarehouses)
    .innerJoin(blanks, eq(blanks.id, blankWarehouses.blankId))
    .innerJoin(blankVariants, eq(blankVariants.blankId, blanks.id))
    .leftJoin(warehouseStock, and(eq(warehouseStock.warehouseId, wh.id), eq(warehouseStock.blankVariantId, blankVariants.id)))
    .where(and(eq(blankWarehouses.warehouseId, wh.id), eq(blanks.fulfillerId, wh.fulfillerId)))
    .orderBy(asc(blanks.name), asc(blankVariants.sortOrder), asc(blankVariants.sku));
  return rows.map((r) => ({
    ...r,
    warehouseId: wh.id,
    warehouseName: wh.name,
    reserved: r.reserved ?? 0,
    bin: r.bin ?? "",
    available: r.onHand === null ? null : Math.max(0, r.onHand - (r.reserved ?? 0)),
  }));
}

/** One change of a stock sheet, checked for its format: the variant, units on hand (null: made to order), bin (undefined: keep). */
export interface StockEntry {
  blankVariantId: string;
  onHand: number | null;
  bin: string | undefined;
}

/** Why one entry of `writeStock` cannot be written (`index` into its entries). */
export interface StockProblem {
  index: number;
  column: "on_hand" | "bin";
  message: string;
}

class Rollback extends Error {
  constructor(readonly problems: StockProblem[]) {
    super("rollback");
  }
}

const held = (n: number) => `Open orders hold ${n} of these units`;

/**
 * What in `entries` of one warehouse's stock cannot be written: a figure below what open orders
 * hold, made to order while orders hold units, a bin without a figure. Also the entries that change
 * something (the others are left alone).
 */
async function checkStock(
  ctx: Ctx,
  warehouseId: string,
  entries: readonly StockEntry[],
): Promise<{ problems: StockProblem[]; changes: { index: number; entry: StockEntry }[] }> {
  const problems: StockProblem[] = [];
  const ids = [...new Set(entries.map((e) => e.blankVariantId))];
  const current = new Map(
    (ids.length
      ? await ctx.db
          .select()
          .from(warehouseStock)
          .where(and(eq(warehouseStock.warehouseId, warehouseId), inArray(warehouseStock.blankVariantId, ids)))
      : []
    ).map((r) => [r.blankVariantId, r]),
  );
  const changes: { index: number; entry: StockEntry }[] = [];
  entries.forEach((entry, index) => {
    const cur = current.get(entry.blankVariantId);
    if (entry.onHand === null) {
      if (entry.bin) problems.push({ index, column: "bin", message: BIN_WITHOUT_STOCK });
      if (cur && cur.reserved > 0)
        problems.push({ index, column: "on_hand", message: `${held(cur.reserved)}: keep counting them until they ship or are cancelled.` });
      if (cur) changes.push({ index, entry });
      return;
    }
    if (cur && cur.reserved > entry.onHand)
      problems.push({ index, column: "on_hand", message: `${held(cur.reserved)}; on hand cannot be less than ${cur.reserved}.` });
    if (!cur || cur.onHand !== entry.onHand || (entry.bin !== undefined && entry.bin !== cur.bin)) changes.push({ index, entry });
  });
  return { problems, changes };
}

/** The problems of `entries` without writing anything (see writeStock). */
export async function stockProblems(ctx: Ctx, warehouseId: string, entries: readonly StockEntry[]): Promise<StockProblem[]> {
  return (await checkStock(ctx, warehouseId, entries)).problems;
}

/**
 * Write checked entries of one warehouse's stock, all or nothing: each against what open orders
 * hold, in one transaction (rows locked in a fixed order). Returns the problems instead of writing
 * when any entry cannot be written, and how many rows changed otherwise.
 */
export async function writeStock(
  ctx: Ctx,
  warehouseId: string,
  entries: readonly StockEntry[],
): Promise<{ problems: StockProblem[]; changed: number; unchanged: number }> {
  const { problems, changes } = await checkStock(ctx, warehouseId, entries);
  if (problems.length) return { problems, changed: 0, unchanged: 0 };
  changes.sort((a, b) => (a.entry.blankVariantId < b.entry.blankVariantId ? -1 : 1));
  try {
    await transaction(ctx.db, async (tx) => {
      const raced: StockProblem[] = [];
      for (const { index, entry } of changes) {
        const where = and(eq(warehouseStock.warehouseId, warehouseId), eq(warehouseStock.blankVariantId, entry.blankVariantId));
        if (entry.onHand === null) {
          // Only a row no order holds stops being counted (locked, so no order takes it meanwhile).
          const [row] = await tx.select({ reserved: warehouseStock.reserved }).from(warehouseStock).where(where).for("update").limit(1);
          if (row && row.reserved > 0)
            raced.push({
              index,
              column: "on_hand",
              message: `${held(row.reserved)}: keep counting them until they ship or are cancelled.`,
            });
          else if (row) await tx.delete(warehouseStock).where(where);
          continue;
        }
        const bin = entry.bin === undefined ? {} : { bin: entry.bin };
        const [done] = await tx
          .insert(warehouseStock)
          .values({ warehouseId, blankVariantId: entry.blankVariantId, onHand: entry.onHand, ...bin })
          .onConflictDoUpdate({
            target: [warehouseStock.warehouseId, warehouseStock.blankVariantId],
            set: { onHand: entry.onHand, ...bin, updatedAt: sql`now()` },
            setWhere: sql`${warehouseStock.reserved} <= ${entry.onHand}`,
          })
          .returning({ onHand: warehouseStock.onHand });
        if (!done) {
          const [now] = await tx.select({ reserved: warehouseStock.reserved }).from(warehouseStock).where(where).limit(1);
          raced.push({
            index,
            column: "on_hand",
            message: `${held(now?.reserved ?? 0)}; on hand cannot be less than ${now?.reserved ?? 0}.`,
          });
        }
      }
      if (raced.length) throw new Rollback(raced);
    });
  } catch (error) {
    if (error instanceof Rollback) return { problems: error.problems, changed: 0, unchanged: 0 };
    throw error;
  }
  return { problems: [], changed: changes.length, unchanged: entries.length - changes.length };
}

/** Refused edits of a warehouse's stock table: each message on its variant's field; nothing was written. */
export class StockRowsError extends AppError {
  constructor(readonly problems: { blankVariantId: string; field: "onHand" | "bin"; message: string }[]) {
    super(
      "invalid-stock",
      problems.length === 1 ? problems[0]!.message : `${problems.length} figures need fixing; nothing was saved.`,
      422,
      "stock",
    );
  }
}

/**
 * Save edits of a warehouse's stock table (its owner, or an admin): units on hand as typed ("" for
 * made to order) and bins (undefined keeps one). Every bad figure is named (StockRowsError) and
 * then nothing is written; otherwise all of it is, in one transaction.
 */
export async function saveWarehouseStock(
  ctx: Ctx,
  input: { warehouseId: string; rows: readonly { blankVariantId: string; onHand: string | number | null; bin?: string }[] },
): Promise<{ changed: number }> {
  const wh = await loadWarehouseFor(ctx, input.warehouseId);
  const offered = new Set((await sheetVariants(ctx, wh)).filter((v) => v.offered).map((v) => v.id));
  const problems: StockRowsError["problems"] = [];
  const entries: StockEntry[] = [];
  for (const row of input.rows) {
    if (!offered.has(row.blankVariantId)) throw notFound("The blank variant");
    const onHand = parseOnHand(row.onHand);
    const bin = row.bin === undefined ? undefined : parseBin(row.bin);
    if (typeof onHand === "object" && onHand !== null)
      problems.push({ blankVariantId: row.blankVariantId, field: "onHand", message: onHand.message });
    if (typeof bin === "object") problems.push({ blankVariantId: row.blankVariantId, field: "bin", message: bin.message });
    if ((typeof onHand === "number" || onHand === null) && typeof bin !== "object")
      entries.push({ blankVariantId: row.blankVariantId, onHand, bin });
  }
  for (const p of await stockProblems(ctx, wh.id, entries))
    problems.push({ blankVariantId: entries[p.index]!.blankVariantId, field: p.column === "bin" ? "bin" : "onHand", message: p.message });
  if (problems.length) throw new StockRowsError(problems);
  const result = await writeStock(ctx, wh.id, entries);
  if (result.problems.length)
    throw new StockRowsError(
      result.problems.map((p) => ({
        blankVariantId: entries[p.index]!.blankVariantId,
        field: p.column === "bin" ? "bin" : "onHand",
        message: p.message,
      })),
    );
  return { changed: result.changed };
}
