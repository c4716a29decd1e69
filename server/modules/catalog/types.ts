import { z } from "zod";

/** Browser-safe types and constants of the catalogue (blanks, products, designer). */
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

export const PRODUCT_STATUSES = ["draft", "in_review", "published", "unpublished", "taken_down"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRINT_AREA_KEYS = ["front", "back", "sleeve", "wrap", "full"] as const;
export type PrintAreaKey = (typeof PRINT_AREA_KEYS)[number];

/** Preflight thresholds (issue 3): warn under 150 effective DPI, refuse under 100. */
export const DPI_WARN = 150;
export const DPI_REFUSE = 100;

/** Upload limits: bytes, and pixels (stops decompression bombs before decoding). */
export const ARTWORK_MAX_BYTES = 25 * 1024 * 1024;
export const ARTWORK_MAX_PIXELS = 60_000_000;
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

export interface PreflightIssue {
  level: "error" | "warning" | "info";
  code: "low-dpi" | "dpi-too-low" | "outside-area" | "transparency" | "no-transparency";
  message: string;
}

/** Image of a product as the storefront shows it: `/media/mockups/{hash}-{w}.webp` for w in MOCKUP_WIDTHS. */
export interface MockupRef {
  hash: string;
  color: string;
  areaKey: string;
  width: number;
  height: number;
}

/** What a product grid, a search hit, the cart and the wish list show of a product. */
export interface ProductCard {
  id: string;
  title: string;
  category: Category;
  priceMinor: number;
  /** Lowest and highest variant price (per-variant prices). */
  priceMaxMinor: number;
  /** ISO 4217 currency of the prices, as stored with the product (absent on search hits: the platform currency). */
  currency?: string;
  storeId: string;
  storeHandle: string;
  storeName: string;
  colors: { name: string; hex: string }[];
  image: MockupRef | null;
  status: ProductStatus;
  publishedAt: string | null;
}

/** URL of a stored mockup at one width (browser-safe). */
export const mockupUrl = (hash: string, width: number): string => `/media/mockups/${hash}-${width}.webp`;
export const mockupSrcSet = (hash: string): string => MOCKUP_WIDTHS.map((w) => `${mockupUrl(hash, w)} ${w}w`).join(", ");
