// Public API of the fulfillment module: print shops, their warehouses and their catalogue of blanks
// (ADR 0011). Use the module only through this file (browser code: `types.ts`).
export * from "./types.ts";
export { canManageFulfiller, type FulfillerRow, type ReadCtx } from "./access.ts";
export {
  getFulfillerByHandle,
  getFulfillerById,
  isFulfillerHandleTaken,
  listFulfillersOfUser,
  listFulfillersForStore,
  listFulfillers,
  createFulfiller,
  updateFulfiller,
  setFulfillerStatus,
  type CreateFulfillerInput,
} from "./fulfillers.ts";
export {
  listWarehouses,
  warehousesStockingBlanks,
  createWarehouse,
  updateWarehouse,
  warehouseInputSchema,
  type WarehouseRow,
  type WarehouseInput,
} from "./warehouses.ts";
export {
  listBlanks,
  listBlanksOfFulfiller,
  getBlankDetail,
  rectFor,
  blankColorsOf,
  getBlankVariants,
  blankColorHexes,
  createBlank,
  setBlankStatus,
  setBlankWarehouses,
  blankInputSchema,
  type BlankRow,
  type BlankVariantRow,
  type BlankDetail,
  type BlankInput,
} from "./blanks.ts";
export { fulfillerStates, blankStates } from "./states.ts";
// Registers the blanks' base costs with the platform (its currency may not change under them).
export { blanksHaveAmountsNotIn } from "./currency.ts";
// Shipping rates, stock and routing (ADR 0012).
export {
  routeOrderLines,
  groupShipping,
  matchZone,
  type RoutingLineInput,
  type Destination,
  type RoutedGroup,
  type UnroutableLine,
  type RoutingResult,
} from "./routing.ts";
export { reserveStock, releaseStock, commitStock, stockLevels, listStock, setStock, type StockItem, type ReserveResult } from "./stock.ts";
export {
  listShippingProfile,
  saveShippingZone,
  deleteShippingZone,
  saveShippingRate,
  deleteShippingRate,
  type ShippingProfile,
} from "./shipping.ts";
export {
  isValidRegion,
  shippingZoneInputSchema,
  shippingRateInputSchema,
  type ShippingZoneInput,
  type ShippingRateInput,
} from "./shipping-input.ts";
