import { deflateSync } from "node:zlib";
import { loadSharp } from "./sharp.ts";

/** CRC-32 (PNG chunk checksums). */
function crc32(buf: Buffer): number {
  let c = ~0;
  for (let i = 0; i < buf.length; i++) {
    c ^= buf[i]!;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/**
 * A valid-looking PNG whose header claims `width`×`height` (RGBA 8-bit) with a tiny IDAT: a
 * decompression bomb stand-in. Decoding it would need width×height×4 bytes.
 */
export function craftedPngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A solid or two-colour test picture. */
export async function testImage(
  width: number,
  height: number,
  format: "png" | "jpeg" | "webp" = "png",
  options: { alpha?: boolean; color?: string } = {},
): Promise<Buffer> {
  const sharp = await loadSharp();
  const bg = options.alpha ? { r: 200, g: 40, b: 40, alpha: 0 } : (options.color ?? "#c82828");
  const base = sharp({ create: { width, height, channels: 4, background: bg } });
  const dot = await sharp({
    create: { width: Math.max(1, Math.round(width / 2)), height: Math.max(1, Math.round(height / 2)), channels: 4, background: "#2850c8" },
  })
    .png()
    .toBuffer();
  const img = base.composite([{ input: dot, left: Math.round(width / 4), top: Math.round(height / 4) }]);
  return format === "png"
    ? img.png().toBuffer()
    : format === "jpeg"
      ? img.flatten({ background: "#ffffff" }).jpeg().toBuffer()
      : img.webp().toBuffer();
}

/**
 * A VALID 1-bit greyscale PNG of `width`×`height`, all black: a few KB that decode to width×height
 * pixels (the "7 KB PNG declaring 60 megapixels"). `padTo` adds a text chunk so the file reaches
 * that many bytes (a bomb padded to look plausible).
 */
export function oneBitPng(width: number, height: number, padTo = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
  ];
  const size = parts.reduce((n, p) => n + p.length, 12);
  if (padTo > size + 12) parts.push(chunk("tEXt", Buffer.concat([Buffer.from("Comment\0"), Buffer.alloc(padTo - size - 20, 0x61)])));
  parts.push(chunk("IEND", Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** A JPEG start (SOI, a baseline frame header declaring `width`×`height`) with a few bytes after it. */
export function craftedJpegHeader(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
    Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1"),
    sof,
    Buffer.alloc(64),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A lossless WebP (VP8L) header declaring `width`×`height` (each at most 16384). */
export function craftedWebpHeader(width: number, height: number): Buffer {
  const body = Buffer.alloc(64);
  body[0] = 0x2f;
  body.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14) | (1 << 28), 1);
  const vp8l = Buffer.concat([Buffer.from("VP8L"), Buffer.alloc(4), body]);
  vp8l.writeUInt32LE(body.length, 4);
  const riff = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBP"), vp8l]);
  riff.writeUInt32LE(riff.length - 8, 4);
  return riff;
}

/** A noisy photo-like picture (so that cutting the file off loses real pixel data). */
export async function noisyImage(width: number, height: number, format: "png" | "jpeg" | "webp"): Promise<Buffer> {
  const sharp = await loadSharp();
  const img = sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } });
  return (format === "png" ? img.png() : format === "jpeg" ? img.jpeg() : img.webp()).toBuffer();
}
