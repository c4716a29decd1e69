// The 4×6 in shipping label, as a PDF of exactly 288 × 432 pt (one page, portrait, no margins:
// thermal printers mis-scale anything else) and as ZPL II for 203-dpi printers (812 × 1218 dots).
import type { LabelDocument } from "../../contracts/documents.ts";
import { code128Modules, code128Renderer, QUIET_ZONE_MODULES } from "./barcode.ts";
import { BOLD, finish, line, newPdf, rule } from "./pdf.ts";
import { addressLines, formatDay, formatWeightBoth, pdfSafe, zoneOrUtc } from "./text.ts";

export const LABEL_PDF_SIZE = { width: 288, height: 432 } as const;
/** 4 × 6 in at 203 dpi (8 dots per mm). */
export const LABEL_DOTS = { width: 812, height: 1218, dpi: 203 } as const;

/** What a label's barcode may carry: every carrier's tracking numbers are letters and digits. */
const TRACKING = /^[A-Za-z0-9-]{4,40}$/;

function checkTracking(trackingNumber: string): void {
  if (!TRACKING.test(trackingNumber)) {
    throw new Error(`A label's tracking number is 4 to 40 letters, digits or hyphens (got ${JSON.stringify(trackingNumber)}).`);
  }
}

/** "Parcel 1 of 2", or nothing for a single parcel. */
function parcelText(parcel: LabelDocument["parcel"]): string | null {
  return parcel && parcel.count > 1 ? `Parcel ${parcel.index} of ${parcel.count}` : null;
}

/**
 * Dots per module for the tracking barcode: 3 (0.375 mm, what carriers ask of a 203-dpi label)
 * unless the number is too long to fit the label's width with its quiet zones.
 */
function moduleDots(trackingNumber: string, maxDots: number): number {
  const modules = code128Modules(trackingNumber);
  for (const dots of [3, 2]) if (modules * dots <= maxDots) return dots;
  return 1;
}

/** The label as a one-page PDF of 288 × 432 pt. */
export async function labelPdf(doc: LabelDocument): Promise<Buffer> {
  checkTracking(doc.trackingNumber);
  const zone = zoneOrUtc(doc.timeZone);
  const { width: W, height: H } = LABEL_PDF_SIZE;
  const M = 12;
  const pdf = newPdf(LABEL_PDF_SIZE, `Shipping label ${doc.trackingNumber}`);

  // From (small) and the carrier (top right).
  line(pdf, "FROM", M, M, { font: BOLD, size: 6.5 });
  addressLines(doc.from, { maxLines: 7 })
    .slice(0, 7)
    .forEach((text, i) => line(pdf, text, M, M + 9 + i * 9, { size: 7.5, minSize: 6, maxWidth: 150 }));
  line(pdf, doc.carrierName, W - M, M, { font: BOLD, size: 12, minSize: 9, align: "right", maxWidth: 100 });
  line(pdf, doc.serviceName, W - M, M + 15, { size: 8.5, minSize: 7, align: "right", maxWidth: 100 });
  rule(pdf, M, W - M, 86, 1.5);

  // Ship to (large).
  line(pdf, "SHIP TO", M, 94, { font: BOLD, size: 7 });
  const to = addressLines(doc.to, { maxLines: 7 }).slice(0, 7);
  let y = 105;
  to.forEach((text, i) => {
    const first = i === 0;
    const last = i === to.length - 1;
    line(pdf, text, M + 6, y, { font: first || last ? BOLD : undefined, size: first ? 15 : 13, minSize: 10, maxWidth: W - 2 * M - 6 });
    y += first ? 18 : 16;
  });
  rule(pdf, M, W - M, 234, 1.5);

  // Weight, reference, date, parcel.
  const parcel = parcelText(doc.parcel);
  const cells: [string, string][] = [
    ["WEIGHT", formatWeightBoth(doc.weightGrams)],
    ["DATE", formatDay(doc.shippedOn, zone)],
  ];
  const colW = (W - 2 * M) / 2;
  cells.forEach(([label, value], i) => {
    line(pdf, label, M + i * colW, 241, { font: BOLD, size: 6.5 });
    line(pdf, value, M + i * colW, 250, { size: 9, maxWidth: colW - 6 });
  });
  line(pdf, "REF", M, 264, { font: BOLD, size: 6.5 });
  line(pdf, doc.reference, M, 273, { font: BOLD, size: 10, minSize: 8, maxWidth: parcel ? colW - 6 : W - 2 * M });
  if (parcel) line(pdf, parcel, W - M, 268, { font: BOLD, size: 13, align: "right", maxWidth: colW });
  rule(pdf, M, W - M, 290, 1.5);

  // The tracking number's Code 128: 1 image pixel = 1 printer dot at 203 dpi.
  line(pdf, "TRACKING #", M, 297, { font: BOLD, size: 7 });
  const ptPerDot = 72 / LABEL_DOTS.dpi;
  const dots = moduleDots(doc.trackingNumber, Math.floor((W - 8) / ptPerDot));
  const barcode = await code128Renderer()(doc.trackingNumber, { modulePx: dots, barHeightPx: 150, padPx: 6 });
  const bw = barcode.widthPx * ptPerDot;
  const bh = barcode.heightPx * ptPerDot;
  pdf.image(barcode.png, (W - bw) / 2, 308, { width: bw, height: bh });
  line(pdf, doc.trackingNumber, W / 2, 308 + bh + 3, { font: BOLD, size: 13, align: "center" });
  line(pdf, `${doc.carrierName} · ${doc.serviceName}`, W / 2, H - M - 8, { size: 7, align: "center", maxWidth: W - 2 * M });
  return finish(pdf);
}

// ---------------------------------------------------------------------------------------------
// ZPL II

/**
 * Field data for ZPL behind `^FH`: printable ASCII as it is; the command prefixes `^` and `~`,
 * the hex indicator `_`, the `^FB` line break `\` and every non-ASCII byte as `_XX` hex (UTF-8,
 * printed through `^CI28`), so an address can never close a field, end the label or send a
 * control command; line breaks and controls become spaces.
 */
export function zplField(text: string): string {
  let out = "";
  for (const byte of Buffer.from(pdfSafe(text), "utf8")) {
    const printable = byte >= 0x20 && byte <= 0x7e && byte !== 0x5e && byte !== 0x7e && byte !== 0x5f && byte !== 0x5c;
    out += printable ? String.fromCharCode(byte) : `_${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * At most as many characters as font 0 (a condensed sans) at `height` dots fits in `widthDots`:
 * about 0.55 em a character on average; capitals run wider, so a line of them may lose its end
 * at the label's edge rather than overprint its neighbour.
 */
function clip(text: string, height: number, widthDots: number): string {
  const max = Math.max(1, Math.floor(widthDots / (height * 0.55)));
  const safe = pdfSafe(text);
  return safe.length <= max ? safe : safe.slice(0, max - 1).trimEnd() + "…";
}

/** One text field: `^FO` origin, scalable font 0, hex-escaped data. */
function zplText(x: number, y: number, height: number, text: string, widthDots: number, align?: "R"): string {
  const data = zplField(clip(text, height, widthDots));
  const block = align ? `^FB${widthDots},1,0,${align},0` : "";
  return `^FO${x},${y}^A0N,${height},${height}${block}^FH^FD${data}^FS`;
}

/** The same label in ZPL II for a 203-dpi printer: 812 × 1218 dots, Code 128 of the tracking number. */
export function labelZpl(doc: LabelDocument): string {
  checkTracking(doc.trackingNumber);
  const zone = zoneOrUtc(doc.timeZone);
  const { width: W } = LABEL_DOTS;
  const M = 34;
  const inner = W - 2 * M;
  const out: string[] = ["^XA", "^CI28", `^PW${W}`, `^LL${LABEL_DOTS.height}`, "^LH0,0", "^PON"];

  out.push(zplText(M, M, 18, "FROM", 200));
  addressLines(doc.from, { maxLines: 7 })
    .slice(0, 7)
    .forEach((text, i) => out.push(zplText(M, M + 24 + i * 26, 22, text, 420)));
  out.push(zplText(W - M - 320, M, 34, doc.carrierName, 320, "R"));
  out.push(zplText(W - M - 320, M + 42, 24, doc.serviceName, 320, "R"));
  out.push(`^FO${M},242^GB${inner},4,4^FS`);

  out.push(zplText(M, 262, 20, "SHIP TO", 300));
  const to = addressLines(doc.to, { maxLines: 7 }).slice(0, 7);
  let y = 292;
  to.forEach((text, i) => {
    const size = i === 0 ? 44 : 38;
    out.push(zplText(M + 16, y, size, text, inner - 16));
    y += size + 8;
  });
  out.push(`^FO${M},652^GB${inner},4,4^FS`);

  const col = inner / 2;
  out.push(zplText(M, 672, 18, "WEIGHT", 200));
  out.push(zplText(M, 694, 26, formatWeightBoth(doc.weightGrams), col - 10));
  out.push(zplText(M + col, 672, 18, "DATE", 200));
  out.push(zplText(M + col, 694, 26, formatDay(doc.shippedOn, zone), col - 10));
  out.push(zplText(M, 736, 18, "REF", 200));
  const parcel = parcelText(doc.parcel);
  out.push(zplText(M, 758, 30, doc.reference, parcel ? col - 10 : inner));
  if (parcel) out.push(zplText(M + col, 750, 38, parcel, col, "R"));
  out.push(`^FO${M},808^GB${inner},4,4^FS`);

  out.push(zplText(M, 826, 20, "TRACKING #", 300));
  const dots = moduleDots(doc.trackingNumber, W - 16);
  const barcodeWidth = (code128Modules(doc.trackingNumber) - 2 * QUIET_ZONE_MODULES) * dots;
  const x = Math.max(QUIET_ZONE_MODULES * dots, Math.round((W - barcodeWidth) / 2));
  // ^BC: Code 128, 200 dots tall, the number printed under it, automatic code sets (mode A).
  out.push(`^FO${x},862^BY${dots},3,200^BCN,200,Y,N,N,A^FD${doc.trackingNumber}^FS`);
  out.push(zplText(M, 1150, 20, `${doc.carrierName} - ${doc.serviceName}`, inner));
  out.push("^XZ");
  return out.join("\n") + "\n";
}
