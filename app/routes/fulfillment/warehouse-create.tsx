import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, data, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/warehouse-create";
import { WarehouseFields } from "#app/components/fulfillment/WarehouseFields.tsx";
import { readForm, type FieldErrors } from "#app/lib/forms.server.ts";
import { requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { warehouseChoices, warehouseFormInput } from "#app/lib/warehouses.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { createWarehouse, warehouseInputErrors } from "#server/modules/fulfillment/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Add a warehouse · ${data.fulfiller.name} · Platen` : "Add a warehouse · Platen" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { fulfiller } = await requireFulfillerAccess(request, params.handle);
  return { fulfiller: { handle: fulfiller.handle, name: fulfiller.name }, choices: warehouseChoices() };
}

interface CreateFailure {
  ok: false;
  errors: FieldErrors;
  values: Record<string, string>;
}

/** Add a warehouse: every field's problem at once, next to it; then its page. */
export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const input = warehouseFormInput(await readForm(request));
  const refuse = (errors: FieldErrors, status: number) => data<CreateFailure>({ ok: false, errors, values: input }, { status });
  const errors = warehouseInputErrors(input);
  if (errors) return refuse(errors, 422);
  try {
    const warehouse = await createWarehouse(ctx, { fulfillerId: fulfiller.id, ...input });
    return redirect(`/fulfillment/@${fulfiller.handle}/administration/warehouses/${warehouse.id}?done=created`);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return refuse({ [error.field ?? "_form"]: error.message }, error.status);
    throw error;
  }
}

export default function CreateWarehouse({ loaderData, actionData }: Route.ComponentProps) {
  const { fulfiller, choices } = loaderData;
  const failed = actionData as CreateFailure | undefined;
  const busy = useNavigation().state !== "idle";
  const base = `/fulfillment/@${fulfiller.handle}/administration/warehouses`;
  const errors = failed?.errors ?? {};
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography component="p" variant="body2" color="text.secondary">
        <Link component={RouterLink} to={base}>
          Warehouses
        </Link>{" "}
        · {fulfiller.name}
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2.1rem" }, mb: 1 }}>
        Add a warehouse
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "70ch" }}>
        Its address goes on your shipping labels as the sender. After you add it, choose which blanks it makes, its box presets and its
        stock on its page.
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Form method="post" noValidate aria-label="New warehouse">
            {errors._form ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {errors._form}
              </Alert>
            ) : Object.keys(errors).length ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                Some fields need fixing: see the messages below them.
              </Alert>
            ) : null}
            <WarehouseFields values={failed?.values ?? { cutoffTime: "14:00" }} errors={errors} choices={choices} idPrefix="new-wh" />
            <Stack direction="row" spacing={1.5} sx={{ mt: 2 }}>
              <Button type="submit" variant="contained" disabled={busy}>
                Add warehouse
              </Button>
              <Button component={RouterLink} to={base}>
                Cancel
              </Button>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
