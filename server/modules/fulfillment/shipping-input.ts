// Validation of a fulfiller's shipping zones and rates (zod), with messages a fulfiller can act on.
import { z } from "zod";
import { ISO_COUNTRY_CODES } from "../../contracts/countries.ts";
import { AppError } from "../../kernel/index.ts";
import { CATEGORIES } from "./types.ts";

/** A zone's region: a country (`DE`), a subdivision (`US-AK`) or `*` for the rest of the world. */
export function isValidRegion(region: string): boolean {
  if (region === "*") return true;
  const m = /^([A-Z]{2})(?:-([A-Z0-9]{1,3}))?$/.exec(region);
  return !!m && ISO_COUNTRY_CODES.has(m[1]!);
}

/** Regions typed as "US, CA-QC *" or a list: upper-cased, de-duplicated, in the order given. */
export function parseRegions(raw: unknown): unknown {
  const parts = Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? raw.split(/[\s,;]+/) : raw;
  if (!Array.isArray(parts)) return parts;
  return [...new Set(parts.map((p) => String(p).trim().toUpperCase()).filter(Boolean))];
}

export const shippingZoneInputSchema = z.object({
  id: z.string().optional(),
  fulfillerId: z.string({ error: "Choose a fulfillment business." }).min(1, "Choose a fulfillment business."),
  name: z
    .string({ error: "Enter a name for the zone." })
    .trim()
    .min(1, "Enter a name for the zone.")
    .max(60, "Use at most 60 characters for the zone's name."),
  regions: z.preprocess(
    parseRegions,
    z
      .array(z.string(), { error: "List at least one country or region, like US, DE or US-AK." })
      .min(1, "List at least one country or region, like US, DE or US-AK.")
      .max(300, "Use at most 300 regions in one zone.")
      .superRefine((regions, ctx) => {
        const bad = regions.filter((r) => !isValidRegion(r));
        if (bad.length)
          ctx.addIssue({
            code: "custom",
            message: `${bad.join(", ")} ${bad.length === 1 ? "is not a" : "are not"} country or region code${bad.length === 1 ? "" : "s"}; use codes like US, DE, US-AK, or * for the rest of the world.`,
          });
      }),
  ),
  sortOrder: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type ShippingZoneInput = z.input<typeof shippingZoneInputSchema>;

const amount = (label: string) =>
  z
    .number({ error: `Enter the ${label}.` })
    .int(`The ${label} must be a whole number of cents.`)
    .min(0, `The ${label} cannot be negative.`)
    .max(100_000_00, `The ${label} is too high.`);
const days = (label: string) =>
  z
    .number({ error: `Enter the ${label}.` })
    .int(`The ${label} must be a whole number of days.`)
    .min(1, `The ${label} must be between 1 and 60 days.`)
    .max(60, `The ${label} must be between 1 and 60 days.`);

export const shippingRateInputSchema = z
  .object({
    id: z.string().optional(),
    fulfillerId: z.string({ error: "Choose a fulfillment business." }).min(1, "Choose a fulfillment business."),
    zoneId: z.string({ error: "Choose a zone." }).min(1, "Choose a zone."),
    blankId: z
      .string()
      .nullish()
      .transform((v) => v || null),
    category: z
      .enum(CATEGORIES, { error: "Choose a category from the list." })
      .nullish()
      .or(z.literal(""))
      .transform((v) => v || null),
    warehouseId: z
      .string()
      .nullish()
      .transform((v) => v || null),
    firstItemMinor: amount("first item's price"),
    additionalItemMinor: amount("additional item's price"),
    minDays: days("fastest delivery"),
    maxDays: days("slowest delivery"),
  })
  .superRefine((v, ctx) => {
    if (!v.blankId === !v.category)
      ctx.addIssue({ code: "custom", path: ["blankId"], message: "Choose either one blank or one category for the rate." });
    if (v.minDays > v.maxDays)
      ctx.addIssue({ code: "custom", path: ["maxDays"], message: "The slowest delivery cannot be faster than the fastest." });
  });
export type ShippingRateInput = z.input<typeof shippingRateInputSchema>;

/** Parse with `schema` or throw a 422 naming the first field at fault. */
export function parseOr422<T>(schema: z.ZodType<T>, raw: unknown): T {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = String(issue.path[0] ?? "");
  throw new AppError("invalid-input", issue.message, 422, field || undefined);
}
