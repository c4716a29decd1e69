import type { Placement } from "../../contracts/index.ts";
import { placeArtwork } from "./mockup.ts";
import { loadSharp } from "./sharp.ts";

/** Caps of a print file: longest side and total pixels (16 × 20 in at 300 DPI = 4800 × 6000 fits). */
export const PRINT_MAX_SIDE = 9000;
export const PRINT_MAX_PIXELS = 40_000_000;

export interface PrintFileInput {
  /** The normalised full-resolution artwork PNG. */
  artwork: Buffer;
  /** Its size in pixels (aspect ratio). */
  artworkWidth: number;
  artworkHeight: number;
  placement: Placement;
  /** Physical print area and the DPI the printer wants. */
  area: { widthIn: number; heightIn: number; dpi: number };
}

export interface PrintFile {
  png: Buffer;
  widthPx: number;
  heightPx: number;
  /** DPI actually used (lower than asked only when the caps applied). */
  dpi: number;
}

/** The size of an area's print file: area inches × DPI, the DPI lowered only when the caps apply. */
export function printFileSize(area: { widthIn: number; heightIn: number; dpi: number }): {
  widthPx: number;
  heightPx: number;
  dpi: number;
} {
  const { widthIn, heightIn } = area;
  let dpi = area.dpi;
  const cap = Math.min(PRINT_MAX_SIDE / Math.max(widthIn, heightIn), Math.sqrt(PRINT_MAX_PIXELS / (widthIn * heightIn)));
  if (dpi > cap) dpi = Math.floor(cap);
  return { widthPx: Math.max(1, Math.round(widthIn * dpi)), heightPx: Math.max(1, Math.round(heightIn * dpi)), dpi };
}

/**
 * The print file of one area at full print resolution: area inches × DPI, transparent
 * background, the artwork placed, rotated and clipped exactly as in the mockup. Store it under
 * `print-files/...` (never public; /media does not serve that prefix).
 */
export async function renderPrintFile(input: PrintFileInput): Promise<PrintFile> {
  const { widthPx, heightPx, dpi } = printFileSize(input.area);
  const layer = await placeArtwork(input.artwork, input.artworkWidth / input.artworkHeight, input.placement, widthPx, heightPx);
  const sharp = await loadSharp();
  const png = await sharp(layer.data, { raw: { width: widthPx, height: heightPx, channels: 4 } })
    .withMetadata({ density: dpi })
    .png({ compressionLevel: 4, adaptiveFiltering: false })
    .toBuffer();
  return { png, widthPx, heightPx, dpi };
}
