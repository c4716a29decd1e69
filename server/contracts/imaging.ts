// Image limits, mockup and placement geometry: shared by the catalogue (designer, preflight), the
// image adapter (server/infra/images: uploads, mockups, print files), search and the web layer.
// Browser-safe. `#server/modules/catalog/types.ts` and `preflight.ts` re-export it.
import { z } from "zod";

/**
 * Upload limits: bytes, and pixels (stops decompression bombs before decoding). 40 megapixels
 * hold the largest print area at 300 DPI (18 × 24 in: 5400 × 7200 = 38.9 MP); decoding a 60 MP
 * file took 8 s and 300 MB here, so the header's size is refused above that before any decoding.
 */
export const ARTWORK_MAX_BYTES = 25 * 1024 * 1024;
export const ARTWORK_MAX_PIXELS = 40_000_000;
export const ARTWORK_MAX_SIDE = 12_000;

/** Widths of every stored mockup (WebP), for srcset. */
export const MOCKUP_WIDTHS = [320, 640, 1024] as const;

/**
 * Where the artwork sits in a print area. All values relative to the print area:
 * centre `x`,`y` in 0..1 (0.5 = centred), `scale` = artwork width / print-area width,
 * `rotation` in degrees.
 */
export const placementSchema = z.object({
  x: z.number().min(-1).max(2),
  y: z.number().min(-1).max(2),
  scale: z.number().min(0.02).max(4),
  rotation: z.number().min(-360).max(360),
});
export type Placement = z.infer<typeof placementSchema>;

/** Rectangle of a print area on a colour's template image, in template pixels. */
export interface TemplateRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Image of a product as the storefront shows it: `/media/mockups/{hash}-{w}.webp` for w in MOCKUP_WIDTHS. */
export interface MockupRef {
  hash: string;
  color: string;
  areaKey: string;
  width: number;
  height: number;
}

/** URL of a stored mockup at one width (browser-safe). */
export const mockupUrl = (hash: string, width: number): string => `/media/mockups/${hash}-${width}.webp`;
export const mockupSrcSet = (hash: string): string => MOCKUP_WIDTHS.map((w) => `${mockupUrl(hash, w)} ${w}w`).join(", ");

/**
 * Where the artwork lands on a template image (or any pixel box standing for the print area):
 * centre, unrotated width and height in pixels, rotation in degrees. Used by the mockup renderer
 * and by the designer to draw the artwork over the template.
 */
export function placementToPixels(
  placement: Placement,
  rect: TemplateRect,
  artworkAspect: number,
): { cx: number; cy: number; width: number; height: number; rotation: number } {
  const width = placement.scale * rect.w;
  return {
    cx: rect.x + placement.x * rect.w,
    cy: rect.y + placement.y * rect.h,
    width,
    height: width / artworkAspect,
    rotation: placement.rotation,
  };
}
