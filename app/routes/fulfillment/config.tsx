import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "#app/components/ui/Chip.tsx";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { z } from "zod";
import { Form, data, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/config";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { OutlinedField, OutlinedSelect } from "#app/components/OutlinedField.tsx";
import { echoValues, type FieldErrors, readForm } from "#app/lib/forms.server.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { money, parseMoney, toDecimalString, type CurrencyCode } from "#server/contracts/money.ts";
import { AppError } from "#server/kernel/index.ts";
import {
  deleteShippingRate,
  deleteShippingZone,
  listBlanksOfFulfiller,
  listShippingProfile,
  listWarehouseSummaries,
  saveShippingRate,
  saveShippingZone,
} from "#server/modules/fulfillment/index.ts";
import { CATEGORIES, CATEGORY_LABELS, type Category } from "#server/modules/fulfillment/types.ts";
import { getSettings } from "#server/modules/platform/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Shipping and stock · ${data.fulfiller.name} · Platen` : "Shipping and stock · Platen" },
];

const DONE = {
  "zone-saved": "The zone is saved.",
  "zone-deleted": "The zone is deleted.",
  "rate-saved": "The rate is saved.",
  "rate-deleted": "The rate is deleted.",
} as const;
type Done = keyof typeof DONE;

/** What the action answers when it refuses input: which form, its field errors and what was typed. */
interface ConfigFailure {
  ok: false;
  intent: string;
  /** The zone or rate the form edits ("" for a new one). */
  target: string;
  errors: FieldErrors;
  values: Record<string, string>;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const url = new URL(request.url);
  const [profile, blanks, warehouses, settings] = await orRespond(
    Promise.all([
      listShippingProfile(ctx, fulfiller.id),
      listBlanksOfFulfiller(ctx, fulfiller.id),
      listWarehouseSummaries(ctx, fulfiller.id),
      getSettings(ctx),
    ]),
  );
  const done = url.searchParams.get("done");
  return {
    fulfiller: { handle: fulfiller.handle, name: fulfiller.name },
    currency: settings.currency,
    notice: done && done in DONE ? DONE[done as Done] : null,
    editZone: url.searchParams.get("editZone"),
    editRate: url.searchParams.get("editRate"),
    zones: profile.zones,
    blanks: blanks.map((b) => ({ id: b.id, name: b.name, category: b.category })),
    warehouses: warehouses.map((w) => ({ id: w.id, name: w.name, country: w.country, trackedVariants: w.trackedVariants })),
  };
}

const idField = z
  .string()
  .trim()
  .max(64)
  .regex(/^[a-z]+_[0-9a-z]+$/, "That item was not found; reload the page.");

/** A price as typed ("4.50", "4,50", "4") in minor units of `currency`, or a message. */
function priceField(raw: FormDataEntryValue | null, currency: CurrencyCode, label: string): number | string {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (!text) return `Enter the ${label}.`;
  const parsed = parseMoney(text, currency);
  if (!parsed.ok) return `Enter the ${label} as an amount, like ${toDecimalString(money(450, currency))}.`;
  if (parsed.money.amount < 0) return `The ${label} cannot be negative.`;
  return parsed.money.amount;
}

function daysField(raw: FormDataEntryValue | null, label: string): number | string {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (!/^\d{1,3}$/.test(text)) return `Enter the ${label} as a whole number of days.`;
  return Number(text);
}

/** Where an AppError of the fulfillment module lands on the rate form. */
const RATE_FIELDS: Record<string, string> = {
  firstItemMinor: "firstItem",
  additionalItemMinor: "additionalItem",
  blankId: "target",
  category: "target",
  zoneId: "zoneId",
  warehouseId: "warehouseId",
  minDays: "minDays",
  maxDays: "maxDays",
};

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const target = String(form.get("id") ?? "");
  const values = echoValues(form);
  const refuse = (errors: FieldErrors, status = 422) => data<ConfigFailure>({ ok: false, intent, target, errors, values }, { status });
  const url = new URL(request.url);
  const back = (done: Done) => redirect(`${url.pathname}?done=${done}#shipping`);
  const id = (name: string) => {
    const r = idField.safeParse(String(form.get(name) ?? ""));
    return r.success ? r.data : null;
  };
  try {
    switch (intent) {
      case "save-zone": {
        await saveShippingZone(ctx, {
          id: id("id") ?? undefined,
          fulfillerId: fulfiller.id,
          name: String(form.get("name") ?? ""),
          regions: String(form.get("regions") ?? ""),
        });
        return back("zone-saved");
      }
      case "delete-zone": {
        const zoneId = id("id");
        if (!zoneId) return refuse({ _form: "That zone was not found; reload the page." }, 404);
        await deleteShippingZone(ctx, zoneId);
        return back("zone-deleted");
      }
      case "save-rate": {
        const { currency } = await getSettings(ctx);
        const errors: FieldErrors = {};
        const first = priceField(form.get("firstItem"), currency, "first item's price");
        const additional = priceField(form.get("additionalItem"), currency, "additional item's price");
        const minDays = daysField(form.get("minDays"), "fastest delivery");
        const maxDays = daysField(form.get("maxDays"), "slowest delivery");
        if (typeof first === "string") errors.firstItem = first;
        if (typeof additional === "string") errors.additionalItem = additional;
        if (typeof minDays === "string") errors.minDays = minDays;
        if (typeof maxDays === "string") errors.maxDays = maxDays;
        const targetRaw = String(form.get("target") ?? "");
        const [kind, value] = targetRaw.split(":", 2);
        const blankId = kind === "blank" ? value : null;
        const category = kind === "category" && (CATEGORIES as readonly string[]).includes(value ?? "") ? (value as Category) : null;
        if (!blankId && !category) errors.target = "Choose a blank or a category for the rate.";
        if (Object.keys(errors).length) return refuse(errors);
        await saveShippingRate(ctx, {
          id: id("id") ?? undefined,
          fulfillerId: fulfiller.id,
          zoneId: String(form.get("zoneId") ?? ""),
          blankId,
          category,
          warehouseId: String(form.get("warehouseId") ?? "") || null,
          firstItemMinor: first as number,
          additionalItemMinor: additional as number,
          minDays: minDays as number,
          maxDays: maxDays as number,
        });
        return back("rate-saved");
      }
      case "delete-rate": {
        const rateId = id("id");
        if (!rateId) return refuse({ _form: "That rate was not found; reload the page." }, 404);
        await deleteShippingRate(ctx, rateId);
        return back("rate-deleted");
      }
      default:
        return refuse({ _form: "Choose what to change on this page." }, 400);
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const field = intent === "save-rate" ? (RATE_FIELDS[error.field ?? ""] ?? "_form") : (error.field ?? "_form");
    return refuse({ [["name", "regions"].includes(field) || intent === "save-rate" ? field : "_form"]: error.message }, error.status);
  }
}

type LoaderData = Route.ComponentProps["loaderData"];
type Zone = LoaderData["zones"][number];
type Rate = Zone["rates"][number];

const decimal = (minor: number, currency: string) => toDecimalString(money(minor, currency as CurrencyCode));

function failureFor(actionData: unknown, intent: string, target: string): ConfigFailure | null {
  const f = actionData as ConfigFailure | undefined;
  return f && f.ok === false && f.intent === intent && f.target === target ? f : null;
}

function ZoneForm({ zone, failed, busy, cancelTo }: { zone: Zone | null; failed: ConfigFailure | null; busy: boolean; cancelTo?: string }) {
  const key = zone?.id ?? "new";
  const v = failed?.values;
  const e = failed?.errors ?? {};
  return (
    <Form method="post" noValidate data-testid={`zone-form-${key}`}>
      <input type="hidden" name="intent" value="save-zone" />
      {zone ? <input type="hidden" name="id" value={zone.id} /> : null}
      {e._form ? (
        <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
          {e._form}
        </Alert>
      ) : null}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
        <OutlinedField
          name="name"
          label="Zone name"
          defaultValue={v?.name ?? zone?.name ?? ""}
          error={Boolean(e.name)}
          helperText={e.name ?? " "}
          id={`zone-name-${key}`}
          required
          sx={{ minWidth: { sm: 200 } }}
        />
        <OutlinedField
          name="regions"
          label="Countries and regions"
          defaultValue={v?.regions ?? zone?.regions.join(", ") ?? ""}
          error={Boolean(e.regions)}
          helperText={e.regions ?? "Codes like US, DE, US-AK, or * for the rest of the world"}
          id={`zone-regions-${key}`}
          required
          fullWidth
        />
        <Stack direction="row" spacing={1} sx={{ pt: { sm: 1 } }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {zone ? "Save zone" : "Add zone"}
          </Button>
          {cancelTo ? (
            <Button component={RouterLink} to={cancelTo} replace>
              Cancel
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Form>
  );
}

function RateForm({
  zone,
  rate,
  blanks,
  warehouses,
  currency,
  failed,
  busy,
  cancelTo,
}: {
  zone: Zone;
  rate: Rate | null;
  blanks: LoaderData["blanks"];
  warehouses: LoaderData["warehouses"];
  currency: string;
  failed: ConfigFailure | null;
  busy: boolean;
  cancelTo?: string;
}) {
  const key = rate?.id ?? `new-${zone.id}`;
  const v = failed?.values;
  const e = failed?.errors ?? {};
  const target = v?.target ?? (rate ? (rate.blankId ? `blank:${rate.blankId}` : `category:${rate.category}`) : "");
  const field = (name: string) => `rate-${name}-${key}`;
  return (
    <Form method="post" noValidate data-testid={`rate-form-${key}`}>
      <input type="hidden" name="intent" value="save-rate" />
      <input type="hidden" name="zoneId" value={zone.id} />
      {rate ? <input type="hidden" name="id" value={rate.id} /> : null}
      {e._form || e.zoneId ? (
        <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
          {e._form ?? e.zoneId}
        </Alert>
      ) : null}
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "2fr 1.5fr 1fr 1fr 0.8fr 0.8fr" }, gap: 1.5 }}>
        <OutlinedSelect
          name="target"
          label="For"
          id={field("target")}
          defaultValue={target}
          error={Boolean(e.target)}
          helperText={e.target ?? " "}
        >
          <option value="">Choose a blank or a category</option>
          <optgroup label="Categories (any blank in it)">
            {CATEGORIES.map((c) => (
              <option key={c} value={`category:${c}`}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </optgroup>
          <optgroup label="One blank">
            {blanks.map((b) => (
              <option key={b.id} value={`blank:${b.id}`}>
                {b.name}
              </option>
            ))}
          </optgroup>
        </OutlinedSelect>
        <OutlinedSelect
          name="warehouseId"
          label="From"
          id={field("warehouse")}
          defaultValue={v?.warehouseId ?? rate?.warehouseId ?? ""}
          error={Boolean(e.warehouseId)}
          helperText={e.warehouseId ?? " "}
        >
          <option value="">Any of your warehouses</option>
          {warehouses.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </OutlinedSelect>
        <OutlinedField
          name="firstItem"
          label={`First item (${currency})`}
          id={field("first")}
          defaultValue={v?.firstItem ?? (rate ? decimal(rate.firstItemMinor, currency) : "")}
          error={Boolean(e.firstItem)}
          helperText={e.firstItem ?? " "}
          inputMode="decimal"
        />
        <OutlinedField
          name="additionalItem"
          label={`Each additional (${currency})`}
          id={field("additional")}
          defaultValue={v?.additionalItem ?? (rate ? decimal(rate.additionalItemMinor, currency) : "")}
          error={Boolean(e.additionalItem)}
          helperText={e.additionalItem ?? " "}
          inputMode="decimal"
        />
        <OutlinedField
          name="minDays"
          label="Days, fastest"
          id={field("min")}
          defaultValue={v?.minDays ?? (rate ? String(rate.minDays) : "")}
          error={Boolean(e.minDays)}
          helperText={e.minDays ?? " "}
          inputMode="numeric"
        />
        <OutlinedField
          name="maxDays"
          label="Days, slowest"
          id={field("max")}
          defaultValue={v?.maxDays ?? (rate ? String(rate.maxDays) : "")}
          error={Boolean(e.maxDays)}
          helperText={e.maxDays ?? " "}
          inputMode="numeric"
        />
      </Box>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant={rate ? "contained" : "outlined"} disabled={busy}>
          {rate ? "Save rate" : "Add rate"}
        </Button>
        {cancelTo ? (
          <Button component={RouterLink} to={cancelTo} replace>
            Cancel
          </Button>
        ) : null}
      </Stack>
    </Form>
  );
}

export default function FulfillerConfig({ loaderData, actionData }: Route.ComponentProps) {
  const { fulfiller, currency, notice, zones, blanks, warehouses, editZone, editRate } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const base = `/fulfillment/@${fulfiller.handle}/administration/config`;
  const deleteFailure = (intent: string, id: string) => failureFor(actionData, intent, id)?.errors._form;
  const rateLabel = (r: Rate) => (r.blankName ? r.blankName : r.category ? `Any ${CATEGORY_LABELS[r.category].toLowerCase()}` : "");
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography component="p" variant="body2" color="text.secondary">
        {fulfiller.name} · @{fulfiller.handle}
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2.1rem" }, mb: 1 }}>
        Shipping and stock
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "75ch" }}>
        Where you ship and what it costs the shopper. Orders are routed to the warehouse that can make them for the lowest base cost plus
        shipping. Stock is kept on each warehouse&apos;s page.
      </Typography>
      {notice ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="config-notice">
          {notice}
        </Alert>
      ) : null}

      <Card variant="outlined" component="section" aria-labelledby="shipping-h" id="shipping" sx={{ mb: 3 }}>
        <CardContent>
          <Typography id="shipping-h" variant="h2" sx={{ fontSize: "1.35rem", mb: 0.5 }}>
            Shipping zones and rates
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: "80ch" }}>
            A shipment pays the highest first-item price of its items once, and each other item its additional-item price. When several
            rates could apply, a region code (US-AK) beats its country, a country beats *, a blank beats its category, and a rate for one
            warehouse beats the rate for all of them.
          </Typography>
          {zones.length === 0 ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              No zones yet: add one, then its rates, so that orders can be routed to you.
            </Alert>
          ) : null}
          <Stack spacing={2.5}>
            {zones.map((zone) => {
              const editingZone = editZone === zone.id;
              return (
                <Box
                  key={zone.id}
                  component="section"
                  aria-labelledby={`zone-h-${zone.id}`}
                  data-testid="zone"
                  sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
                >
                  {editingZone ? (
                    <>
                      <Typography id={`zone-h-${zone.id}`} variant="h3" sx={{ fontSize: "1.1rem", mb: 1.5 }}>
                        Edit {zone.name}
                      </Typography>
                      <ZoneForm
                        zone={zone}
                        failed={failureFor(actionData, "save-zone", zone.id)}
                        busy={busy}
                        cancelTo={`${base}#shipping`}
                      />
                    </>
                  ) : (
                    <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", mb: 1 }}>
                      <Box>
                        <Typography id={`zone-h-${zone.id}`} variant="h3" sx={{ fontSize: "1.1rem" }}>
                          {zone.name}
                        </Typography>
                        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, mt: 0.5 }} aria-label={`Regions of ${zone.name}`}>
                          {zone.regions.map((r) => (
                            <Chip key={r} size="small" label={r === "*" ? "Rest of the world" : r} />
                          ))}
                        </Box>
                      </Box>
                      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
                        <Button
                          component={RouterLink}
                          to={`${base}?editZone=${zone.id}#shipping`}
                          size="small"
                          aria-label={`Edit ${zone.name}`}
                        >
                          Edit
                        </Button>
                        <Form method="post">
                          <input type="hidden" name="intent" value="delete-zone" />
                          <input type="hidden" name="id" value={zone.id} />
                          <Button type="submit" size="small" color="error" disabled={busy} aria-label={`Delete ${zone.name}`}>
                            Delete
                          </Button>
                        </Form>
                      </Stack>
                    </Stack>
                  )}
                  {deleteFailure("delete-zone", zone.id) ? (
                    <Alert severity="error" role="alert" sx={{ my: 1 }}>
                      {deleteFailure("delete-zone", zone.id)}
                    </Alert>
                  ) : null}
                  {zone.rates.length ? (
                    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, mb: 1.5 }} aria-label={`Rates of ${zone.name}`}>
                      {zone.rates.map((rate) =>
                        editRate === rate.id ? (
                          <Box component="li" key={rate.id} sx={{ py: 1.5, borderTop: 1, borderColor: "divider" }}>
                            <RateForm
                              zone={zone}
                              rate={rate}
                              blanks={blanks}
                              warehouses={warehouses}
                              currency={currency}
                              failed={failureFor(actionData, "save-rate", rate.id)}
                              busy={busy}
                              cancelTo={`${base}#shipping`}
                            />
                          </Box>
                        ) : (
                          <Box
                            component="li"
                            key={rate.id}
                            data-testid="rate"
                            sx={{
                              display: "flex",
                              flexWrap: "wrap",
                              gap: 1,
                              alignItems: "center",
                              justifyContent: "space-between",
                              py: 1,
                              borderTop: 1,
                              borderColor: "divider",
                            }}
                          >
                            <Box>
                              <Typography sx={{ fontWeight: 600 }}>
                                {rateLabel(rate)}
                                {rate.warehouseName ? ` · from ${rate.warehouseName}` : ""}
                              </Typography>
                              <Typography variant="body2" color="text.secondary">
                                {formatPrice(rate.firstItemMinor, rate.currency)} first item,{" "}
                                {formatPrice(rate.additionalItemMinor, rate.currency)} each additional · {rate.minDays}–{rate.maxDays} days
                              </Typography>
                              {deleteFailure("delete-rate", rate.id) ? (
                                <Typography variant="body2" color="error" role="alert">
                                  {deleteFailure("delete-rate", rate.id)}
                                </Typography>
                              ) : null}
                            </Box>
                            <Stack direction="row" spacing={1}>
                              <Button
                                component={RouterLink}
                                to={`${base}?editRate=${rate.id}#shipping`}
                                size="small"
                                aria-label={`Edit the rate for ${rateLabel(rate)} to ${zone.name}`}
                              >
                                Edit
                              </Button>
                              <Form method="post">
                                <input type="hidden" name="intent" value="delete-rate" />
                                <input type="hidden" name="id" value={rate.id} />
                                <Button
                                  type="submit"
                                  size="small"
                                  color="error"
                                  disabled={busy}
                                  aria-label={`Delete the rate for ${rateLabel(rate)} to ${zone.name}`}
                                >
                                  Delete
                                </Button>
                              </Form>
                            </Stack>
                          </Box>
                        ),
                      )}
                    </Box>
                  ) : (
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                      No rates yet: nothing ships to this zone.
                    </Typography>
                  )}
                  {editingZone ? null : (
                    <Box sx={{ pt: 1 }}>
                      <Typography variant="h4" sx={{ fontSize: "1rem", fontWeight: 600, mb: 1 }}>
                        Add a rate to {zone.name}
                      </Typography>
                      <RateForm
                        zone={zone}
                        rate={null}
                        blanks={blanks}
                        warehouses={warehouses}
                        currency={currency}
                        failed={
                          failureFor(actionData, "save-rate", "")?.values.zoneId === zone.id
                            ? failureFor(actionData, "save-rate", "")
                            : null
                        }
                        busy={busy}
                      />
                    </Box>
                  )}
                </Box>
              );
            })}
          </Stack>
          <Box sx={{ mt: 3 }}>
            <Typography variant="h3" sx={{ fontSize: "1.1rem", mb: 1.5 }}>
              Add a zone
            </Typography>
            <ZoneForm zone={null} failed={failureFor(actionData, "save-zone", "")} busy={busy} />
          </Box>
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="stock-h" id="stock">
        <CardContent>
          <Typography id="stock-h" variant="h2" sx={{ fontSize: "1.35rem", mb: 0.5 }}>
            Stock
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, maxWidth: "80ch" }}>
            Stock is kept per warehouse, with the bin each blank sits in and a CSV sheet to download and upload.
          </Typography>
          {warehouses.length === 0 ? (
            <Alert severity="info">
              <Link component={RouterLink} to={`/fulfillment/@${fulfiller.handle}/administration/warehouses/create`}>
                Add a warehouse
              </Link>{" "}
              first.
            </Alert>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Stock of each warehouse">
              {warehouses.map((w) => (
                <li key={w.id}>
                  <Link component={RouterLink} to={`/fulfillment/@${fulfiller.handle}/administration/warehouses/${w.id}#stock`}>
                    Stock of {w.name}
                  </Link>{" "}
                  <Typography component="span" variant="body2" color="text.secondary">
                    ({w.trackedVariants} {w.trackedVariants === 1 ? "variant" : "variants"} counted)
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
