import sharp from "sharp";
import { AppError } from "../../kernel/index.ts";
import { inspectUpload, type UploadLimits } from "./inspect.ts";

/** Pixel cap while re-encoding pictures that are not artwork (avatars, banners, reference images). */
const WEB_IMAGE_MAX_PIXELS = 40_000_000;

export interface WebImageOptions {
  /** The form field the refusal message belongs to (e.g. "avatar", "image"). */
  field: string;
  limits: Partial<UploadLimits>;
  width: number;
  height: number;
  /** "inside": fit within the box, never enlarged; "cover": crop to the box around the interesting part. */
  fit: "inside" | "cover";
  quality: number;
}

/**
 * An uploaded picture that is not print artwork: checked by content and limits like artwork (the
 * refusal names `field` and says "image"), then EXIF-rotated, resized and re-encoded as WebP.
 */
export async function uploadedImageToWebp(bytes: Buffer, o: WebImageOptions): Promise<Buffer> {
  try {
    await inspectUpload(bytes, o.limits);
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.code, e.message.replace(/artwork/gi, "image"), e.status, o.field);
    throw e;
  }
  const resize =
    o.fit === "cover"
      ? { width: o.width, height: o.height, fit: "cover" as const, position: "attention" }
      : { width: o.width, height: o.height, fit: "inside" as const, withoutEnlargement: true };
  return sharp(bytes, { limitInputPixels: WEB_IMAGE_MAX_PIXELS }).rotate().resize(resize).webp({ quality: o.quality }).toBuffer();
}

/** A project-drawn SVG (demo avatars and banners) as WebP. Never for uploads: SVG uploads are refused. */
export function svgToWebp(svg: string, quality = 82): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality }).toBuffer();
}
