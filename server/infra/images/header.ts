/**
 * Pixel dimensions as DECLARED in an image's header, read from the bytes in plain JavaScript: no
 * decoder (sharp/libvips) ever sees a file before its declared size has been checked. Returns null
 * when the header is missing or malformed (a damaged file). Dimensions are as stored (EXIF
 * orientation is not applied; the caps that use them are symmetric).
 */
export interface DeclaredSize {
  width: number;
  height: number;
}

export function readDeclaredSize(bytes: Buffer, mime: "image/png" | "image/jpeg" | "image/webp"): DeclaredSize | null {
  try {
    if (mime === "image/png") return pngSize(bytes);
    if (mime === "image/jpeg") return jpegSize(bytes);
    return webpSize(bytes);
  } catch {
    return null; // read past the end: a cut-off header
  }
}

const valid = (width: number, height: number): DeclaredSize | null => (width > 0 && height > 0 ? { width, height } : null);

/** PNG: the first chunk must be IHDR (width and height, 4 bytes each, big-endian). */
function pngSize(b: Buffer): DeclaredSize | null {
  if (b.length < 24 || b.toString("latin1", 12, 16) !== "IHDR") return null;
  return valid(b.readUInt32BE(16), b.readUInt32BE(20));
}

/** JPEG: walk the markers up to the first SOFn frame header (height, then width, 2 bytes each). */
function jpegSize(b: Buffer): DeclaredSize | null {
  let i = 2; // after SOI
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return null;
    let marker = b[i + 1]!;
    while (marker === 0xff && i + 2 < b.length) marker = b[++i + 1]!; // fill bytes
    i += 2;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / start of scan before any frame
    const length = b.readUInt16BE(i);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return valid(b.readUInt16BE(i + 5), b.readUInt16BE(i + 3));
    i += length;
  }
  return null;
}

/** WebP: RIFF container, then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk. */
function webpSize(b: Buffer): DeclaredSize | null {
  if (b.length < 30 || b.toString("latin1", 0, 4) !== "RIFF" || b.toString("latin1", 8, 12) !== "WEBP") return null;
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8X") return valid(1 + b.readUIntLE(24, 3), 1 + b.readUIntLE(27, 3));
  if (chunk === "VP8L") {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return valid(1 + (bits & 0x3fff), 1 + ((bits >>> 14) & 0x3fff));
  }
  if (chunk === "VP8 ") {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return valid(b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  }
  return null;
}
