// Code 128 barcodes as PNG images for the documents (ADR 0018: every barcode is Code 128, on white,
// with its quiet zone).
//
// bwip-js (BWIPP) encodes the symbol: start code, the code sets it switches between, the check
// character and the stop pattern, as a row of bar and space widths in modules. A linear symbol is
// that row repeated, so it is drawn here at a whole number of pixels per module (no half-pixel
// bars) and written as an 8-bit grey PNG by sharp. Why not bwip-js's own `toBuffer`: its renderer
// takes ~0.5 ms a symbol and writes RGBA, which pdfkit has to split into an image and a soft
// mask (~0.6 ms more); a 500-line print sheet spent ~0.7 s on that alone. A grey PNG is embedded
// by pdfkit as it is, and thermal printer drivers never meet a soft mask.
import pLimit from "p-limit";
import bwipjs from "bwip-js/node";
import type sharpType from "sharp";

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

let sharpLoading: Promise<typeof sharpType> | undefined;
/** sharp, imported on first use (it costs ~200 ms of a cold start; pages never need it). */
const loadSharp = () => (sharpLoading ??= import("sharp").then((m) => m.default));

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

/** Draws one symbol as a grey PNG: black bars on white, quiet zones included. */
async function drawPng(text: string, style: BarcodeStyle): Promise<BarcodeImage> {
  const sbs = code128Pattern(text);
  const m = Math.max(1, Math.floor(style.modulePx));
  const modules = sbs.reduce((a, b) => a + b, 0) + 2 * QUIET_ZONE_MODULES;
  const widthPx = modules * m;
  const pad = Math.max(0, Math.round(style.padPx ?? 0));
  const bars = Math.max(1, Math.round(style.barHeightPx));
  const heightPx = bars + 2 * pad;
  const row = Buffer.alloc(widthPx, 255);
  let x = QUIET_ZONE_MODULES * m;
  sbs.forEach((w, i) => {
    if (i % 2 === 0) row.fill(0, x, x + w * m);
    x += w * m;
  });
  const pixels = Buffer.alloc(widthPx * heightPx, 255);
  for (let y = pad; y < pad + bars; y++) row.copy(pixels, y * widthPx);
  const sharp = await loadSharp();
  const png = await sharp(pixels, { raw: { width: widthPx, height: heightPx, channels: 1 } })
    .toColourspace("b-w")
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { png, widthPx, heightPx, modules };
}

/**
 * A barcode renderer for one document: each (text, style) is drawn once, and at most two are
 * drawn at a time (libuv's four threads stay free for the server's files and sockets).
 */
export function code128Renderer(): (text: string, style: BarcodeStyle) => Promise<BarcodeImage> {
  const cache = new Map<string, Promise<BarcodeImage>>();
  const limit = pLimit(2);
  return (text, style) => {
    const key = `${style.modulePx}|${style.barHeightPx}|${style.padPx ?? 0}|${text}`;
    let image = cache.get(key);
    if (!image) {
      // Refuse a bad code at once rather than inside the queue.
      if (!SCANNABLE.test(text)) code128Pattern(text);
      image = limit(() => drawPng(text, style));
      cache.set(key, image);
    }
    return image;
  };
}
