// The pick list of a batch: the blanks to take from the shelves, one row per variant and bin,
// in walking order (bin, then SKU), with totals and the batch's Code 128.
import type { PickListDocument } from "../../contracts/documents.ts";
import { code128Renderer } from "./barcode.ts";
import { addPage, BOLD, finish, LETTER, line, newPdf, OFFICE_MARGIN, pageNumbers, rule, type Pdf } from "./pdf.ts";
import { formatDayTime, zoneOrUtc } from "./text.ts";

const M = OFFICE_MARGIN;
const RIGHT = LETTER.width - M;
const BOTTOM = LETTER.height - M - 10;
const ROW = 18;

const COLS = {
  check: M,
  bin: M + 20,
  sku: M + 92,
  blank: M + 214,
  variant: M + 380,
  qty: RIGHT,
};

export type PickRow = Omit<PickListDocument["items"][number], "bin"> & { bin: string | null };

/**
 * The rows in walking order: the same SKU in the same bin summed into one row, sorted by bin
 * (rows without a bin last) then SKU, in the order people read them ("A2" before "A10").
 */
export function pickRows(items: PickListDocument["items"]): PickRow[] {
  const byKey = new Map<string, PickRow>();
  for (const item of items) {
    const bin = item.bin?.trim() || null;
    const key = `${bin ?? ""}\u0000${item.sku}`;
    const row = byKey.get(key);
    if (row) row.quantity += item.quantity;
    else byKey.set(key, { ...item, bin });
  }
  const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
  return [...byKey.values()].sort((a, b) => {
    if (a.bin !== b.bin) {
      if (a.bin === null) return 1;
      if (b.bin === null) return -1;
      return collator.compare(a.bin, b.bin) || (a.bin < b.bin ? -1 : 1);
    }
    return collator.compare(a.sku, b.sku) || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);
  });
}

function tableHeader(pdf: Pdf, y: number): number {
  line(pdf, "Bin", COLS.bin, y, { font: BOLD, size: 9 });
  line(pdf, "SKU", COLS.sku, y, { font: BOLD, size: 9 });
  line(pdf, "Blank", COLS.blank, y, { font: BOLD, size: 9 });
  line(pdf, "Colour / size", COLS.variant, y, { font: BOLD, size: 9 });
  line(pdf, "Qty", COLS.qty, y, { font: BOLD, size: 9, align: "right" });
  rule(pdf, M, RIGHT, y + 14, 0.75);
  return y + 20;
}

/** The pick list as a Letter PDF, with "Page i of n" on every page. */
export async function pickListPdf(doc: PickListDocument): Promise<Buffer> {
  const zone = zoneOrUtc(doc.timeZone);
  const rows = pickRows(doc.items);
  const units = rows.reduce((sum, r) => sum + r.quantity, 0);
  const pdf = newPdf(LETTER, `Pick list ${doc.batchRef}`, true);

  // Batch ref with its Code 128 (1 pt per module: 2 image pixels each) at the top right.
  const barcode = await code128Renderer()(doc.batchRef, { modulePx: 2, barHeightPx: 64, padPx: 4 });
  const bw = Math.min(barcode.widthPx / 2, 260);
  const bh = barcode.heightPx / 2;
  pdf.image(barcode.png, RIGHT - bw, M, { width: bw, height: bh });
  line(pdf, doc.batchRef, RIGHT - bw / 2, M + bh + 2, { font: BOLD, size: 10, align: "center" });

  const titleWidth = RIGHT - bw - M - 16;
  line(pdf, "Pick list", M, M, { font: BOLD, size: 18, maxWidth: titleWidth });
  line(pdf, `Batch ${doc.batchRef}`, M, M + 24, { font: BOLD, size: 11, maxWidth: titleWidth });
  line(pdf, doc.warehouseName, M, M + 40, { size: 10, maxWidth: titleWidth });
  line(pdf, `Created ${formatDayTime(doc.createdAt, zone)}`, M, M + 54, { size: 9, maxWidth: titleWidth });
  line(pdf, `${rows.length} ${rows.length === 1 ? "variant" : "variants"}, ${units} ${units === 1 ? "unit" : "units"}`, M, M + 68, {
    font: BOLD,
    size: 10,
  });
  let y = Math.max(M + 88, M + bh + 18);
  rule(pdf, M, RIGHT, y, 1);
  y = tableHeader(pdf, y + 10);

  for (const row of rows) {
    if (y + ROW > BOTTOM) {
      addPage(pdf, LETTER);
      line(pdf, `Pick list ${doc.batchRef} (continued)`, M, M, { font: BOLD, size: 10 });
      y = tableHeader(pdf, M + 22);
    }
    pdf
      .save()
      .lineWidth(0.75)
      .rect(COLS.check, y - 1, 10, 10)
      .stroke()
      .restore();
    line(pdf, row.bin ?? "No bin", COLS.bin, y, {
      font: row.bin ? BOLD : undefined,
      size: row.bin ? 10 : 8.5,
      maxWidth: COLS.sku - COLS.bin - 6,
    });
    line(pdf, row.sku, COLS.sku, y, { size: 9, minSize: 6.5, maxWidth: COLS.blank - COLS.sku - 6 });
    line(pdf, row.blankName, COLS.blank, y, { size: 9, maxWidth: COLS.variant - COLS.blank - 6 });
    line(pdf, [row.color, row.size].filter(Boolean).join(" / "), COLS.variant, y, { size: 9, maxWidth: COLS.qty - 34 - COLS.variant });
    line(pdf, String(row.quantity), COLS.qty, y, { font: BOLD, size: 10, align: "right" });
    rule(pdf, M, RIGHT, y + ROW - 5, 0.25, "#999999");
    y += ROW;
  }
  if (y + 24 > BOTTOM) {
    addPage(pdf, LETTER);
    y = M;
  }
  line(
    pdf,
    `Total: ${units} ${units === 1 ? "unit" : "units"} of ${rows.length} ${rows.length === 1 ? "variant" : "variants"}`,
    RIGHT,
    y + 4,
    {
      font: BOLD,
      size: 10,
      align: "right",
    },
  );
  pageNumbers(pdf, LETTER, `Pick list ${doc.batchRef} - `);
  return finish(pdf);
}
