// Code 128 barcodes as PNG images for the documents (ADR 0018: every barcode is Code 128, on white,
// with its quiet zone).
//
// bwip-js (BWIPP) encodes the symbol: start code, the code sets it switches between, the check
// character and the stop pattern, as a row of bar and space widths in modules. A linear symbol is
// that row repeated, so it is drawn here at a whole number of pixels per module (no half-pixel
// bars) and written as an 8-bit grey PNG, deflated by node:zlib. Why not bwip-js's own
// `toBuffer`: its renderer takes ~0.5 ms a symbol and writes RGBA, which pdfkit has to split into
// an image and a soft mask (~0.6 ms more). Why not sharp: each of its pipelines costs ~0.4 ms of
// the main thread before its work goes to a libuv thread, ~0.2 s for a 500-line print sheet,
// where the PNG written here takes ~0.03 ms. A grey PNG is embedded by pdfkit as it is, and
// thermal printer drivers never meet a soft mask.
import { constants as zlibConstants, deflateSync } from "node:zlib";
import bwipjs from "bwip-js/node";

/** Code 128 asks for a quiet zone of at least 10 modules on each side. */
export const QUIET_ZONE_MODULES = 10;

export interface BarcodeStyle {
  /** Pixels per module (the narrowest bar). */
  modulePx: number;
  /** Height of the bars in pixels. */
  barHeightPx: number;
  /** White above and below the bars, in pixels. */
  padPx?: number;
}

export interface BarcodeImage {
  png: Buffer;
  widthPx: number;
  heightPx: number;
  /** The symbol's width in modules, quiet zones included. */
  modules: number;
}

/** Printable ASCII: what a USB scanner types back exactly, whatever the keyboard layout. */
const SCANNABLE = /^[\x20-\x7e]{1,80}$/;

/** The bar and space widths (in modules, bars first) of `text` as Code 128, without quiet zones. */
export function code128Pattern(text: string): number[] {
  if (!SCANNABLE.test(text)) {
    throw new Error(`A Code 128 on a document carries 1 to 80 printable ASCII characters (got ${JSON.stringify(text)}).`);
  }
  const symbol = bwipjs.raw("code128", text, {})[0];
  if (!symbol || !("sbs" in symbol)) throw new Error(`bwip-js gave no bars for ${JSON.stringify(text)}.`);
  return symbol.sbs;
}

/** The width in modules of `text` as Code 128, with its two quiet zones. */
export function code128Modules(text: string): number {
  return code128Pattern(text).reduce((a, b) => a + b, 0) + 2 * QUIET_ZONE_MODULES;
}

/** CRC-32 (ISO 3309, as PNG chunks carry it), by a table of the 256 byte values. */
const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(bytes: Uint8Array): number {
  let c = -1;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** One PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * An 8-bit grey, non-interlaced PNG of filtered `rows` (each a filter byte and its bytes). The
 * rows of a barcode are either a copy of the row above (filter Up: all zeros) or a row of long
 * runs (filter Sub: non-zero only where a bar starts or ends), so run-length deflate packs them
 * at a quarter of full deflate's time (~25 µs a symbol) into a little more (~240 bytes for a
 * 12-character code at 2 px a module, against ~190).
 */
function greyPng(widthPx: number, heightPx: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(widthPx, 0);
  header.writeUInt32BE(heightPx, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // colour type: grey
  // compression, filter and interlace methods: 0 (deflate, adaptive filters, none)
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 6, strategy: zlibConstants.Z_RLE })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** PNG row filters (ISO 15948 §9.2). */
const FILTER_SUB = 1;
const FILTER_UP = 2;

/**
 * The filtered rows are deflated at once (a copy), so one zeroed buffer serves every symbol
 * (a 500-line print sheet drew 9 MB of rows, all garbage a moment later).
 */
let scratch = Buffer.alloc(0);
function scratchRows(bytes: number): Buffer {
  if (scratch.length < bytes) scratch = Buffer.alloc(Math.max(bytes, 2 * scratch.length));
  return scratch.subarray(0, bytes).fill(0);
}

/** Draws one symbol as a grey PNG: black bars on white, quiet zones included. */
function drawPng(text: string, style: BarcodeStyle): BarcodeImage {
  const sbs = code128Pattern(text);
  const m = Math.max(1, Math.floor(style.modulePx));
  const modules = sbs.reduce((a, b) => a + b, 0) + 2 * QUIET_ZONE_MODULES;
  const widthPx = modules * m;
  const pad = Math.max(0, Math.round(style.padPx ?? 0));
  const bars = Math.max(1, Math.round(style.barHeightPx));
  const heightPx = bars + 2 * pad;
  // The bars' row in pixels (0 black, 255 white), and the same row and a white one Sub-filtered
  // (each byte minus the one on its left, modulo 256).
  const pixels = Buffer.alloc(widthPx, 255);
  let x = QUIET_ZONE_MODULES * m;
  sbs.forEach((w, i) => {
    if (i % 2 === 0) pixels.fill(0, x, x + w * m);
    x += w * m;
  });
  const subOf = (row: Buffer) => {
    const out = Buffer.alloc(widthPx + 1);
    out[0] = FILTER_SUB;
    for (let i = 0; i < widthPx; i++) out[i + 1] = (row[i]! - (i ? row[i - 1]! : 0)) & 0xff;
    return out;
  };
  const barRow = subOf(pixels);
  const whiteRow = subOf(Buffer.alloc(widthPx, 255));
  // A row that differs from the one above (the first row, the first row of bars, the first white
  // row under them) is Sub-filtered; every other row is Up-filtered (all zeros).
  const stride = widthPx + 1;
  const rows = scratchRows(stride * heightPx);
  const isBar = (y: number) => y >= pad && y < pad + bars;
  for (let y = 0; y < heightPx; y++) {
    if (y > 0 && isBar(y) === isBar(y - 1)) rows[y * stride] = FILTER_UP;
    else (isBar(y) ? barRow : whiteRow).copy(rows, y * stride);
  }
  return { png: greyPng(widthPx, heightPx, rows), widthPx, heightPx, modules };
}

/** A barcode renderer for one document: each (text, style) is drawn once. */
export function code128Renderer(): (text: string, style: BarcodeStyle) => Promise<BarcodeImage> {
  const cache = new Map<string, Promise<BarcodeImage>>();
  return (text, style) => {
    const key = `${style.modulePx}|${style.barHeightPx}|${style.padPx ?? 0}|${text}`;
    let image = cache.get(key);
    if (!image) {
      // Refuse a bad code at once (a throw), not by a rejected promise.
      if (!SCANNABLE.test(text)) code128Pattern(text);
      image = Promise.resolve().then(() => drawPng(text, style));
      cache.set(key, image);
    }
    return image;
  };
}
