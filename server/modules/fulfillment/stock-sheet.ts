// A warehouse's stock as a CSV sheet (`sku,on_hand,bin`): exported for a spreadsheet, imported
// back with every bad row named (row, column, message) and nothing written until all are right.
import { eq } from "drizzle-orm";
import { parseCsv, toCsv } from "../../infra/csv/index.ts";
import { AppError, notFound, type Ctx } from "../../kernel/index.ts";
import { assertManagesFulfiller } from "./access.ts";
import { warehouses } from "./schema.ts";
import { listWarehouseStock, parseBin, parseOnHand, sheetVariants, stockProblems, writeStock, type StockEntry } from "./stock.ts";
import { STOCK_SHEET_COLUMNS, type SheetRowError } from "./types.ts";

/** The most a stock sheet may hold (the upload route refuses larger files before reading them). */
export const STOCK_SHEET_MAX_BYTES = 2 * 1024 * 1024;
export const STOCK_SHEET_MAX_ROWS = 20_000;

/** A refused stock sheet: every row at fault with its column and message. Nothing was written. */
export class StockSheetError extends AppError {
  constructor(readonly rows: SheetRowError[]) {
    super(
      "invalid-stock-sheet",
      rows.length === 1
        ? `Row ${rows[0]!.row} of the sheet needs fixing; nothing was saved.`
        : `${rows.length} rows of the sheet need fixing; nothing was saved.`,
      422,
      "file",
    );
  }
}

async function warehouseOf(ctx: Ctx, warehouseId: string) {
  const [wh] = await ctx.db
    .select({ id: warehouses.id, name: warehouses.name, fulfillerId: warehouses.fulfillerId })
    .from(warehouses)
    .where(eq(warehouses.id, warehouseId))
    .limit(1);
  if (!wh) throw notFound("The warehouse");
  await assertManagesFulfiller(ctx, wh.fulfillerId);
  return wh;
}

/** A file name for a warehouse's sheet: `stock-leipzig-2026-03-05.csv`. */
function sheetName(warehouseName: string, at: Date): string {
  const slug =
    warehouseName
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "warehouse";
  return `stock-${slug}-${at.toISOString().slice(0, 10)}.csv`;
}

/**
 * The warehouse's stock as CSV (its owner, or an admin): one row per variant of the blanks it
 * makes, `on_hand` empty for made to order.
 */
export async function exportStockSheet(ctx: Ctx, warehouseId: string): Promise<{ filename: string; csv: string; rows: number }> {
  const rows = await listWarehouseStock(ctx, warehouseId);
  const name = rows[0]?.warehouseName ?? (await warehouseOf(ctx, warehouseId)).name;
  const csv = toCsv(
    rows.map((r) => ({ sku: r.sku, on_hand: r.onHand, bin: r.bin })),
    STOCK_SHEET_COLUMNS,
  );
  return { filename: sheetName(name, ctx.clock.now()), csv, rows: rows.length };
}

/**
 * Read a stock sheet into a warehouse (its owner, or an admin). Columns `sku` and `on_hand` are
 * required, `bin` optional (left out: bins stay as they are). Every row is checked first: an
 * unknown SKU, a SKU this warehouse does not make, a repeated SKU, a figure that is negative, not
 * whole, or below what open orders hold, a bad bin; any problem throws StockSheetError naming
 * each row, and nothing is written. Otherwise all rows are written in one transaction; rows left
 * out of the sheet are not touched.
 */
export async function importStockSheet(ctx: Ctx, warehouseId: string, text: string): Promise<{ changed: number; unchanged: number }> {
  const wh = await warehouseOf(ctx, warehouseId);
  if (text.length > STOCK_SHEET_MAX_BYTES)
    throw new AppError("stock-sheet-too-large", "This sheet is larger than 2 MB: split it into several files.", 413, "file");
  if (text.includes("\u0000") || text.includes("\uFFFD"))
    throw new AppError("stock-sheet-not-text", "This file is not a CSV sheet: save it from your spreadsheet as CSV (UTF-8).", 422, "file");
  const parsed = parseCsv(text);
  const errors: SheetRowError[] = parsed.errors.map((e) => ({ row: e.row, column: "", message: e.message }));
  if (!parsed.columns.length)
    throw new StockSheetError([
      { row: 1, column: "", message: "The sheet is empty: its first row names the columns sku, on_hand and bin." },
    ]);
  const header: SheetRowError[] = [];
  const seen = new Set<string>();
  for (const c of parsed.columns) {
    if (!(STOCK_SHEET_COLUMNS as readonly string[]).includes(c))
      header.push({
        row: 1,
        column: c,
        message: c
          ? `“${c}” is not a column of the stock sheet: use sku, on_hand and bin.`
          : "A column has no name: use sku, on_hand and bin.",
      });
    else if (seen.has(c)) header.push({ row: 1, column: c, message: `The column “${c}” appears twice.` });
    seen.add(c);
  }
  for (const c of ["sku", "on_hand"])
    if (!seen.has(c))
      header.push({ row: 1, column: c, message: `The sheet has no “${c}” column: its first row names the columns sku, on_hand and bin.` });
  if (header.length) throw new StockSheetError(header);
  if (!parsed.rows.length && !errors.length)
    throw new StockSheetError([{ row: 2, column: "", message: "The sheet has no rows under its header." }]);
  if (parsed.rows.length > STOCK_SHEET_MAX_ROWS)
    throw new StockSheetError([
      {
        row: STOCK_SHEET_MAX_ROWS + 2,
        column: "",
        message: `A sheet may have at most ${STOCK_SHEET_MAX_ROWS.toLocaleString("en-US")} rows: split it.`,
      },
    ]);

  const variants = await sheetVariants(ctx, wh);
  const bySku = new Map(variants.map((v) => [v.sku.toLowerCase(), v]));
  const firstRow = new Map<string, number>();
  const entries: StockEntry[] = [];
  const entryRows: number[] = [];
  parsed.rows.forEach((values, i) => {
    const row = parsed.lines[i]!;
    const bad = (column: string, message: string) => errors.push({ row, column, message });
    const sku = values.sku ?? "";
    let variantId: string | null = null;
    if (!sku) bad("sku", "Enter the SKU.");
    else {
      const v = bySku.get(sku.toLowerCase());
      const again = firstRow.get(sku.toLowerCase());
      if (!v) bad("sku", `No blank of yours has the SKU “${sku}”.`);
      else if (!v.offered) bad("sku", `“${v.sku}” (${v.blankName}) is not made in ${wh.name}: add the blank to this warehouse first.`);
      else if (again !== undefined) bad("sku", `“${v.sku}” is already on row ${again}.`);
      else variantId = v.id;
      if (again === undefined) firstRow.set(sku.toLowerCase(), row);
    }
    const onHand = parseOnHand(values.on_hand ?? "");
    if (onHand !== null && typeof onHand === "object") bad("on_hand", onHand.message);
    const bin = "bin" in values ? parseBin(values.bin ?? "") : undefined;
    if (typeof bin === "object") bad("bin", bin.message);
    if (variantId && (onHand === null || typeof onHand === "number") && typeof bin !== "object") {
      entries.push({ blankVariantId: variantId, onHand, bin });
      entryRows.push(row);
    }
  });
  // What open orders hold is checked with the rest, so one upload names every problem.
  for (const p of await stockProblems(ctx, wh.id, entries)) errors.push({ row: entryRows[p.index]!, column: p.column, message: p.message });
  if (errors.length) throw new StockSheetError(sortRows(errors));
  const result = await writeStock(ctx, wh.id, entries);
  if (result.problems.length)
    throw new StockSheetError(sortRows(result.problems.map((p) => ({ row: entryRows[p.index]!, column: p.column, message: p.message }))));
  return { changed: result.changed, unchanged: result.unchanged };
}

const ORDER = ["", ...STOCK_SHEET_COLUMNS] as string[];
const sortRows = (rows: SheetRowError[]) => rows.sort((a, b) => a.row - b.row || ORDER.indexOf(a.column) - ORDER.indexOf(b.column));
