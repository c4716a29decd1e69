// The shipping module's vocabulary (browser-safe: pages import it). ADR 0018.
import type { TrackingStatus } from "../../contracts/ports.ts";

export const PARCEL_STATUSES = ["packed", "shipped", "unpacked"] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

/** A shipment's own life: its label is requested, bought, put on a manifest, or voided (never back). */
export const SHIPMENT_STATUSES = ["requested", "purchased", "manifested", "voided"] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export type { TrackingStatus };

/** How the tracking vocabulary reads to a shopper or a print shop. */
export const TRACKING_LABELS: Record<TrackingStatus, string> = {
  unknown: "Unknown",
  pre_transit: "Label created",
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  available_for_pickup: "Ready for pick-up",
  return_to_sender: "Returning to sender",
  failure: "Delivery failed",
  cancelled: "Cancelled",
  error: "Carrier error",
};

export function manifestRef(number: number): string {
  return `M-${number}`;
}

export interface Dimensions {
  length: number;
  width: number;
  height: number;
}
