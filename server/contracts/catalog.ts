// What the catalogue shares with the search module, the search and image adapters and the web
// layer: categories, product states, print areas and the product card every listing shows.
// Browser-safe. `#server/modules/catalog/types.ts` re-exports all of it.
import type { MockupRef } from "./imaging.ts";

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
