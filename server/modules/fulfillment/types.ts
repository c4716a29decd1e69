// Browser-safe types and constants of the print shop's catalogue: what kinds of blanks exist, their
// print areas and where an area sits on a template image. No server-only imports in this file.

/** Kinds of blanks (and so of products): the print shops' vocabulary. */
export const CATEGORIES = ["t-shirts", "hoodies", "mugs", "posters", "stickers", "tote-bags", "phone-cases"] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_LABELS: Record<Category, string> = {
  "t-shirts": "T-shirts",
  hoodies: "Hoodies",
  mugs: "Mugs",
  posters: "Posters",
  stickers: "Stickers",
  "tote-bags": "Tote bags",
  "phone-cases": "Phone cases",
};

export const PRINT_AREA_KEYS = ["front", "back", "sleeve", "wrap", "full"] as const;
export type PrintAreaKey = (typeof PRINT_AREA_KEYS)[number];

/** Rectangle of a print area on a colour's template image, in template pixels. */
export interface TemplateRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

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
