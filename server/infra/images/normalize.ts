import { createHash } from "node:crypto";
import type { OutputInfo } from "sharp";
import { AppError } from "../../contracts/errors.ts";
import { inspectUpload, type AcceptedImageType, type InspectedUpload, type UploadLimits } from "./inspect.ts";
import { loadSharp } from "./sharp.ts";
import { runImageWork } from "./work.ts";

/** Longest side of the designer preview stored beside each artwork. */
export const ARTWORK_PREVIEW_MAX = 1024;

export interface NormalizedArtwork {
  /** Full-resolution PNG: sRGB, EXIF orientation applied, all metadata stripped. */
  png: Buffer;
  /** Preview PNG, longest side <= ARTWORK_PREVIEW_MAX (what mockups are rendered from). */
  preview: Buffer;
  previewWidth: number;
  previewHeight: number;
  width: number;
  height: number;
  /** Some pixel is actually (partly) transparent, not merely an alpha channel. */
  hasAlpha: boolean;
  /** Detected content type of the upload. */
  mime: AcceptedImageType;
  /** Size of the upload in bytes. */
  bytes: number;
  /** sha256 (hex) of the normalised PNG: equal artwork, equal hash. */
  sha256: string;
}

export const sha256Hex = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

/**
 * Validates (`inspectUpload`) and normalises an upload in one decode: sRGB, EXIF-rotated,
 * metadata stripped, PNG; plus a preview. Throws AppError (field "artwork") on bad input.
 */
export async function normalizeArtwork(bytes: Buffer, limits?: Partial<UploadLimits>): Promise<NormalizedArtwork> {
  // The header is checked first (cheap, no decoder); only then does the upload wait for a decode slot.
  const info = await inspectUpload(bytes, limits);
  return runImageWork(() => normalizeInspected(bytes, info), "artwork");
}

async function normalizeInspected(bytes: Buffer, info: InspectedUpload): Promise<NormalizedArtwork> {
  const sharp = await loadSharp();
  let raw: { data: Buffer; info: OutputInfo };
  try {
    raw = await sharp(bytes, { limitInputPixels: info.width * info.height, failOn: "error" })
      .rotate()
      .toColourspace("srgb")
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError(
      "artwork-unreadable",
      "The image could not be read; it may be damaged or cut off. Export it again and upload the new file.",
      422,
      "artwork",
    );
  }
  const { width, height, channels } = raw.info;
  const data = raw.data;
  let hasAlpha = false;
  if (info.hasAlphaChannel) {
    for (let i = channels - 1; i < data.length; i += channels) {
      if (data[i]! < 255) {
        hasAlpha = true;
        break;
      }
    }
  }
  const input = { raw: { width, height, channels: channels as 4 } };
  // A pipeline per output over the same pixels: sharp's clone() would structuredClone the raw
  // buffer (up to 4 bytes x the pixel limit, on the main thread) for each.
  const base = () => (hasAlpha ? sharp(data, input) : sharp(data, input).removeAlpha());
  const scale = Math.min(1, ARTWORK_PREVIEW_MAX / Math.max(width, height));
  const previewWidth = Math.max(1, Math.round(width * scale));
  const previewHeight = Math.max(1, Math.round(height * scale));
  const [png, preview] = await Promise.all([
    base().png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer(),
    base().resize(previewWidth, previewHeight, { fit: "fill", kernel: "lanczos3" }).png({ compressionLevel: 6 }).toBuffer(),
  ]);
  return { png, preview, previewWidth, previewHeight, width, height, hasAlpha, mime: info.mime, bytes: info.bytes, sha256: sha256Hex(png) };
}
