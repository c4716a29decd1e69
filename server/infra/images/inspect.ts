import type { Metadata } from "sharp";
import { AppError } from "../../contracts/errors.ts";
import { ARTWORK_MAX_BYTES, ARTWORK_MAX_PIXELS, ARTWORK_MAX_SIDE } from "../../contracts/index.ts";
import { readDeclaredSize } from "./header.ts";
import { fileTypeFromBuffer, loadSharp } from "./sharp.ts";

/** Raster formats an upload may be in (checked by content, never by file name or declared type). */
export const ACCEPTED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

export interface UploadLimits {
  maxBytes: number;
  maxPixels: number;
  maxSide: number;
  /** Smallest accepted side in pixels (a 3-pixel image is never artwork). */
  minSide: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxBytes: ARTWORK_MAX_BYTES,
  maxPixels: ARTWORK_MAX_PIXELS,
  maxSide: ARTWORK_MAX_SIDE,
  minSide: 16,
};

export interface InspectedUpload {
  mime: AcceptedImageType;
  /** Size as displayed (EXIF orientation applied). */
  width: number;
  height: number;
  bytes: number;
  /** The file has an alpha channel (not yet known whether anything is actually transparent). */
  hasAlphaChannel: boolean;
}

/**
 * Decompression-bomb guard: an image of at least BOMB_MIN_PIXELS that declares more than
 * MAX_PIXELS_PER_BYTE pixels per byte of file is refused before decoding. Real pictures stay far
 * below (a photo is about 0.1-1 pixels per byte; a flat logo on transparency a few hundred); a
 * 7 KB PNG declaring 60 megapixels is ~8,000, a 35 KB one declaring 40 megapixels ~1,100. The
 * pixel caps and the image queue bound what a padded one costs.
 */
export const BOMB_MIN_PIXELS = 4_000_000;
export const MAX_PIXELS_PER_BYTE = 1_000;

const n = (v: number) => v.toLocaleString("en-US");
const mb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** True when the bytes look like SVG / XML text (file-type does not detect SVG). */
export function looksLikeSvg(bytes: Buffer): boolean {
  let head = bytes.subarray(0, 1024).toString("utf8");
  if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
  head = head.trimStart().toLowerCase();
  return (
    head.startsWith("<svg") ||
    (head.startsWith("<?xml") && head.includes("<svg")) ||
    head.startsWith("<!doctype svg") ||
    (head.startsWith("<!--") && head.includes("<svg"))
  );
}

/**
 * Checks an upload BEFORE any pixel is decoded: byte size, real type from the magic bytes,
 * pixel dimensions from the header. Throws `AppError` on field "artwork":
 * 413 too many bytes, 415 not PNG/JPEG/WebP (SVG included, see below), 422 unreadable,
 * too many pixels, a side too long or too short.
 *
 * SVG is REFUSED (decision): a vector file can reference external resources, embed scripts and
 * expand to any size, and its print resolution is undefined. The message asks for a PNG export.
 */
export async function inspectUpload(bytes: Buffer, limits: Partial<UploadLimits> = {}): Promise<InspectedUpload> {
  const lim = { ...DEFAULT_UPLOAD_LIMITS, ...limits };
  if (!bytes || bytes.byteLength === 0)
    throw new AppError("artwork-empty", "The file is empty. Choose a PNG, JPEG or WebP image.", 422, "artwork");
  if (bytes.byteLength > lim.maxBytes)
    throw new AppError(
      "artwork-too-large",
      `The file is ${mb(bytes.byteLength)}; the limit is ${mb(lim.maxBytes)}. Export it with more compression or at a smaller size.`,
      413,
      "artwork",
    );

  if (looksLikeSvg(bytes))
    throw new AppError(
      "artwork-svg",
      "SVG files are not accepted. Export your artwork as a PNG (with a transparent background) at print size, for example 4500 × 5400 pixels.",
      415,
      "artwork",
    );

  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime;
  if (!mime || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(mime)) {
    const what = detected ? `a ${detected.ext.toUpperCase()} file` : "not an image we can read";
    throw new AppError("artwork-type", `This file is ${what}. Upload a PNG, JPEG or WebP image.`, 415, "artwork");
  }

  // 1. The size the header DECLARES, read without any decoder, checked before sharp sees the file.
  const declared = readDeclaredSize(bytes, mime as AcceptedImageType);
  if (!declared) throw unreadable();
  checkSize(declared.width, declared.height, lim);
  const pixels = declared.width * declared.height;
  if (pixels >= BOMB_MIN_PIXELS && pixels / bytes.byteLength > MAX_PIXELS_PER_BYTE)
    throw new AppError(
      "artwork-implausible",
      `The image says it is ${n(declared.width)} × ${n(declared.height)} pixels, but the file is only ${mb(bytes.byteLength)}: it is damaged or almost entirely empty. Export it again and upload the new file.`,
      422,
      "artwork",
    );

  // 2. Header metadata through sharp (orientation, alpha): still no pixel is decoded here.
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: lim.maxPixels, sequentialRead: true }).metadata();
  } catch {
    throw unreadable();
  }
  // The decoder must see the size that was checked (two frame headers, say, could disagree).
  if (meta.width !== declared.width || meta.height !== declared.height) throw unreadable();
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? declared.height : declared.width;
  const height = rotated ? declared.width : declared.height;

  return { mime: mime as AcceptedImageType, width, height, bytes: bytes.byteLength, hasAlphaChannel: Boolean(meta.hasAlpha) };
}

const unreadable = () =>
  new AppError(
    "artwork-unreadable",
    "The image could not be read; it may be damaged. Export it again and upload the new file.",
    422,
    "artwork",
  );

/** Caps on sides and pixels (symmetric, so orientation does not matter). Throws AppError 422 on "artwork". */
function checkSize(width: number, height: number, lim: UploadLimits): void {
  if (width > lim.maxSide || height > lim.maxSide || width * height > lim.maxPixels) {
    const mp = Math.round(lim.maxPixels / 1e6);
    throw new AppError(
      "artwork-dimensions",
      `The image is ${n(width)} × ${n(height)} pixels; the limit is ${n(lim.maxSide)} pixels per side and ${mp} megapixels in total. Scale it down and upload it again.`,
      422,
      "artwork",
    );
  }
  if (width < lim.minSide || height < lim.minSide)
    throw new AppError(
      "artwork-too-small",
      `The image is only ${n(width)} × ${n(height)} pixels; it needs at least ${lim.minSide} pixels per side.`,
      422,
      "artwork",
    );
}
