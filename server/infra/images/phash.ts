import { loadSharp } from "./sharp.ts";

/**
 * Two perceptual hashes whose Hamming distance is at most this are "the same picture" (re-saved,
 * resized, recompressed, slightly recoloured). Different artworks sit around 32 apart.
 */
export const PHASH_MATCH_DISTANCE = 8;

const SIZE = 32;
const LOW = 8;

// DCT-II basis, computed once: COS[k][n] = cos(pi/N (n + 1/2) k)
const COS: Float64Array[] = Array.from({ length: LOW }, (_, k) => {
  const row = new Float64Array(SIZE);
  for (let n = 0; n < SIZE; n++) row[n] = Math.cos((Math.PI / SIZE) * (n + 0.5) * k);
  return row;
});

/**
 * 64-bit DCT perceptual hash: flatten transparency onto white, greyscale, crop to the design's
 * bounding box, 32×32, 2-D DCT, the 8×8 lowest frequencies compared with their median. Returned as a SIGNED 64-bit bigint so it
 * fits a PostgreSQL `bigint` column; `hammingDistance` treats it as 64 bits either way.
 */
export async function perceptualHash(bytes: Buffer): Promise<bigint> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
  const { data, info } = await sharp(bytes, { limitInputPixels: 100_000_000 })
    .rotate()
    .ensureAlpha()
    .resize(256, 256, { fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Greyscale flattened onto white, and the bounding box of the design: the opaque pixels of a
  // transparent image, the non-white ones of an opaque one. Cropping to it makes the hash blind
  // to empty margins added or removed around a design.
  const { width, height } = info;
  const grey = Buffer.alloc(width * height);
  const alphaMode = Boolean(meta.hasAlpha);
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const a = data[i + 3]! / 255;
      const g = Math.round((0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!) * a + 255 * (1 - a));
      grey[y * width + x] = g;
      if (alphaMode ? data[i + 3]! > 16 : g < 247) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  let img = sharp(grey, { raw: { width, height, channels: 1 } });
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  if (x1 >= 0 && bw >= 4 && bh >= 4) img = img.extract({ left: x0, top: y0, width: bw, height: bh });
  const small = await img.resize(SIZE, SIZE, { fit: "fill", kernel: "cubic" }).raw().toBuffer();
  return phashFromGrey(small);
}

/** The hash of a 32×32 greyscale raw buffer (exposed for tests). */
export function phashFromGrey(grey: Uint8Array): bigint {
  // rows first: tmp[y][k] = sum_x p[y][x] cos_k(x)
  const tmp = new Float64Array(SIZE * LOW);
  for (let y = 0; y < SIZE; y++) {
    for (let k = 0; k < LOW; k++) {
      let s = 0;
      const c = COS[k]!;
      for (let x = 0; x < SIZE; x++) s += grey[y * SIZE + x]! * c[x]!;
      tmp[y * LOW + k] = s;
    }
  }
  const coeffs = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++) {
    const c = COS[v]!;
    for (let k = 0; k < LOW; k++) {
      let s = 0;
      for (let y = 0; y < SIZE; y++) s += tmp[y * LOW + k]! * c[y]!;
      coeffs[v * LOW + k] = s;
    }
  }
  // median of the 63 AC coefficients (DC excluded: overall brightness)
  const ac = Array.from(coeffs.subarray(1)).sort((a, b) => a - b);
  const median = ac[Math.floor(ac.length / 2)]!;
  let hash = 0n;
  for (let i = 0; i < 64; i++) {
    hash <<= 1n;
    // bit 63 (the DC term) is always compared too; with the median of the ACs it is stable.
    if (coeffs[i]! > median) hash |= 1n;
  }
  return BigInt.asIntN(64, hash);
}

/** Number of differing bits between two 64-bit hashes (signed or unsigned bigints). */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}

/** Hex form of a hash (16 digits), for logs and admin pages. */
export const phashHex = (h: bigint) => BigInt.asUintN(64, h).toString(16).padStart(16, "0");
