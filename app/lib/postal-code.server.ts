// Postal codes checked per country with a maintained library (postcode-validator), so a typo is
// caught at checkout instead of at the carrier. Countries the library does not know are accepted.
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { COUNTRIES } from "#server/modules/identity/types.ts";

const names = new Map(COUNTRIES.map((c) => [c.code, c.name]));

/** A message for the postal-code field, or null when it fits the country. */
export function postalCodeProblem(postalCode: string, country: string): string | null {
  if (!postalCode || !country || !postcodeValidatorExistsForCountry(country)) return null;
  if (postcodeValidator(postalCode.trim(), country)) return null;
  return `This does not look like a postal code in ${names.get(country) ?? country}. Check it and try again.`;
}
