import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import FormHelperText from "@mui/material/FormHelperText";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { ChoiceControl } from "#app/components/ChoiceControl.tsx";
import type { Route } from "./+types/apply";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { OutlinedField, OutlinedSelect } from "#app/components/OutlinedField.tsx";
import { formatLongDate } from "#app/lib/dates.ts";
import { echoValues, failure, failureFromError, readForm } from "#app/lib/forms.server.ts";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import {
  APPLICATION_TECHNIQUES,
  CAPABILITY_LABELS,
  FULFILLMENT_TERMS_VERSION,
  fulfillerApplicationErrors,
  getStoreFulfillmentStatus,
  submitFulfillerApplication,
  type ApplyingStore,
} from "#server/modules/fulfillment/index.ts";
import { COUNTRIES } from "#server/modules/identity/types.ts";
import { checkHandle, type StoreRow } from "#server/modules/stores/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Print for Platen · ${data.store.name} · Platen` : "Print for Platen · Platen" },
  { name: "description", content: "Apply to print and ship the marketplace's orders as a print shop." },
];

const applying = (s: StoreRow): ApplyingStore => ({ id: s.id, handle: s.handle, ownerUserId: s.ownerUserId, status: s.status });

const forbiddenPage = () => new Response("Only the store's owner can apply to print for it.", { status: 403, statusText: "Forbidden" });

/** The store's owner (and admins, to look) see its print shop application and its status. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store, access } = await requireStoreAccess(request, params.handle);
  if (access.role !== "owner" && access.role !== "admin") throw forbiddenPage();
  const { application, fulfiller } = await getStoreFulfillmentStatus(ctx, applying(store));
  return {
    store: { handle: store.handle, name: store.name },
    isOwner: access.role === "owner",
    submitted: new URL(request.url).searchParams.get("submitted") === "1",
    termsVersion: FULFILLMENT_TERMS_VERSION,
    countries: COUNTRIES.map((c) => ({ code: c.code, name: c.name })),
    techniques: APPLICATION_TECHNIQUES.map((t) => ({ value: t, label: CAPABILITY_LABELS[t] })),
    application: application
      ? {
          status: application.status,
          businessName: application.businessName,
          handle: application.handle,
          createdAt: formatLongDate(application.createdAt),
          decidedAt: application.decidedAt ? formatLongDate(application.decidedAt) : null,
          decisionNote: application.decisionNote,
          techniques: application.techniques.map((t) => CAPABILITY_LABELS[t as keyof typeof CAPABILITY_LABELS] ?? t),
          capacityPerDay: application.capacityPerDay,
          termsVersion: application.termsVersion,
        }
      : null,
    fulfiller: fulfiller
      ? {
          handle: fulfiller.handle,
          name: fulfiller.name,
          status: fulfiller.status,
          suspensionReason: fulfiller.suspensionReason,
          registered: Boolean(fulfiller.registeredAt),
        }
      : null,
  };
}

const FIELDS = [
  "businessName",
  "handle",
  "line1",
  "line2",
  "city",
  "region",
  "postalCode",
  "country",
  "capacityPerDay",
  "acceptTerms",
  "termsVersion",
];

/** Apply: every problem at once next to its field; a refusal of the module (handle taken, one pending) likewise. */
export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, store } = await requireStoreAccess(request, params.handle);
  const form = await readForm(request);
  const input: Record<string, unknown> = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  input.techniques = form.getAll("techniques").map(String);
  if (!input.acceptTerms) delete input.acceptTerms;
  const values = { ...echoValues(form), techniques: (input.techniques as string[]).join(",") };
  try {
    const errors = fulfillerApplicationErrors(input);
    // The owner gets every problem at once; anyone else gets the module's refusal (403).
    if (errors && ctx.actor.kind === "user" && ctx.actor.userId === store.ownerUserId) return failure(errors, 422, values);
    await submitFulfillerApplication(ctx, applying(store), input, {
      handleInUse: async (handle) => !(await checkHandle(ctx, handle)).available,
    });
  } catch (e) {
    return failureFromError(e, values);
  }
  throw redirect(`/shop/partners/@${store.handle}/fulfillment-application?submitted=1`);
}

function StatusPanel({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const { application, fulfiller, store, submitted } = data;
  if (!application) return null;
  if (application.status === "pending")
    return (
      <Alert severity={submitted ? "success" : "info"} sx={{ mb: 3 }} data-testid="application-status" data-status="pending">
        {submitted ? "Thank you, your application was sent. " : ""}Your application for <strong>{application.businessName}</strong> (@
        {application.handle}), sent on {application.createdAt}, is waiting for review. We usually answer within 5 business days and will
        e-mail you.
      </Alert>
    );
  if (application.status === "rejected")
    return (
      <Alert severity="warning" sx={{ mb: 3 }} data-testid="application-status" data-status="rejected">
        Your application for {application.businessName} (@{application.handle}) was not approved on {application.decidedAt}. Reason:{" "}
        {application.decisionNote} You can apply again below once this is addressed.
      </Alert>
    );
  return (
    <Alert
      severity={fulfiller?.status === "suspended" ? "warning" : "success"}
      sx={{ mb: 3 }}
      data-testid="application-status"
      data-status="approved"
      action={
        fulfiller && fulfiller.status === "active" ? (
          fulfiller.registered ? (
            <Button component={Link} to={`/fulfillment/@${fulfiller.handle}/administration`} color="inherit" size="small">
              Open administration
            </Button>
          ) : (
            <Button component={Link} to={`/shop/partners/@${store.handle}/fulfillment/register`} color="inherit" size="small">
              Set up your print shop
            </Button>
          )
        ) : undefined
      }
    >
      Your application for {application.businessName} was approved on {application.decidedAt}.
      {application.decisionNote ? ` Note from the Platen team: ${application.decisionNote}` : ""}{" "}
      {fulfiller?.status === "suspended"
        ? `Your print shop @${fulfiller.handle} is suspended: ${fulfiller.suspensionReason}`
        : fulfiller?.registered
          ? `Your print shop @${fulfiller.handle} is open.`
          : "Set up your first warehouse and payout contact to start receiving orders."}
    </Alert>
  );
}

export default function FulfillmentApplication({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const busy = useNavigation().state === "submitting";
  const { store, application, isOwner, countries, techniques, termsVersion } = loaderData;
  const showForm = isOwner && (!application || application.status === "rejected");
  const chosen = new Set((values.techniques ?? "").split(",").filter(Boolean));
  const field = (
    name: string,
    label: string,
    props: { helper?: string; max?: number; required?: boolean; autoComplete?: string; wide?: boolean; inputMode?: "numeric" } = {},
  ) => (
    <OutlinedField
      name={name}
      id={`apply-${name}`}
      label={label}
      required={props.required}
      fullWidth
      autoComplete={props.autoComplete ?? "off"}
      defaultValue={values[name] ?? ""}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? props.helper ?? " "}
      maxLength={props.max ?? 200}
      inputMode={props.inputMode}
      sx={{ gridColumn: props.wide ? { sm: "1 / -1" } : undefined }}
    />
  );
  const grid = { display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2, rowGap: 0.5 } as const;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="p" variant="body2" color="text.secondary">
        <MuiLink component={Link} to={`/shop/partners/@${store.handle}/administration`}>
          {store.name}
        </MuiLink>{" "}
        · Fulfillment
      </Typography>
      <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: "1.9rem", sm: "2.4rem" } }}>
        Print for Platen
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: "65ch" }}>
        Run a print shop? Make and ship the marketplace&apos;s orders on your own blanks: you set your base costs, production times and
        shipping rates, and orders are routed to you when you are the cheapest capable shop for the shopper&apos;s address.
      </Typography>
      <StatusPanel data={loaderData} />
      {!isOwner && !application ? (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="application-status" data-status="none">
          {store.name} has not applied to print.
        </Alert>
      ) : null}
      {showForm ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: "1.35rem", mb: 2 }}>
            Your application
          </Typography>
          <FormError errors={errors} />
          {Object.keys(errors).some((k) => k !== "_form") ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              Some fields need fixing: see the messages below them.
            </Alert>
          ) : null}
          <Form method="post" noValidate aria-label="Print shop application">
            <input type="hidden" name="termsVersion" value={termsVersion} />
            <Box sx={grid}>
              {field("businessName", "Business name", {
                required: true,
                max: 80,
                autoComplete: "organization",
                helper: "The name partners and shoppers see, like Riverside Print Co.",
              })}
              {field("handle", "Print shop handle", {
                required: true,
                max: 31,
                helper: "Its public address: …/fulfillment/@your-handle. Lowercase letters, digits and dashes.",
              })}
            </Box>
            <Typography variant="h3" sx={{ fontSize: "1.05rem", fontWeight: 600, mt: 1, mb: 1 }}>
              Business address
            </Typography>
            <Box sx={grid}>
              {field("line1", "Street address", { required: true, autoComplete: "address-line1", wide: true })}
              {field("line2", "Building, unit (optional)", { autoComplete: "address-line2", wide: true })}
              {field("city", "City", { required: true, max: 100, autoComplete: "address-level2" })}
              {field("region", "State, province or region", {
                max: 100,
                autoComplete: "address-level1",
                helper: "For the US, Canada and Australia the state or province, like OR.",
              })}
              {field("postalCode", "Postal code", { required: true, max: 20, autoComplete: "postal-code" })}
              <OutlinedSelect
                name="country"
                id="apply-country"
                label="Country"
                required
                fullWidth
                defaultValue={values.country ?? ""}
                error={Boolean(errors.country)}
                helperText={errors.country ?? " "}
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
            </Box>
            <Box
              component="fieldset"
              aria-describedby="apply-techniques-help"
              sx={{ border: 0, p: 0, m: 0, mt: 1 }}
              aria-invalid={errors.techniques ? true : undefined}
            >
              <Typography component="legend" variant="h3" sx={{ fontSize: "1.05rem", fontWeight: 600, mb: 0.5 }}>
                Techniques you print with
              </Typography>
              <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
                {techniques.map((t) => (
                  <ChoiceControl
                    key={t.value}
                    type="checkbox"
                    name="techniques"
                    value={t.value}
                    defaultChecked={chosen.has(t.value)}
                    size="medium"
                    label={t.label}
                  />
                ))}
              </Box>
              <FormHelperText id="apply-techniques-help" error={Boolean(errors.techniques)} sx={{ mt: 0 }}>
                {errors.techniques ?? "At least one. They become your print shop's print methods; you can change them later."}
              </FormHelperText>
            </Box>
            <Box sx={{ ...grid, mt: 2 }}>
              {field("capacityPerDay", "Daily capacity (units per day)", {
                required: true,
                max: 12,
                inputMode: "numeric",
                helper: "How many items you can print and pack on a normal day.",
              })}
            </Box>
            <Box sx={{ mt: 1 }}>
              <ChoiceControl
                type="checkbox"
                name="acceptTerms"
                value="on"
                defaultChecked={values.acceptTerms === "on"}
                size="medium"
                label="I accept the manufacturing terms for print shops"
              />
              <FormHelperText error={Boolean(errors.acceptTerms)} sx={{ mt: 0 }}>
                {errors.acceptTerms ?? (
                  <>
                    Read the{" "}
                    <MuiLink component={Link} to={`/shop/partners/@${store.handle}/fulfillment/terms`} underline="always">
                      manufacturing terms
                    </MuiLink>{" "}
                    (quality, production times, packaging, shipping, reprints, payouts, suspension). We record the version you accept.
                  </>
                )}
              </FormHelperText>
            </Box>
            <Stack direction="row" spacing={1.5} sx={{ mt: 3 }}>
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                Send application
              </Button>
            </Stack>
          </Form>
        </Paper>
      ) : null}
    </Container>
  );
}
