// Subdivisions (ISO 3166-2) that shipping and tax need in an address: US states and DC, Canadian
// provinces and territories, Australian states and territories. Browser-safe data, no imports.

export interface Subdivision {
  /** The ISO 3166-2 suffix: `CA` for US-CA (California). */
  code: string;
  name: string;
}

const US: Subdivision[] = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
].map(([code, name]) => ({ code: code!, name: name! }));

const CA: Subdivision[] = [
  ["AB", "Alberta"],
  ["BC", "British Columbia"],
  ["MB", "Manitoba"],
  ["NB", "New Brunswick"],
  ["NL", "Newfoundland and Labrador"],
  ["NS", "Nova Scotia"],
  ["NT", "Northwest Territories"],
  ["NU", "Nunavut"],
  ["ON", "Ontario"],
  ["PE", "Prince Edward Island"],
  ["QC", "Quebec"],
  ["SK", "Saskatchewan"],
  ["YT", "Yukon"],
].map(([code, name]) => ({ code: code!, name: name! }));

const AU: Subdivision[] = [
  ["ACT", "Australian Capital Territory"],
  ["NSW", "New South Wales"],
  ["NT", "Northern Territory"],
  ["QLD", "Queensland"],
  ["SA", "South Australia"],
  ["TAS", "Tasmania"],
  ["VIC", "Victoria"],
  ["WA", "Western Australia"],
].map(([code, name]) => ({ code: code!, name: name! }));

const BY_COUNTRY: Readonly<Record<string, readonly Subdivision[]>> = { US, CA, AU };

/** What the subdivision is called in a country's addresses. */
export const SUBDIVISION_LABELS: Readonly<Record<string, string>> = { US: "State", CA: "Province or territory", AU: "State or territory" };

/** The subdivisions an address in this country must name (empty when none is required). */
export function subdivisionsOf(country: string): readonly Subdivision[] {
  return BY_COUNTRY[country.toUpperCase()] ?? [];
}

/** Whether an address in this country needs a subdivision (for shipping zones and tax). */
export function requiresSubdivision(country: string): boolean {
  return subdivisionsOf(country).length > 0;
}

/** A subdivision's code from its code or name, any case ("ca", "California", "US-CA"); null when unknown. */
export function subdivisionCode(country: string, input: string): string | null {
  const list = subdivisionsOf(country);
  const raw = input.normalize("NFKC").trim().replace(/\.$/, "");
  if (!raw) return null;
  const upper = raw.toUpperCase();
  const prefix = `${country.toUpperCase()}-`;
  const code = upper.startsWith(prefix) ? upper.slice(prefix.length) : upper;
  const byCode = list.find((s) => s.code === code);
  if (byCode) return byCode.code;
  const byName = list.find((s) => s.name.toUpperCase() === upper);
  return byName ? byName.code : null;
}

/** A subdivision's name from its code ("CA" -> "California"); null when unknown. */
export function subdivisionName(country: string, code: string): string | null {
  return subdivisionsOf(country).find((s) => s.code === code.toUpperCase())?.name ?? null;
}
