// Which rate zone a destination falls in (pure functions). A zone covers countries (or `*`, the
// rest of the world), optionally narrowed by postal-code prefixes and/or one postal range compared
// on its own number of leading characters (USPS zones go by 3-digit ZIP prefix: 970–994). The most
// specific matching zone wins: a range or a prefix beats a bare country, which beats `*`; a longer
// prefix or range beats a shorter one, and at the same length a prefix (one value) beats a range.

export interface ZoneRules {
  countries: readonly string[];
  postalPrefixes: readonly string[];
  postalFrom: string | null;
  postalTo: string | null;
}

/** A postal code as zones compare it: upper case, letters and digits only ("sw1a 1aa" → "SW1A1AA"). */
export function normalizePostal(postalCode: string): string {
  return postalCode
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
}

/** One way a zone covers destinations, with its specificity (higher wins). */
export type ZoneRule =
  | { kind: "world"; country: "*"; score: 0 }
  | { kind: "country"; country: string; score: 1 }
  | { kind: "range"; country: string; from: string; to: string; score: number }
  | { kind: "prefix"; country: string; prefix: string; score: number };

const rangeScore = (length: number) => 2 + 2 * length;
const prefixScore = (length: number) => 3 + 2 * length;

/** The rules a zone stands for, one per country and narrowing (`*` takes no narrowing). */
export function zoneRules(zone: ZoneRules): ZoneRule[] {
  const out: ZoneRule[] = [];
  const narrowed = zone.postalPrefixes.length > 0 || zone.postalFrom !== null;
  for (const country of zone.countries) {
    if (country === "*") {
      out.push({ kind: "world", country: "*", score: 0 });
      continue;
    }
    if (!narrowed) out.push({ kind: "country", country, score: 1 });
    for (const prefix of zone.postalPrefixes) out.push({ kind: "prefix", country, prefix, score: prefixScore(prefix.length) });
    if (zone.postalFrom !== null && zone.postalTo !== null)
      out.push({ kind: "range", country, from: zone.postalFrom, to: zone.postalTo, score: rangeScore(zone.postalFrom.length) });
  }
  return out;
}

function ruleCovers(rule: ZoneRule, country: string, postal: string): boolean {
  switch (rule.kind) {
    case "world":
      return true;
    case "country":
      return rule.country === country;
    case "prefix":
      return rule.country === country && postal.startsWith(rule.prefix);
    case "range": {
      if (rule.country !== country || postal.length < rule.from.length) return false;
      const head = postal.slice(0, rule.from.length);
      return rule.from <= head && head <= rule.to;
    }
  }
}

/** How specifically `zone` covers the destination (higher is more specific), or null when it does not. */
export function zoneScore(zone: ZoneRules, destination: { country: string; postalCode: string }): number | null {
  const country = destination.country.toUpperCase();
  const postal = normalizePostal(destination.postalCode);
  let best: number | null = null;
  for (const rule of zoneRules(zone)) if (ruleCovers(rule, country, postal) && (best === null || rule.score > best)) best = rule.score;
  return best;
}

/** The most specific zone covering the destination (the first listed on a tie), or null. */
export function bestZone<Z extends ZoneRules>(zones: readonly Z[], destination: { country: string; postalCode: string }): Z | null {
  let best: { zone: Z; score: number } | null = null;
  for (const zone of zones) {
    const score = zoneScore(zone, destination);
    if (score !== null && (best === null || score > best.score)) best = { zone, score };
  }
  return best?.zone ?? null;
}

/** Whether two rules of the same specificity cover a destination in common (then neither would win). */
export function rulesTie(a: ZoneRule, b: ZoneRule): boolean {
  if (a.score !== b.score || a.country !== b.country || a.kind !== b.kind) return false;
  if (a.kind === "prefix" && b.kind === "prefix") return a.prefix === b.prefix;
  if (a.kind === "range" && b.kind === "range") return a.from <= b.to && b.from <= a.to;
  return true; // the same country, or both the rest of the world
}

/** A rule read back as the sheet writes it ("US 970–994", "DE 1", "FR", "*"). */
export function describeRule(rule: ZoneRule): string {
  switch (rule.kind) {
    case "world":
      return "the rest of the world (*)";
    case "country":
      return rule.country;
    case "prefix":
      return `${rule.country} postal codes starting ${rule.prefix}`;
    case "range":
      return `${rule.country} postal codes ${rule.from}–${rule.to}`;
  }
}
