import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import type { StockRowsError } from "./index.ts";
import {
  createBlank,
  createFulfiller,
  createWarehouse,
  exportStockSheet,
  importStockSheet,
  listWarehouseStock,
  reserveStock,
  saveWarehouseStock,
  setFulfillerStatus,
  StockSheetError,
  type FulfillerRow,
  type WarehouseRow,
} from "./index.ts";
import { admin, otherFulfiller, owner, shopper, teeInput, visitor } from "./test-fixtures.ts";
import { refusal } from "../../../tests/support/refusal.ts";

const t = useTestDatabase();

describe("a warehouse's stock: the table and the CSV sheet", () => {
  let shop: FulfillerRow;
  let leipzig: WarehouseRow;
  let portland: WarehouseRow;
  /** SKUs of the tee made in Leipzig (3 variants) and of the hoodie made in Portland only. */
  let tee: string[];
  let hoodie: string;
  let rivalSku: string;
  const snapshot = async () => (await listWarehouseStock(t.ctx(owner), leipzig.id)).map((r) => [r.sku, r.onHand, r.reserved, r.bin]);

  beforeAll(async () => {
    shop = await createFulfiller(t.ctx(admin), { handle: "sheet-shop", name: "Sheet shop", ownerUserId: "usr_owner" });
    const rival = await createFulfiller(t.ctx(admin), { handle: "sheet-rival", name: "Rival", ownerUserId: "usr_other" });
    leipzig = await createWarehouse(t.ctx(owner), { fulfillerId: shop.id, name: "Leipzig", country: "DE", city: "Leipzig" });
    portland = await createWarehouse(t.ctx(owner), { fulfillerId: shop.id, name: "Portland", country: "US", region: "OR" });
    const rivalWarehouse = await createWarehouse(t.ctx(otherFulfiller), { fulfillerId: rival.id, name: "Austin", country: "US" });
    await createBlank(t.ctx(owner), teeInput(shop.id, { name: "Sheet tee", warehouseIds: [leipzig.id, portland.id] }));
    await createBlank(
      t.ctx(owner),
      teeInput(shop.id, {
        name: "Sheet hoodie",
        category: "hoodies",
        variants: [
          { color: "White", size: "M", sku: `HOOD-${Date.now().toString(36).toUpperCase()}`, baseCostMinor: 2000, weightGrams: 500 },
        ],
        warehouseIds: [portland.id],
      }),
    );
    await createBlank(t.ctx(otherFulfiller), teeInput(rival.id, { name: "Rival tee", warehouseIds: [rivalWarehouse.id] }));
    tee = (await listWarehouseStock(t.ctx(owner), leipzig.id)).map((r) => r.sku);
    hoodie = (await listWarehouseStock(t.ctx(owner), portland.id)).find((r) => r.blankName === "Sheet hoodie")!.sku;
    rivalSku = (await listWarehouseStock(t.ctx(otherFulfiller), rivalWarehouse.id))[0]!.sku;
  });

  it("exports every variant the warehouse makes, made to order as an empty figure", async () => {
    expect(tee).toHaveLength(3);
    const sheet = await exportStockSheet(t.ctx(owner), leipzig.id);
    expect(sheet.filename).toMatch(/^stock-leipzig-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(sheet.csv).toBe(`sku,on_hand,bin\n${tee.map((s) => `${s},,`).join("\n")}\n`);
  });

  it("imports a sheet and exports it back the same (round trip); rows left out are not touched", async () => {
    const text = `sku,on_hand,bin\n${tee[0]},12,A-01\n${tee[1]},0,"Shelf 2, top"\n${tee[2]},,\n`;
    await expect(importStockSheet(t.ctx(owner), leipzig.id, text)).rejects.toThrow(); // a comma is not allowed in a bin
    const good = `sku,on_hand,bin\n${tee[0]},12,A-01\n${tee[1]},0,Shelf 2/top\n${tee[2]},,\n`;
    expect(await importStockSheet(t.ctx(owner), leipzig.id, good)).toEqual({ changed: 2, unchanged: 1 });
    expect((await exportStockSheet(t.ctx(owner), leipzig.id)).csv).toBe(good);
    // again: nothing changes
    expect(await importStockSheet(t.ctx(owner), leipzig.id, good)).toEqual({ changed: 0, unchanged: 3 });
    // a byte order mark, upper-case headers, another column order, and no bin column (bins stay)
    const partial = `\uFEFFON_HAND,SKU\r\n15,${tee[0]!.toLowerCase()}\r\n`;
    expect(await importStockSheet(t.ctx(owner), leipzig.id, partial)).toEqual({ changed: 1, unchanged: 0 });
    expect(await snapshot()).toEqual([
      [tee[0], 15, 0, "A-01"],
      [tee[1], 0, 0, "Shelf 2/top"],
      [tee[2], null, 0, ""],
    ]);
  });

  it("names every bad row with its column, and writes nothing", async () => {
    await reserveStock(t.ctx(owner), {
      orderId: "ord_sheet_hold",
      items: [
        { warehouseId: leipzig.id, blankVariantId: (await listWarehouseStock(t.ctx(owner), leipzig.id))[0]!.blankVariantId, quantity: 4 },
      ],
    });
    const before = await snapshot();
    const text = [
      "sku,on_hand,bin",
      `${tee[0]},3,A-01`, // row 2: below the 4 units orders hold
      `NOPE-1,5,`, // row 3: unknown SKU
      `${hoodie},5,`, // row 4: not made in Leipzig
      `${rivalSku},5,`, // row 5: another business's SKU
      `${tee[1]},-2,`, // row 6: negative
      `${tee[2]},2.5,`, // row 7: not whole
      `${tee[1]},7,`, // row 8: repeated
      `,4,`, // row 9: no SKU
    ].join("\n");
    const e = await refusal<StockSheetError>(importStockSheet(t.ctx(owner), leipzig.id, text));
    expect(e).toBeInstanceOf(StockSheetError);
    expect([e.status, e.field, e.message]).toEqual([422, "file", "8 rows of the sheet need fixing; nothing was saved."]);
    expect(e.rows).toEqual([
      { row: 2, column: "on_hand", message: "Open orders hold 4 of these units; on hand cannot be less than 4." },
      { row: 3, column: "sku", message: "No blank of yours has the SKU “NOPE-1”." },
      { row: 4, column: "sku", message: `“${hoodie}” (Sheet hoodie) is not made in Leipzig: add the blank to this warehouse first.` },
      { row: 5, column: "sku", message: `No blank of yours has the SKU “${rivalSku}”.` },
      { row: 6, column: "on_hand", message: "Units on hand cannot be negative." },
      { row: 7, column: "on_hand", message: "Enter a whole number of units, like 12." },
      { row: 8, column: "sku", message: `“${tee[1]}” is already on row 6.` },
      { row: 9, column: "sku", message: "Enter the SKU." },
    ]);
    // bins: one without a figure, one that a spreadsheet would run as a formula; a short row
    const bins = ["sku,on_hand,bin", `${tee[1]},,B-1`, `${tee[2]},8,=cmd()`, `${tee[0]},8`].join("\n");
    expect((await refusal<StockSheetError>(importStockSheet(t.ctx(owner), leipzig.id, bins))).rows).toEqual([
      { row: 2, column: "bin", message: "A bin is kept with counted stock: enter the units on hand too, or leave the bin empty." },
      {
        row: 3,
        column: "bin",
        message: "Use at most 40 letters, digits, spaces and . _ / # - for the bin, starting with a letter or digit.",
      },
      { row: 4, column: "", message: "This row has a different number of columns than the header." },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a sheet without its columns, with unknown ones, empty or not text", async () => {
    const before = await snapshot();
    const header = async (text: string) => (await refusal<StockSheetError>(importStockSheet(t.ctx(owner), leipzig.id, text))).rows;
    expect(await header(`sku,onhand\n${tee[0]},1\n`)).toEqual([
      { row: 1, column: "onhand", message: "“onhand” is not a column of the stock sheet: use sku, on_hand and bin." },
      { row: 1, column: "on_hand", message: "The sheet has no “on_hand” column: its first row names the columns sku, on_hand and bin." },
    ]);
    expect(await header("")).toEqual([
      { row: 1, column: "", message: "The sheet is empty: its first row names the columns sku, on_hand and bin." },
    ]);
    expect(await header("sku,on_hand,bin\n")).toEqual([{ row: 2, column: "", message: "The sheet has no rows under its header." }]);
    const binary = await refusal(importStockSheet(t.ctx(owner), leipzig.id, "PK\u0003\u0004\u0000\u0000"));
    expect([binary.status, binary.field]).toEqual([422, "file"]);
    expect(await snapshot()).toEqual(before);
  });

  it("saves the page's table all or nothing, each bad figure on its own field", async () => {
    const rows = await listWarehouseStock(t.ctx(owner), leipzig.id);
    const [held, second, third] = rows.map((r) => r.blankVariantId) as [string, string, string];
    const before = await snapshot();
    const e = await refusal<StockRowsError>(
      saveWarehouseStock(t.ctx(owner), {
        warehouseId: leipzig.id,
        rows: [
          { blankVariantId: second, onHand: "20", bin: "C-3" },
          { blankVariantId: held, onHand: "" }, // orders hold 4: cannot stop counting
          { blankVariantId: third, onHand: "x", bin: "#" },
        ],
      }),
    );
    // every problem at once: the figures' format and what open orders hold
    expect(e.problems).toEqual([
      {
        blankVariantId: third,
        field: "onHand",
        message: "Enter a whole number of units (0 or more), or leave it empty for made to order.",
      },
      {
        blankVariantId: third,
        field: "bin",
        message: "Use at most 40 letters, digits, spaces and . _ / # - for the bin, starting with a letter or digit.",
      },
      {
        blankVariantId: held,
        field: "onHand",
        message: "Open orders hold 4 of these units: keep counting them until they ship or are cancelled.",
      },
    ]);
    expect(e.message).toBe("3 figures need fixing; nothing was saved.");
    expect(await snapshot()).toEqual(before);
    expect(
      await saveWarehouseStock(t.ctx(owner), {
        warehouseId: leipzig.id,
        rows: [
          { blankVariantId: second, onHand: "20", bin: "C-3" },
          { blankVariantId: held, onHand: 4 },
        ],
      }),
    ).toEqual({ changed: 2 });
    expect((await snapshot()).slice(0, 2)).toEqual([
      [tee[0], 4, 4, "A-01"],
      [tee[1], 20, 0, "C-3"],
    ]);
    // a variant the warehouse does not make is not found
    const hoodieId = (await listWarehouseStock(t.ctx(owner), portland.id)).find((r) => r.sku === hoodie)!.blankVariantId;
    expect(
      (await refusal(saveWarehouseStock(t.ctx(owner), { warehouseId: leipzig.id, rows: [{ blankVariantId: hoodieId, onHand: 1 }] })))
        .status,
    ).toBe(404);
  });

  it("only the business's owner and admins read or write the sheet; a suspended owner cannot write", async () => {
    const good = `sku,on_hand\n${tee[1]},21\n`;
    for (const actor of [otherFulfiller, shopper, visitor]) {
      expect((await refusal(exportStockSheet(t.ctx(actor), leipzig.id))).status).toBe(403);
      expect((await refusal(importStockSheet(t.ctx(actor), leipzig.id, good))).status).toBe(403);
      expect((await refusal(listWarehouseStock(t.ctx(actor), leipzig.id))).status).toBe(403);
      expect(
        (await refusal(saveWarehouseStock(t.ctx(actor), { warehouseId: leipzig.id, rows: [{ blankVariantId: "bvr_x", onHand: 1 }] })))
          .status,
      ).toBe(403);
    }
    expect((await snapshot())[1]).toEqual([tee[1], 20, 0, "C-3"]);
    expect(await importStockSheet(t.ctx(admin), leipzig.id, good)).toEqual({ changed: 1, unchanged: 0 });
    expect((await exportStockSheet(t.ctx(admin), leipzig.id)).csv).toContain(`${tee[1]},21,C-3`);
    await setFulfillerStatus(t.ctx(admin), shop.id, "suspended", "audit");
    expect((await refusal(importStockSheet(t.ctx(owner), leipzig.id, good))).status).toBe(409);
    await setFulfillerStatus(t.ctx(admin), shop.id, "active");
    expect((await refusal(exportStockSheet(t.ctx(owner), "wh_missing"))).status).toBe(404);
  });
});
