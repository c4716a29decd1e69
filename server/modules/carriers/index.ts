// Public API of the carriers module (ADR 0018): a print shop's carriers and services, their rate
// tables (zones by country and postal prefix or range, weight breaks, dimensional weight), the
// rate table's CSV sheet, and quotes. Use the module only through this file (browser code: `types.ts`).
export * from "./types.ts";
export {
  carrierCatalogue,
  listCarrierAccounts,
  getCarrierAccount,
  addCarrierAccount,
  deactivateCarrierAccount,
  activateCarrierAccount,
  type AddCarrierInput,
} from "./accounts.ts";
export { carrierAccountStates } from "./states.ts";
export { getRateTable, exportRateCsv, importRateCsv, checkRateSheet, RateTableError, type RateImportResult } from "./rate-table.ts";
export { quote, quoteMany, dimensionalGrams, type QuoteInput, type QuoteManyInput, type QuoteManyResult } from "./quote.ts";
export { bestZone, zoneScore, normalizePostal, type ZoneRules } from "./zones.ts";
// Registers the rate tables' amounts with the platform (its currency may not change under them).
export { carrierRatesHaveAmountsNotIn } from "./currency.ts";
