import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { useEffect, useState, type ReactNode } from "react";
import { Form, data, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import { ChoiceControl } from "#app/components/ChoiceControl.tsx";
import type { Route } from "./+types/blank-create";
import { echoValues, readForm, type FieldErrors } from "#app/lib/forms.server.ts";
import { OutlinedField, OutlinedSelect, OutlinedTextArea } from "#app/components/OutlinedField.tsx";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { money, parseMoney, toDecimalString, type CurrencyCode } from "#server/contracts/money.ts";
import { AppError } from "#server/kernel/index.ts";
import {
  addBlank,
  addBlankErrors,
  blankAreaChoices,
  BLANK_FORM_MAX_ROWS,
  listWarehouses,
  type AddBlankInput,
} from "#server/modules/fulfillment/index.ts";
import { CATEGORIES, CATEGORY_LABELS, type Category } from "#server/modules/fulfillment/types.ts";
import { getSettings } from "#server/modules/platform/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Add a blank · ${data.fulfiller.name} · Platen` : "Add a blank · Platen" },
];

/** Rows the form shows without JavaScript (empty rows are ignored); "Add a colour"/"Add a size" add more. */
const COLOR_ROWS = 4;
const SIZE_ROWS = 6;
const isCategory = (v: unknown): v is Category => typeof v === "string" && (CATEGORIES as readonly string[]).includes(v);

interface Checked {
  areas: string[];
  warehouseIds: string[];
}

/**
 * The form. `?category=` picks the category whose print areas are offered (without JavaScript the
 * "Show its print areas" button sends the form here by GET, so what was typed comes back).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const [warehouses, settings] = await orRespond(Promise.all([listWarehouses(ctx, fulfiller.id), getSettings(ctx)]));
  const search = new URL(request.url).searchParams;
  const values: Record<string, string> = {};
  for (const [k, v] of search) if (k !== "areas" && k !== "warehouseIds" && v.length <= 2000) values[k] = v;
  const typed = search.has("category");
  return {
    fulfiller: { handle: fulfiller.handle, name: fulfiller.name },
    currency: settings.currency,
    costExample: toDecimalString(money(450, settings.currency)),
    areaChoices: blankAreaChoices(),
    maxRows: BLANK_FORM_MAX_ROWS,
    warehouses: warehouses.map((w) => ({ id: w.id, name: w.name })),
    values,
    checked: typed ? { areas: search.getAll("areas"), warehouseIds: search.getAll("warehouseIds") } : null,
  };
}

interface CreateFailure {
  ok: false;
  errors: FieldErrors;
  values: Record<string, string>;
  checked: Checked;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};
/** A whole number as typed, or NaN (the service says what it wants). */
const wholeNumber = (s: string) => (/^\d{1,9}$/.test(s) ? Number(s) : Number.NaN);

/** What the shop typed, as addBlank's input; the rows it filled in (empty rows are skipped); the costs' own errors. */
function formInput(form: FormData, fulfillerId: string, currency: CurrencyCode) {
  const errors: FieldErrors = {};
  const colorRows: number[] = [];
  const sizeRows: number[] = [];
  const colors: { name: string; hex: string }[] = [];
  const sizes: { size: string; baseCostMinor: number; weightGrams: number }[] = [];
  for (let r = 0; r < BLANK_FORM_MAX_ROWS; r++) {
    const [name, hex] = [text(form, `colors.${r}.name`), text(form, `colors.${r}.hex`)];
    if (name || hex) {
      colorRows.push(r);
      colors.push({ name, hex });
    }
    const [size, cost, weight] = [text(form, `sizes.${r}.size`), text(form, `sizes.${r}.baseCost`), text(form, `sizes.${r}.weightGrams`)];
    if (size || cost || weight) {
      let baseCostMinor = Number.NaN;
      if (!cost) errors[`sizes.${r}.baseCost`] = "Enter the base cost.";
      else {
        const parsed = parseMoney(cost, currency);
        if (parsed.ok) baseCostMinor = parsed.money.amount;
        else errors[`sizes.${r}.baseCost`] = `Enter the base cost as an amount, like ${toDecimalString(money(450, currency))}.`;
      }
      sizeRows.push(r);
      sizes.push({ size, baseCostMinor, weightGrams: wholeNumber(weight) });
    }
  }
  const input: AddBlankInput = {
    fulfillerId,
    name: text(form, "name"),
    category: text(form, "category") as Category,
    description: text(form, "description"),
    brand: text(form, "brand"),
    material: text(form, "material"),
    productionDays: wholeNumber(text(form, "productionDays")),
    areas: form.getAll("areas").map(String),
    colors,
    sizes,
    warehouseIds: form.getAll("warehouseIds").map(String),
  };
  /** The form's field for a path of the service ("sizes.1.baseCostMinor" → the row it came from). */
  const fieldOf = (path: string): string => {
    const m = /^(colors|sizes)\.(\d+)\.(\w+)$/.exec(path);
    if (!m) return path;
    const row = (m[1] === "colors" ? colorRows : sizeRows)[Number(m[2])] ?? Number(m[2]);
    return `${m[1]}.${row}.${m[3] === "baseCostMinor" ? "baseCost" : m[3]}`;
  };
  return { input, errors, fieldOf };
}

/** Add a blank: every field's problem at once, next to it; then the list of blanks with a notice. */
export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const form = await readForm(request);
  const settings = await orRespond(getSettings(ctx));
  const { input, errors: costErrors, fieldOf } = formInput(form, fulfiller.id, settings.currency);
  const checked = { areas: input.areas, warehouseIds: input.warehouseIds ?? [] };
  const refuse = (errors: FieldErrors, status: number) =>
    data<CreateFailure>({ ok: false, errors, values: echoValues(form), checked }, { status });
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(addBlankErrors(input) ?? {})) errors[fieldOf(path)] ??= message;
  Object.assign(errors, costErrors);
  if (Object.keys(errors).length) return refuse(errors, 422);
  try {
    const blank = await addBlank(ctx, input);
    return redirect(`/fulfillment/@${fulfiller.handle}/administration/blanks?added=${blank.id}`);
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return refuse({ [error.field && error.status === 422 ? fieldOf(error.field) : "_form"]: error.message }, error.status);
    throw error;
  }
}

const grid = (columns: string) =>
  ({ display: "grid", gridTemplateColumns: { xs: "1fr", sm: columns }, columnGap: 2, rowGap: 0.5 }) as const;

function Group({ legend, help, error, children }: { legend: string; help: string; error?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2.5, minWidth: 0 }}>
      <Typography component="legend" variant="h2" sx={{ fontSize: "1.1rem", fontWeight: 600, p: 0, mb: 0.5 }}>
        {legend}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, maxWidth: "75ch" }}>
        {help}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {error}
        </Alert>
      ) : null}
      {children}
    </Box>
  );
}

export default function CreateBlank({ loaderData, actionData }: Route.ComponentProps) {
  const { fulfiller, currency, costExample, areaChoices, warehouses, maxRows } = loaderData;
  const failed = actionData as CreateFailure | undefined;
  const values = failed?.values ?? loaderData.values;
  const checked = failed?.checked ?? loaderData.checked;
  const errors = failed?.errors ?? {};
  const busy = useNavigation().state !== "idle";
  const admin = `/fulfillment/@${fulfiller.handle}/administration`;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [category, setCategory] = useState<Category>(isCategory(values.category) ? values.category : "t-shirts");
  useEffect(() => {
    if (isCategory(values.category)) setCategory(values.category);
  }, [values.category]);
  const rowsTyped = (prefix: string, fields: string[]) =>
    Math.max(
      0,
      ...Object.keys(values).map((k) =>
        fields.some((f) => k.endsWith(`.${f}`)) && k.startsWith(prefix) ? Number(k.split(".")[1]) + 1 : 0,
      ),
    );
  const [colorRows, setColorRows] = useState(() => Math.max(COLOR_ROWS, rowsTyped("colors.", ["name", "hex"])));
  const [sizeRows, setSizeRows] = useState(() => Math.max(SIZE_ROWS, rowsTyped("sizes.", ["size", "baseCost", "weightGrams"])));

  const field = (
    name: string,
    label: string,
    props: {
      helper?: string;
      max?: number;
      required?: boolean;
      multiline?: boolean;
      inputMode?: "numeric" | "decimal";
      placeholder?: string;
    } = {},
  ) => {
    const common = {
      name,
      id: `blank-${name.replace(/\./g, "-")}`,
      label,
      autoComplete: "off",
      defaultValue: values[name] ?? "",
      error: Boolean(errors[name]),
      helperText: errors[name] ?? props.helper ?? " ",
      required: props.required,
      fullWidth: true,
      maxLength: props.max ?? 80,
      placeholder: props.placeholder,
      inputMode: props.inputMode,
    };
    return props.multiline ? <OutlinedTextArea key={name} {...common} minRows={3} /> : <OutlinedField key={name} {...common} />;
  };
  const areas = areaChoices[category];
  return (
    <Box sx={{ maxWidth: 860 }}>
      <Typography component="p" variant="body2" color="text.secondary">
        <Link component={RouterLink} to={`${admin}/blanks`}>
          Blanks
        </Link>{" "}
        · {fulfiller.name}
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2.1rem" }, mb: 1 }}>
        Add a blank
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "70ch" }}>
        A blank is what you print on: a tee, a mug, a poster. Designers choose it, its colours and print areas; shoppers choose a size. Each
        colour × size becomes a variant with its own SKU, and each colour gets a mockup template for every print area.
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Form method="post" noValidate aria-label="New blank">
            {errors._form ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {errors._form}
              </Alert>
            ) : Object.keys(errors).length ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                Some fields need fixing: see the messages below them.
              </Alert>
            ) : null}
            <Box sx={grid("1fr 1fr")}>
              {field("name", "Blank name", { required: true, helper: "As designers see it, like Heavyweight tee." })}
              <OutlinedSelect
                name="category"
                id="blank-category"
                label="Category"
                value={category}
                onChange={(e) => isCategory(e.target.value) && setCategory(e.target.value)}
                error={Boolean(errors.category)}
                helperText={errors.category ?? "Its print areas follow."}
                required
                fullWidth
              >
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {CATEGORY_LABELS[c]}
                  </option>
                ))}
              </OutlinedSelect>
              {field("productionDays", "Production days", {
                required: true,
                max: 2,
                inputMode: "numeric",
                helper: "Working days from an order to its shipping, 1 to 30.",
              })}
              {field("brand", "Brand", { helper: "Optional, like Gildan 64000." })}
              <Box sx={{ gridColumn: { sm: "1 / -1" } }}>
                {field("material", "Material", { max: 200, helper: "Optional, like 100% ring-spun cotton." })}
              </Box>
              <Box sx={{ gridColumn: { sm: "1 / -1" } }}>{field("description", "Description", { max: 2000, multiline: true })}</Box>
            </Box>
            {hydrated ? null : (
              <Button type="submit" formMethod="get" formNoValidate variant="outlined" size="small">
                Show the print areas of this category
              </Button>
            )}

            <Group
              legend={`Print areas of ${CATEGORY_LABELS[category].toLowerCase()}`}
              help="Where designs go. Artwork is asked at 300 DPI for the area's print size."
              error={errors.areas}
            >
              <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2 }}>
                {areas.map((a) => (
                  <ChoiceControl
                    key={`${category}-${a.key}`}
                    type="checkbox"
                    name="areas"
                    value={a.key}
                    defaultChecked={checked ? checked.areas.includes(a.key) : a.key === areas[0]?.key}
                    size="medium"
                    label={a.label}
                  />
                ))}
              </Box>
            </Group>

            <Group
              legend="Colours"
              help={`Up to ${maxRows}: each with its name and hex code, like #1a2b3c. Leave a row empty to skip it.`}
              error={errors.colors}
            >
              {Array.from({ length: colorRows }, (_, r) => (
                <Box key={r} sx={grid("2fr 1fr")}>
                  {field(`colors.${r}.name`, `Colour ${r + 1} name`, { max: 40 })}
                  {field(`colors.${r}.hex`, `Colour ${r + 1} hex`, { max: 7, placeholder: "#1a2b3c" })}
                </Box>
              ))}
              {hydrated && colorRows < maxRows ? (
                <Button type="button" size="small" onClick={() => setColorRows((n) => Math.min(maxRows, n + 1))}>
                  Add a colour
                </Button>
              ) : null}
            </Group>

            <Group
              legend="Sizes"
              help={`Up to ${maxRows}: what each size costs you to make in ${currency} (like ${costExample}) and its weight in grams, for postage. Leave a row empty to skip it.`}
              error={errors.sizes}
            >
              {Array.from({ length: sizeRows }, (_, r) => (
                <Box key={r} sx={grid("1fr 1fr 1fr")}>
                  {field(`sizes.${r}.size`, `Size ${r + 1}`, { max: 20 })}
                  {field(`sizes.${r}.baseCost`, `Size ${r + 1} base cost`, { max: 12, inputMode: "decimal" })}
                  {field(`sizes.${r}.weightGrams`, `Size ${r + 1} weight (g)`, { max: 6, inputMode: "numeric" })}
                </Box>
              ))}
              {hydrated && sizeRows < maxRows ? (
                <Button type="button" size="small" onClick={() => setSizeRows((n) => Math.min(maxRows, n + 1))}>
                  Add a size
                </Button>
              ) : null}
            </Group>

            <Group legend="Made in" help="The warehouses that make it: orders are routed to them." error={errors.warehouseIds}>
              {warehouses.length ? (
                <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2 }}>
                  {warehouses.map((w) => (
                    <ChoiceControl
                      key={w.id}
                      type="checkbox"
                      name="warehouseIds"
                      value={w.id}
                      defaultChecked={checked ? checked.warehouseIds.includes(w.id) : true}
                      size="medium"
                      label={w.name}
                    />
                  ))}
                </Box>
              ) : (
                <Alert severity="info">
                  No warehouse yet:{" "}
                  <Link component={RouterLink} to={`${admin}/warehouses/create`}>
                    add one
                  </Link>
                  , then choose the blanks it makes on its page.
                </Alert>
              )}
            </Group>
            <Stack direction="row" spacing={1.5} sx={{ mt: 2.5 }}>
              <Button type="submit" variant="contained" disabled={busy}>
                Add blank
              </Button>
              <Button component={RouterLink} to={`${admin}/blanks`}>
                Cancel
              </Button>
            </Stack>
            {busy ? (
              <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Making the variants and rendering the mockup templates…
              </Typography>
            ) : null}
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
