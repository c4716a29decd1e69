// The print sheet (job ticket) of a batch: one block per line with what to print and where, and
// the line's Code 128, which the floor scans to move the line on (printed, packed).
import type { PrintSheetDocument } from "../../contracts/documents.ts";
import { code128Renderer, type BarcodeImage } from "./barcode.ts";
import { addPage, BOLD, finish, fittedImage, LETTER, line, newPdf, OFFICE_MARGIN, pageNumbers, rule, type Pdf } from "./pdf.ts";
import { formatDay, formatDayTime, zoneOrUtc } from "./text.ts";

type SheetLine = PrintSheetDocument["lines"][number];
type PrintFile = SheetLine["files"][number];

const M = OFFICE_MARGIN;
const RIGHT = LETTER.width - M;
const BOTTOM = LETTER.height - M - 10;
/** The barcode's column on the right of each block. */
const CODE_W = 190;
const CODE_X = RIGHT - CODE_W;
/**
 * Bars 28 pt tall, 1 pt per module (2 image pixels), for a laser printer and a USB scanner; a
 * code of up to about 14 characters (production's are 12) fits the column at that size, a longer
 * one is narrowed to it.
 */
const BARCODE = { modulePx: 2, barHeightPx: 56, padPx: 3 } as const;
const PX_PER_PT = 2;
const HEAD_H = 50;
const FILE_ROW = 14;
const PREVIEW_ROW = 38;

/** "4500 × 5400 px at 300 dpi (15 × 18 in)". */
export function fileSize(file: Pick<PrintFile, "widthPx" | "heightPx" | "dpi">): string {
  const pixels = `${file.widthPx} × ${file.heightPx} px`;
  if (!(file.dpi > 0)) return pixels;
  const inches = (px: number) => String(Math.round((px / file.dpi) * 10) / 10);
  return `${pixels} at ${file.dpi} dpi (${inches(file.widthPx)} × ${inches(file.heightPx)} in)`;
}

const fileRowHeight = (file: PrintFile) => (file.preview ? PREVIEW_ROW : FILE_ROW);

function pageHeader(pdf: Pdf, doc: PrintSheetDocument, continued: boolean): number {
  line(pdf, continued ? `Print sheet - batch ${doc.batchRef} (continued)` : "Print sheet", M, M, {
    font: BOLD,
    size: continued ? 10 : 18,
    maxWidth: RIGHT - M - 150,
  });
  line(pdf, doc.warehouseName, RIGHT, M + (continued ? 0 : 4), { size: 9, align: "right", maxWidth: 150 });
  if (continued) {
    rule(pdf, M, RIGHT, M + 16, 1);
    return M + 24;
  }
  const units = doc.lines.reduce((sum, l) => sum + l.quantity, 0);
  line(pdf, `Batch ${doc.batchRef}`, M, M + 24, { font: BOLD, size: 11, maxWidth: 300 });
  line(
    pdf,
    `${doc.lines.length} ${doc.lines.length === 1 ? "line" : "lines"}, ${units} ${units === 1 ? "unit" : "units"} - created ${formatDayTime(doc.createdAt, zoneOrUtc(doc.timeZone))}`,
    M,
    M + 40,
    { size: 9, maxWidth: RIGHT - M },
  );
  rule(pdf, M, RIGHT, M + 56, 1);
  return M + 64;
}

function drawFile(pdf: Pdf, file: PrintFile, y: number): void {
  let x = M + 8;
  if (file.preview) {
    pdf.save().lineWidth(0.5).strokeColor("#999999").rect(x, y, 32, 32).stroke().restore();
    fittedImage(pdf, file.preview, x + 1, y + 1, 30, 30);
    x += 40;
  }
  const textY = file.preview ? y + 10 : y;
  line(pdf, file.area, x, textY, { font: BOLD, size: 9, maxWidth: 84 });
  const nameX = x + 90;
  const sizeWidth = line(pdf, fileSize(file), RIGHT, textY, { size: 8.5, align: "right", maxWidth: 220 });
  line(pdf, file.fileName, nameX, textY, { size: 9, minSize: 7, maxWidth: RIGHT - sizeWidth - 12 - nameX });
}

function drawHead(pdf: Pdf, item: SheetLine, barcode: BarcodeImage, y: number, zone: string): void {
  const left = CODE_X - 70 - M;
  line(pdf, item.orderNumber, M, y, { font: BOLD, size: 11, maxWidth: left / 2 });
  line(pdf, `Due ${formatDay(item.dueOn, zone)}`, M + left, y + 1, { font: BOLD, size: 9, align: "right", maxWidth: left / 2 });
  line(pdf, item.title, M, y + 15, { font: BOLD, size: 10, maxWidth: left });
  line(pdf, `${[item.color, item.size].filter(Boolean).join(" / ")}  -  SKU ${item.sku}`, M, y + 29, { size: 9, maxWidth: left });
  // The quantity, large, in its box.
  pdf
    .save()
    .lineWidth(1)
    .rect(CODE_X - 62, y, 52, 38)
    .stroke()
    .restore();
  line(pdf, "QTY", CODE_X - 36, y + 3, { font: BOLD, size: 7, align: "center" });
  line(pdf, String(item.quantity), CODE_X - 36, y + 13, { font: BOLD, size: 20, align: "center", maxWidth: 48 });
  // The line's Code 128 and its text.
  const bw = Math.min(barcode.widthPx / PX_PER_PT, CODE_W);
  const bh = barcode.heightPx / PX_PER_PT;
  pdf.image(barcode.png, RIGHT - bw, y - 3, { width: bw, height: bh });
  line(pdf, item.code, RIGHT - bw / 2, y + bh - 2, { size: 8, align: "center", maxWidth: CODE_W });
}

/**
 * The print sheet as a Letter PDF: each line's block (order, title, colour and size, SKU,
 * quantity, due date, every print file with its size and a preview when given) and its Code 128.
 * A block starts on a new page rather than being split, unless it is taller than a page.
 */
export async function printSheetPdf(doc: PrintSheetDocument): Promise<Buffer> {
  const zone = zoneOrUtc(doc.timeZone);
  const render = code128Renderer();
  // Every barcode is queued at once; each block waits only for its own.
  const barcodes = doc.lines.map((l) => render(l.code, BARCODE));
  // A failed barcode fails the document once, below; no unhandled rejections meanwhile.
  for (const b of barcodes) b.catch(() => undefined);
  const pdf = newPdf(LETTER, `Print sheet ${doc.batchRef}`, true);
  let y = pageHeader(pdf, doc, false);
  const newPage = () => {
    addPage(pdf, LETTER);
    y = pageHeader(pdf, doc, true);
  };
  if (doc.lines.length === 0) line(pdf, "This batch has no lines.", M, y + 8, { size: 11 });
  for (const [i, item] of doc.lines.entries()) {
    const barcode = await barcodes[i]!;
    const height = HEAD_H + (item.files.length ? item.files.reduce((h, f) => h + fileRowHeight(f), 0) : FILE_ROW) + 10;
    if (y + height > BOTTOM && y > M + 80) newPage();
    drawHead(pdf, item, barcode, y, zone);
    y += HEAD_H;
    if (item.files.length === 0) {
      line(pdf, "No print files.", M + 8, y, { size: 9 });
      y += FILE_ROW;
    }
    for (const file of item.files) {
      if (y + fileRowHeight(file) > BOTTOM) newPage();
      drawFile(pdf, file, y);
      y += fileRowHeight(file);
    }
    rule(pdf, M, RIGHT, y + 2, 0.5, "#777777");
    y += 10;
  }
  pageNumbers(pdf, LETTER, `Print sheet ${doc.batchRef} - `);
  return finish(pdf);
}
