import Box from "#app/components/ui/Box.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { OutlinedField, OutlinedSelect } from "#app/components/OutlinedField.tsx";
import type { WarehouseFormChoices, WarehouseFormValues } from "#app/lib/warehouse-form.ts";

/**
 * A warehouse's fields: its name, street address, daily cut-off in its own time zone and how many
 * units it can make a day. Plain inputs and native selects, so the form works without JavaScript.
 */
export function WarehouseFields({
  values,
  errors,
  choices,
  idPrefix = "wh",
}: {
  values: WarehouseFormValues;
  errors: Record<string, string>;
  choices: WarehouseFormChoices;
  idPrefix?: string;
}) {
  const field = (
    name: keyof WarehouseFormValues,
    label: string,
    props: {
      autoComplete?: string;
      helper?: string;
      max?: number;
      wide?: boolean;
      required?: boolean;
      type?: string;
      inputMode?: "numeric";
    } = {},
  ) => (
    <OutlinedField
      name={name}
      id={`${idPrefix}-${name}`}
      label={label}
      type={props.type}
      autoComplete={props.autoComplete ?? "off"}
      defaultValue={values[name] ?? ""}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? props.helper ?? " "}
      required={props.required}
      fullWidth
      maxLength={props.max ?? 200}
      inputMode={props.inputMode}
      shrink={props.type === "time"}
      sx={{ gridColumn: props.wide ? { sm: "1 / -1" } : undefined }}
    />
  );
  const countries = choices.countries.some((c) => c.code === values.country)
    ? choices.countries
    : values.country
      ? [{ code: values.country, name: values.country }, ...choices.countries]
      : choices.countries;
  const grid = { display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2, rowGap: 0.5 } as const;
  return (
    <>
      <Box sx={grid}>
        {field("name", "Warehouse name", {
          max: 80,
          required: true,
          wide: true,
          helper: "How your team calls it, like Leipzig or Portland, OR.",
        })}
        {field("line1", "Street address", { autoComplete: "address-line1", required: true, wide: true })}
        {field("line2", "Building, unit, dock (optional)", { autoComplete: "address-line2", wide: true })}
        {field("city", "City", { autoComplete: "address-level2", max: 80, required: true })}
        {field("region", "State, province or region", {
          autoComplete: "address-level1",
          max: 80,
          helper: "For the US, Canada and Australia the state or province, like IL.",
        })}
        {field("postalCode", "Postal code", { autoComplete: "postal-code", max: 20, required: true })}
        <OutlinedSelect
          name="country"
          id={`${idPrefix}-country`}
          label="Country"
          defaultValue={values.country || ""}
          error={Boolean(errors.country)}
          helperText={errors.country ?? " "}
          required
          fullWidth
          autoComplete="country"
        >
          <option value="">Choose a country</option>
          {countries.map((c) => (
            // Country names come from Intl.DisplayNames, whose wording differs between the server's and the browser's ICU.
            <option key={c.code} value={c.code} suppressHydrationWarning>
              {c.name}
            </option>
          ))}
        </OutlinedSelect>
        {field("phone", "Phone for the carrier (optional)", { autoComplete: "tel", max: 30, wide: true })}
      </Box>
      <Typography variant="h3" sx={{ fontSize: "1.05rem", fontWeight: 600, mt: 2, mb: 1 }}>
        Daily cut-off and capacity
      </Typography>
      <Box sx={grid}>
        {field("cutoffTime", "Daily cut-off", {
          type: "time",
          required: true,
          helper: "Orders paid after this time start production the next day (24 h, warehouse time).",
        })}
        <OutlinedSelect
          name="timeZone"
          id={`${idPrefix}-timeZone`}
          label="Time zone"
          defaultValue={values.timeZone || ""}
          error={Boolean(errors.timeZone)}
          helperText={errors.timeZone ?? "The warehouse's local time, for its cut-off."}
          required
          fullWidth
        >
          <option value="">Choose a time zone</option>
          {choices.timeZones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, " ")}
            </option>
          ))}
        </OutlinedSelect>
        {field("capacityPerDay", "Capacity (units per day)", {
          inputMode: "numeric",
          max: 12,
          helper: "How many items you can print a day. Leave it empty for no limit.",
        })}
      </Box>
    </>
  );
}
