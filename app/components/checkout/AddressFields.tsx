import Grid from "@mui/material/Grid";
import { OutlinedField, OutlinedSelect } from "#app/components/OutlinedField.tsx";
import { COUNTRIES } from "#server/modules/identity/types.ts";

export type AddressValues = Partial<
  Record<"label" | "fullName" | "line1" | "line2" | "city" | "region" | "postalCode" | "country" | "phone", string>
>;

/** The shipping address fields (identity's address schema), with browser autofill hints. */
export function AddressFields({
  values,
  errors,
  idPrefix = "ship",
  withLabel = false,
}: {
  values: AddressValues;
  errors: Record<string, string>;
  idPrefix?: string;
  withLabel?: boolean;
}) {
  const field = (
    name: keyof AddressValues,
    label: string,
    props: { autoComplete?: string; helper?: string; max?: number; sm?: number; required?: boolean } = {},
  ) => (
    <Grid size={{ xs: 12, sm: props.sm ?? 6 }}>
      <OutlinedField
        name={name}
        id={`${idPrefix}-${name}`}
        label={label}
        autoComplete={props.autoComplete}
        defaultValue={values[name] ?? ""}
        error={Boolean(errors[name])}
        helperText={errors[name] ?? props.helper}
        required={props.required}
        fullWidth
        size="small"
        maxLength={props.max ?? 200}
      />
    </Grid>
  );
  return (
    <Grid container spacing={2}>
      {field("fullName", "Full name", { autoComplete: "shipping name", max: 120, sm: withLabel ? 6 : 12, required: true })}
      {withLabel ? field("label", "Label (optional)", { helper: "For example Home or Work.", max: 40 }) : null}
      {field("line1", "Street address", { autoComplete: "shipping address-line1", sm: 12, required: true })}
      {field("line2", "Apartment, suite, etc. (optional)", { autoComplete: "shipping address-line2", sm: 12 })}
      {field("city", "City", { autoComplete: "shipping address-level2", max: 100, required: true })}
      {field("region", "State, province or region", {
        autoComplete: "shipping address-level1",
        max: 100,
        helper: "For the US and Canada, the two-letter code, like CA.",
      })}
      {field("postalCode", "Postal code", { autoComplete: "shipping postal-code", max: 20, required: true })}
      <Grid size={{ xs: 12, sm: 6 }}>
        <OutlinedSelect
          name="country"
          id={`${idPrefix}-country`}
          label="Country"
          defaultValue={values.country || "US"}
          error={Boolean(errors.country)}
          helperText={errors.country}
          fullWidth
          size="small"
          autoComplete="shipping country"
        >
          {COUNTRIES.map((c) => (
            // Country names come from Intl.DisplayNames, whose wording differs between the server's and the browser's ICU.
            <option key={c.code} value={c.code} suppressHydrationWarning>
              {c.name}
            </option>
          ))}
        </OutlinedSelect>
      </Grid>
      {field("phone", "Phone for the courier (optional)", { autoComplete: "shipping tel", max: 30, sm: 12 })}
    </Grid>
  );
}
