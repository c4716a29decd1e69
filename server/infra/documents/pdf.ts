// pdfkit, as every document here uses it: pages without margins (each document places its own
// content, so pdfkit never adds a page by itself), Helvetica (WinAnsi), text folded by pdfSafe
// and cut to its width with an ellipsis, and the finished file as one Buffer.
import PDFDocument from "pdfkit";
import { pdfSafe } from "./text.ts";

export type Pdf = PDFKit.PDFDocument;

/**
 * Letter (8.5 × 11 in) for the office documents (packing slip, pick list, print sheet, manifest):
 * Platen's default store is in the US, where A4 paper is rare, and a Letter page whose content
 * keeps 40 pt from every edge still prints whole on A4 at actual size (A4 is 17 pt narrower and
 * 50 pt taller), so a print shop on A4 loses nothing; the other way round, A4 content would
 * lose its bottom 50 pt on Letter.
 */
export const LETTER = { width: 612, height: 792 } as const;
export const OFFICE_MARGIN = 40;

export const FONT = "Helvetica";
export const BOLD = "Helvetica-Bold";
export const OBLIQUE = "Helvetica-Oblique";

// ---- pdfkit's standard fonts, measured faster ------------------------------------------------
//
// pdfkit lays a string out with its AFM metrics up to three times a line (our measure, then its
// own width and its glyph positions), and each character pair costs a kerning lookup by a string
// key built anew ("T\0o"): on a 500-line print sheet that was ~40 % of the time. The same
// numbers are kept here per font by character codes (pdfkit's own methods asked once per code
// and per pair), and a standard font's `widthOfString` and `encode` answer from them: same
// glyphs, widths and kerning, so the same PDF, byte for byte.

interface AfmMetrics {
  characterToGlyph(code: number): string;
  widthOfGlyph(glyph: string): number;
  getKernPair(left: string, right: string | undefined): number;
  encodeText(text: string): string[];
}

interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

interface StandardFontLike {
  name: string;
  font: AfmMetrics;
  widthOfString(text: string, size: number): number;
  encode(text: string): [string[], GlyphPosition[]];
}

/** One standard font's metrics by character code, filled as codes are met. */
class CodeMetrics {
  private readonly glyphs = new Map<number, string>();
  private readonly widths = new Map<number, number>();
  private readonly hex = new Map<number, string>();
  /** Kerning by (left code × 65537 + right code + 1); a right code of -1 is the end of the string. */
  private readonly kerns = new Map<number, number>();

  constructor(private readonly afm: AfmMetrics) {}

  private glyph(code: number): string {
    let g = this.glyphs.get(code);
    if (g === undefined) {
      g = this.afm.characterToGlyph(code);
      this.glyphs.set(code, g);
    }
    return g;
  }

  /** The glyph's width of a code (pdfkit's `advanceWidth`). */
  width(code: number): number {
    let w = this.widths.get(code);
    if (w === undefined) {
      w = this.afm.widthOfGlyph(this.glyph(code));
      this.widths.set(code, w);
    }
    return w;
  }

  /** Width plus kerning with the next code (pdfkit's `xAdvance`); `next` -1 at the end. */
  advance(code: number, next: number): number {
    const key = code * 65537 + next + 1;
    let k = this.kerns.get(key);
    if (k === undefined) {
      k = this.afm.getKernPair(this.glyph(code), next < 0 ? undefined : this.glyph(next));
      this.kerns.set(key, k);
    }
    return this.width(code) + k;
  }

  /** The width of `text` at 1000 units to the em (pdfkit sums the same advances). */
  widthOf(text: string): number {
    let width = 0;
    for (let i = 0, n = text.length; i < n; i++) width += this.advance(text.charCodeAt(i), i + 1 < n ? text.charCodeAt(i + 1) : -1);
    return width;
  }

  /** pdfkit's `encode`: the WinAnsi codes in hex and each glyph's position. */
  encode(text: string): [string[], GlyphPosition[]] {
    const encoded: string[] = [];
    const positions: GlyphPosition[] = [];
    for (let i = 0, n = text.length; i < n; i++) {
      const code = text.charCodeAt(i);
      let h = this.hex.get(code);
      if (h === undefined) {
        h = this.afm.encodeText(text[i]!)[0]!;
        this.hex.set(code, h);
      }
      encoded.push(h);
      positions.push({
        xAdvance: this.advance(code, i + 1 < n ? text.charCodeAt(i + 1) : -1),
        yAdvance: 0,
        xOffset: 0,
        yOffset: 0,
        advanceWidth: this.width(code),
      });
    }
    return [encoded, positions];
  }
}

/** Per standard font name: its metrics never change, so every document shares them. */
const metricsByFont = new Map<string, CodeMetrics>();
const fastFonts = new WeakSet<object>();

function isStandardFont(font: unknown): font is StandardFontLike {
  const f = font as Partial<StandardFontLike> | null;
  const afm = f?.font as Partial<AfmMetrics> | undefined;
  return (
    typeof f?.name === "string" &&
    typeof f.widthOfString === "function" &&
    typeof f.encode === "function" &&
    typeof afm?.characterToGlyph === "function" &&
    typeof afm.widthOfGlyph === "function" &&
    typeof afm.getKernPair === "function" &&
    typeof afm.encodeText === "function"
  );
}

/** Selects a font, measured by codes when it is one of pdfkit's standard fonts. */
function selectFont(doc: Pdf, name: string): Pdf {
  doc.font(name);
  const font = (doc as unknown as { _font?: object })._font;
  if (!font || fastFonts.has(font)) return doc;
  fastFonts.add(font);
  if (!isStandardFont(font)) return doc;
  let metrics = metricsByFont.get(font.name);
  if (!metrics) {
    metrics = new CodeMetrics(font.font);
    metricsByFont.set(font.name, metrics);
  }
  const m = metrics;
  font.widthOfString = (text, size) => m.widthOf(`${text}`) * (size / 1000);
  font.encode = (text) => m.encode(`${text}`);
  return doc;
}

/** A new document of one size, no margins, with its title in the metadata. */
export function newPdf(size: { width: number; height: number }, title: string, bufferPages = false): Pdf {
  const doc = new PDFDocument({
    size: [size.width, size.height],
    margin: 0,
    bufferPages,
    info: { Title: pdfSafe(title), Creator: "Platen", Producer: "Platen (pdfkit)" },
    displayTitle: true,
    lang: "en",
  });
  selectFont(doc, FONT);
  return doc;
}

/** Adds a page of the document's size, without margins. */
export function addPage(doc: Pdf, size: { width: number; height: number }): void {
  doc.addPage({ size: [size.width, size.height], margin: 0 });
}

/** Ends the document and resolves to its bytes. */
export function finish(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/** `text` (already pdfSafe) cut to `maxWidth` in the current font, ending in "…" when cut. */
export function fitWidth(doc: Pdf, text: string, maxWidth: number): string {
  if (doc.widthOfString(text) <= maxWidth) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(text.slice(0, mid).trimEnd() + "…") <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo).trimEnd() + "…";
}

export interface TextOptions {
  font?: string;
  size?: number;
  /** The widest the text may be; longer text is cut with "…". */
  maxWidth?: number;
  /** With maxWidth: the smallest size the text may shrink to before it is cut. */
  minSize?: number;
  align?: "left" | "right" | "center";
  color?: string;
}

/**
 * One line of text with its top at (x, y): folded to WinAnsi, cut to `maxWidth`; for `right` and
 * `center` x is the right edge or the centre. Returns the width drawn when it was measured (a
 * cut, right or centred line), otherwise 0: pdfkit's kerning lookups make measuring the main cost
 * of a long document, so a plain line is not measured.
 */
export function line(doc: Pdf, text: string, x: number, y: number, options: TextOptions = {}): number {
  const size = options.size ?? 9;
  selectFont(doc, options.font ?? FONT).fontSize(size);
  let shown = pdfSafe(text);
  let width = 0;
  if (options.maxWidth !== undefined) {
    width = doc.widthOfString(shown);
    if (width > options.maxWidth && options.minSize !== undefined && options.minSize < size) {
      doc.fontSize(Math.max(options.minSize, (size * options.maxWidth) / width));
      width = doc.widthOfString(shown);
    }
    if (width > options.maxWidth) {
      shown = fitWidth(doc, shown, options.maxWidth);
      width = doc.widthOfString(shown);
    }
  }
  let left = x;
  if (options.align === "right" || options.align === "center") {
    if (options.maxWidth === undefined) width = doc.widthOfString(shown);
    left = options.align === "right" ? x - width : x - width / 2;
  }
  if (options.color) doc.fillColor(options.color);
  doc.text(shown, left, y, { lineBreak: false });
  if (options.color) doc.fillColor("black");
  return width;
}

/**
 * Text wrapped in a box of `width`, at most `maxLines` lines (the last ends in "…" when cut).
 * Returns the height used.
 */
export function paragraph(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  options: { font?: string; size?: number; maxLines: number; lineGap?: number },
): number {
  const size = options.size ?? 9;
  const lineGap = options.lineGap ?? 1.5;
  selectFont(doc, options.font ?? FONT).fontSize(size);
  const safe = pdfSafe(text).trim();
  if (!safe) return 0;
  const lineHeight = doc.currentLineHeight(true) + lineGap;
  // A hair more than the lines, so float rounding never drops the last one.
  const height = lineHeight * options.maxLines + 0.5;
  const used = Math.min(height, doc.heightOfString(safe, { width, lineGap }));
  doc.text(safe, x, y, { width, height, lineGap, ellipsis: "…" });
  return used;
}

/** A horizontal rule. */
export function rule(doc: Pdf, x1: number, x2: number, y: number, width = 0.75, color = "black"): void {
  doc.save().lineWidth(width).strokeColor(color).moveTo(x1, y).lineTo(x2, y).stroke().restore();
}

/** "Page i of n" at the foot of every page (the document must buffer its pages). */
export function pageNumbers(doc: Pdf, size: { width: number; height: number }, prefix: string): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    line(doc, `${prefix}Page ${i + 1} of ${range.count}`, size.width - OFFICE_MARGIN, size.height - OFFICE_MARGIN + 14, {
      size: 8,
      align: "right",
      color: "#444444",
    });
  }
}

/** Whether `bytes` start like a PNG or a JPEG (what pdfkit can embed). */
export function isPngOrJpeg(bytes: Uint8Array | null | undefined): bytes is Uint8Array {
  if (!bytes || bytes.length < 8) return false;
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg;
}

/**
 * An image fitted (aspect kept) and centred in a box; false when the bytes are not a PNG or JPEG
 * pdfkit can read (the document is then drawn without it rather than not at all).
 */
export function fittedImage(doc: Pdf, bytes: Uint8Array | null | undefined, x: number, y: number, w: number, h: number): boolean {
  if (!isPngOrJpeg(bytes)) return false;
  try {
    doc.image(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), x, y, { fit: [w, h], align: "center", valign: "center" });
    return true;
  } catch {
    return false;
  }
}
