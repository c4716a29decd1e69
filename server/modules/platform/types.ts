// Platform settings: the one schema shared by the service and the /admin/config form.
// No server-only imports here: the browser bundle uses this file for the live fee example.
import { z } from "zod";
import { ISO_COUNTRY_CODES } from "../../contracts/index.ts";
import { money, parseMoney, toDecimalString } from "../../contracts/money.ts";

/** Common ISO 4217 currencies a Platen marketplace can sell in. */
export const CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "CAD",
  "AUD",
  "NZD",
  "CHF",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "HUF",
  "JPY",
  "SGD",
  "HKD",
  "MXN",
  "BRL",
  "INR",
  "ZAR",
] as const;
export type Currency = (typeof CURRENCIES)[number];

/** ISO 3166-1 alpha-2 country codes (officially assigned): the one list, in contracts. */
export const COUNTRY_CODES: ReadonlySet<string> = ISO_COUNTRY_CODES;

/** A tax region: a country (`DE`) or a subdivision (`US-CA`, ISO 3166-2). */
export const REGION_PATTERN = /^([A-Z]{2})(?:-([A-Z0-9]{1,3}))?$/;

export function isValidRegion(region: string): boolean {
  const m = REGION_PATTERN.exec(region);
  return !!m && COUNTRY_CODES.has(m[1]!);
}

/** At most `places` decimals, tolerant of binary floating point (0.1 + 0.2). */
function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

export const taxRateSchema = z.object({
  region: z
    .string({ error: "Enter a region code." })
    .trim()
    .toUpperCase()
    .refine(isValidRegion, "Use a country code like DE or a subdivision like US-CA."),
  ratePercent: z
    .number({ error: "Enter a rate in percent." })
    .min(0, "The rate cannot be negative.")
    .max(50, "The rate can be at most 50%.")
    .refine((v) => hasAtMostDecimals(v, 3), "Use at most 3 decimals."),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

/** Rows whose region already appeared above them, with the message for that row. */
function duplicateRegions(rows: readonly ({ region: string } | null)[]): { index: number; message: string }[] {
  const seen = new Set<string>();
  const out: { index: number; message: string }[] = [];
  rows.forEach((row, index) => {
    if (!row) return;
    if (seen.has(row.region)) out.push({ index, message: `${row.region} is already listed. Each region can appear only once.` });
    seen.add(row.region);
  });
  return out;
}

function uniqueRegions(rows: readonly { region: string }[], ctx: z.RefinementCtx) {
  for (const d of duplicateRegions(rows)) ctx.addIssue({ code: "custom", path: [d.index, "region"], message: d.message });
}

const optionalToken = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} is at most ${max} characters.`)
    .regex(/^[A-Za-z0-9_-]*$/, `The ${label} may contain only letters, digits, "-" and "_".`);

export const searchSettingsSchema = z
  .object({
    applicationId: optionalToken("application id", 64).default(""),
    publicKey: optionalToken("public key", 256).default(""),
    connectTimeoutSeconds: z
      .number({ error: "Enter a number of seconds." })
      .int("Use whole seconds.")
      .min(1, "Use at least 1 second.")
      .max(60, "Use at most 60 seconds.")
      .default(2),
    responseTimeoutSeconds: z
      .number({ error: "Enter a number of seconds." })
      .int("Use whole seconds.")
      .min(1, "Use at least 1 second.")
      .max(120, "Use at most 120 seconds.")
      .default(10),
  })
  .superRefine((s, ctx) => {
    if (s.applicationId && !s.publicKey)
      ctx.addIssue({ code: "custom", path: ["publicKey"], message: "Enter the public (search-only) key for this application id." });
    if (s.publicKey && !s.applicationId)
      ctx.addIssue({ code: "custom", path: ["applicationId"], message: "Enter the application id this key belongs to." });
  });
export type SearchSettings = z.infer<typeof searchSettingsSchema>;

export const DEFAULT_TAX_RATES: TaxRate[] = [
  { region: "US-CA", ratePercent: 7.25 },
  { region: "US-NY", ratePercent: 4 },
  { region: "US-TX", ratePercent: 6.25 },
  { region: "CA", ratePercent: 5 },
  { region: "GB", ratePercent: 20 },
  { region: "DE", ratePercent: 19 },
  { region: "FR", ratePercent: 20 },
  { region: "AU", ratePercent: 10 },
];

/** The platform settings document (each top-level field is stored under its own key). */
export const settingsSchema = z.object({
  currency: z.enum(CURRENCIES, { error: "Choose one of the listed currencies." }).default("USD"),
  platformFeePercent: z
    .number({ error: "Enter a percentage." })
    .min(0, "The fee cannot be negative.")
    .max(100, "The fee is a percent of the margin: use a value from 0 to 100.")
    .refine((v) => hasAtMostDecimals(v, 2), "Use at most 2 decimals.")
    .default(20),
  minimumMarginMinor: z
    .number({ error: "Enter an amount." })
    .int("Use whole minor units (cents).")
    .min(0, "The minimum margin cannot be negative.")
    .max(100_000_000, "That minimum margin is too large.")
    .default(200),
  taxRates: z.array(taxRateSchema).max(300, "At most 300 tax regions.").superRefine(uniqueRegions).default(DEFAULT_TAX_RATES),
  search: searchSettingsSchema.default({ applicationId: "", publicKey: "", connectTimeoutSeconds: 2, responseTimeoutSeconds: 10 }),
  /** EU style (true): listed prices already contain tax. US style (false): tax is added at checkout. */
  pricesIncludeTax: z.boolean({ error: "Choose whether prices include tax." }).default(false),
  /** Days after delivery before a party's earnings become available. */
  payoutHoldDays: z
    .number({ error: "Enter a number of days." })
    .int("Use whole days.")
    .min(0, "The hold period cannot be negative.")
    .max(90, "Use at most 90 days.")
    .default(14),
  /**
   * Minutes after which an unpaid order expires and releases its stock: short, so that orders
   * nobody pays do not hold scarce items for long (Shopify's checkout holds them about 10).
   */
  unpaidOrderMinutes: z
    .number({ error: "Enter a number of minutes." })
    .int("Use whole minutes.")
    .min(5, "Use at least 5 minutes.")
    .max(1440, "Use at most 1440 minutes (one day).")
    .default(15),
});
export type Settings = z.infer<typeof settingsSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;
export const SETTING_KEYS = [
  "currency",
  "platformFeePercent",
  "minimumMarginMinor",
  "taxRates",
  "search",
  "pricesIncludeTax",
  "payoutHoldDays",
  "unpaidOrderMinutes",
] as const satisfies readonly (keyof Settings)[];
export type SettingKey = (typeof SETTING_KEYS)[number];

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

// ---- the /admin/config form: flat string fields -> SettingsInput, errors keyed by field name ----

const DECIMAL = /^\d+(?:\.\d+)?$/;

/* @__NO_SIDE_EFFECTS__ */
function decimalField(label: string) {
  return z
    .string()
    .trim()
    .min(1, `Enter ${label}.`)
    .transform((v) => v.replace(",", "."))
    .refine((v) => DECIMAL.test(v), `Enter ${label} as a number, like 12.5.`)
    .transform(Number);
}

/* @__NO_SIDE_EFFECTS__ */
function integerField(label: string) {
  return z
    .string()
    .trim()
    .min(1, `Enter ${label}.`)
    .refine((v) => /^\d+$/.test(v), `Enter ${label} as a whole number.`)
    .transform(Number);
}

const taxRowFormSchema = z.object({
  region: z.string().trim().toUpperCase().min(1, "Enter a region code, or clear the rate to remove this row."),
  ratePercent: z
    .string()
    .trim()
    .min(1, "Enter a rate, or clear the region to remove this row.")
    .transform((v) => v.replace(",", "."))
    .refine((v) => DECIMAL.test(v), "Enter the rate as a number, like 7.25.")
    .transform(Number),
});

/** Names of the form's tax rows: `taxRates.{i}.region` and `taxRates.{i}.ratePercent`. */
export const MAX_TAX_ROWS = 300;

function nestForm(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const flat = raw as Record<string, unknown>;
  const str = (k: string) =>
    typeof flat[k] === "string" ? (flat[k] as string) : Array.isArray(flat[k]) ? String((flat[k] as unknown[])[0] ?? "") : "";
  const rows: ({ region: string; ratePercent: string } | null)[] = [];
  let maxIndex = -1;
  for (const key of Object.keys(flat)) {
    const m = /^taxRates\.(\d{1,3})\.(region|ratePercent)$/.exec(key);
    if (m) maxIndex = Math.max(maxIndex, Number(m[1]));
  }
  for (let i = 0; i <= Math.min(maxIndex, MAX_TAX_ROWS - 1); i++) {
    const region = str(`taxRates.${i}.region`);
    const ratePercent = str(`taxRates.${i}.ratePercent`);
    rows.push(region.trim() === "" && ratePercent.trim() === "" ? null : { region, ratePercent });
  }
  return {
    currency: str("currency"),
    platformFeePercent: str("platformFeePercent"),
    minimumMargin: str("minimumMargin"),
    taxRates: rows,
    search: {
      applicationId: str("search.applicationId"),
      publicKey: str("search.publicKey"),
      connectTimeoutSeconds: str("search.connectTimeoutSeconds"),
      responseTimeoutSeconds: str("search.responseTimeoutSeconds"),
    },
    // A checkbox posts its value only when checked.
    pricesIncludeTax: ["on", "true", "1", "yes"].includes(str("pricesIncludeTax").trim().toLowerCase()),
    payoutHoldDays: str("payoutHoldDays"),
    unpaidOrderMinutes: str("unpaidOrderMinutes"),
  };
}

/**
 * The /admin/config form: parses the flat form fields (the minimum margin in major units, e.g.
 * "2.00") and validates them with the same rules as `settingsSchema`. Error paths equal the
 * form's field names (`platformFeePercent`, `taxRates.2.region`, `search.publicKey`).
 */
export const settingsFormSchema = z.preprocess(
  nestForm,
  z
    .object({
      currency: z.string(),
      platformFeePercent: decimalField("the fee in percent"),
      minimumMargin: z.string().trim().min(1, "Enter an amount."),
      taxRates: z.array(taxRowFormSchema.nullable()),
      search: z.object({
        applicationId: z.string(),
        publicKey: z.string(),
        connectTimeoutSeconds: integerField("a number of seconds"),
        responseTimeoutSeconds: integerField("a number of seconds"),
      }),
      pricesIncludeTax: z.boolean(),
      payoutHoldDays: integerField("a number of days"),
      unpaidOrderMinutes: integerField("a number of minutes"),
    })
    .transform((f, ctx) => {
      const currency = (CURRENCIES as readonly string[]).includes(f.currency) ? f.currency : "USD";
      // The minimum margin is typed in the chosen currency's major units ("2.00", "¥200").
      const margin = parseMoney(f.minimumMargin, currency);
      if (!margin.ok) {
        ctx.addIssue({ code: "custom", path: ["minimumMargin"], message: margin.message });
        return z.NEVER;
      }
      const candidate = {
        currency: f.currency,
        platformFeePercent: f.platformFeePercent,
        minimumMarginMinor: margin.money.amount,
        taxRates: f.taxRates,
        search: f.search,
        pricesIncludeTax: f.pricesIncludeTax,
        payoutHoldDays: f.payoutHoldDays,
        unpaidOrderMinutes: f.unpaidOrderMinutes,
      };
      // Validate with the canonical schema, keeping the rows' original indices in error paths.
      const rowIssues = f.taxRates.map((row) => (row ? taxRateSchema.safeParse(row) : null));
      rowIssues.forEach((r, i) => {
        if (r && !r.success)
          for (const issue of r.error.issues)
            ctx.addIssue({ code: "custom", path: ["taxRates", i, ...issue.path] as (string | number)[], message: issue.message });
      });
      const normalized = f.taxRates.map((row, i) => (row && rowIssues[i]?.success ? rowIssues[i].data : null));
      for (const d of duplicateRegions(normalized))
        ctx.addIssue({ code: "custom", path: ["taxRates", d.index, "region"], message: d.message });
      const whole = settingsSchema.safeParse({ ...candidate, taxRates: normalized.filter((r): r is TaxRate => r !== null) });
      if (!whole.success) {
        for (const issue of whole.error.issues) {
          if (issue.path[0] === "taxRates" && issue.path.length > 1) continue; // reported per row above
          const path = issue.path[0] === "minimumMarginMinor" ? ["minimumMargin"] : (issue.path as (string | number)[]);
          ctx.addIssue({ code: "custom", path, message: issue.message });
        }
        return z.NEVER;
      }
      return whole.data;
    }),
);

/** The form's initial field values for a settings document. */
export function settingsToFormValues(s: Settings): Record<string, string> {
  const values: Record<string, string> = {
    currency: s.currency,
    platformFeePercent: String(s.platformFeePercent),
    minimumMargin: toDecimalString(money(s.minimumMarginMinor, s.currency)),
    "search.applicationId": s.search.applicationId,
    "search.publicKey": s.search.publicKey,
    "search.connectTimeoutSeconds": String(s.search.connectTimeoutSeconds),
    "search.responseTimeoutSeconds": String(s.search.responseTimeoutSeconds),
    pricesIncludeTax: s.pricesIncludeTax ? "on" : "",
    payoutHoldDays: String(s.payoutHoldDays),
    unpaidOrderMinutes: String(s.unpaidOrderMinutes),
  };
  s.taxRates.forEach((r, i) => {
    values[`taxRates.${i}.region`] = r.region;
    values[`taxRates.${i}.ratePercent`] = String(r.ratePercent);
  });
  return values;
}
