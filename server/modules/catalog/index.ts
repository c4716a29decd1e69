// Public API of the catalog module (blanks, artwork, products, designer, moderation).
// Several helpers add export lines here: add yours with a small edit, never rewrite others' lines.
export * from "./types.ts";
export {
  preflight,
  snapToCentre,
  snappedAxes,
  defaultPlacement,
  placementToPixels,
  placedBounds,
  placedCorners,
  effectiveDpi,
  maxScaleForDpi,
  SNAP_THRESHOLD,
  type PreflightInput,
  type PreflightResult,
} from "./preflight.ts";
export {
  getVariantsForCart,
  productVariantStock,
  getVariantsForCheckout,
  type CheckoutVariantInfo,
  publishedProductIds,
  publishedProductsOfStore,
  productOwnership,
  type CartVariantInfo,
} from "./cart-lookup.ts";
export {
  getProductCards,
  getProductPage,
  moreFromStore,
  listFeaturedProductIds,
  listNewProductIds,
  categoryCounts,
  listFeaturedStores,
  browseProducts,
  colorHexes,
  storeNamesByHandle,
  catalogVersion,
  sitemapEntries,
  DELIVERY_DAYS,
  type ProductPage,
  type ProductPageVariant,
  type ShippingEstimate,
  type CategoryCount,
  type FeaturedStore,
  type SitemapEntries,
} from "./storefront.ts";
// catalog helper: artwork, products (designer), publishing and moderation. Blanks: fulfillment/index.ts (ADR 0011).
export { uploadArtwork, findArtworkMatch, getArtworkInfo, type UploadedArtwork, type ArtworkMatch } from "./artwork.ts";
export {
  saveProduct,
  publishProduct,
  unpublishProduct,
  changeProductStatus,
  bulkSetPublished,
  publishBlockers,
  listStoreProducts,
  countProductsByStatus,
  getProductForEdit,
  searchDocumentFor,
  storeSearchDocuments,
  type SaveOutcome,
  type PublishOutcome,
  type BulkOutcome,
  type StoreProductRow,
  type ProductForEdit,
} from "./products.ts";
export { ensurePrintFile } from "./print-files.ts";
export { renderDesignerPreview } from "./designer.ts";
export { sampleMediaKeys } from "./media.ts";
export { recommendableProductsSql, productTraitsSql, similarProductIds, newestProductIds } from "./ranking.ts";
export {
  adminListProducts,
  takeDownProduct,
  restoreProduct,
  setProductFeatured,
  listArtworkFlags,
  countOpenFlags,
  resolveArtworkFlag,
  type AdminProductRow,
  type AdminProductFilter,
  type FlagRow,
} from "./moderation.ts";
export {
  productTransitions,
  productInputSchema,
  productFormToInput,
  formFieldOf,
  fitPlacement,
  DEFAULT_PLACEMENT,
  PRODUCT_STATUS_LABELS,
  type ProductInput,
} from "./product-form.ts";
// Registers the catalogue's amounts with the platform (its currency may not change under them).
export { productsHaveAmountsNotIn } from "./currency.ts";
