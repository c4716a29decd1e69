// Public API of the analytics module (ADR 0018): a print shop's and a store's figures, read-only.
// Use the module only through this file (browser code: `types.ts`).
export * from "./types.ts";
export { shopAnalytics, shopTimeZone, storeAnalytics, shopCsv, storeCsv, TOP_PRODUCTS, type CaseCounter } from "./service.ts";
export { parseAnalyticsRange, defaultRange, windowOf, type RangeResult } from "./range.ts";
