import { z } from "zod";
import { parseMoney, parseMoneyOrThrow } from "../../contracts/money.ts";
import { CATEGORIES, type ProductCard } from "../catalog/types.ts";

/** Browser-safe types of the shopping module (cart, wishes, product requests). */

/** At most this many of one variant in a cart, and this many lines. */
export const CART_MAX_QUANTITY = 10;
/** At or below this many units left, the product page and the cart say "Only N left". */
export const LOW_STOCK = 10;
export const CART_MAX_LINES = 50;
/** At most this many wishes per shopper (a merge beyond it keeps the newest). */
export const WISHES_MAX = 500;

const id = z
  .string()
  .trim()
  .min(1, "Choose a product.")
  .max(64)
  .regex(/^[a-z]+_[0-9a-z]+$/, "That is not a valid id.");

const ID_PATTERN = /^[a-z]+_[0-9a-z]+$/;
/** What `id` accepts, without Zod (browser code uses it). */
function isId(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const v = value.trim();
  return v.length >= 1 && v.length <= 64 && ID_PATTERN.test(v);
}

/** A cart line as `userData.cart` keeps it (spec field). */
export const cartLineSchema = z.object({
  productId: id,
  variantId: z
    .string()
    .trim()
    .min(1, "Choose a colour and size first.")
    .max(64)
    .regex(/^[a-z]+_[0-9a-z]+$/, "Choose a colour and size first."),
  quantity: z.coerce
    .number({ error: "Enter a quantity." })
    .int("Enter a whole number.")
    .min(1, "The quantity is at least 1.")
    .max(CART_MAX_QUANTITY, `You can order at most ${CART_MAX_QUANTITY} of one item.`),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** Repair whatever `userData.cart` holds into valid lines (drops garbage, sums duplicates, applies caps). */
export function normaliseCartLines(raw: unknown): CartLine[] {
  if (!Array.isArray(raw)) return [];
  const out = new Map<string, CartLine>();
  for (const item of raw) {
    // By hand, not with Zod: this runs in the storefront's bundle (issue 9's JavaScript budget).
    if (!item || typeof item !== "object") continue;
    const fields = item as Record<string, unknown>;
    const quantity = typeof fields.quantity === "string" && fields.quantity.trim() !== "" ? Number(fields.quantity) : fields.quantity;
    if (!isId(fields.productId) || !isId(fields.variantId)) continue;
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) continue;
    const line = { productId: fields.productId.trim(), variantId: fields.variantId.trim(), quantity };
    const prev = out.get(line.variantId);
    if (prev) prev.quantity = Math.min(CART_MAX_QUANTITY, prev.quantity + quantity);
    else if (out.size < CART_MAX_LINES) out.set(line.variantId, { ...line, quantity: Math.min(CART_MAX_QUANTITY, quantity) });
  }
  return [...out.values()];
}

/** Repair `userData.wishes` into a list of product ids (unique, order kept). */
export function normaliseWishIds(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const item of raw) {
    const value =
      typeof item === "string"
        ? item
        : item && typeof item === "object" && "productId" in item
          ? (item as { productId: unknown }).productId
          : null;
    if (isId(value) && !out.includes(value.trim())) out.push(value.trim());
    if (out.length >= WISHES_MAX) break;
  }
  return out;
}

/** One line of the cart as the drawer shows it. */
export interface CartLineView extends CartLine {
  card: ProductCard | null;
  /** The mockup of this line's colour (a Navy hoodie shows the Navy mockup), else the product's main image. */
  image: ProductCard["image"];
  color: string;
  size: string;
  /** "Black / M", or "" when the variant no longer exists. */
  variantLabel: string;
  unitPriceMinor: number;
  lineTotalMinor: number;
  /** The unit price when the line was added, when it has changed since (else null). */
  priceWhenAddedMinor: number | null;
  /** False when the product was unpublished or the variant disabled: kept, but not counted. */
  available: boolean;
  /** Units left for sale (null: made to order, none counted). */
  left: number | null;
  /**
   * Why the line cannot be bought as it is ("Sold out", "Only 2 left: lower the quantity"), or null.
   * Such a line is kept but not counted in the subtotal, so the totals are those of the rest.
   */
  stockProblem: string | null;
}

export interface CartView {
  lines: CartLineView[];
  /** Sum of available lines, minor units. */
  subtotalMinor: number;
  /** Number of items (sum of quantities) of available lines. */
  count: number;
  /** ISO 4217 currency of every amount above: the platform currency ("" for an empty browser cart, which shows none). */
  currency: string;
}

export interface WishesView {
  productIds: string[];
  cards: ProductCard[];
}

// ---- product requests ----------------------------------------------------------------------

export const REQUEST_STATUSES = ["open", "answered", "closed"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_IDEA_MIN = 20;
export const REQUEST_IDEA_MAX = 2000;
/** Budget in major units of the platform currency in the form (25, 25.50, ¥3000); stored in minor units with its currency. */
export const REQUEST_BUDGET_MAX = 10_000;

export const productRequestSchema = z.object({
  idea: z
    .string({ error: "Describe the product you would like." })
    .trim()
    .min(REQUEST_IDEA_MIN, `Describe it in at least ${REQUEST_IDEA_MIN} characters, so partners know what to make.`)
    .max(REQUEST_IDEA_MAX, `Keep it under ${REQUEST_IDEA_MAX} characters.`),
  category: z.enum(CATEGORIES, { error: "Choose a category." }),
  /** The text typed; read by `parseBudget` in the platform currency. */
  budget: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null),
});

/** A request's budget typed in `currency` -> minor units (null when empty), by the currency's digits. */
export function parseBudget(text: string | null, currency: string): { ok: true; minor: number | null } | { ok: false; message: string } {
  if (!text) return { ok: true, minor: null };
  const r = parseMoney(text, currency);
  if (!r.ok || r.money.amount <= 0) {
    const decimals = !r.ok && /decimals/.test(r.message);
    return { ok: false, message: decimals ? r.message : "Enter a budget like 25 or 25.50, or leave it empty." };
  }
  if (r.money.amount > parseMoneyOrThrow(String(REQUEST_BUDGET_MAX), currency).amount)
    return { ok: false, message: `Budgets go up to ${REQUEST_BUDGET_MAX}.` };
  return { ok: true, minor: r.money.amount };
}
export type ProductRequestInput = z.infer<typeof productRequestSchema>;

export const requestAnswerSchema = z.object({
  requestId: z.string().trim().min(1).max(64),
  productId: z.string({ error: "Choose one of your published products." }).trim().min(1, "Choose one of your published products.").max(64),
  message: z.string().trim().max(1000, "Keep the message under 1000 characters.").default(""),
});
