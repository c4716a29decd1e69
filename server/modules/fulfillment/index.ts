// Public API of the fulfillment module: print shops, their warehouses and their catalogue of blanks
// (ADR 0011). Use the module only through this file (browser code: `types.ts`).
export * from "./types.ts";
export { canManageFulfiller, canWorkFloor, type FulfillerRow, type ReadCtx } from "./access.ts";
// A print shop's floor staff (issue 23 §5): workers added by e-mail, who work the floor only.
export {
  floorContext,
  listFloorTeam,
  addFloorWorker,
  removeFloorWorker,
  listFloorShopsOfUser,
  FLOOR_TEAM_MAX,
  NO_ACCOUNT_MESSAGE,
  type FloorWorker,
} from "./floor-team.ts";
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
  warehouseInputErrors,
  getWarehouse,
  findWarehouseByName,
  listWarehouseSummaries,
  warehouseAddress,
  timeZoneNames,
  canonicalTimeZone,
  parseCutoffTime,
  warehouseClock,
  productionStartDay,
  nextDay,
  capacityFor,
  boxInputSchema,
  boxInputErrors,
  listWarehouseBoxes,
  getWarehouseBox,
  saveWarehouseBox,
  deleteWarehouseBox,
  listWarehouseBlanks,
  setWarehouseBlanks,
  type WarehouseBlankChoice,
  type WarehouseRow,
  type WarehouseInput,
  type WarehouseDetail,
  type WarehouseSummary,
  type WarehouseBoxRow,
  type WarehouseClock,
  type BookedUnitsSource,
  type CapacityDay,
  type WarehouseCapacity,
  type BoxInput,
} from "./warehouses.ts";
export {
  listBlanks,
  listOfferedBlanksOf,
  listBlanksOfFulfiller,
  blankNamesOfFulfiller,
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
export { setupCountsOfFulfiller, type SetupCounts } from "./setup.ts";
// A print shop adds its own blank from a form (issue 23 §5): templates generated, SKUs made up.
export {
  addBlank,
  addBlankSchema,
  addBlankErrors,
  blankAreaChoices,
  listShopBlanks,
  BLANK_FORM_MAX_ROWS,
  type AddBlankInput,
  type ShopBlank,
} from "./blank-form.ts";
export { fulfillerStates, blankStates, fulfillerApplicationStates } from "./states.ts";
// Becoming a print shop (issue 23 §1): applications, the admins' queue and list, the set-up.
export {
  fulfillerApplicationSchema,
  fulfillerApplicationErrors,
  submitFulfillerApplication,
  getStoreFulfillmentStatus,
  listFulfillerApplications,
  countPendingFulfillerApplications,
  approveFulfillerApplication,
  rejectFulfillerApplication,
  fulfillerRegistrationErrors,
  printShopAwaitingSetUp,
  registerFulfiller,
  listFulfillersForAdmin,
  getPublicFulfiller,
  type FulfillerApplicationRow,
  type FulfillerApplicationView,
  type FulfillerApplicationInput,
  type FulfillerRegistrationInput,
  type FulfillerAdminView,
  type StoreFulfillmentStatus,
  type ApplyingStore,
  type HandleInUse,
} from "./applications.ts";
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
export {
  reserveStock,
  releaseStock,
  commitStock,
  stockLevels,
  listStock,
  setStock,
  listWarehouseStock,
  saveWarehouseStock,
  parseOnHand,
  parseBin,
  StockRowsError,
  STOCK_MAX,
  type StockItem,
  type ReserveResult,
} from "./stock.ts";
export { exportStockSheet, importStockSheet, StockSheetError, STOCK_SHEET_MAX_BYTES, STOCK_SHEET_MAX_ROWS } from "./stock-sheet.ts";
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
