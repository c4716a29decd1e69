// Text as the documents print it: folded to what pdfkit's built-in Helvetica can draw (WinAnsi),
// dates in the warehouse's time zone, weights, and addresses in the order the post reads them.
import { countryName } from "../../contracts/countries.ts";
import type { PostalAddress } from "../../contracts/ports.ts";

/**
 * The code points above Latin-1 that WinAnsi (Windows-1252) has, as pdfkit's standard fonts map
 * them (0x80–0x9F): the euro, typographic quotes and dashes, the ellipsis, Œ, Š, Ž, Ÿ...
 */
const WIN_ANSI_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

/** Letters without a Unicode decomposition, and punctuation, with the WinAnsi text closest to them. */
const FOLD: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  Ŀ: "L",
  ŀ: "l",
  Ŋ: "N",
  ŋ: "n",
  Ŧ: "T",
  ŧ: "t",
  ĸ: "k",
  ſ: "s",
  Ə: "E",
  ə: "e",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2032": "'",
  "\u2033": '"',
  "\u2044": "/",
};

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const isWinAnsi = (cp: number): boolean => (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);

/** What stands for a character Helvetica cannot draw. */
export const FALLBACK_CHAR = "?";

/**
 * `text` with only characters pdfkit's built-in fonts can draw: "Rosa Díaz", "Müller", "Œuvre"
 * and "€" stay as they are; "Łódź" becomes "Lodz", "Dvořák" keeps its ř as "r"; what has no
 * Latin form (李, Ж, an emoji) becomes "?" instead of the wrong glyphs pdfkit would otherwise
 * pick. Line breaks, tabs and other controls become spaces, zero-width characters disappear.
 */
export function pdfSafe(text: string): string {
  // Printable ASCII is drawn as it is (most of a document's text: codes, SKUs, numbers).
  if (PRINTABLE_ASCII.test(text)) return text;
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (isWinAnsi(cp)) out += ch;
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0x2028 || cp === 0x2029) out += " ";
    else if ((cp >= 0x200b && cp <= 0x200d) || cp === 0xfeff || cp === 0x2060 || /\p{M}/u.test(ch)) continue;
    else if (/\p{Zs}/u.test(ch)) out += " ";
    else if (FOLD[ch] !== undefined) out += FOLD[ch];
    else {
      const base = ch.normalize("NFD").replace(/\p{M}/gu, "");
      out += base.length > 0 && [...base].every((c) => isWinAnsi(c.codePointAt(0)!)) ? base : FALLBACK_CHAR;
    }
  }
  return out;
}

/** A date formatter per time zone and style, made once (Intl formatters are slow to build). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      dateStyle: "medium",
      ...(withTime ? { timeStyle: "short" } : {}),
    });
    formatters.set(key, f);
  }
  return f;
}

/** A time zone Intl knows, or UTC (a document never fails for a bad zone name). */
export function zoneOrUtc(timeZone: string | undefined): string {
  if (!timeZone) return "UTC";
  try {
    formatter(timeZone, false);
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** "5 Mar 2026": the day in the warehouse's time zone (Platen's dates are in British order). */
export function formatDay(date: Date, timeZone: string): string {
  return formatter(timeZone, false).format(date);
}

/** "5 Mar 2026, 08:07 (Europe/Berlin)" or "..., 08:07 UTC". */
export function formatDayTime(date: Date, timeZone: string): string {
  const text = formatter(timeZone, true).format(date);
  return timeZone === "UTC" ? `${text} UTC` : `${text} (${timeZone})`;
}

/** "450 g" below a kilogram, "1.25 kg" above. */
export function formatGrams(grams: number): string {
  const g = Math.max(0, Math.round(grams));
  return g < 1000 ? `${g} g` : `${(g / 1000).toFixed(2)} kg`;
}

/** "1.25 kg (2.76 lb)": a label's weight, for carriers of either system. */
export function formatWeightBoth(grams: number): string {
  const g = Math.max(0, Math.round(grams));
  return `${(g / 1000).toFixed(2)} kg (${(g / 453.59237).toFixed(2)} lb)`;
}

/** Countries that write the city line as "City, REGION POSTAL". */
const CITY_REGION_POSTAL = new Set(["US", "CA", "AU", "PR"]);
/** Countries that write the postal code on a line of its own, after the city. */
const POSTAL_OWN_LINE = new Set(["GB", "IE"]);

/**
 * An address as lines, the way the post reads them: name, company, street lines, the city line
 * in the country's order, and the country's name in capitals (last, as the UPU asks for mail
 * crossing a border). `withCountry: false` leaves the country out. With `maxLines`, lines are
 * joined (the city lines together, then the company onto the name, then the street lines)
 * until the address fits, so the country is never the line that falls off.
 */
export function addressLines(a: PostalAddress, options: { withCountry?: boolean; maxLines?: number } = {}): string[] {
  const clean = (l: string | undefined) => (l ?? "").trim();
  const country = a.country.toUpperCase();
  let name = [clean(a.name), clean(a.company)].filter(Boolean);
  let street = [clean(a.line1), clean(a.line2)].filter(Boolean);
  let city: string[];
  if (CITY_REGION_POSTAL.has(country)) {
    city = [`${clean(a.city)}${clean(a.region) ? `, ${clean(a.region)}` : ""} ${clean(a.postalCode)}`.trim()];
  } else if (POSTAL_OWN_LINE.has(country)) {
    city = [clean(a.city), clean(a.region), clean(a.postalCode)];
  } else {
    city = [`${clean(a.postalCode)} ${clean(a.city)}`.trim(), clean(a.region)];
  }
  city = city.filter(Boolean);
  const tail = options.withCountry !== false ? [countryName(country).toUpperCase()] : [];
  const all = () => [...name, ...street, ...city, ...tail];
  const max = options.maxLines ?? Infinity;
  if (all().length > max && city.length > 1) city = [city.join(", ")];
  if (all().length > max && name.length > 1) name = [name.join(", ")];
  if (all().length > max && street.length > 1) street = [street.join(", ")];
  return all();
}
