import { AppError } from "../../contracts/errors.ts";
import { inspectUpload, type InspectedUpload, type UploadLimits } from "./inspect.ts";
import { loadSharp } from "./sharp.ts";
import { runImageWork } from "./work.ts";

/** Pixel cap of pictures that are not artwork (avatars, banners, reference images), checked from the header. */
export const WEB_IMAGE_MAX_PIXELS = 40_000_000;

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
 * refusal names `field` and says "image"; at most WEB_IMAGE_MAX_PIXELS unless `limits` says less),
 * then, in the image queue, EXIF-rotated, resized and re-encoded as WebP. A damaged or cut-off
 * file is a 422 on `field`, a full queue a 503.
 */
export async function uploadedImageToWebp(bytes: Buffer, o: WebImageOptions): Promise<Buffer> {
  const limits = { ...o.limits, maxPixels: Math.min(o.limits.maxPixels ?? WEB_IMAGE_MAX_PIXELS, WEB_IMAGE_MAX_PIXELS) };
  let info: InspectedUpload;
  try {
    info = await inspectUpload(bytes, limits);
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.code, e.message.replace(/artwork/gi, "image"), e.status, o.field);
    throw e;
  }
  const resize =
    o.fit === "cover"
      ? { width: o.width, height: o.height, fit: "cover" as const, position: "attention" }
      : { width: o.width, height: o.height, fit: "inside" as const, withoutEnlargement: true };
  return runImageWork(async () => {
    const sharp = await loadSharp();
    try {
      return await sharp(bytes, { limitInputPixels: info.width * info.height, failOn: "error" })
        .rotate()
        .resize(resize)
        .webp({ quality: o.quality })
        .toBuffer();
    } catch {
      throw new AppError(
        "image-unreadable",
        "The image could not be read; it may be damaged or cut off. Export it again and upload the new file.",
        422,
        o.field,
      );
    }
  }, o.field);
}

/** A project-drawn SVG (demo avatars and banners) as WebP. Never for uploads: SVG uploads are refused. */
export async function svgToWebp(svg: string, quality = 82): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality }).toBuffer();
}

/**
 * A stored picture (WebP, PNG or JPEG) as a PNG no larger than `maxSide`, for documents: PDF
 * writers read PNG and JPEG only (a store's logo on its packing slips). Null when it cannot be read.
 */
export async function imageAsPng(bytes: Buffer, maxSide = 400): Promise<Buffer | null> {
  try {
    const sharp = await loadSharp();
    return await sharp(bytes, { limitInputPixels: WEB_IMAGE_MAX_PIXELS })
      .rotate()
      .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
