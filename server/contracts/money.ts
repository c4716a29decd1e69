// Money: an integer amount of a currency's minor units plus its ISO 4217 code. One parse and one
// format, both following the currency's digits (USD 2, JPY 0, KWD 3). No floating point touches an
// amount: parsing works on the digits of the text, allocation on integers.
// Browser-safe: no server-only imports (the product form and the cart use it too).

/** ISO 4217 code, upper case (e.g. "USD"). */
export type CurrencyCode = string;

export interface Money {
  /** Minor units (cents for USD, yen for JPY, fils for KWD); a safe integer. */
  readonly amount: number;
  readonly currency: CurrencyCode;
}

export class MoneyError extends Error {
  override name = "MoneyError";
}

const CODE = /^[A-Z]{3}$/;
const digitsCache = new Map<string, number>();

/**
 * The marketplace's currencies (`CURRENCIES` in the platform module) as en-US writes them: the
 * symbol before the number ("$", "CA$"), or for a currency with none (`""`) its code and a no-break
 * space; two digits but for JPY and HUF (none). Exactly what this runtime's
 * `Intl.NumberFormat("en-US", { style: "currency" })` gives (a unit test compares them). Written out
 * so that a page formats its prices without Intl: the first Intl number format in a browser page
 * loads ICU's data, 12-100 ms of a page load's script on the project's machine (the second costs
 * < 1 ms). Any other currency goes through Intl as before. A literal, not computed: a module-level
 * call would make bundlers keep this module on every page that imports anything beside it.
 */
export const EN_US_CURRENCIES: Readonly<Record<string, string>> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  CAD: "CA$",
  AUD: "A$",
  NZD: "NZ$",
  CHF: "",
  SEK: "",
  NOK: "",
  DKK: "",
  PLN: "",
  CZK: "",
  HUF: "",
  JPY: "¥",
  SGD: "",
  HKD: "HK$",
  MXN: "MX$",
  BRL: "R$",
  INR: "₹",
  ZAR: "",
};
const written = (currency: string) => Object.hasOwn(EN_US_CURRENCIES, currency);

/** Whether `code` is a currency the runtime knows (ISO 4217). */
export function isCurrency(code: string): boolean {
  if (written(code)) return true;
  if (!CODE.test(code)) return false;
  try {
    new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    return true;
  } catch {
    return false;
  }
}

/** Digits after the decimal point of a currency's minor unit (USD 2, JPY 0, KWD 3), from ISO 4217 via Intl. */
export function currencyDigits(currency: CurrencyCode): number {
  if (written(currency)) return currency === "JPY" || currency === "HUF" ? 0 : 2;
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    if (!isCurrency(currency)) throw new MoneyError(`Unknown currency "${currency}".`);
    digits = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount)) throw new MoneyError(`A money amount must be a whole number of minor units (got ${amount}).`);
}

/** A Money value; `amount` in minor units. */
export function money(amount: number, currency: CurrencyCode): Money {
  assertAmount(amount);
  currencyDigits(currency);
  return Object.freeze({ amount, currency });
}

export const zero = (currency: CurrencyCode): Money => money(0, currency);

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new MoneyError(`Cannot combine ${a.currency} with ${b.currency}.`);
}

export function add(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amount + b.amount, a.currency);
}

export function subtract(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amount - b.amount, a.currency);
}

/** `a` times a whole quantity. */
export function times(a: Money, quantity: number): Money {
  if (!Number.isSafeInteger(quantity)) throw new MoneyError("A quantity must be a whole number.");
  return money(a.amount * quantity, a.currency);
}

export function sum(items: readonly Money[], currency: CurrencyCode): Money {
  let total = 0;
  for (const m of items) {
    if (m.currency !== currency) throw new MoneyError(`Cannot combine ${m.currency} with ${currency}.`);
    total += m.amount;
  }
  return money(total, currency);
}

export function compare(a: Money, b: Money): -1 | 0 | 1 {
  sameCurrency(a, b);
  return a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0;
}

export const equals = (a: Money, b: Money) => a.currency === b.currency && a.amount === b.amount;

/**
 * `ratio` (e.g. 0.0725 for 7.25 %) of an amount, rounded half away from zero to the minor unit.
 * The ratio is taken as basis points of a basis point (1e-8) so that percentages with up to six
 * decimals are exact.
 */
export function percentOf(a: Money, percent: number): Money {
  const scaled = Math.round(percent * 1_000_000); // percent * 1e6 = parts per 1e8
  const product = BigInt(a.amount) * BigInt(scaled);
  const denominator = 100_000_000n;
  const negative = product < 0n;
  const abs = negative ? -product : product;
  let q = abs / denominator;
  if ((abs % denominator) * 2n >= denominator) q += 1n;
  return money(Number(negative ? -q : q), a.currency);
}

/**
 * The rounding split, the one in Platen: `total` minor units (a whole number) in proportion to
 * `weights` (non-negative whole numbers) so that the parts sum exactly to the total. Each part gets
 * its floor, and the remaining units go one by one to the largest remainders (ties: the earlier
 * weight). Weights all zero split evenly; no weights, nothing.
 */
export function splitMinor(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  if (!Number.isSafeInteger(total)) throw new MoneyError("The amount to split must be a whole number of minor units.");
  for (const w of weights) if (!Number.isSafeInteger(w) || w < 0) throw new MoneyError("Weights must be non-negative whole numbers.");
  const ws = weights.every((w) => w === 0) ? weights.map(() => 1) : weights;
  const sign = total < 0 ? -1n : 1n;
  const amount = BigInt(Math.abs(total));
  const weightSum = ws.reduce((s, w) => s + BigInt(w), 0n);
  const parts = ws.map((w) => (amount * BigInt(w)) / weightSum);
  const remainders = ws.map((w, i) => ({ i, r: (amount * BigInt(w)) % weightSum }));
  let left = amount - parts.reduce((s, p) => s + p, 0n);
  remainders.sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  for (let k = 0; left > 0n; k++, left--) parts[remainders[k % remainders.length]!.i]! += 1n;
  return parts.map((p) => Number(p * sign));
}

/** `splitMinor` of a Money: the parts carry its currency. */
export function allocate(total: Money, weights: readonly number[]): Money[] {
  if (weights.length === 0) throw new MoneyError("Nothing to allocate to.");
  return splitMinor(total.amount, weights).map((p) => money(p, total.currency));
}

// ---- text ---------------------------------------------------------------------------------

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(currency: CurrencyCode, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = currencyDigits(currency);
    f = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(key, f);
  }
  return f;
}

/** The decimal text of an amount without symbol or grouping: 1234 USD -> "12.34", 1200 JPY -> "1200". */
export function toDecimalString(m: Money): string {
  const digits = currencyDigits(m.currency);
  const negative = m.amount < 0;
  const abs = String(Math.abs(m.amount));
  if (digits === 0) return `${negative ? "-" : ""}${abs}`;
  const padded = abs.padStart(digits + 1, "0");
  return `${negative ? "-" : ""}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** For people: "$12.34", "¥1,200", "KWD 1.500" (en-US by default). */
export function formatMoney(m: Money, locale = "en-US"): string {
  const text = toDecimalString(m);
  if (locale === "en-US" && written(m.currency)) {
    const negative = m.amount < 0;
    // "-1234567.50" -> "-$1,234,567.50": the whole part grouped by thousands.
    return `${negative ? "-" : ""}${EN_US_CURRENCIES[m.currency] || `${m.currency}\u00a0`}${text.slice(+negative).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
  }
  // Intl takes a string operand exactly (no binary floating point on the way).
  return formatter(m.currency, locale).format(text as unknown as number);
}

/** `formatMoney` for a bare amount of minor units in `currency`: (1200, "JPY") -> "¥1,200". */
export const formatAmount = (amount: number, currency: CurrencyCode, locale?: string): string =>
  formatMoney(money(amount, currency), locale);

export type ParseMoneyResult = { ok: true; money: Money } | { ok: false; message: string };

/**
 * Read an amount typed by a person (or produced by `formatMoney` / `toDecimalString`) in
 * `currency`: "12", "12.5", "12,50", "1,200.00", "$1,200.00", "¥1,200", "KWD 1.500".
 * A single comma followed by 1..digits figures (never three) is a decimal comma; other commas,
 * spaces and apostrophes group thousands. More decimals than the currency has are refused, never
 * rounded; JPY has none, so "12.5" yen is refused.
 */
export function parseMoney(input: string, currency: CurrencyCode): ParseMoneyResult {
  const digits = currencyDigits(currency);
  let s = input.normalize("NFKC").trim();
  let negative = false;
  if (s.startsWith("-") || s.startsWith("\u2212")) {
    negative = true;
    s = s.slice(1).trim();
  }
  // A currency symbol or code before or after the number, and nothing else ("$12.50", "12,50 €",
  // "USD 12.50"): anything around the number that is not one ("<b>1</b>") is refused, never read
  // as the number inside it.
  const code = /^[A-Z]{3}$/.test(currency) ? currency : "XXX";
  const around = new RegExp(`^(?:\\p{Sc}|${code}|[A-Z]{1,2}\\p{Sc})?\\s*`, "iu");
  const after = new RegExp(`\\s*(?:\\p{Sc}|${code})?$`, "iu");
  s = s.replace(around, "").replace(after, "").trim();
  if (s.startsWith("-")) {
    negative = !negative;
    s = s.slice(1);
  }
  if (!s || /[^\d.,'\s]/.test(s)) return { ok: false, message: "Enter an amount like 12.50." };
  s = s.replace(/['\s]/g, "");
  const commas = (s.match(/,/g) ?? []).length;
  const dots = (s.match(/\./g) ?? []).length;
  let intPart: string;
  let fracPart = "";
  if (dots === 0 && commas === 1 && digits > 0 && /,\d{1,2}$/.test(s) && !/,\d{3}$/.test(s)) {
    [intPart, fracPart] = s.split(",") as [string, string];
  } else {
    if (dots > 1) return { ok: false, message: "Enter an amount like 12.50." };
    const [i, f = ""] = s.split(".");
    // Grouping commas must sit every three figures.
    if (i!.includes(",") && !/^\d{1,3}(,\d{3})+$/.test(i!)) return { ok: false, message: "Enter an amount like 1,200.50." };
    intPart = i!.replace(/,/g, "");
    fracPart = f;
    if (dots === 1 && f === "" && i === "") return { ok: false, message: "Enter an amount like 12.50." };
  }
  if (!/^\d*$/.test(intPart) || !/^\d*$/.test(fracPart) || (intPart === "" && fracPart === ""))
    return { ok: false, message: "Enter an amount like 12.50." };
  if (fracPart.length > digits) {
    return {
      ok: false,
      message: digits === 0 ? `${currency} has no decimals: enter a whole amount.` : `Use at most ${digits} decimals for ${currency}.`,
    };
  }
  const text = `${intPart || "0"}${fracPart.padEnd(digits, "0")}`.replace(/^0+(?=\d)/, "");
  if (text.length > 15) return { ok: false, message: "That amount is too large." };
  const amount = Number(text) * (negative ? -1 : 1);
  return { ok: true, money: money(amount === 0 ? 0 : amount, currency) };
}

/** Like `parseMoney`, throwing a MoneyError with the message. */
export function parseMoneyOrThrow(input: string, currency: CurrencyCode): Money {
  const r = parseMoney(input, currency);
  if (!r.ok) throw new MoneyError(r.message);
  return r.money;
}
