// What the catalogue shares with search, the image and search adapters and the web layer lives in
// server/contracts (so that server/infra depends on contracts, not on this module); re-exported
// here so that existing imports keep working.
export {
  CATEGORIES,
  CATEGORY_LABELS,
  PRODUCT_STATUSES,
  PRINT_AREA_KEYS,
  type Category,
  type ProductStatus,
  type PrintAreaKey,
  type ProductCard,
} from "../../contracts/catalog.ts";
export {
  ARTWORK_MAX_BYTES,
  ARTWORK_MAX_PIXELS,
  ARTWORK_MAX_SIDE,
  MOCKUP_WIDTHS,
  placementSchema,
  mockupUrl,
  mockupSrcSet,
  type Placement,
  type TemplateRect,
  type MockupRef,
} from "../../contracts/imaging.ts";

/** Browser-safe types and constants of the catalogue (blanks, products, designer). */

/** Preflight thresholds (issue 3): warn under 150 effective DPI, refuse under 100. */
export const DPI_WARN = 150;
export const DPI_REFUSE = 100;

export interface PreflightIssue {
  level: "error" | "warning" | "info";
  code: "low-dpi" | "dpi-too-low" | "outside-area" | "transparency" | "no-transparency";
  message: string;
}
