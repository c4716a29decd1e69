// Public API of the fulfillment module. Use the module only through this file.
export {
  getFulfillerByHandle,
  getFulfillerById,
  isFulfillerHandleTaken,
  listFulfillersOfUser,
  listFulfillersForStore,
  listWarehouses,
  createFulfiller,
  createWarehouse,
  type FulfillerRow,
  type WarehouseRow,
  type CreateFulfillerInput,
} from "./service.ts";
