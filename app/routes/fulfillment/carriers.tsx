import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "#app/components/ui/Chip.tsx";
import FormHelperText from "@mui/material/FormHelperText";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/carriers";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { OutlinedField, OutlinedSelect, type OutlinedFieldProps } from "#app/components/OutlinedField.tsx";
import { echoValues, readForm, type FieldErrors } from "#app/lib/forms.server.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { countryName, ISO_COUNTRY_CODES } from "#server/contracts/countries.ts";
import { AppError } from "#server/kernel/index.ts";
import {
  activateCarrierAccount,
  addCarrierAccount,
  carrierCatalogue,
  deactivateCarrierAccount,
  getRateTable,
  importRateCsv,
  listCarrierAccounts,
  quote,
  RateTableError,
  type QuoteOption,
  type RateCsvError,
} from "#server/modules/carriers/index.ts";
import { RATE_CSV_COLUMN_HELP, RATE_CSV_COLUMNS, RATE_CSV_MAX_BYTES, RATE_CSV_OPTIONAL_COLUMNS } from "#server/modules/carriers/types.ts";
import { getSettings } from "#server/modules/platform/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Carriers · ${data.fulfiller.name} · Platen` : "Carriers · Platen" },
];

/** The file errors a page shows at most (the first ones by row); the count says how many there were. */
const MAX_SHOWN_ERRORS = 500;

/** What the action answers when it refuses input: which form, its field errors and what was typed. */
interface CarriersFailure {
  ok: false;
  intent: string;
  /** The carrier account a form belongs to ("" for the page's single forms). */
  target: string;
  errors: FieldErrors;
  values: Record<string, string>;
  /** A refused rate table: every bad cell (at most MAX_SHOWN_ERRORS) and how many there were. */
  rows?: RateCsvError[];
  rowCount?: number;
}

interface QuoteAnswer {
  ok: true;
  intent: "quote";
  values: Record<string, string>;
  options: QuoteOption[];
}

const DONE = ["added", "activated", "deactivated", "imported"] as const;
type Done = (typeof DONE)[number];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const url = new URL(request.url);
  const [accounts, settings] = await orRespond(Promise.all([listCarrierAccounts(ctx, fulfiller.id), getSettings(ctx)]));
  const tables = await orRespond(Promise.all(accounts.map((a) => getRateTable(ctx, a.id))));
  const done = url.searchParams.get("done") as Done | null;
  const doneCarrier = accounts.find((a) => a.id === url.searchParams.get("carrier"));
  let notice: string | null = null;
  if (done && DONE.includes(done) && doneCarrier) {
    notice = {
      added: `${doneCarrier.name} is one of your carriers. Import its rate table to quote parcels with it.`,
      activated: `${doneCarrier.name} is active again.`,
      deactivated: `${doneCarrier.name} is deactivated: it gives no quotes and no labels.`,
      imported: `The rate table of ${doneCarrier.name} is saved: ${doneCarrier.rateCount} rate${doneCarrier.rateCount === 1 ? "" : "s"} in ${doneCarrier.zoneCount} zone${doneCarrier.zoneCount === 1 ? "" : "s"}.`,
    }[done];
  }
  const used = new Set(accounts.map((a) => a.carrierCode));
  return {
    fulfiller: { handle: fulfiller.handle, name: fulfiller.name },
    currency: settings.currency,
    notice,
    accounts: accounts.map((a) => ({
      ...a,
      createdAt: a.createdAt.toISOString(),
      zones: tables.find((t) => t.account.id === a.id)!.zones,
    })),
    addable: carrierCatalogue()
      .filter((c) => !used.has(c.code))
      .map((c) => ({ code: c.code, name: c.name, services: c.services.map((s) => s.name) })),
    countries: [...ISO_COUNTRY_CODES].map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

const ID = /^cra_[0-9a-z]{26}$/;
const SIDE = /^\d{1,3}(?:[.,]\d{1,2})?$/;

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const target = String(form.get("carrierAccountId") ?? "");
  const values = echoValues(form);
  const refuse = (errors: FieldErrors, status = 422, extra: Partial<CarriersFailure> = {}) =>
    data<CarriersFailure>({ ok: false, intent, target, errors, values, ...extra }, { status });
  const url = new URL(request.url);
  const back = (done: Done, carrierAccountId: string) =>
    redirect(`${url.pathname}?done=${done}&carrier=${encodeURIComponent(carrierAccountId)}#carrier-${carrierAccountId}`);
  /** The carrier a form names, when it is one of this print shop's. */
  const ownAccount = async () => {
    if (!ID.test(target)) return null;
    const accounts = await listCarrierAccounts(ctx, fulfiller.id);
    return accounts.find((a) => a.id === target) ?? null;
  };
  try {
    switch (intent) {
      case "add-carrier": {
        const added = await addCarrierAccount(ctx, {
          fulfillerId: fulfiller.id,
          carrierCode: String(form.get("carrierCode") ?? ""),
          name: String(form.get("name") ?? ""),
        });
        return back("added", added.id);
      }
      case "deactivate":
      case "activate": {
        const account = await ownAccount();
        if (!account) return refuse({ _form: "That carrier was not found; reload the page." }, 404);
        if (intent === "deactivate") await deactivateCarrierAccount(ctx, account.id);
        else await activateCarrierAccount(ctx, account.id);
        return back(intent === "deactivate" ? "deactivated" : "activated", account.id);
      }
      case "import": {
        const account = await ownAccount();
        if (!account) return refuse({ _form: "That carrier was not found; reload the page." }, 404);
        const file = form.get("file");
        if (!(file instanceof File) || file.size === 0) return refuse({ file: "Choose the CSV file of the rate table." });
        if (file.size > RATE_CSV_MAX_BYTES)
          return refuse({ file: `The file is larger than ${RATE_CSV_MAX_BYTES / 1024 / 1024} MB; split the carrier's table.` }, 413);
        let text: string;
        try {
          text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
        } catch {
          return refuse({ file: "The file is not UTF-8 text: save it from your spreadsheet as “CSV UTF-8”." });
        }
        try {
          await importRateCsv(ctx, { carrierAccountId: account.id, csv: text });
        } catch (error) {
          if (error instanceof RateTableError)
            return refuse({ file: error.message }, 422, { rows: error.errors.slice(0, MAX_SHOWN_ERRORS), rowCount: error.errors.length });
          throw error;
        }
        return back("imported", account.id);
      }
      case "quote": {
        const errors: FieldErrors = {};
        const text = (name: string) => String(form.get(name) ?? "").trim();
        const weight = text("weight");
        if (!/^\d{1,7}$/.test(weight) || Number(weight) < 1) errors.weight = "Enter the parcel's weight in whole grams, like 450.";
        const sides = (["length", "width", "height"] as const).map((s) => [s, text(s)] as const);
        const given = sides.filter(([, v]) => v !== "");
        if (given.length && given.length < 3)
          for (const [s, v] of sides) if (!v) errors[s] = "Enter all three sides, or none (then the actual weight is billed).";
        for (const [s, v] of given) if (!SIDE.test(v)) errors[s] = `Enter the ${s} in cm, like 30 or 30.5.`;
        const carrierAccountId = text("carrier");
        if (carrierAccountId && !ID.test(carrierAccountId)) errors.carrier = "Choose one of your carriers.";
        if (!text("country")) errors.country = "Choose the destination's country.";
        if (Object.keys(errors).length) return refuse(errors);
        const dims = given.length === 3 ? Object.fromEntries(sides.map(([s, v]) => [s, Number(v.replace(",", "."))])) : undefined;
        try {
          const options = await quote(ctx, {
            fulfillerId: fulfiller.id,
            carrierAccountId: carrierAccountId || undefined,
            to: { country: text("country"), postalCode: text("postalCode") },
            weightGrams: Number(weight),
            dimensionsCm: dims as { length: number; width: number; height: number } | undefined,
          });
          return data<QuoteAnswer>({ ok: true, intent: "quote", values, options });
        } catch (error) {
          if (error instanceof AppError && error.code === "no-rate") return refuse({ _quote: error.message }, 422);
          throw error;
        }
      }
      default:
        return refuse({ _form: "Choose what to change on this page." }, 400);
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const field = error.field === "carrierCode" ? "carrierCode" : error.field;
    return refuse({ [field && field !== "file" ? field : intent === "import" ? "file" : "_form"]: error.message }, error.status);
  }
}

/** The intents whose forms show their own refusals. */
const FORM_INTENTS = ["import", "quote", "add-carrier", "activate", "deactivate"];

type LoaderData = Route.ComponentProps["loaderData"];
type Account = LoaderData["accounts"][number];
type Zone = Account["zones"][number];

function failureFor(actionData: unknown, intent: string, target = ""): CarriersFailure | null {
  const f = actionData as CarriersFailure | undefined;
  return f && f.ok === false && f.intent === intent && f.target === target ? f : null;
}

const grams = (n: number) => n.toLocaleString("en-US");

/** How a zone covers destinations, in words: "US postal codes 970–994", "DE, FR, GB", "Every other country". */
function coverage(zone: Zone): string {
  if (zone.countries.includes("*")) return "Every country no other zone covers (*)";
  const countries =
    zone.countries.length <= 3 ? zone.countries.map((c) => `${countryName(c)} (${c})`).join(", ") : zone.countries.join(" ");
  const narrowing = [
    zone.postalPrefixes.length ? `postal codes starting ${zone.postalPrefixes.join(", ")}` : "",
    zone.postalFrom ? `postal codes ${zone.postalFrom}–${zone.postalTo}` : "",
  ].filter(Boolean);
  return narrowing.length ? `${countries}: ${narrowing.join(" or ")}` : countries;
}

const tableSx = {
  width: "100%",
  borderCollapse: "collapse",
  fontSize: "0.875rem",
  "& th, & td": { py: 0.5, px: 1, textAlign: "left", borderBottom: 1, borderColor: "divider" },
  "& td.num, & th.num": { textAlign: "right", fontVariantNumeric: "tabular-nums" },
  "& caption": { textAlign: "left", captionSide: "top", fontWeight: 600, pb: 0.5 },
} as const;

/** One zone's rates: a row per weight break, a column per service. */
function ZoneTable({ zone, services }: { zone: Zone; services: Account["services"] }) {
  const breaks = [...new Map(zone.rates.map((r) => [`${r.minGrams}-${r.maxGrams}`, r])).values()].sort(
    (a, b) => a.minGrams - b.minGrams || a.maxGrams - b.maxGrams,
  );
  const shown = services.filter((s) => zone.rates.some((r) => r.serviceId === s.id));
  return (
    <Box sx={{ overflowX: "auto" }} data-testid="rate-zone">
      <Box component="table" sx={tableSx}>
        <caption>
          {zone.name}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block", fontWeight: 400 }}>
            {coverage(zone)}
          </Typography>
        </caption>
        <thead>
          <tr>
            <th scope="col">Weight (g)</th>
            {shown.map((s) => (
              <th scope="col" key={s.id} className="num">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {breaks.map((b) => (
            <tr key={`${b.minGrams}-${b.maxGrams}`}>
              <th scope="row" style={{ fontWeight: 400 }}>
                {grams(b.minGrams)} to under {grams(b.maxGrams)}
              </th>
              {shown.map((s) => {
                const r = zone.rates.find((x) => x.serviceId === s.id && x.minGrams === b.minGrams && x.maxGrams === b.maxGrams);
                return (
                  <td key={s.id} className="num">
                    {r ? formatPrice(r.priceMinor, r.currency) : <span aria-label="no rate">–</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function CsvErrors({ failure }: { failure: CarriersFailure }) {
  if (!failure.rows?.length) return null;
  const more = (failure.rowCount ?? failure.rows.length) - failure.rows.length;
  return (
    <Box sx={{ overflowX: "auto", mt: 1.5 }} data-testid="csv-errors">
      <Box component="table" sx={tableSx}>
        <caption>Problems in the file, by row (the header is row 1)</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              Row
            </th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {failure.rows.map((e, i) => (
            <tr key={i} data-testid="csv-error">
              <td className="num">{e.row}</td>
              <td>
                <code>{e.column || "(whole row)"}</code>
              </td>
              <td>{e.message}</td>
            </tr>
          ))}
        </tbody>
      </Box>
      {more > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {more.toLocaleString("en-US")} more problems are not shown; fix these first.
        </Typography>
      ) : null}
    </Box>
  );
}

function CarrierCard({ account, actionData, busy, base }: { account: Account; actionData: unknown; busy: boolean; base: string }) {
  const importFailure = failureFor(actionData, "import", account.id);
  const moveFailure = failureFor(actionData, "deactivate", account.id) ?? failureFor(actionData, "activate", account.id);
  const headingId = `carrier-${account.id}-h`;
  const fileId = `file-${account.id}`;
  const active = account.status === "active";
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} id={`carrier-${account.id}`} data-testid="carrier">
      <CardContent>
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={1}
          sx={{ justifyContent: "space-between", alignItems: { sm: "flex-start" } }}
        >
          <Box>
            <Typography id={headingId} variant="h2" sx={{ fontSize: "1.3rem" }}>
              {account.name}{" "}
              <Chip
                size="small"
                label={active ? "Active" : "Deactivated"}
                color={active ? "success" : "default"}
                variant="outlined"
                sx={{ ml: 0.5, verticalAlign: "middle" }}
              />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Carrier code <code>{account.carrierCode}</code> · {account.zoneCount} zone{account.zoneCount === 1 ? "" : "s"} ·{" "}
              {account.rateCount} rate{account.rateCount === 1 ? "" : "s"}
            </Typography>
          </Box>
          <Form method="post">
            <input type="hidden" name="intent" value={active ? "deactivate" : "activate"} />
            <input type="hidden" name="carrierAccountId" value={account.id} />
            <Button type="submit" size="small" color={active ? "error" : "primary"} variant="outlined">
              {active ? `Deactivate ${account.name}` : `Activate ${account.name}`}
            </Button>
          </Form>
        </Stack>
        {moveFailure ? (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {moveFailure.errors._form ?? Object.values(moveFailure.errors)[0]}
          </Alert>
        ) : null}

        <Typography variant="h3" sx={{ fontSize: "1.05rem", fontWeight: 600, mt: 2, mb: 0.5 }}>
          Services
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={`Services of ${account.name}`}>
          {account.services.map((s) => (
            <li key={s.id}>
              <Typography variant="body2">
                <strong>{s.name}</strong> (<code>{s.code}</code>){s.transitDays ? ` · delivered ${s.transitDays} days after pick-up` : ""}
                {s.dimDivisor ? ` · dimensional weight L×W×H ÷ ${s.dimDivisor}` : " · billed by actual weight"}
              </Typography>
            </li>
          ))}
        </Box>

        <Typography variant="h3" sx={{ fontSize: "1.05rem", fontWeight: 600, mt: 2, mb: 1 }}>
          Rate table
        </Typography>
        {account.zones.length ? (
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" }, gap: 2.5 }}>
            {account.zones.map((z) => (
              <ZoneTable key={z.id} zone={z} services={account.services} />
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No rates yet: download the empty sheet, fill in your zones and weight breaks, and upload it.
          </Typography>
        )}

        <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mt: 2.5, alignItems: { md: "flex-start" } }}>
          <Button
            component="a"
            href={`${base}/${account.carrierCode}/rates.csv`}
            download
            variant="outlined"
            sx={{ alignSelf: { xs: "flex-start" } }}
          >
            Download the rate table (CSV)
          </Button>
          <Form method="post" encType="multipart/form-data" noValidate data-testid={`import-${account.carrierCode}`}>
            <input type="hidden" name="intent" value="import" />
            <input type="hidden" name="carrierAccountId" value={account.id} />
            <Typography component="label" htmlFor={fileId} variant="body2" sx={{ display: "block", fontWeight: 600 }}>
              Upload a rate table (CSV, up to {RATE_CSV_MAX_BYTES / 1024 / 1024} MB)
            </Typography>
            <Typography variant="body2" color="text.secondary" id={`${fileId}-help`}>
              It replaces the whole table of {account.name}; nothing is saved if any row is wrong.
            </Typography>
            <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mt: 0.5 }}>
              <input
                id={fileId}
                type="file"
                name="file"
                accept=".csv,text/csv"
                aria-describedby={`${fileId}-help ${fileId}-error`}
                aria-invalid={importFailure?.errors.file ? true : undefined}
              />
              <Button type="submit" variant="contained" size="small" disabled={busy}>
                Upload and replace
              </Button>
            </Box>
            <FormHelperText id={`${fileId}-error`} error role={importFailure?.errors.file ? "alert" : undefined}>
              {importFailure?.errors.file ?? importFailure?.errors._form ?? ""}
            </FormHelperText>
          </Form>
        </Stack>
        {importFailure ? <CsvErrors failure={importFailure} /> : null}
      </CardContent>
    </Card>
  );
}

function QuoteForm({ loaderData, actionData, busy }: { loaderData: LoaderData; actionData: unknown; busy: boolean }) {
  const failed = failureFor(actionData, "quote");
  const answer = (actionData as QuoteAnswer | undefined)?.ok === true ? (actionData as QuoteAnswer) : null;
  const v = failed?.values ?? answer?.values ?? {};
  const e = failed?.errors ?? {};
  const active = loaderData.accounts.filter((a) => a.status === "active");
  const field = (name: string, label: string, helper: string, extra: Partial<OutlinedFieldProps> = {}) => (
    <OutlinedField
      name={name}
      label={label}
      id={`quote-${name}`}
      defaultValue={v[name] ?? ""}
      error={Boolean(e[name])}
      helperText={e[name] ?? helper}
      {...extra}
    />
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby="quote-h" id="quote">
      <CardContent>
        <Typography id="quote-h" variant="h2" sx={{ fontSize: "1.3rem", mb: 0.5 }}>
          Quote a parcel
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: "75ch" }}>
          What your active carriers would charge you for a parcel, from your rate tables: the most specific zone for the destination, then
          the weight break holding the billable weight (the actual weight, or the dimensional weight when a service has a divisor and it is
          more).
        </Typography>
        <Form method="post" noValidate data-testid="quote-form" preventScrollReset>
          <input type="hidden" name="intent" value="quote" />
          <Box
            sx={{
              display: "grid",
              gap: 1.5,
              gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(4, 1fr)" },
              alignItems: "start",
            }}
          >
            <OutlinedSelect
              name="country"
              label="Destination country"
              id="quote-country"
              defaultValue={v.country ?? "US"}
              error={Boolean(e.country)}
              helperText={e.country ?? " "}
            >
              {loaderData.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </OutlinedSelect>
            {field("postalCode", "Postal code", "Leave empty where there are none", { autoComplete: "off" })}
            {field("weight", "Weight (g)", "Packed, in grams", { inputMode: "numeric" })}
            <OutlinedSelect
              name="carrier"
              label="Carrier"
              id="quote-carrier"
              defaultValue={v.carrier ?? ""}
              error={Boolean(e.carrier)}
              helperText={e.carrier ?? " "}
            >
              <option value="">All active carriers</option>
              {active.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </OutlinedSelect>
            {field("length", "Length (cm)", "Optional", { inputMode: "decimal" })}
            {field("width", "Width (cm)", "Optional", { inputMode: "decimal" })}
            {field("height", "Height (cm)", "Optional", { inputMode: "decimal" })}
            <Box sx={{ pt: { lg: 1 } }}>
              <Button type="submit" variant="contained" disabled={busy}>
                Quote
              </Button>
            </Box>
          </Box>
        </Form>
        {e._quote || e._form ? (
          <Alert severity="warning" role="alert" sx={{ mt: 2 }} data-testid="quote-refusal">
            {e._quote ?? e._form}
          </Alert>
        ) : null}
        {answer ? (
          <Box sx={{ overflowX: "auto", mt: 2 }} data-testid="quote-options" role="region" aria-label="Priced options" tabIndex={0}>
            <Box component="table" sx={tableSx}>
              <caption>
                {answer.options.length} option{answer.options.length === 1 ? "" : "s"}, cheapest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Carrier and service</th>
                  <th scope="col">Zone</th>
                  <th scope="col">Weight break</th>
                  <th scope="col" className="num">
                    Billable weight
                  </th>
                  <th scope="col" className="num">
                    Price
                  </th>
                </tr>
              </thead>
              <tbody>
                {answer.options.map((o) => (
                  <tr key={`${o.carrierAccountId}-${o.serviceId}`} data-testid="quote-option">
                    <td>
                      {o.carrierName} {o.serviceName}
                      {o.transitDays ? (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {" "}
                          · {o.transitDays} days
                        </Typography>
                      ) : null}
                    </td>
                    <td>{o.zone.name}</td>
                    <td>
                      {grams(o.weightBreak.minGrams)} to under {grams(o.weightBreak.maxGrams)} g
                    </td>
                    <td className="num">
                      {grams(o.billableGrams)} g{o.dimensionalGrams !== null && o.dimensionalGrams > o.actualGrams ? " (dimensional)" : ""}
                    </td>
                    <td className="num">
                      <strong>{formatPrice(o.price.amount, o.price.currency)}</strong>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

export default function FulfillerCarriers({ loaderData, actionData }: Route.ComponentProps) {
  const { fulfiller, notice, accounts, addable, currency } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const base = `/fulfillment/@${fulfiller.handle}/administration/carriers`;
  const addFailure = failureFor(actionData, "add-carrier");
  // A refusal no form of the page shows itself (an unknown intent).
  const failed = actionData as CarriersFailure | undefined;
  const formError = failed?.ok === false && !FORM_INTENTS.includes(failed.intent) ? failed.errors._form : null;
  return (
    <Box sx={{ maxWidth: 1100, display: "grid", gap: 3 }}>
      <Box>
        <Typography component="p" variant="body2" color="text.secondary">
          {fulfiller.name} · @{fulfiller.handle}
        </Typography>
        <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2.1rem" }, mb: 1 }}>
          Carriers
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: "75ch" }}>
          The carriers you ship with and what each charges you, by zone and weight. These are your costs: what shoppers pay for shipping is
          set on Shipping and stock. A shipment is priced from these tables when you buy its label.
        </Typography>
      </Box>
      <Box component="nav" aria-label="On this page" sx={{ display: "flex", flexWrap: "wrap", columnGap: 2, rowGap: 0.5, mt: -1.5 }}>
        {[
          ...accounts.map((a) => [`#carrier-${a.id}`, a.name] as const),
          ["#add", "Add a carrier"] as const,
          ["#quote", "Quote a parcel"] as const,
          ["#csv-layout", "The rate table sheet"] as const,
        ].map(([href, label]) => (
          <Link key={href} href={href} variant="body2">
            {label}
          </Link>
        ))}
      </Box>
      {notice ? (
        <Alert severity="success" role="status" data-testid="carriers-notice">
          {notice}
        </Alert>
      ) : null}
      {formError ? (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      ) : null}

      {accounts.length ? (
        accounts.map((a) => <CarrierCard key={a.id} account={a} actionData={actionData} busy={busy} base={base} />)
      ) : (
        <Alert severity="info">You have no carrier yet: add the local carrier below, then upload its rate table.</Alert>
      )}

      <Card variant="outlined" component="section" aria-labelledby="add-h" id="add">
        <CardContent>
          <Typography id="add-h" variant="h2" sx={{ fontSize: "1.3rem", mb: 0.5 }}>
            Add a carrier
          </Typography>
          {addable.length ? (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: "75ch" }}>
                Platen buys labels from these carriers. The local carrier is built in: its labels carry tracking numbers with a check digit,
                and its tracking follows the clock, so it works with no carrier account.
              </Typography>
              <Form method="post" noValidate data-testid="add-carrier-form">
                <input type="hidden" name="intent" value="add-carrier" />
                {addFailure?.errors._form ? (
                  <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
                    {addFailure.errors._form}
                  </Alert>
                ) : null}
                <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
                  <OutlinedSelect
                    name="carrierCode"
                    label="Carrier"
                    id="add-carrier-code"
                    defaultValue={addFailure?.values.carrierCode ?? addable[0]!.code}
                    error={Boolean(addFailure?.errors.carrierCode)}
                    helperText={addFailure?.errors.carrierCode ?? " "}
                  >
                    {addable.map((c) => (
                      <option key={c.code} value={c.code}>
                        {c.name} ({c.services.join(", ")})
                      </option>
                    ))}
                  </OutlinedSelect>
                  <OutlinedField
                    name="name"
                    label="Name your staff see"
                    id="add-carrier-name"
                    defaultValue={addFailure?.values.name ?? ""}
                    error={Boolean(addFailure?.errors.name)}
                    helperText={addFailure?.errors.name ?? "Optional: the carrier's own name otherwise"}
                  />
                  <Box sx={{ pt: { sm: 1 } }}>
                    <Button type="submit" variant="contained" disabled={busy}>
                      Add carrier
                    </Button>
                  </Box>
                </Stack>
              </Form>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              You already use every carrier Platen can buy labels from. A deactivated one is activated again from its card above.
            </Typography>
          )}
        </CardContent>
      </Card>

      <QuoteForm loaderData={loaderData} actionData={actionData} busy={busy} />

      <Card variant="outlined" component="section" aria-labelledby="layout-h" id="csv-layout">
        <CardContent>
          <Typography id="layout-h" variant="h2" sx={{ fontSize: "1.3rem", mb: 0.5 }}>
            The rate table sheet
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, maxWidth: "80ch" }}>
            One row per service, zone and weight break, comma-separated, with this header. A zone&apos;s countries, prefixes and range, and
            a service&apos;s name and divisor, repeat on each of their rows. When a destination falls in several zones the most specific
            wins: a postal prefix or range beats a bare country, a longer one beats a shorter one, and a country beats *. Prices are in{" "}
            {currency}.
          </Typography>
          <Box
            component="pre"
            sx={{ p: 1.5, bgcolor: "action.hover", borderRadius: 1, overflowX: "auto", fontSize: "0.8rem", m: 0, mb: 2 }}
            aria-label="An example of the sheet"
            tabIndex={0}
          >
            {[
              RATE_CSV_COLUMNS.join(","),
              `local,standard,Standard,,US Local,US,,970,994,0,500,4.95,${currency}`,
              `local,standard,Standard,,Alaska and Hawaii,US,967 968 995,,,0,500,9.40,${currency}`,
              `local,express,Express,5000,Europe,DE FR IT,,,,500,1000,42.35,${currency}`,
              `local,express,Express,5000,Rest of world,*,,,,500,1000,53.10,${currency}`,
            ].join("\n")}
          </Box>
          <Box sx={{ overflowX: "auto" }}>
            <Box component="table" sx={tableSx}>
              <caption>The columns</caption>
              <thead>
                <tr>
                  <th scope="col">Column</th>
                  <th scope="col">What it holds</th>
                </tr>
              </thead>
              <tbody>
                {RATE_CSV_COLUMNS.map((c) => (
                  <tr key={c}>
                    <td>
                      <code>{c}</code>
                      {RATE_CSV_OPTIONAL_COLUMNS.includes(c) ? " (optional)" : ""}
                    </td>
                    <td>{RATE_CSV_COLUMN_HELP[c]}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
