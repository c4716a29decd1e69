import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "#app/components/ui/Chip.tsx";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/workerprofile";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { StoreAdminShell } from "#app/components/seller/StoreAdminNav.tsx";
import { echoValues, failure, failureFromError, formText, parseForm, readForm } from "#app/lib/forms.server.ts";
import { z } from "zod";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import {
  accessAllows,
  getMyWorkerProfile,
  inviteMember,
  listTeam,
  removeMember,
  updateMemberPermissions,
  updateMyWorkerProfile,
} from "#server/modules/stores/index.ts";
import {
  inviteSchema,
  PERMISSION_LABELS,
  STORE_PERMISSIONS,
  workerProfileSchema,
  type StorePermission,
} from "#server/modules/stores/types.ts";

export const meta: Route.MetaFunction = () => [{ title: "Team · Platen" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store, access, user } = await requireStoreAccess(request, params.handle);
  const [team, mine] = await Promise.all([listTeam(ctx, store.id), getMyWorkerProfile(ctx, store.id)]);
  return {
    store: {
      handle: store.handle,
      name: store.name,
      status: store.status,
      suspendedReason: store.suspendedReason,
      avatarKey: store.avatarKey,
      accentColor: store.accentColor,
    },
    canManage: accessAllows(access, "team"),
    isOwner: access.role === "owner",
    me: user.id,
    mine,
    team: team.map((m) => ({
      id: m.id,
      userId: m.userId,
      email: m.email,
      name: m.name,
      permissions: m.permissions,
      status: m.status,
      workerTitle: m.workerTitle,
    })),
    saved: new URL(request.url).searchParams.get("saved"),
  };
}

const workerIntentSchema = z.object({
  intent: z.enum(["worker-profile", "invite", "permissions", "remove"], { error: "Unknown action." }),
});
const memberIdField = formText().transform((id) => id.slice(0, 100));
const permissionsSchema = z.object({
  memberId: memberIdField,
  // One checkbox posts a string, several an array; unknown permissions are ignored.
  permissions: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((p) => (p === undefined ? [] : Array.isArray(p) ? p : [p]))
    .transform((p) => p.filter((x): x is StorePermission => (STORE_PERMISSIONS as readonly string[]).includes(x))),
});
const removeSchema = z.object({ memberId: memberIdField });

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, store, access } = await requireStoreAccess(request, params.handle);
  const form = await readForm(request);
  const which = parseForm(form, workerIntentSchema);
  if (!which.ok) return failure({ _form: "Unknown action." });
  const { intent } = which.data;
  const back = (what: string) => redirect(`/shop/partners/@${store.handle}/administration/workerprofile?saved=${what}`);
  const values = echoValues(form);
  try {
    if (intent === "worker-profile") {
      const parsed = parseForm(form, workerProfileSchema);
      if (!parsed.ok) return failure(parsed.errors, 400, values);
      await updateMyWorkerProfile(ctx, store.id, parsed.data);
      return back("worker-profile");
    }
    if (!accessAllows(access, "team"))
      throw new Response("Your role in this store does not include managing the team.", { status: 403, statusText: "Forbidden" });
    if (intent === "invite") {
      const parsed = parseForm(form, inviteSchema);
      if (!parsed.ok) return failure(parsed.errors, 400, { ...values, form: "invite" });
      await inviteMember(ctx, store.id, parsed.data);
      return back("invited");
    }
    if (intent === "permissions") {
      const parsed = parseForm(form, permissionsSchema);
      if (!parsed.ok) return failure(parsed.errors, 400, values);
      await updateMemberPermissions(ctx, store.id, parsed.data.memberId, parsed.data.permissions);
      return back("permissions");
    }
    const parsed = parseForm(form, removeSchema);
    if (!parsed.ok) return failure(parsed.errors, 400, values);
    await removeMember(ctx, store.id, parsed.data.memberId);
    return back("removed");
  } catch (e) {
    if (e instanceof Response) throw e;
    return failureFromError(e, values);
  }
}

const SAVED: Record<string, string> = {
  "worker-profile": "Your worker profile is saved.",
  invited: "Invitation sent. It stays pending until they accept.",
  permissions: "Permissions updated.",
  removed: "Team member removed.",
};

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const { store, team, canManage, mine, saved } = loaderData;
  return (
    <StoreAdminShell store={store} active="workerprofile">
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2rem" }, mb: 2 }}>
        Team
      </Typography>
      {saved && SAVED[saved] ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {SAVED[saved]}
        </Alert>
      ) : null}
      <FormError errors={errors} />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" }, gap: 3, mb: 3 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: "1.2rem", mb: 1 }}>
            Your worker profile
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Shown on the store&apos;s public team page.
          </Typography>
          <Form method="post">
            <input type="hidden" name="intent" value="worker-profile" />
            <Stack spacing={2}>
              <TextField
                name="workerTitle"
                label="Your title"
                fullWidth
                defaultValue={values.workerTitle ?? mine.workerTitle}
                error={Boolean(errors.workerTitle)}
                helperText={errors.workerTitle ?? "e.g. Illustrator, Product designer"}
              />
              <TextField
                name="workerBio"
                label="About you"
                fullWidth
                multiline
                minRows={3}
                defaultValue={values.workerBio ?? mine.workerBio}
                error={Boolean(errors.workerBio)}
                helperText={errors.workerBio}
              />
              <Box>
                <Button type="submit" variant="contained">
                  Save worker profile
                </Button>
              </Box>
            </Stack>
          </Form>
        </Paper>
        {canManage ? (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h2" sx={{ fontSize: "1.2rem", mb: 1 }}>
              Invite a team member
            </Typography>
            <Form method="post">
              <input type="hidden" name="intent" value="invite" />
              <Stack spacing={2}>
                <TextField
                  name="email"
                  label="E-mail address"
                  type="email"
                  required
                  fullWidth
                  defaultValue={values.email ?? ""}
                  error={Boolean(errors.email)}
                  helperText={errors.email ?? "They get an e-mail with a link to accept."}
                />
                <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                  <Typography component="legend" variant="body2" sx={{ mb: 0.5 }}>
                    Permissions
                  </Typography>
                  <FormGroup row>
                    {STORE_PERMISSIONS.map((p) => (
                      <FormControlLabel
                        key={p}
                        control={<Checkbox name="permissions" value={p} defaultChecked={p === "products"} />}
                        label={PERMISSION_LABELS[p]}
                      />
                    ))}
                  </FormGroup>
                  {errors.permissions ? <FormHelperText error>{errors.permissions}</FormHelperText> : null}
                </Box>
                <Box>
                  <Button type="submit" variant="contained">
                    Send invitation
                  </Button>
                </Box>
              </Stack>
            </Form>
          </Paper>
        ) : null}
      </Box>
      <Typography variant="h2" sx={{ fontSize: "1.2rem", mb: 1 }}>
        Members
      </Typography>
      {team.length === 0 ? <Typography color="text.secondary">No team members yet. The owner can do everything.</Typography> : null}
      <Stack component="ul" spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {team.map((m) => (
          <Paper component="li" key={m.id} variant="outlined" sx={{ p: 2 }} data-testid="team-member" data-email={m.email}>
            <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ justifyContent: "space-between" }}>
              <Box>
                <Typography sx={{ fontWeight: 600 }}>
                  {m.name}{" "}
                  {m.workerTitle ? (
                    <Typography component="span" color="text.secondary">
                      · {m.workerTitle}
                    </Typography>
                  ) : null}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {m.email}
                </Typography>
                <Chip
                  size="small"
                  sx={{ mt: 1 }}
                  label={m.status === "invited" ? "Invitation pending" : "Active"}
                  color={m.status === "invited" ? "warning" : "success"}
                  variant="outlined"
                />
              </Box>
              {canManage && m.userId !== loaderData.me ? (
                <Box>
                  <Form method="post">
                    <input type="hidden" name="intent" value="permissions" />
                    <input type="hidden" name="memberId" value={m.id} />
                    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                      <Typography component="legend" variant="body2">
                        Permissions of {m.email}
                      </Typography>
                      <FormGroup row>
                        {STORE_PERMISSIONS.map((p) => (
                          <FormControlLabel
                            key={p}
                            control={<Checkbox name="permissions" value={p} defaultChecked={m.permissions.includes(p)} size="small" />}
                            label={p}
                          />
                        ))}
                      </FormGroup>
                    </Box>
                    <Button type="submit" size="small" variant="outlined">
                      Save permissions
                    </Button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="memberId" value={m.id} />
                    <Button type="submit" size="small" color="error" sx={{ mt: 1 }}>
                      Remove {m.email}
                    </Button>
                  </Form>
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {m.permissions.join(", ") || "view only"}
                </Typography>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </StoreAdminShell>
  );
}
