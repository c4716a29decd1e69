import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/register";
import { WarehouseFields } from "#app/components/fulfillment/WarehouseFields.tsx";
import { OutlinedField } from "#app/components/OutlinedField.tsx";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { failure, failureFromError, readForm } from "#app/lib/forms.server.ts";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import { warehouseChoices, warehouseFormInput } from "#app/lib/warehouses.server.ts";
import {
  fulfillerRegistrationErrors,
  getStoreFulfillmentStatus,
  printShopAwaitingSetUp,
  registerFulfiller,
  type ApplyingStore,
} from "#server/modules/fulfillment/index.ts";
import type { StoreRow } from "#server/modules/stores/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.shop ? `Set up ${data.shop.name} · Platen` : "Set up your print shop · Platen" },
];

const applying = (s: StoreRow): ApplyingStore => ({ id: s.id, handle: s.handle, ownerUserId: s.ownerUserId, status: s.status });

const forbiddenPage = () => new Response("Only the store's owner can set up its print shop.", { status: 403, statusText: "Forbidden" });

/** The approved applicant's set-up of the print shop: its first warehouse and the payout contact. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store, access } = await requireStoreAccess(request, params.handle);
  if (access.role !== "owner" && access.role !== "admin") throw forbiddenPage();
  const [shop, status] = await Promise.all([printShopAwaitingSetUp(ctx, applying(store)), getStoreFulfillmentStatus(ctx, applying(store))]);
  const app = status.application;
  return {
    store: { handle: store.handle, name: store.name },
    isOwner: access.role === "owner",
    shop: shop ? { handle: shop.handle, name: shop.name } : null,
    /** The shop already set up, when there is nothing left to set up. */
    done: !shop && status.fulfiller?.registeredAt ? { handle: status.fulfiller.handle, name: status.fulfiller.name } : null,
    applicationStatus: app?.status ?? null,
    choices: warehouseChoices(),
    defaults:
      app && shop
        ? {
            name: app.address.city,
            line1: app.address.line1,
            line2: app.address.line2,
            city: app.address.city,
            region: app.address.region,
            postalCode: app.address.postalCode,
            country: app.address.country,
            cutoffTime: "14:00",
            capacityPerDay: String(app.capacityPerDay),
          }
        : {},
  };
}

const PAYOUT_FIELDS = ["payoutContactName", "payoutContactEmail"] as const;

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, store } = await requireStoreAccess(request, params.handle);
  const form = await readForm(request);
  const input: Record<string, string> = { ...warehouseFormInput(form) };
  for (const f of PAYOUT_FIELDS) input[f] = String(form.get(f) ?? "");
  try {
    const shop = await printShopAwaitingSetUp(ctx, applying(store));
    if (!shop) return failure({ _form: "There is no approved print shop of this store waiting to be set up." }, 409, input);
    const owner = ctx.actor.kind === "user" && ctx.actor.userId === shop.ownerUserId;
    const errors = owner ? fulfillerRegistrationErrors(input) : null;
    if (errors) return failure(errors, 422, input);
    await registerFulfiller(ctx, shop.id, input);
    throw redirect(`/fulfillment/@${shop.handle}/administration`);
  } catch (e) {
    if (e instanceof Response) throw e;
    return failureFromError(e, input);
  }
}

export default function RegisterPrintShop({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const values: Record<string, string | undefined> = { ...loaderData.defaults, ...valuesOf(actionData) };
  const busy = useNavigation().state === "submitting";
  const { store, shop, done, isOwner, applicationStatus, choices } = loaderData;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="p" variant="body2" color="text.secondary">
        <MuiLink component={Link} to={`/shop/partners/@${store.handle}/fulfillment-application`}>
          {store.name} · Print for Platen
        </MuiLink>
      </Typography>
      <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: "1.9rem", sm: "2.4rem" } }}>
        {shop ? `Set up ${shop.name}` : "Set up your print shop"}
      </Typography>
      {done ? (
        <Alert
          severity="success"
          data-testid="setup-status"
          action={
            <Button component={Link} to={`/fulfillment/@${done.handle}/administration`} color="inherit" size="small">
              Open administration
            </Button>
          }
        >
          {done.name} (@{done.handle}) is set up. Manage its warehouses, blanks and shipping from its administration.
        </Alert>
      ) : !shop ? (
        <Alert
          severity="info"
          data-testid="setup-status"
          action={
            isOwner ? (
              <Button component={Link} to={`/shop/partners/@${store.handle}/fulfillment-application`} color="inherit" size="small">
                {applicationStatus ? "See your application" : "Apply to print"}
              </Button>
            ) : undefined
          }
        >
          {applicationStatus === "pending"
            ? "The print shop application of this store is waiting for review; the set-up opens once it is approved."
            : "This store has no approved print shop waiting to be set up."}
        </Alert>
      ) : !isOwner ? (
        <Alert severity="info" data-testid="setup-status">
          {shop.name} (@{shop.handle}) was approved and waits for its owner to set it up.
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3, maxWidth: "65ch" }}>
            Your application was approved. Add the warehouse you print and ship from, and who receives your payout statements. Orders are
            routed to you once you also add your blanks and shipping rates in the administration.
          </Typography>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Form method="post" noValidate aria-label="Print shop set-up">
              <FormError errors={errors} />
              {Object.keys(errors).some((k) => k !== "_form") ? (
                <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                  Some fields need fixing: see the messages below them.
                </Alert>
              ) : null}
              <Typography variant="h2" sx={{ fontSize: "1.25rem", mb: 1.5 }}>
                Your first warehouse
              </Typography>
              <WarehouseFields values={values} errors={errors} choices={choices} idPrefix="setup-wh" />
              <Typography variant="h2" sx={{ fontSize: "1.25rem", mt: 3, mb: 1.5 }}>
                Payout contact
              </Typography>
              <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2, rowGap: 0.5 }}>
                <OutlinedField
                  name="payoutContactName"
                  id="setup-payoutContactName"
                  label="Name"
                  required
                  fullWidth
                  autoComplete="name"
                  defaultValue={values.payoutContactName ?? ""}
                  error={Boolean(errors.payoutContactName)}
                  helperText={errors.payoutContactName ?? "Who receives payout statements and questions about money."}
                  maxLength={120}
                />
                <OutlinedField
                  name="payoutContactEmail"
                  id="setup-payoutContactEmail"
                  label="E-mail"
                  type="email"
                  required
                  fullWidth
                  autoComplete="email"
                  defaultValue={values.payoutContactEmail ?? ""}
                  error={Boolean(errors.payoutContactEmail)}
                  helperText={errors.payoutContactEmail ?? "Like accounts@your-print-shop.com."}
                  maxLength={254}
                />
              </Box>
              <Stack direction="row" spacing={1.5} sx={{ mt: 3 }}>
                <Button type="submit" variant="contained" size="large" disabled={busy}>
                  Finish set-up
                </Button>
              </Stack>
            </Form>
          </Paper>
        </>
      )}
    </Container>
  );
}
