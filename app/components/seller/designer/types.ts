// What the designer page shows: the loader's view of blanks, artwork, product and fee settings.
// Browser-safe (types only).
import type { Category, Placement, ProductStatus, TemplateRect } from "#server/modules/catalog/types.ts";

export interface BlankSummary {
  id: string;
  name: string;
  category: Category;
  /** The lowest base cost, formatted. */
  from: string;
  colors: { name: string; hex: string }[];
  thumb: string | null;
  sizes: number;
}

export interface DesignerArea {
  key: string;
  label: string;
  widthIn: number;
  heightIn: number;
  requiredDpi: number;
  templateWidth: number;
  templateHeight: number;
  rect: TemplateRect;
}

export interface DesignerColor {
  name: string;
  hex: string;
  templates: Record<string, { url: string; rect: TemplateRect | null }>;
}

export interface DesignerBlank {
  id: string;
  name: string;
  category: Category;
  description: string;
  productionDays: number;
  areas: DesignerArea[];
  colors: DesignerColor[];
  sizes: string[];
  /** Base cost in minor units by "colour|size" (active variants only). */
  costs: Record<string, number>;
}

export interface ArtworkView {
  artworkId: string;
  previewUrl: string;
  width: number;
  height: number;
  hasAlpha: boolean;
}

export interface DesignerSettings {
  currency: string;
  platformFeePercent: number;
  minimumMarginMinor: number;
}

export interface DesignerProduct {
  id: string;
  status: ProductStatus;
  title: string;
  description: string;
  tags: string;
  category: Category;
  price: string;
  colors: string[];
  sizes: string[];
  placements: Record<string, Placement>;
  variantPrices: Record<string, string>;
  primaryColor: string | null;
  heldReason: string | null;
  takedownReason: string | null;
  mockups: { color: string; areaKey: string; url: string }[];
}

export type Errors = Record<string, string | undefined>;
