// The shipping module's transition tables (ADR 0018). A parcel is packed, ships with a label, or is
// unpacked (its lines go back to printed); a voided label puts a shipped parcel back to packed. A
// shipment's label is requested, then bought; it goes on one manifest, or is voided before that,
// and a voided label never comes back.
import { defineStateMachine } from "../../kernel/state-machine.ts";
import { parcels, shipments } from "./schema.ts";
import type { ParcelStatus, ShipmentStatus } from "./types.ts";

export const PARCEL_TRANSITIONS = {
  packed: ["shipped", "unpacked"],
  shipped: ["packed"],
  unpacked: [],
} as const satisfies { readonly [K in ParcelStatus]: readonly ParcelStatus[] };

export const parcelMachine = defineStateMachine<ParcelStatus, typeof parcels>({
  entity: "parcel",
  transitions: PARCEL_TRANSITIONS,
  table: parcels,
  id: parcels.id,
  state: parcels.status,
});

export const SHIPMENT_TRANSITIONS = {
  requested: ["purchased", "voided"],
  purchased: ["manifested", "voided"],
  manifested: [],
  voided: [],
} as const satisfies { readonly [K in ShipmentStatus]: readonly ShipmentStatus[] };

export const shipmentMachine = defineStateMachine<ShipmentStatus, typeof shipments>({
  entity: "shipment label",
  transitions: SHIPMENT_TRANSITIONS,
  table: shipments,
  id: shipments.id,
  state: shipments.status,
});
