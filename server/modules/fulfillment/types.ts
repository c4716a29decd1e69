// Browser-safe types and constants of the print shop's catalogue: what kinds of blanks exist, their
// print areas and where an area sits on a template image. No server-only imports in this file.

// The vocabulary (categories, print areas, template rectangles) is shared with the catalogue, the
// image adapter and search, so it lives in server/contracts; re-exported here (ADR 0011).
export { CATEGORIES, CATEGORY_LABELS, PRINT_AREA_KEYS, type Category, type PrintAreaKey } from "../../contracts/catalog.ts";
export type { TemplateRect } from "../../contracts/imaging.ts";
import type { Category } from "../../contracts/catalog.ts";

export const BLANK_STATUSES = ["active", "retired"] as const;
export type BlankStatus = (typeof BLANK_STATUSES)[number];

export const FULFILLER_STATUSES = ["active", "suspended"] as const;
export type FulfillerStatus = (typeof FULFILLER_STATUSES)[number];

/** What the designer's picker shows of a blank. */
export interface BlankSummary {
  id: string;
  name: string;
  category: Category;
  description: string;
  fromCostMinor: number;
  colors: { name: string; hex: string }[];
  sizes: string[];
  areas: string[];
  productionDays: number;
  thumbnailKey: string | null;
}

/** Where a warehouse is, as the storefront shows it ("Portland, OR", US). */
export interface WarehouseLocation {
  id: string;
  name: string;
  country: string;
  region: string;
  city: string;
}

/** Print methods a fulfillment business may offer. */
export const FULFILLER_CAPABILITIES = ["dtg", "screen", "sublimation", "embroidery", "giclee", "vinyl", "uv", "dtf"] as const;
export type FulfillerCapability = (typeof FULFILLER_CAPABILITIES)[number];

/** How print methods read on pages and in e-mails. */
export const CAPABILITY_LABELS: Record<FulfillerCapability, string> = {
  dtg: "Direct-to-garment (DTG)",
  screen: "Screen printing",
  sublimation: "Sublimation",
  embroidery: "Embroidery",
  giclee: "Giclée (fine-art prints)",
  vinyl: "Vinyl cutting",
  uv: "UV printing",
  dtf: "Direct-to-film (DTF)",
};

// ---- becoming a print shop (issue 23, ADR 0018) --------------------------------------------------

/** The techniques a print shop names when it applies (at least one). */
export const APPLICATION_TECHNIQUES = [
  "dtg",
  "screen",
  "embroidery",
  "sublimation",
  "uv",
  "dtf",
] as const satisfies readonly FulfillerCapability[];
export type ApplicationTechnique = (typeof APPLICATION_TECHNIQUES)[number];

export const FULFILLER_APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type FulfillerApplicationStatus = (typeof FULFILLER_APPLICATION_STATUSES)[number];

/**
 * The version of the print shops' terms (content/legal/manufacturingTerms.md, its `version`): an
 * application records the version its applicant accepted and when. Change both together.
 */
export const FULFILLMENT_TERMS_VERSION = "2026-11-27";

/** Where a print shop's business is (an application's address). */
export interface BusinessAddress {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

// ---- shipping rates, stock and routing (ADR 0012) ------------------------------------------------

/** Why a cart line cannot be routed to any warehouse. */
export type UnroutableReason = "sold_out" | "no_shipping" | "unavailable";

/** A shipping zone as the fulfiller's config page shows it. */
export interface ShippingZoneView {
  id: string;
  name: string;
  regions: string[];
  sortOrder: number;
}

/** A shipping rate as the config page shows it (amounts in minor units of `currency`). */
export interface ShippingRateView {
  id: string;
  zoneId: string;
  blankId: string | null;
  blankName: string | null;
  category: Category | null;
  warehouseId: string | null;
  warehouseName: string | null;
  firstItemMinor: number;
  additionalItemMinor: number;
  currency: string;
  minDays: number;
  maxDays: number;
}

/** One warehouse × blank variant of a fulfiller's stock page; onHand null = made to order. */
export interface StockRowView {
  warehouseId: string;
  warehouseName: string;
  blankId: string;
  blankName: string;
  blankVariantId: string;
  sku: string;
  color: string;
  size: string;
  onHand: number | null;
  reserved: number;
  available: number | null;
  /** Where the blanks sit (shelf or bin) for pick lists; "" when not set or made to order. */
  bin: string;
}

/** One problem of an uploaded sheet (stock, rate table): its row (the header is row 1), column and message. */
export interface SheetRowError {
  row: number;
  /** The column at fault ("" for the row as a whole). */
  column: string;
  message: string;
}

/** The columns of a warehouse's stock sheet (CSV), in order. */
export const STOCK_SHEET_COLUMNS = ["sku", "on_hand", "bin"] as const;
