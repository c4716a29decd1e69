import AddIcon from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Checkbox from "@mui/material/Checkbox";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/config";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { userEmails } from "#server/modules/identity/index.ts";
import {
  getSettings,
  listAudit,
  settingsFormSchema,
  settingsToFormValues,
  updateSettings,
  type SettingKey,
} from "#server/modules/platform/index.ts";
import { retrySearchSync, searchSyncStatus } from "#server/modules/search/index.ts";
// Client-safe helpers (no server-only imports): the live example runs in the browser.
import { currencyDigits, formatAmount, parseMoney, parseMoneyOrThrow } from "#server/contracts/money.ts";
import { CURRENCIES, isValidRegion } from "#server/modules/platform/types.ts";
import { minimumRetailMinor, splitSale } from "#server/modules/pricing/types.ts";
import { formatDateTime } from "#app/lib/dates.ts";
import { countryName } from "#server/contracts/index.ts";

export const meta: Route.MetaFunction = () => [{ title: "Configuration · Platen" }];

/** Blank tax rows offered below the saved ones (the only way to add regions without JavaScript). */
const BLANK_ROWS = 3;

const SECTION_LABELS: Record<SettingKey, string> = {
  currency: "store currency",
  platformFeePercent: "platform fee",
  minimumMarginMinor: "minimum margin",
  taxRates: "tax rates",
  search: "search client",
  pricesIncludeTax: "prices include tax",
  payoutHoldDays: "payout hold period",
  unpaidOrderMinutes: "unpaid order expiry",
};

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const settings = await getSettings(ctx);
  const entries = await listAudit(ctx, { targetType: "platform_settings", limit: 5 });
  const emails = await userEmails(
    ctx,
    entries.map((e) => e.actorId ?? ""),
  );
  const sync = await searchSyncStatus(ctx);
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return {
    searchSync: {
      ...sync,
      settings: sync.settings ? { ...sync.settings, at: iso(sync.settings.at), nextAttemptAt: iso(sync.settings.nextAttemptAt) } : null,
      records: sync.records
        ? { ...sync.records, failing: sync.records.failing.map((f) => ({ ...f, nextAttemptAt: iso(f.nextAttemptAt) })) }
        : null,
    },
    values: settingsToFormValues(settings),
    history: entries.map((e) => {
      const changed = ((e.data as { changed?: SettingKey[] }).changed ?? []).map((k) => SECTION_LABELS[k] ?? k);
      return {
        id: e.id,
        when: formatDateTime(e.createdAt),
        by: e.actorId ? (emails[e.actorId] ?? e.actorId) : "System",
        changed: changed.join(", "),
      };
    }),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { ctx } = await requireAdmin(request);
  const form = await readForm(request);
  if (form.get("intent") === "retry-search-sync") {
    const retried = await retrySearchSync(ctx);
    return { ok: true as const, retriedSync: retried, changed: [] as string[] };
  }
  const parsed = parseForm(form, settingsFormSchema);
  if (!parsed.ok) return failure(parsed.errors, 400, parsed.values);
  try {
    const { changed } = await updateSettings(ctx, parsed.data);
    return { ok: true as const, changed: changed.map((k) => SECTION_LABELS[k]) };
  } catch (error) {
    const values: Record<string, string> = {};
    for (const [k, v] of form.entries()) if (typeof v === "string") values[k] = v;
    return failureFromError(error, values);
  }
}

function rowIndices(values: Record<string, string>): number[] {
  const set = new Set<number>();
  for (const key of Object.keys(values)) {
    const m = /^taxRates\.(\d+)\.(region|ratePercent)$/.exec(key);
    if (m) set.add(Number(m[1]));
  }
  return [...set].sort((a, b) => a - b);
}

function regionName(code: string): string | null {
  const c = code.trim().toUpperCase();
  if (!isValidRegion(c)) return null;
  try {
    const country = countryName(c.slice(0, 2));
    return c.length > 2 ? `${country}, subdivision ${c.slice(3)}` : country;
  } catch {
    return null;
  }
}

function Section({ id, title, description, children }: { id: string; title: string; description: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" id={id} sx={{ fontSize: "1.25rem", mb: 0.5 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5, maxWidth: 720 }}>
          {description}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

interface TaxRow {
  key: number;
  region: string;
  ratePercent: string;
  regionError?: string;
  rateError?: string;
}

function SettingsForm({ initial, errors, busy }: { initial: Record<string, string>; errors: Record<string, string>; busy: boolean }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [currency, setCurrency] = useState(initial.currency ?? "USD");
  const [fee, setFee] = useState(initial.platformFeePercent ?? "");
  const [margin, setMargin] = useState(initial.minimumMargin ?? "");
  const nextKey = useRef(0);
  const [rows, setRows] = useState<TaxRow[]>(() => {
    const filled = rowIndices(initial).map((i) => ({
      key: nextKey.current++,
      region: initial[`taxRates.${i}.region`] ?? "",
      ratePercent: initial[`taxRates.${i}.ratePercent`] ?? "",
      regionError: errors[`taxRates.${i}.region`],
      rateError: errors[`taxRates.${i}.ratePercent`],
    }));
    const nonBlank = filled.filter((r) => r.region.trim() || r.ratePercent.trim() || r.regionError || r.rateError);
    return [...nonBlank, ...Array.from({ length: BLANK_ROWS }, () => ({ key: nextKey.current++, region: "", ratePercent: "" }))];
  });
  const [regions, setRegions] = useState<Record<number, string>>({});

  // The live example, in the currency being edited.
  const feeNumber = /^\d+(?:[.,]\d+)?$/.test(fee.trim()) ? Number(fee.trim().replace(",", ".")) : NaN;
  const marginParsed = parseMoney(margin, currency);
  let example: ReactNode;
  if (!Number.isFinite(feeNumber) || feeNumber < 0 || feeNumber > 100) {
    example = "Enter a fee between 0 and 100 to see an example.";
  } else {
    const rules = {
      platformFeePercent: feeNumber,
      minimumMarginMinor: marginParsed.ok ? Math.max(0, marginParsed.money.amount) : 0,
    };
    // 25 and 12 in the currency's major units (¥25 and ¥12 for JPY, not ¥2,500).
    const sale = parseMoneyOrThrow("25", currency).amount;
    const base = parseMoneyOrThrow("12", currency).amount;
    const split = splitSale(sale, base, rules);
    const min = minimumRetailMinor(base, rules);
    example = (
      <>
        On a <strong>{formatAmount(sale, currency)}</strong> sale with a <strong>{formatAmount(base, currency)}</strong> base cost the
        platform fee is <strong data-testid="example-fee">{formatAmount(split.platformFeeMinor, currency)}</strong> and the partner earns{" "}
        <strong data-testid="example-earnings">{formatAmount(split.partnerEarningsMinor, currency)}</strong>.{" "}
        {min === null
          ? "With a 100% fee partners earn nothing, so no price meets a minimum margin above zero."
          : `With this minimum margin, a product with that base cost must sell for at least ${formatAmount(min, currency)}.`}
      </>
    );
  }

  const removeRow = (key: number) =>
    setRows((rs) => (rs.length > 1 ? rs.filter((r) => r.key !== key) : [{ key: nextKey.current++, region: "", ratePercent: "" }]));
  const addRow = () => setRows((rs) => [...rs, { key: nextKey.current++, region: "", ratePercent: "" }]);

  return (
    <Form method="post" noValidate>
      <Stack spacing={3}>
        <FormError errors={errors} />
        <Section
          id="currency-title"
          title="Store currency"
          description="Prices, base costs, fees and payouts are all kept in this currency, and each stored amount records it. It can change only while nothing has a price yet: once products, base costs or budgets exist, a change is refused rather than silently re-pricing them."
        >
          <TextField
            select
            name="currency"
            label="Currency"
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
            error={!!errors.currency}
            helperText={errors.currency ?? "ISO 4217 code"}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ width: { xs: "100%", sm: 320 } }}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c} · {new Intl.DisplayNames(["en"], { type: "currency" }).of(c)}
              </option>
            ))}
          </TextField>
        </Section>

        <Section
          id="fees-title"
          title="Fees and margins"
          description="The margin of a sale is the retail price minus the base cost. Platen keeps the platform fee (a percent of the margin); the partner earns the rest, which must reach the minimum margin."
        >
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              name="platformFeePercent"
              label="Platform fee"
              value={fee}
              onChange={(e) => setFee(e.target.value)}
              error={!!errors.platformFeePercent}
              helperText={errors.platformFeePercent ?? "Percent of the margin, 0 to 100"}
              slotProps={{
                htmlInput: { inputMode: "decimal" },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
              sx={{ width: { xs: "100%", sm: 240 } }}
            />
            <TextField
              name="minimumMargin"
              label="Minimum partner margin"
              value={margin}
              onChange={(e) => setMargin(e.target.value)}
              error={!!errors.minimumMargin}
              helperText={errors.minimumMargin ?? `Per item, in ${currency}`}
              slotProps={{
                htmlInput: { inputMode: currencyDigits(currency) ? "decimal" : "numeric" },
                input: { startAdornment: <InputAdornment position="start">{currency}</InputAdornment> },
              }}
              sx={{ width: { xs: "100%", sm: 260 } }}
            />
          </Stack>
          <Alert severity="info" icon={false} sx={{ mt: 2 }} aria-live="polite" data-testid="fee-example">
            {example}
          </Alert>
        </Section>

        <Section
          id="tax-title"
          title="Tax rates by region"
          description={
            <>
              Applied at checkout to the destination of an order. Use a country code (<code>DE</code>) or a subdivision (<code>US-CA</code>
              ); a subdivision&apos;s rate wins over its country&apos;s. Regions without a rate are not taxed.
              {hydrated ? null : " To remove a region, clear both of its fields."}
            </>
          }
        >
          <Stack spacing={1.5} data-testid="tax-rows">
            {rows.map((row, i) => {
              const region = regions[row.key] ?? row.region;
              const name = regionName(region);
              return (
                <Stack key={row.key} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
                  <TextField
                    name={`taxRates.${i}.region`}
                    label={`Region ${i + 1}`}
                    defaultValue={row.region}
                    onChange={(e) => setRegions((r) => ({ ...r, [row.key]: e.target.value }))}
                    error={!!row.regionError}
                    helperText={row.regionError ?? (name || " ")}
                    slotProps={{
                      htmlInput: { maxLength: 6, autoCapitalize: "characters", spellCheck: false, style: { textTransform: "uppercase" } },
                    }}
                    sx={{ flex: "1 1 0", minWidth: 0 }}
                  />
                  <TextField
                    name={`taxRates.${i}.ratePercent`}
                    label={`Rate ${i + 1}`}
                    defaultValue={row.ratePercent}
                    error={!!row.rateError}
                    helperText={row.rateError ?? " "}
                    slotProps={{
                      htmlInput: { inputMode: "decimal" },
                      input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                    }}
                    sx={{ flex: "1 1 0", minWidth: 0 }}
                  />
                  {hydrated ? (
                    <IconButton
                      aria-label={`Remove region ${i + 1}${region ? ` (${region.toUpperCase()})` : ""}`}
                      onClick={() => removeRow(row.key)}
                      sx={{ mt: 1 }}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  ) : null}
                </Stack>
              );
            })}
          </Stack>
          {hydrated ? (
            <Button type="button" startIcon={<AddIcon />} onClick={addRow} sx={{ mt: 1 }}>
              Add a region
            </Button>
          ) : null}
          <Box sx={{ mt: 2.5 }}>
            <FormControlLabel
              control={<Checkbox name="pricesIncludeTax" value="on" defaultChecked={initial.pricesIncludeTax === "on"} />}
              label="Prices include tax (EU style)"
            />
            <FormHelperText error={!!errors.pricesIncludeTax} sx={{ mt: 0, maxWidth: 720 }}>
              {errors.pricesIncludeTax ??
                "When checked, listed prices already contain the destination's tax and checkout shows the tax included. When unchecked (US style), prices are before tax and checkout adds the tax on top."}
            </FormHelperText>
          </Box>
        </Section>

        <Section
          id="orders-title"
          title="Orders and payouts"
          description="How long a placed but unpaid order keeps its items reserved, and how long earnings wait after delivery before they become available to stores and fulfillers."
        >
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              name="unpaidOrderMinutes"
              label="Unpaid orders expire after"
              defaultValue={initial.unpaidOrderMinutes ?? ""}
              error={!!errors.unpaidOrderMinutes}
              helperText={errors.unpaidOrderMinutes ?? "5 to 1440 minutes"}
              slotProps={{
                htmlInput: { inputMode: "numeric" },
                input: { endAdornment: <InputAdornment position="end">minutes</InputAdornment> },
              }}
              sx={{ width: { xs: "100%", sm: 280 } }}
            />
            <TextField
              name="payoutHoldDays"
              label="Hold period before earnings are available"
              defaultValue={initial.payoutHoldDays ?? ""}
              error={!!errors.payoutHoldDays}
              helperText={errors.payoutHoldDays ?? "0 to 90 days after delivery"}
              slotProps={{
                htmlInput: { inputMode: "numeric" },
                input: { endAdornment: <InputAdornment position="end">days</InputAdornment> },
              }}
              sx={{ width: { xs: "100%", sm: 340 } }}
            />
          </Stack>
        </Section>

        <Section
          id="search-title"
          title="Search client"
          description="Leave the application id and public key empty to use Platen's built-in search. To use a hosted search service, enter its application id and public (search-only) key; never an admin key."
        >
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
            <TextField
              name="search.applicationId"
              label="Application id"
              defaultValue={initial["search.applicationId"] ?? ""}
              error={!!errors["search.applicationId"]}
              helperText={errors["search.applicationId"] ?? " "}
              slotProps={{ htmlInput: { spellCheck: false, autoComplete: "off" } }}
            />
            <TextField
              name="search.publicKey"
              label="Public key"
              defaultValue={initial["search.publicKey"] ?? ""}
              error={!!errors["search.publicKey"]}
              helperText={errors["search.publicKey"] ?? "Search-only key, safe to show in the browser"}
              slotProps={{ htmlInput: { spellCheck: false, autoComplete: "off" } }}
            />
            <TextField
              name="search.connectTimeoutSeconds"
              label="Connect timeout"
              defaultValue={initial["search.connectTimeoutSeconds"] ?? ""}
              error={!!errors["search.connectTimeoutSeconds"]}
              helperText={errors["search.connectTimeoutSeconds"] ?? "1 to 60 seconds"}
              slotProps={{
                htmlInput: { inputMode: "numeric" },
                input: { endAdornment: <InputAdornment position="end">seconds</InputAdornment> },
              }}
            />
            <TextField
              name="search.responseTimeoutSeconds"
              label="Response timeout"
              defaultValue={initial["search.responseTimeoutSeconds"] ?? ""}
              error={!!errors["search.responseTimeoutSeconds"]}
              helperText={errors["search.responseTimeoutSeconds"] ?? "1 to 120 seconds"}
              slotProps={{
                htmlInput: { inputMode: "numeric" },
                input: { endAdornment: <InputAdornment position="end">seconds</InputAdornment> },
              }}
            />
          </Box>
        </Section>

        <Box>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? "Saving…" : "Save settings"}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}

export default function ConfigPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const echoed = valuesOf(actionData);
  const failed = Object.keys(errors).length > 0;
  const initial = failed ? echoed : loaderData.values;
  const navigation = useNavigation();
  const done =
    actionData && "ok" in actionData && actionData.ok ? (actionData as { ok: true; changed: string[]; retriedSync?: unknown }) : null;
  const saved = done && !done.retriedSync ? done : null;
  const retriedSync = done?.retriedSync ? (done.retriedSync as { settings: boolean; records: number }) : null;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/admin">
          Admin
        </Link>
        <Typography color="text.primary" aria-current="page">
          Configuration
        </Typography>
      </Breadcrumbs>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Configuration
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        Marketplace-wide settings. Changes apply to new carts, orders and product prices from the moment you save; every change is recorded
        with who made it.
      </Typography>
      {saved ? (
        <Alert severity="success" role="status" sx={{ mb: 3 }} data-testid="saved-message">
          {saved.changed.length ? `Settings saved: ${saved.changed.join(", ")} updated.` : "Settings saved. Nothing had changed."}
        </Alert>
      ) : null}
      {failed && !errors._form ? (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          Some settings need fixing. Nothing was saved; see the messages next to the fields.
        </Alert>
      ) : null}
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "1fr 280px" }, gap: 3, alignItems: "start" }}>
        <SettingsForm
          key={JSON.stringify(initial) + JSON.stringify(errors)}
          initial={initial}
          errors={errors}
          busy={navigation.state === "submitting"}
        />
        <Stack spacing={3}>
          <SearchSyncPanel sync={loaderData.searchSync} retried={retriedSync} busy={navigation.state === "submitting"} />
          <Card variant="outlined" component="aside" aria-labelledby="history-title">
            <CardContent>
              <Typography variant="h2" id="history-title" sx={{ fontSize: "1.1rem", mb: 1 }}>
                Recent changes
              </Typography>
              {loaderData.history.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  The defaults are in use; nobody has changed them yet.
                </Typography>
              ) : (
                <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0 }} data-testid="settings-history">
                  {loaderData.history.map((h) => (
                    <Box
                      component="li"
                      key={h.id}
                      sx={{ py: 1, borderBottom: 1, borderColor: "divider", "&:last-child": { borderBottom: 0 } }}
                    >
                      <Typography variant="body2">Changed {h.changed || "settings"}</Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ wordBreak: "break-word" }}>
                        {h.when} by {h.by}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              )}
            </CardContent>
          </Card>
        </Stack>
      </Box>
    </Container>
  );
}

type SyncView = Route.ComponentProps["loaderData"]["searchSync"];

const SETTINGS_STATE: Record<string, { label: string; color: "success" | "warning" | "error" | "default" }> = {
  pushed: { label: "Pushed", color: "success" },
  waiting: { label: "Waiting", color: "default" },
  retrying: { label: "Retrying", color: "warning" },
  failed: { label: "Failed", color: "error" },
  "not-yet": { label: "Not pushed yet", color: "default" },
};

/** Where the sync to Algolia stands: the index settings push and the product records that fail. */
function SearchSyncPanel({
  sync,
  retried,
  busy,
}: {
  sync: SyncView;
  retried: { settings: boolean; records: number } | null;
  busy: boolean;
}) {
  const settings = sync.settings;
  const records = sync.records;
  const canRetry = settings?.state === "failed" || (records?.failed ?? 0) > 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby="search-sync-title" data-testid="search-sync">
      <CardContent>
        <Typography variant="h2" id="search-sync-title" sx={{ fontSize: "1.1rem", mb: 1 }}>
          Search sync
        </Typography>
        {sync.provider === "postgres" ? (
          <Typography variant="body2" color="text.secondary">
            Platen&apos;s built-in search is in use: products are indexed in the same step that publishes them, so there is nothing to sync.
          </Typography>
        ) : (
          <Stack spacing={1.5}>
            {!sync.configured ? (
              <Alert severity="error">
                Algolia is selected but cannot be written to: enter the application id below and set ALGOLIA_ADMIN_KEY on the server.
              </Alert>
            ) : null}
            {settings ? (
              <Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    Index settings
                  </Typography>
                  <Chip size="small" label={SETTINGS_STATE[settings.state]!.label} color={SETTINGS_STATE[settings.state]!.color} />
                </Stack>
                <Typography variant="caption" color="text.secondary" component="p" data-testid="search-settings-state">
                  {settings.state === "pushed" && settings.at
                    ? `Pushed to ${sync.indexName} on ${formatDateTime(settings.at)}.`
                    : settings.state === "failed"
                      ? `Not pushed to ${sync.indexName} after ${settings.attempts} ${settings.attempts === 1 ? "attempt" : "attempts"}: ${settings.error ?? "no error was recorded"}`
                      : settings.state === "retrying"
                        ? `Attempt ${settings.attempts} failed: ${settings.error ?? ""}${settings.nextAttemptAt ? ` Next attempt ${formatDateTime(settings.nextAttemptAt)}.` : ""}`
                        : settings.state === "waiting"
                          ? "Queued: pushed with the next product sync."
                          : "Pushed with the first product sync."}
                </Typography>
              </Box>
            ) : null}
            {records ? (
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  Product records
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p" data-testid="search-records-state">
                  {records.waiting + records.running === 0 && records.retrying === 0 && records.failed === 0
                    ? "Every product change has been sent."
                    : [
                        records.waiting + records.running ? `${records.waiting + records.running} waiting to be sent` : "",
                        records.retrying ? `${records.retrying} retrying` : "",
                        records.failed ? `${records.failed} failed` : "",
                      ]
                        .filter(Boolean)
                        .join(", ") + "."}
                </Typography>
                {records.failing.length ? (
                  <Box component="ul" sx={{ pl: 2, my: 0.5 }}>
                    {records.failing.map((f) => (
                      <Typography component="li" variant="caption" key={f.jobId} sx={{ overflowWrap: "anywhere" }}>
                        {f.productId}: {f.status === "failed" ? "failed" : "retrying"}. {f.error}
                      </Typography>
                    ))}
                  </Box>
                ) : null}
              </Box>
            ) : null}
            {retried ? (
              <Alert severity="success" role="status">
                {retried.settings || retried.records
                  ? `Queued again: ${[retried.settings ? "the index settings" : "", retried.records ? `${retried.records} product ${retried.records === 1 ? "record" : "records"}` : ""].filter(Boolean).join(" and ")}.`
                  : "Nothing had failed: nothing to retry."}
              </Alert>
            ) : null}
            {canRetry ? (
              <Form method="post">
                <input type="hidden" name="intent" value="retry-search-sync" />
                <Button type="submit" variant="outlined" size="small" disabled={busy}>
                  Retry failed sync
                </Button>
              </Form>
            ) : null}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
