// /fulfillment/@{name}/administration/team: the print shop's floor staff (issue 23 §5). Its owner
// adds Platen accounts by e-mail and removes them; they work the floor (orders, batches, parcels,
// shipments, manifests), not this page nor the owner's others. Works without JavaScript.
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, data, redirect, useNavigation } from "react-router";
import { OutlinedField } from "#app/components/OutlinedField.tsx";
import type { Route } from "./+types/team";
import { formatDate } from "#app/lib/dates.ts";
import { echoValues, readForm, type FieldErrors } from "#app/lib/forms.server.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { addFloorWorker, listFloorTeam, removeFloorWorker } from "#server/modules/fulfillment/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Team · ${data.fulfiller.name} · Platen` : "Team · Platen" }];

const NOTICES = { added: "Added to the floor: they got an e-mail with the link.", removed: "Taken off the floor." } as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const team = await orRespond(listFloorTeam(ctx, fulfiller.id));
  const done = new URL(request.url).searchParams.get("done");
  return {
    fulfiller: { handle: fulfiller.handle, name: fulfiller.name, active: fulfiller.status === "active" },
    notice: done && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null,
    team: team.map((m) => ({ id: m.id, name: m.name, email: m.email, added: formatDate(m.addedAt) })),
  };
}

interface TeamFailure {
  ok: false;
  intent: "add" | "remove";
  memberId?: string;
  errors: FieldErrors;
  values: Record<string, string>;
}

/** Add a worker by e-mail, or remove one; a refusal comes back next to its field (or its row). */
export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const form = await readForm(request);
  const intent = form.get("intent") === "remove" ? "remove" : "add";
  const memberId = String(form.get("memberId") ?? "").slice(0, 64);
  const refuse = (errors: FieldErrors, status: number) =>
    data<TeamFailure>({ ok: false, intent, memberId, errors, values: echoValues(form) }, { status });
  try {
    if (intent === "remove") await removeFloorWorker(ctx, { fulfillerId: fulfiller.id, memberId });
    else await addFloorWorker(ctx, { fulfillerId: fulfiller.id, email: String(form.get("email") ?? "").slice(0, 320) });
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return refuse({ [intent === "add" && error.field === "email" ? "email" : "_form"]: error.message }, error.status);
    throw error;
  }
  return redirect(`/fulfillment/@${fulfiller.handle}/administration/team?done=${intent === "add" ? "added" : "removed"}`);
}

export default function FloorTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { fulfiller, team, notice } = loaderData;
  const failed = actionData as TeamFailure | undefined;
  const busy = useNavigation().state !== "idle";
  const addErrors = failed?.intent === "add" ? failed.errors : {};
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2.1rem" }, mb: 1 }}>
        Team
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "70ch" }}>
        The people who work the floor of {fulfiller.name}: they see and work its orders, batches, parcels, shipments and manifests (accept,
        print, scan, pack, buy labels, hand over), but not its warehouses' set-up, blanks, carriers, analytics, cases or this page.
      </Typography>
      {notice ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      {failed?.intent === "remove" && failed.errors._form ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failed.errors._form}
        </Alert>
      ) : null}
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
            Add someone to the floor
          </Typography>
          <Form method="post" noValidate aria-label="Add to the floor">
            <input type="hidden" name="intent" value="add" />
            {addErrors._form ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {addErrors._form}
              </Alert>
            ) : null}
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
              <OutlinedField
                id="floor-email"
                name="email"
                type="email"
                label="E-mail of their Platen account"
                autoComplete="off"
                defaultValue={failed?.intent === "add" ? (failed.values.email ?? "") : ""}
                error={Boolean(addErrors.email)}
                helperText={addErrors.email ?? "They sign in with it; ask them to sign up first if they have no account."}
                maxLength={254}
                sx={{ flexGrow: 1 }}
                disabled={!fulfiller.active}
              />
              <Button type="submit" variant="contained" disabled={busy || !fulfiller.active} sx={{ mt: { sm: 1 } }}>
                Add to the floor
              </Button>
            </Stack>
          </Form>
        </CardContent>
      </Card>
      <Typography variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
        On the floor ({team.length})
      </Typography>
      {team.length === 0 ? (
        <Typography color="text.secondary">Nobody yet: you work the floor alone.</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Floor staff">
          {team.map((m) => (
            <Box
              component="li"
              key={m.id}
              data-testid="floor-worker"
              sx={{
                display: "flex",
                gap: 2,
                alignItems: "center",
                flexWrap: "wrap",
                border: 1,
                borderColor: "divider",
                borderRadius: 1,
                p: 1.5,
              }}
            >
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{m.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                  {m.email} · added {m.added}
                </Typography>
              </Box>
              <Form method="post" aria-label={`Remove ${m.name} from the floor`}>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="memberId" value={m.id} />
                <Button type="submit" color="error" variant="outlined" size="small" disabled={busy || !fulfiller.active}>
                  Remove
                </Button>
              </Form>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
