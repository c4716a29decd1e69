// The packing slip, in the selling store's name: its logo, message and return address at the top
// (seller branding at every print shop; nothing of Platen's in the seller's place), the order,
// where it goes, and the items as a table that continues over as many pages as the order needs.
import type { PackingSlipDocument } from "../../contracts/documents.ts";
import {
  addPage,
  BOLD,
  finish,
  fittedImage,
  LETTER,
  line,
  newPdf,
  OBLIQUE,
  OFFICE_MARGIN,
  pageNumbers,
  paragraph,
  rule,
  type Pdf,
} from "./pdf.ts";
import { addressLines, formatDay, zoneOrUtc } from "./text.ts";

const M = OFFICE_MARGIN;
const RIGHT = LETTER.width - M;
const BOTTOM = LETTER.height - M - 10;
const ROW = 18;

/** The items table's columns: left edge and width. */
const COLS = {
  item: { x: M, w: 250 },
  variant: { x: M + 256, w: 110 },
  sku: { x: M + 372, w: 112 },
  qty: { x: RIGHT, w: 40 },
};

/** "This order comes in 2 parcels; this is parcel 1." */
export function parcelNote(parcel: PackingSlipDocument["parcel"]): string | null {
  return parcel && parcel.count > 1 ? `This order comes in ${parcel.count} parcels; this is parcel ${parcel.index}.` : null;
}

function tableHeader(pdf: Pdf, y: number): number {
  line(pdf, "Item", COLS.item.x, y, { font: BOLD, size: 9 });
  line(pdf, "Colour / size", COLS.variant.x, y, { font: BOLD, size: 9 });
  line(pdf, "SKU", COLS.sku.x, y, { font: BOLD, size: 9 });
  line(pdf, "Qty", COLS.qty.x, y, { font: BOLD, size: 9, align: "right" });
  rule(pdf, M, RIGHT, y + 14, 0.75);
  return y + 20;
}

/** The packing slip as a Letter PDF (one page for most orders, more for long ones). */
export async function packingSlipPdf(doc: PackingSlipDocument): Promise<Buffer> {
  const zone = zoneOrUtc(doc.timeZone);
  const pdf = newPdf(LETTER, `Packing slip ${doc.orderNumber} - ${doc.store.name}`, true);

  // The store: logo (fitted in its box), name, message; return address on the right.
  let textX = M;
  if (fittedImage(pdf, doc.store.logo, M, M, 110, 64)) textX = M + 124;
  const brandWidth = RIGHT - 170 - textX;
  line(pdf, doc.store.name, textX, M + 4, { font: BOLD, size: 18, minSize: 13, maxWidth: brandWidth });
  let brandBottom = M + 28;
  if (doc.store.message)
    brandBottom += paragraph(pdf, doc.store.message, textX, M + 28, brandWidth, { font: OBLIQUE, size: 9.5, maxLines: 4 });
  if (doc.store.returnAddress) {
    const x = RIGHT - 160;
    line(pdf, "Return address", x, M + 4, { font: BOLD, size: 8 });
    addressLines(doc.store.returnAddress, { maxLines: 7 }).forEach((text, i) =>
      line(pdf, text, x, M + 16 + i * 10.5, { size: 8.5, maxWidth: 160 }),
    );
  }
  let y = Math.max(brandBottom, M + 64, doc.store.returnAddress ? M + 90 : 0) + 12;
  rule(pdf, M, RIGHT, y, 1);
  y += 12;

  // The order and where it goes.
  line(pdf, "Packing slip", M, y, { font: BOLD, size: 14 });
  line(pdf, `Order ${doc.orderNumber}`, RIGHT, y, { font: BOLD, size: 12, align: "right", maxWidth: 260 });
  line(pdf, `Placed ${formatDay(doc.placedAt, zone)}`, RIGHT, y + 16, { size: 9.5, align: "right" });
  y += 30;
  line(pdf, "Ship to", M, y, { font: BOLD, size: 9 });
  const shipTo = addressLines(doc.shipTo, { maxLines: 8 });
  shipTo.forEach((text, i) => line(pdf, text, M, y + 13 + i * 12, { size: 10, maxWidth: 300 }));
  const note = parcelNote(doc.parcel);
  if (note) paragraph(pdf, note, RIGHT - 200, y + 13, 200, { font: BOLD, size: 10, maxLines: 3 });
  y += 13 + shipTo.length * 12 + 16;

  // The items.
  y = tableHeader(pdf, y);
  let units = 0;
  for (const item of doc.lines) {
    if (y + ROW > BOTTOM) {
      addPage(pdf, LETTER);
      line(pdf, `${doc.store.name} - order ${doc.orderNumber} (continued)`, M, M, { font: BOLD, size: 10, maxWidth: RIGHT - M });
      y = tableHeader(pdf, M + 22);
    }
    line(pdf, item.title, COLS.item.x, y, { size: 9.5, minSize: 7.5, maxWidth: COLS.item.w });
    line(pdf, [item.color, item.size].filter(Boolean).join(" / "), COLS.variant.x, y, {
      size: 9.5,
      minSize: 7.5,
      maxWidth: COLS.variant.w,
    });
    line(pdf, item.sku, COLS.sku.x, y, { size: 8.5, minSize: 6.5, maxWidth: COLS.sku.w });
    line(pdf, String(item.quantity), COLS.qty.x, y, { font: BOLD, size: 10, align: "right" });
    rule(pdf, M, RIGHT, y + ROW - 5, 0.25, "#999999");
    units += item.quantity;
    y += ROW;
  }
  if (y + 24 > BOTTOM) {
    addPage(pdf, LETTER);
    y = M;
  }
  line(pdf, `${units} ${units === 1 ? "item" : "items"} in this parcel`, RIGHT, y + 4, { font: BOLD, size: 10, align: "right" });
  pageNumbers(pdf, LETTER, `${doc.store.name} - order ${doc.orderNumber} - `);
  return finish(pdf);
}
