// Public API of the shopping module: cart, wishes, product views, recommendations, product requests.
export * from "./types.ts";
export {
  resolveCart,
  getCart,
  getCartLines,
  cartCount,
  addToCart,
  setCartQuantity,
  removeFromCart,
  mergeCart,
  adoptVisitorCart,
  keepCartAfterSignOut,
  purgeExpiredVisitorCarts,
  isVisitorCartId,
  removeOrderedItems,
  VISITOR_CART_TTL_DAYS,
  type CartChange,
  type StoredCartLine,
} from "./cart.ts";
export { listWishIds, getWishes, wishCardsFor, addWish, removeWish, toggleWish, mergeWishes } from "./wishes.ts";
export {
  recordProductView,
  viewDay,
  newViewerId,
  verifiedViewerId,
  VIEWER_COOKIE,
  VIEWS_PER_ADDRESS_PRODUCT_DAY,
  VIEWS_PER_ADDRESS_HOUR,
} from "./views.ts";
export {
  trendingProductIds,
  similarProductIds,
  coWishedProductIds,
  coBoughtProductIds,
  forYouProductIds,
  mostWishedProducts,
  recommendationCards,
  TRENDING_DAYS,
  TRENDING_CACHE_MS,
  clearTrendingCache,
  type MostWished,
} from "./recommendations.ts";
export { storeViewsDaily, storeProductViews, storeWishes } from "./analytics.ts";
export {
  createProductRequest,
  listMyRequests,
  listOpenRequests,
  adminListRequests,
  requestStatusCounts,
  answerProductRequest,
  closeProductRequest,
  reopenProductRequest,
  answeringStores,
  answerChoices,
  requestTransitions,
  REQUEST_IMAGE_MAX_BYTES,
  requestsHaveBudgetsNotIn,
  type ProductRequestView,
  type RequestAnswerView,
} from "./requests.ts";
