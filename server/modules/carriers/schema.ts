// The carriers a print shop ships with and what each charges it (ADR 0018): carrier accounts,
// their services, rate zones and rate rows (service × zone × weight break). These are the print
// shop's costs; what the shopper pays for shipping is the fulfillment module's shipping_zones and
// shipping_rates, a separate table as every system keeps them.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { CarrierAccountStatus } from "./types.ts";

/**
 * A carrier a print shop uses (`local` is the built-in local carrier). One account per carrier
 * per print shop; `fulfillerId` is plain text (the fulfillment module sits below this one).
 */
export const carrierAccounts = pgTable(
  "carrier_accounts",
  {
    id: text().primaryKey(), // cra_
    fulfillerId: text().notNull(),
    carrierCode: text().notNull(),
    name: text().notNull(),
    status: text().$type<CarrierAccountStatus>().notNull().default("active"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("carrier_accounts_fulfiller_idx").on(t.fulfillerId),
    uniqueIndex("carrier_accounts_fulfiller_carrier_key").on(t.fulfillerId, t.carrierCode),
  ],
);

/** A service of a carrier account (Standard, Express), with its optional dimensional-weight divisor. */
export const carrierServices = pgTable(
  "carrier_services",
  {
    id: text().primaryKey(), // crs_
    carrierAccountId: text()
      .notNull()
      .references(() => carrierAccounts.id, { onDelete: "cascade" }),
    code: text().notNull(),
    name: text().notNull(),
    /** cm³ per kg (5000 is common): billable weight = max(actual, L×W×H ÷ divisor); null: actual weight only. */
    dimDivisor: integer(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("carrier_services_account_code_key").on(t.carrierAccountId, t.code),
    check("carrier_services_dim_divisor_check", sql`${t.dimDivisor} is null or ${t.dimDivisor} > 0`),
  ],
);

/**
 * A rate zone of a carrier account: the countries it covers (ISO codes, or `*` for the rest of the
 * world), narrowed by postal-code prefixes and/or one postal range (`postalFrom`–`postalTo`,
 * compared on that many leading characters). The most specific matching zone wins.
 */
export const carrierZones = pgTable(
  "carrier_zones",
  {
    id: text().primaryKey(), // crz_
    carrierAccountId: text()
      .notNull()
      .references(() => carrierAccounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    countries: text().array().notNull(),
    postalPrefixes: text().array().notNull().default([]),
    postalFrom: text(),
    postalTo: text(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("carrier_zones_account_name_key").on(t.carrierAccountId, t.name),
    check("carrier_zones_range_check", sql`(${t.postalFrom} is null) = (${t.postalTo} is null)`),
  ],
);

/** What the carrier charges for one service to one zone for a weight `minGrams ≤ w < maxGrams`. */
export const carrierRates = pgTable(
  "carrier_rates",
  {
    id: text().primaryKey(), // crr_
    carrierAccountId: text()
      .notNull()
      .references(() => carrierAccounts.id, { onDelete: "cascade" }),
    serviceId: text()
      .notNull()
      .references(() => carrierServices.id, { onDelete: "cascade" }),
    zoneId: text()
      .notNull()
      .references(() => carrierZones.id, { onDelete: "cascade" }),
    minGrams: integer().notNull(),
    maxGrams: integer().notNull(),
    priceMinor: integer().notNull(),
    /** ISO 4217 currency of priceMinor (the platform's when written). */
    currency: text()
      .notNull()
      .default(sql`platform_currency()`),
  },
  (t) => [
    index("carrier_rates_account_idx").on(t.carrierAccountId),
    uniqueIndex("carrier_rates_service_zone_min_key").on(t.serviceId, t.zoneId, t.minGrams),
    check("carrier_rates_weights_check", sql`${t.minGrams} >= 0 and ${t.maxGrams} > ${t.minGrams}`),
    check("carrier_rates_price_check", sql`${t.priceMinor} >= 0`),
  ],
);
