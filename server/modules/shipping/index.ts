// Public API of the shipping module: parcels, labels, tracking and manifests (ADR 0018). Use it
// only through this file (browser code: `types.ts`).
export * from "./types.ts";
export {
  listPackable,
  packParcel,
  unpackParcel,
  listParcels,
  parcelPhoto,
  packingSlip,
  shippingOptions,
  shippingOptionsMany,
  buyLabel,
  voidShipment,
  listShipments,
  shipmentLabel,
  refreshTracking,
  trackHandler,
  trackingForOrder,
  createManifest,
  listManifests,
  manifestDocument,
  TRACK_TOPIC,
  PARCEL_PHOTO_MAX_BYTES,
  type PackableGroup,
  type PackInput,
  type ParcelView,
  type ParcelOptions,
  type ShipmentView,
  type ManifestView,
  type OrderTracking,
} from "./service.ts";
export { parcelMachine, shipmentMachine, PARCEL_TRANSITIONS, SHIPMENT_TRANSITIONS } from "./states.ts";
