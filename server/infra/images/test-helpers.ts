import { deflateSync } from "node:zlib";
import sharp from "sharp";

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
