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
export const FULFILLER_CAPABILITIES = ["dtg", "screen", "sublimation", "embroidery", "giclee", "vinyl", "uv"] as const;
export type FulfillerCapability = (typeof FULFILLER_CAPABILITIES)[number];

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
}
