/**
 * Preflight maths for the product designer: PURE and browser-safe (no Node imports). The designer
 * imports it for live feedback while the artwork is dragged, scaled and rotated; the server runs
 * the same function when a product is saved, so both always agree.
 *
 * Geometry (see `Placement` in ./types.ts): everything is relative to the print area. `x`,`y`
 * is the artwork's centre (0..1 of the area's width and height), `scale` is the artwork's width
 * as a fraction of the area's width, `rotation` is in degrees (clockwise, like CSS and sharp).
 */
import { DPI_REFUSE, DPI_WARN, type Placement, type PreflightIssue } from "./types.ts";

export interface PreflightInput {
  /** Pixel size of the uploaded (normalised) artwork. */
  artworkWidth: number;
  artworkHeight: number;
  /** Real transparency in the artwork (`normalizeArtwork().hasAlpha`). */
  hasAlpha: boolean;
  /** Content type of the upload, for the "JPEG has no transparency" note. Optional. */
  mime?: string;
  placement: Placement;
  /** Physical size of the print area in inches. */
  area: { widthIn: number; heightIn: number };
}

export interface PreflightResult {
  /** Pixels per printed inch at the chosen size (rounded down). */
  effectiveDpi: number;
  /** Printed size of the artwork in inches (before rotation). */
  printedWidthIn: number;
  printedHeightIn: number;
  /** Errors first, then warnings, then notes. */
  issues: PreflightIssue[];
  /** True when an issue of level "error" is present: the product cannot be published. */
  blocking: boolean;
}

/** How far (in inches) the artwork may poke out of the area before it counts as outside (rounding). */
const OUTSIDE_TOLERANCE_IN = 0.02;

const fmt = (n: number, digits = 1) => {
  const r = Math.round(n * 10 ** digits) / 10 ** digits;
  return Number.isInteger(r) ? String(r) : r.toFixed(digits);
};

/** Corners of the placed, rotated artwork in area-relative units of the area's width/height (0..1 = inside). */
export function placedCorners(placement: Placement, artworkAspect: number, areaAspect: number): { x: number; y: number }[] {
  // Work in a square unit system based on the area's width so rotation is not distorted.
  const areaH = 1 / areaAspect; // area height in "area widths"
  const w = placement.scale;
  const h = w / artworkAspect;
  const cx = placement.x;
  const cy = placement.y * areaH;
  const rad = (placement.rotation * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  return [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([dx, dy]) => ({ x: cx + dx! * cos - dy! * sin, y: (cy + dx! * sin + dy! * cos) / areaH }));
}

/** Axis-aligned bounding box of the placed artwork, relative to the area (0..1 = inside on each axis). */
export function placedBounds(
  placement: Placement,
  artworkAspect: number,
  areaAspect: number,
): { left: number; top: number; right: number; bottom: number } {
  const c = placedCorners(placement, artworkAspect, areaAspect);
  return {
    left: Math.min(...c.map((p) => p.x)),
    right: Math.max(...c.map((p) => p.x)),
    top: Math.min(...c.map((p) => p.y)),
    bottom: Math.max(...c.map((p) => p.y)),
  };
}

// Moved to server/contracts (the image adapter uses it too); kept here for the designer's imports.
export { placementToPixels } from "../../contracts/imaging.ts";

/** Effective DPI of an artwork printed `scale` × the area's width wide. */
export function effectiveDpi(artworkWidth: number, scale: number, areaWidthIn: number): number {
  const printedIn = scale * areaWidthIn;
  if (!(printedIn > 0) || !(artworkWidth > 0)) return 0;
  return Math.floor(artworkWidth / printedIn);
}

/** The largest `scale` at which the artwork still prints at `dpi` or more in this area. */
export function maxScaleForDpi(artworkWidth: number, areaWidthIn: number, dpi: number = DPI_WARN): number {
  return artworkWidth / (dpi * areaWidthIn);
}

/** Live preflight of one print area: effective DPI, artwork outside the area, transparency. */
export function preflight(input: PreflightInput): PreflightResult {
  const { artworkWidth, artworkHeight, placement, area } = input;
  const aspect = artworkWidth / artworkHeight;
  const printedWidthIn = placement.scale * area.widthIn;
  const printedHeightIn = printedWidthIn / aspect;
  const dpi = effectiveDpi(artworkWidth, placement.scale, area.widthIn);
  const issues: PreflightIssue[] = [];
  const size = `${fmt(printedWidthIn)} × ${fmt(printedHeightIn)} in`;

  if (dpi < DPI_REFUSE) {
    issues.push({
      level: "error",
      code: "dpi-too-low",
      message: `The artwork prints at ${dpi} DPI at this size (${size}); at least ${DPI_REFUSE} DPI is needed. Make it smaller or upload a larger file.`,
    });
  } else if (dpi < DPI_WARN) {
    issues.push({
      level: "warning",
      code: "low-dpi",
      message: `The artwork prints at ${dpi} DPI at this size (${size}), under the recommended ${DPI_WARN} DPI: it may look soft or pixelated. Make it smaller or upload a larger file.`,
    });
  }

  const b = placedBounds(placement, aspect, area.widthIn / area.heightIn);
  const tolX = OUTSIDE_TOLERANCE_IN / area.widthIn;
  const tolY = OUTSIDE_TOLERANCE_IN / area.heightIn;
  if (b.left < -tolX || b.top < -tolY || b.right > 1 + tolX || b.bottom > 1 + tolY) {
    const fullyOutside = b.right <= 0 || b.left >= 1 || b.bottom <= 0 || b.top >= 1;
    issues.push({
      level: fullyOutside ? "error" : "warning",
      code: "outside-area",
      message: fullyOutside
        ? "The artwork lies completely outside the print area: nothing would be printed. Move it back onto the area."
        : "Part of the artwork lies outside the print area and will be cut off. Make it smaller or move it inside the dashed frame.",
    });
  }

  if (input.hasAlpha) {
    issues.push({
      level: "info",
      code: "transparency",
      message: "Transparent parts of the artwork are not printed: the product colour shows through.",
    });
  } else {
    const jpeg = input.mime === "image/jpeg";
    issues.push({
      level: "info",
      code: "no-transparency",
      message: jpeg
        ? "JPEG files have no transparency: the artwork's background prints as a visible box. Upload a PNG with a transparent background if you want only the design printed."
        : "The artwork has no transparent background: it prints as a full rectangle, background included.",
    });
  }

  const rank = { error: 0, warning: 1, info: 2 } as const;
  issues.sort((a, b2) => rank[a.level] - rank[b2.level]);
  return { effectiveDpi: dpi, printedWidthIn, printedHeightIn, issues, blocking: issues.some((i) => i.level === "error") };
}

/** Default snap distance, relative to the area (2% of its width/height). */
export const SNAP_THRESHOLD = 0.02;

/**
 * Snap-to-centre: a centre coordinate within `threshold` of 0.5 becomes exactly 0.5, and a
 * rotation within 3° of a multiple of 90° becomes that multiple. Returns a new placement.
 */
export function snapToCentre(placement: Placement, threshold: number = SNAP_THRESHOLD): Placement {
  const snap = (v: number) => (Math.abs(v - 0.5) <= threshold ? 0.5 : v);
  const nearest90 = Math.round(placement.rotation / 90) * 90;
  const rotation = Math.abs(placement.rotation - nearest90) <= 3 ? nearest90 : placement.rotation;
  return { x: snap(placement.x), y: snap(placement.y), scale: placement.scale, rotation: rotation === 0 ? 0 : rotation };
}

/** Which axes snapped (for drawing centre guides in the designer). */
export function snappedAxes(placement: Placement, threshold: number = SNAP_THRESHOLD): { x: boolean; y: boolean } {
  return { x: Math.abs(placement.x - 0.5) <= threshold, y: Math.abs(placement.y - 0.5) <= threshold };
}

/**
 * A sensible first placement: centred, as large as fits the area (at most 90% of it) while the
 * artwork keeps at least DPI_WARN effective DPI when that is possible.
 */
export function defaultPlacement(artworkWidth: number, artworkHeight: number, area: { widthIn: number; heightIn: number }): Placement {
  const aspect = artworkWidth / artworkHeight;
  const areaAspect = area.widthIn / area.heightIn;
  const fit = 0.9 * Math.min(1, aspect / areaAspect);
  const dpiCap = maxScaleForDpi(artworkWidth, area.widthIn, DPI_WARN);
  const scale = Math.max(0.02, Math.min(fit, Math.max(dpiCap, fit * 0.5)));
  return { x: 0.5, y: 0.5, scale: Math.max(0.02, Math.floor(scale * 1000) / 1000), rotation: 0 };
}
