// The documents adapter (ADR 0018): the print shop's papers drawn from the plain data shapes of
// `server/contracts/documents.ts` with pdfkit (Helvetica, text folded to what it can draw) and
// bwip-js (every barcode a Code 128, embedded as a grey PNG on white with its quiet zone).
// Modules shape the data; nothing here reads the database.
export { labelPdf, labelZpl, zplField, LABEL_DOTS, LABEL_PDF_SIZE } from "./label.ts";
export { packingSlipPdf, parcelNote } from "./packing-slip.ts";
export { pickListPdf, pickRows } from "./pick-list.ts";
export { printSheetPdf, fileSize } from "./print-sheet.ts";
export { manifestPdf } from "./manifest.ts";
export { LETTER } from "./pdf.ts";
export { FALLBACK_CHAR, pdfSafe } from "./text.ts";
