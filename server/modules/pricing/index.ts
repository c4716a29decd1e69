// Public API of the pricing module: fee, margin and tax arithmetic. Everything here is pure and
// browser-safe (types.ts); the rules themselves live in the platform settings.
export {
  applyTax,
  minimumRetailMinor,
  platformFeeMinor,
  splitSale,
  taxRateFor,
  type PricingRules,
  type RegionRate,
  type SaleSplit,
  type TaxedAmount,
} from "./types.ts";
