// The manifest (end-of-day hand-over to one carrier from one warehouse): its ref as a Code 128 at
// the top, every shipment on it, the totals and signatures, on as few pages as the list allows.
import type { ManifestDocument } from "../../contracts/documents.ts";
import { code128Renderer } from "./barcode.ts";
import { addPage, BOLD, finish, LETTER, line, newPdf, OFFICE_MARGIN, pageNumbers, rule, type Pdf } from "./pdf.ts";
import { addressLines, formatDayTime, formatGrams, zoneOrUtc } from "./text.ts";

const M = OFFICE_MARGIN;
const RIGHT = LETTER.width - M;
const BOTTOM = LETTER.height - M - 10;
const ROW = 15;
const SIGNATURES_H = 76;

const COLS = {
  n: { x: M + 20, w: 20 },
  tracking: { x: M + 26, w: 118 },
  service: { x: M + 148, w: 90 },
  reference: { x: M + 242, w: 74 },
  destination: { x: M + 320, w: 160 },
  weight: { x: RIGHT, w: 48 },
};

function tableHeader(pdf: Pdf, y: number): number {
  line(pdf, "#", COLS.n.x, y, { font: BOLD, size: 8.5, align: "right" });
  line(pdf, "Tracking number", COLS.tracking.x, y, { font: BOLD, size: 8.5 });
  line(pdf, "Service", COLS.service.x, y, { font: BOLD, size: 8.5 });
  line(pdf, "Reference", COLS.reference.x, y, { font: BOLD, size: 8.5 });
  line(pdf, "Destination", COLS.destination.x, y, { font: BOLD, size: 8.5 });
  line(pdf, "Weight", COLS.weight.x, y, { font: BOLD, size: 8.5, align: "right" });
  rule(pdf, M, RIGHT, y + 13, 0.75);
  return y + 18;
}

/** "Rosa Díaz, 90-001 Łódź, PL". */
function destination(to: ManifestDocument["shipments"][number]["to"]): string {
  return `${to.name}, ${[to.postalCode, to.city].filter(Boolean).join(" ")}, ${to.country.toUpperCase()}`;
}

/** The manifest as a Letter PDF; refuses a manifest without shipments (there is nothing to hand over). */
export async function manifestPdf(doc: ManifestDocument): Promise<Buffer> {
  if (doc.shipments.length === 0) throw new Error(`Manifest ${doc.manifestRef} has no shipments: there is nothing to hand over.`);
  const zone = zoneOrUtc(doc.timeZone);
  const totalGrams = doc.shipments.reduce((sum, s) => sum + s.weightGrams, 0);
  const count = doc.shipments.length;
  const totals = `${count} ${count === 1 ? "shipment" : "shipments"}, ${formatGrams(totalGrams)} in all`;
  const pdf = newPdf(LETTER, `Manifest ${doc.manifestRef} - ${doc.carrierName}`, true);

  // The ref's Code 128 at the top right (1 pt per module), the hand-over's facts on the left.
  const barcode = await code128Renderer()(doc.manifestRef, { modulePx: 2, barHeightPx: 72, padPx: 4 });
  const bw = Math.min(barcode.widthPx / 2, 250);
  const bh = barcode.heightPx / 2;
  pdf.image(barcode.png, RIGHT - bw, M, { width: bw, height: bh });
  line(pdf, doc.manifestRef, RIGHT - bw / 2, M + bh + 2, { font: BOLD, size: 11, align: "center", maxWidth: bw });

  const leftW = RIGHT - bw - M - 16;
  line(pdf, "Carrier manifest", M, M, { font: BOLD, size: 18, maxWidth: leftW });
  line(pdf, doc.carrierName, M, M + 24, { font: BOLD, size: 13, maxWidth: leftW });
  line(pdf, `Created ${formatDayTime(doc.createdAt, zone)}`, M, M + 42, { size: 9, maxWidth: leftW });
  let y = M + 60;
  line(pdf, `From ${doc.warehouseName}`, M, y, { font: BOLD, size: 9.5, maxWidth: leftW });
  const origin = addressLines(doc.origin, { maxLines: 5 });
  origin.forEach((text, i) => line(pdf, text, M, y + 13 + i * 11, { size: 9, maxWidth: leftW }));
  y = Math.max(y + 13 + origin.length * 11, M + bh + 18) + 6;
  line(pdf, totals, M, y, { font: BOLD, size: 11 });
  y += 18;
  rule(pdf, M, RIGHT, y, 1);
  y = tableHeader(pdf, y + 8);

  doc.shipments.forEach((s, i) => {
    // Keep room for the signatures under the last row; never leave a page with only them.
    const last = i === count - 1;
    if (y + ROW + (last ? 26 + SIGNATURES_H : 0) > BOTTOM) {
      addPage(pdf, LETTER);
      line(pdf, `Manifest ${doc.manifestRef} - ${doc.carrierName} (continued)`, M, M, { font: BOLD, size: 10, maxWidth: RIGHT - M });
      y = tableHeader(pdf, M + 20);
    }
    line(pdf, String(i + 1), COLS.n.x, y, { size: 8, align: "right", color: "#444444" });
    line(pdf, s.trackingNumber, COLS.tracking.x, y, { font: BOLD, size: 9, minSize: 6.5, maxWidth: COLS.tracking.w });
    line(pdf, s.serviceName, COLS.service.x, y, { size: 8.5, maxWidth: COLS.service.w });
    line(pdf, s.reference, COLS.reference.x, y, { size: 8.5, minSize: 6.5, maxWidth: COLS.reference.w });
    line(pdf, destination(s.to), COLS.destination.x, y, { size: 8.5, maxWidth: COLS.destination.w });
    line(pdf, formatGrams(s.weightGrams), COLS.weight.x, y, { size: 8.5, align: "right" });
    rule(pdf, M, RIGHT, y + ROW - 4, 0.25, "#999999");
    y += ROW;
  });

  // Totals and the hand-over's signatures.
  line(pdf, `Total: ${totals}`, RIGHT, y + 4, { font: BOLD, size: 10, align: "right" });
  y += 30;
  const half = (RIGHT - M) / 2;
  for (const [i, who] of ["Handed over by (print shop)", "Received by (carrier)"].entries()) {
    const x = M + i * half;
    line(pdf, who, x, y, { font: BOLD, size: 8.5 });
    rule(pdf, x, x + half - 20, y + 30, 0.5);
    line(pdf, "Name and signature", x, y + 33, { size: 7.5, color: "#444444" });
    rule(pdf, x, x + half - 20, y + 58, 0.5);
    line(pdf, "Date and time", x, y + 61, { size: 7.5, color: "#444444" });
  }
  pageNumbers(pdf, LETTER, `Manifest ${doc.manifestRef} - `);
  return finish(pdf);
}
