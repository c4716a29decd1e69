// The built-in local carrier (ADR 0018): Platen's default carrier, so that labels, tracking and
// manifests work with no carrier account and no network. Tracking numbers are UPU S10 (2 letters,
// an 8-digit serial, its check digit, the origin's country: `PL12345678 5 DE` without spaces); the
// serial is derived from the label's key, so buying the same label twice gives the same number.
// Its tracking feed is driven by the clock: a label is `pre_transit` when bought, picked up six
// hours later, and delivered after its service's transit days. Its `rehearsal` service runs the
// same feed on a fast clock (a day in ten seconds), so that a print shop (or a test) can follow a
// parcel from label to delivery, e-mails included, in under a minute; nothing is picked up.
import { createHash } from "node:crypto";
import { AppError } from "../../contracts/errors.ts";
import type { BoughtLabel, BuyLabelInput, CarrierProvider, TrackingEvent } from "../../contracts/ports.ts";

const HOUR = 3_600_000;
/** The local carrier's services and their transit days (origin scan to delivery). */
export const LOCAL_SERVICES = {
  standard: { name: "Standard", transitDays: 4 },
  express: { name: "Express", transitDays: 2 },
  rehearsal: { name: "Rehearsal (simulated: a day in 10 s)", transitDays: 2 },
} as const;
/** How many times faster than real time a rehearsal label's feed runs (a day in ten seconds). */
export const REHEARSAL_PACE = 8_640;
const LETTERS: Record<string, string> = { standard: "LP", express: "EP", rehearsal: "RH" };
const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

/** The S10 check digit of an 8-digit serial: 11 − (Σ wᵢdᵢ mod 11); 10 → 0, 11 → 5. */
export function s10CheckDigit(serial: string): number {
  if (!/^\d{8}$/.test(serial)) throw new Error(`An S10 serial has 8 digits: ${serial}`);
  const sum = [...serial].reduce((s, d, i) => s + Number(d) * WEIGHTS[i]!, 0);
  const c = 11 - (sum % 11);
  return c === 10 ? 0 : c === 11 ? 5 : c;
}

/** Whether a tracking number is a well-formed S10 number (letters, serial, check digit, country). */
export function isS10(trackingNumber: string): boolean {
  const m = /^([A-Z]{2})(\d{8})(\d)([A-Z]{2})$/.exec(trackingNumber.replace(/\s+/g, "").toUpperCase());
  return !!m && s10CheckDigit(m[2]!) === Number(m[3]);
}

/** The S10 number for a label key: service letters, serial from the key's hash, check digit, origin country. */
export function s10For(key: string, serviceCode: string, originCountry: string): string {
  const digest = createHash("sha256").update(key).digest();
  const serial = String(digest.readUInt32BE(0) % 100_000_000).padStart(8, "0");
  const letters = LETTERS[serviceCode] ?? "LP";
  const country = /^[A-Z]{2}$/.test(originCountry) ? originCountry : "XX";
  return `${letters}${serial}${s10CheckDigit(serial)}${country}`;
}

function serviceOf(trackingNumber: string): keyof typeof LOCAL_SERVICES {
  return trackingNumber.startsWith("EP") ? "express" : trackingNumber.startsWith("RH") ? "rehearsal" : "standard";
}

/** How much faster than real time a label's feed runs: 1, or REHEARSAL_PACE for a rehearsal label. */
export function localPace(trackingNumber: string): number {
  return serviceOf(trackingNumber) === "rehearsal" ? REHEARSAL_PACE : 1;
}

/** The local carrier's events for a label bought at `boughtAt`, as known at `at` (oldest first). */
export function localFeed(trackingNumber: string, boughtAt: Date, at: Date): TrackingEvent[] {
  const t0 = boughtAt.getTime();
  const days = LOCAL_SERVICES[serviceOf(trackingNumber)].transitDays;
  const pace = localPace(trackingNumber);
  const plan: [number, TrackingEvent["status"], string, string | undefined][] = [
    [0, "pre_transit", "Label created; the carrier is waiting for the parcel", undefined],
    [6 * HOUR, "in_transit", "Picked up from the print shop", "Origin facility"],
    [18 * HOUR, "in_transit", "Departed the sorting centre", "Sorting centre"],
    [(days * 24 - 6) * HOUR, "out_for_delivery", "Out for delivery", "Local delivery office"],
    [days * 24 * HOUR, "delivered", "Delivered to the recipient", "Destination"],
  ];
  return plan
    .map(([offset, ...rest]) => [Math.round(offset / pace), ...rest] as const)
    .filter(([offset]) => t0 + offset <= at.getTime())
    .map(([offset, status, message, location], i) => ({
      id: `${trackingNumber}-${i}`,
      status,
      message,
      at: new Date(t0 + offset),
      ...(location ? { location } : {}),
    }));
}

/**
 * The local carrier. It keeps no state of its own: a label's number comes from its key, and the
 * time it was bought is the caller's (shipping keeps it on the shipment and passes it back as
 * `boughtAt` through the provider shipment id, `local:<boughtAt ms>`).
 */
export function localCarrier(): CarrierProvider {
  const boughtAt = (providerShipmentId: string): Date => {
    const ms = Number(providerShipmentId.split(":")[1]);
    if (!providerShipmentId.startsWith("local:") || !Number.isFinite(ms))
      throw new AppError("unknown-label", "This label was not issued by the local carrier.", 404);
    return new Date(ms);
  };
  return {
    name: "local",
    async buyLabel(input: BuyLabelInput): Promise<BoughtLabel> {
      if (!(input.serviceCode in LOCAL_SERVICES))
        throw new AppError("unknown-service", `The local carrier has no service "${input.serviceCode}".`, 422, "service");
      if (!(input.weightGrams > 0)) throw new AppError("invalid-weight", "A parcel must weigh something.", 422, "weight");
      return {
        trackingNumber: s10For(input.key, input.serviceCode, input.from.country),
        providerShipmentId: `local:${input.at.getTime()}`,
      };
    },
    async voidLabel({ providerShipmentId, trackingNumber, at }) {
      const scanned = localFeed(trackingNumber, boughtAt(providerShipmentId), at).some((e) => e.status !== "pre_transit");
      if (scanned)
        throw new AppError("label-scanned", `The carrier has already scanned ${trackingNumber}: it can no longer be voided.`, 409);
    },
    async track({ trackingNumber, providerShipmentId, at }) {
      return localFeed(trackingNumber, boughtAt(providerShipmentId), at);
    },
    isValidTrackingNumber: isS10,
    // Every three hours of the label's own clock (about a second and a quarter for a rehearsal).
    trackEveryMs: (trackingNumber) => Math.max(1_000, Math.round((3 * HOUR) / localPace(trackingNumber))),
  };
}
