// The designer's product form: ONE schema for the browser (live validation) and the server (save).
// Browser-safe: no server-only imports.
import { z } from "zod";
import { parseMoney } from "../../contracts/money.ts";
import { defineTransitions } from "../../kernel/transitions.ts";
import { CATEGORIES, PRINT_AREA_KEYS, placementSchema, type Placement, type PrintAreaKey, type ProductStatus } from "./types.ts";

/** Product states (issue 3): draft -> published | in_review; published <-> unpublished; taken_down by admins. */
export const productTransitions = defineTransitions<ProductStatus>("product", {
  draft: ["published", "in_review", "taken_down"],
  in_review: ["published", "draft", "taken_down"],
  published: ["unpublished", "taken_down"],
  unpublished: ["published", "taken_down"],
  taken_down: ["unpublished"],
});

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  draft: "Draft",
  in_review: "Held for review",
  published: "Published",
  unpublished: "Unpublished",
  taken_down: "Taken down",
};

/** Placement used when the partner does not place the artwork (no JavaScript): centred, fit to 80% of the area. */
export const DEFAULT_PLACEMENT: Placement = { x: 0.5, y: 0.5, scale: 0.8, rotation: 0 };

/** Scale that fits an artwork of aspect `artAspect` (w/h) into an area of aspect `areaAspect` at `fill` (0..1). */
export function fitPlacement(artAspect: number, areaAspect: number, fill = 0.8): Placement {
  // scale = artwork width / area width; the artwork height in area units is scale * areaAspect / artAspect
  const byWidth = fill;
  const byHeight = (fill * artAspect) / areaAspect;
  return { x: 0.5, y: 0.5, scale: Math.max(0.02, Math.min(4, Math.min(byWidth, byHeight))), rotation: 0 };
}

const tag = z.string().trim().toLowerCase().min(1).max(30, "A tag is at most 30 characters.");

/** The product as the service takes it (minor units, arrays). */
export const productInputSchema = z.object({
  blankId: z.string({ error: "Choose a blank product." }).trim().min(1, "Choose a blank product.").max(40),
  artworkId: z.string({ error: "Upload your artwork." }).trim().min(1, "Upload your artwork.").max(40),
  title: z
    .string({ error: "Enter a title." })
    .trim()
    .min(3, "A title has at least 3 characters.")
    .max(120, "A title has at most 120 characters."),
  description: z.string().trim().max(5000, "The description is at most 5,000 characters.").default(""),
  tags: z.array(tag).max(15, "Use at most 15 tags.").default([]),
  category: z.enum(CATEGORIES, { error: "Choose a category." }),
  priceMinor: z
    .number({ error: "Enter a price." })
    .int("Enter a price in the currency's smallest unit.")
    .min(1, "Enter a price.")
    .max(1_000_000, "That price is too high."),
  colors: z.array(z.string().trim().min(1).max(40)).min(1, "Choose at least one colour.").max(30),
  sizes: z.array(z.string().trim().min(1).max(20)).min(1, "Choose at least one size.").max(30),
  placements: z
    .partialRecord(z.enum(PRINT_AREA_KEYS), placementSchema)
    .refine((p) => Object.keys(p).length > 0, "Place the artwork on at least one print area."),
  /** Per-variant prices, keyed `${color}|${size}` (minor units); absent = the product price. */
  variantPrices: z.record(z.string().max(70), z.number().int().min(1).max(1_000_000)).default({}),
  primaryColor: z.string().trim().max(40).optional(),
});
export type ProductInput = z.infer<typeof productInputSchema>;

/** A price typed in the platform currency's major units ("24.00", "¥1,200") -> minor units, or NaN (see `priceFieldErrors`). */
function toMinor(text: string, currency: string): number {
  const r = parseMoney(text, currency);
  return r.ok && r.money.amount > 0 ? r.money.amount : NaN;
}

function list(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === "string");
  return typeof v === "string" ? [v] : [];
}
function str(v: unknown): string {
  return typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : "";
}

/**
 * The designer's HTML form -> ProductInput. Fields: blankId, artworkId, title, description,
 * tags (comma separated), category, price ("24.00"), colors (repeated), sizes (repeated),
 * `placement.<area>` (JSON of a Placement; absent -> centred fit on the first area), and
 * `variantPrice.<color>|<size>` ("" = product price). Prices are read in `currency` (the platform
 * currency), by its digits: "1200" is ¥1,200 in JPY and $1,200.00 in USD.
 */
export function productFormToInput(raw: Record<string, unknown>, options: { currency: string; firstArea?: PrintAreaKey }): unknown {
  const placements: Record<string, unknown> = {};
  const variantPrices: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const m = /^placement\.([a-z]+)$/.exec(k);
    if (m && str(v).trim()) {
      try {
        placements[m[1]!] = JSON.parse(str(v));
      } catch {
        placements[m[1]!] = null;
      }
    }
    const vp = /^variantPrice\.(.+)$/.exec(k);
    if (vp && str(v).trim()) variantPrices[vp[1]!] = toMinor(str(v), options.currency);
  }
  if (Object.keys(placements).length === 0 && options.firstArea) placements[options.firstArea] = DEFAULT_PLACEMENT;
  const price = str(raw.price).trim();
  return {
    blankId: str(raw.blankId),
    artworkId: str(raw.artworkId),
    title: str(raw.title),
    description: str(raw.description),
    tags: str(raw.tags)
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
    category: str(raw.category) || undefined,
    priceMinor: price === "" ? undefined : toMinor(price, options.currency),
    colors: list(raw.colors),
    sizes: list(raw.sizes),
    placements,
    variantPrices,
    primaryColor: str(raw.primaryColor) || undefined,
  };
}

/** Map the service schema's error paths to the form's field names. */
export function formFieldOf(path: readonly PropertyKey[]): string {
  const head = String(path[0] ?? "_form");
  if (head === "priceMinor") return "price";
  if (head === "placements") return "placement";
  if (head === "variantPrices") return `variantPrice.${String(path[1] ?? "")}`;
  return head;
}

/**
 * The messages for price fields that do not read as an amount of `currency` ("12.5" in JPY, "abc"),
 * keyed by form field (`price`, `variantPrice.<color>|<size>`); they replace the schema's generic ones.
 */
export function priceFieldErrors(raw: Record<string, unknown>, currency: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k !== "price" && !k.startsWith("variantPrice.")) continue;
    const text = str(v).trim();
    if (!text) continue;
    const r = parseMoney(text, currency);
    if (!r.ok) errors[k] = r.message;
    else if (r.money.amount <= 0) errors[k] = "Enter a price above zero.";
  }
  return errors;
}
