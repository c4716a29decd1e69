// Browser-safe types and constants of the carriers module (ADR 0018): a print shop's carriers,
// their services, rate zones and rates, quotes, and the rate table's CSV layout. No server-only
// imports in this file.

export const CARRIER_ACCOUNT_STATUSES = ["active", "inactive"] as const;
export type CarrierAccountStatus = (typeof CARRIER_ACCOUNT_STATUSES)[number];

/**
 * The rate table as a flat sheet: one row per carrier × service × zone × weight break. A zone's
 * countries, postal prefixes and range, and a service's name and divisor, repeat on each of its rows.
 */
export const RATE_CSV_COLUMNS = [
  "carrier",
  "service",
  "service_name",
  "dim_divisor",
  "zone",
  "countries",
  "postal_prefixes",
  "postal_from",
  "postal_to",
  "min_grams",
  "max_grams",
  "price",
  "currency",
] as const;
export type RateCsvColumn = (typeof RATE_CSV_COLUMNS)[number];
/** Columns a file may leave out (they are then empty on every row). */
export const RATE_CSV_OPTIONAL_COLUMNS: readonly RateCsvColumn[] = ["dim_divisor", "postal_prefixes", "postal_from", "postal_to"];

/** What the rate table's columns hold, for the page that documents the layout. */
export const RATE_CSV_COLUMN_HELP: Record<RateCsvColumn, string> = {
  carrier: "The carrier's code, the same on every row (local for the built-in local carrier).",
  service: "The service's code: standard, express or rehearsal for the local carrier.",
  service_name: "The service's name as your staff see it; the same on every row of the service.",
  dim_divisor:
    "Optional: cm³ per kg for dimensional weight (5000 is common); empty for actual weight only. Same on every row of the service.",
  zone: "The zone's name; a zone's countries, prefixes and range repeat on each of its rows.",
  countries: "Two-letter country codes separated by spaces (DE FR IT), or * for the rest of the world.",
  postal_prefixes: "Optional: postal-code prefixes separated by spaces (97 98 99); the longest matching prefix wins.",
  postal_from: "Optional: the first postal code of a range, compared on as many characters as it has (970).",
  postal_to: "Optional: the last postal code of the range, as long as postal_from (994).",
  min_grams: "The weight break's lower bound in grams, included.",
  max_grams: "The weight break's upper bound in grams, excluded: a row covers min_grams ≤ weight < max_grams.",
  price: "What the carrier charges you, like 7.45.",
  currency: "The platform's currency code (rates in any other currency are refused).",
};

/** At most this big a rate table file (bytes), and this many rows. */
export const RATE_CSV_MAX_BYTES = 1024 * 1024;
export const RATE_CSV_MAX_ROWS = 20_000;
/** The heaviest weight break a rate table may name (grams): 1 tonne. */
export const MAX_RATE_GRAMS = 1_000_000;

/** One bad cell (or row) of an imported rate table: where, and what to change. */
export interface RateCsvError {
  /** The file's line (the header is 1). */
  row: number;
  /** The column's name, or "" when the row as a whole is at fault. */
  column: string;
  message: string;
}

/** A carrier Platen can buy labels from, and its services. */
export interface CarrierCatalogueEntry {
  code: string;
  name: string;
  services: { code: string; name: string; transitDays: number | null }[];
}

export interface CarrierServiceView {
  id: string;
  code: string;
  name: string;
  dimDivisor: number | null;
  transitDays: number | null;
}

export interface CarrierAccountView {
  id: string;
  fulfillerId: string;
  carrierCode: string;
  name: string;
  status: CarrierAccountStatus;
  createdAt: Date;
  services: CarrierServiceView[];
  zoneCount: number;
  rateCount: number;
}

export interface RateZoneView {
  id: string;
  name: string;
  countries: string[];
  postalPrefixes: string[];
  postalFrom: string | null;
  postalTo: string | null;
  rates: { id: string; serviceId: string; minGrams: number; maxGrams: number; priceMinor: number; currency: string }[];
}

/** A carrier account's whole rate table, zone by zone. */
export interface RateTable {
  account: CarrierAccountView;
  zones: RateZoneView[];
}

/** Where a parcel goes, as far as rates care. */
export interface QuoteDestination {
  /** ISO 3166-1 alpha-2. */
  country: string;
  postalCode: string;
}

export interface ParcelDimensionsCm {
  length: number;
  width: number;
  height: number;
}

/** One priced way to send a parcel: what the carrier's rate table charges the print shop. */
export interface QuoteOption {
  carrierAccountId: string;
  carrierCode: string;
  carrierName: string;
  serviceId: string;
  serviceCode: string;
  serviceName: string;
  /** Days from pick-up to delivery when the carrier states them (the local carrier does). */
  transitDays: number | null;
  zone: { id: string; name: string };
  rateId: string;
  weightBreak: { minGrams: number; maxGrams: number };
  actualGrams: number;
  /** L×W×H ÷ the service's divisor, in grams; null when the service or the parcel has none. */
  dimensionalGrams: number | null;
  /** max(actual, dimensional): the weight the price is read for. */
  billableGrams: number;
  price: { amount: number; currency: string };
}
