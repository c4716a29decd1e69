import SearchIcon from "@mui/icons-material/Search";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Checkbox from "@mui/material/Checkbox";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/set-role";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { failure, failureFromError, formText, parseForm, readForm } from "#app/lib/forms.server.ts";
import { z } from "zod";
import { requireAdmin } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import {
  findUserByUid,
  searchUsers,
  setUserDisabled,
  setUserRoles,
  userEmails,
  type AdminUserView,
  type Role,
} from "#server/modules/identity/index.ts";
import { listAudit, type AuditEntry } from "#server/modules/platform/index.ts";
import { formatDateTime } from "#app/lib/dates.ts";

const PATH = "/admin/users/setRoleByUid";

export const meta: Route.MetaFunction = () => [{ title: "Users and roles · Platen" }];

const ROLE_INFO: Record<Role, { label: string; help: string }> = {
  admin: { label: "Admin", help: "Runs the marketplace: every admin page, moderation and configuration." },
  partner: { label: "Partner", help: "Opens stores and sells their designs." },
  fulfiller: { label: "Fulfiller", help: "Runs fulfillment businesses with warehouses; prints and ships orders." },
  shopper: { label: "Shopper", help: "Buys, keeps wishes, orders and addresses." },
};

// The identity module's ROLES, in display order (kept local so the browser bundle stays server-free).
const ROLES: readonly Role[] = ["admin", "partner", "fulfiller", "shopper"];

const SAVED_MESSAGES: Record<string, string> = {
  roles: "Roles saved. They apply from the user's next page load.",
  disabled: "Account disabled. The user has been signed out everywhere.",
  enabled: "Account enabled. The user can sign in again.",
  unchanged: "Nothing to save: the roles were already set that way.",
};

/** A date shown the same on the server and in the browser (UTC), or "Never". */
const formatWhen = (value: Date | string | null | undefined): string => (value ? formatDateTime(value) : "Never");

function describeAudit(e: AuditEntry): string {
  const d = e.data as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) && v.length ? v.join(", ") : "none");
  switch (e.action) {
    case "user.roles.set":
      return `Roles changed from ${list(d.before)} to ${list(d.after)}`;
    case "user.disabled":
      return `Account disabled${d.reason ? `: ${String(d.reason)}` : ""}`;
    case "user.enabled":
      return `Account enabled${d.reason ? `: ${String(d.reason)}` : ""}`;
    default:
      return e.action;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx, user: me } = await requireAdmin(request);
  const url = new URL(request.url);
  const uid = (url.searchParams.get("uid") ?? "").trim();
  const q = (url.searchParams.get("q") ?? "").trim();
  const saved = url.searchParams.get("saved") ?? "";

  const hits = q ? await searchUsers(ctx, q) : [];
  let user: AdminUserView | null = null;
  let uidError: string | null = null;
  let audit: { id: string; when: string; text: string; by: string }[] = [];
  if (uid) {
    try {
      user = await findUserByUid(ctx, uid);
      const entries = await listAudit(ctx, { targetType: "user", targetId: user.uid, limit: 20 });
      const emails = await userEmails(
        ctx,
        entries.map((e) => e.actorId ?? ""),
      );
      audit = entries.map((e) => ({
        id: e.id,
        when: formatWhen(e.createdAt),
        text: describeAudit(e),
        by: e.actorId ? (emails[e.actorId] ?? e.actorId) : "System",
      }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      uidError = error.message;
    }
  }
  return {
    me: me.id,
    uid,
    q,
    hits,
    uidError,
    saved: SAVED_MESSAGES[saved] ? saved : "",
    audit,
    user: user && {
      ...user,
      createdAt: formatWhen(user.createdAt),
      lastSignInAt: user.lastSignInAt ? formatWhen(user.lastSignInAt) : "Never",
      disabledAt: user.disabledAt ? formatWhen(user.disabledAt) : null,
    },
  };
}

const roleUid = z.preprocess((v) => v ?? "", z.string().trim().min(1, "Enter the uid of the user."));
const setRoleSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("roles"),
      uid: roleUid,
      // One checkbox posts a string, several an array, none nothing.
      roles: z
        .union([z.string(), z.array(z.string())])
        .optional()
        .transform((r) => (r === undefined ? [] : Array.isArray(r) ? r : [r])),
    }),
    z.object({ intent: z.enum(["disable", "enable"]), uid: roleUid, reason: formText() }),
  ],
  { error: "Unknown action. Reload the page and try again." },
);

export async function action({ request }: Route.ActionArgs) {
  const { ctx } = await requireAdmin(request);
  const form = await readForm(request);
  const parsed = parseForm(form, setRoleSchema);
  if (!parsed.ok) {
    // A missing uid is reported first, as the page always posts one.
    if (parsed.errors.uid) return failure({ uid: parsed.errors.uid }, 400);
    return failure(parsed.errors, 400);
  }
  const input = parsed.data;
  const back = (saved: string) => redirect(`${PATH}?uid=${encodeURIComponent(input.uid)}&saved=${saved}`);
  try {
    if (input.intent === "roles") {
      const res = await setUserRoles(ctx, input.uid, input.roles);
      return back(res.changed ? "roles" : "unchanged");
    }
    await setUserDisabled(ctx, input.uid, input.intent === "disable", input.reason);
    return back(input.intent === "disable" ? "disabled" : "enabled");
  } catch (error) {
    return failureFromError(error, {
      intent: input.intent,
      roles: input.intent === "roles" ? input.roles.join(",") : "",
      reason: input.intent === "roles" ? "" : input.reason,
    });
  }
}

function UserCard({
  user,
  me,
  errors,
  values,
  intent,
  busy,
}: {
  user: NonNullable<Route.ComponentProps["loaderData"]["user"]>;
  me: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  intent: string;
  busy: boolean;
}) {
  const checked = new Set(intent === "roles" && values.roles !== undefined ? values.roles.split(",").filter(Boolean) : user.roles);
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const details: [string, ReactNode][] = [
    [
      "Uid",
      <Box component="code" key="uid" sx={{ fontFamily: "monospace", wordBreak: "break-all" }} data-testid="user-uid">
        {user.uid}
      </Box>,
    ],
    [
      "E-mail",
      <span key="email">
        {user.email}{" "}
        {user.emailVerified ? (
          <Chip size="small" color="success" variant="outlined" label="Verified" />
        ) : (
          <Chip size="small" variant="outlined" label="Not verified" />
        )}
      </span>,
    ],
    ["Name", name || "Not given"],
    ["Display name", user.displayName || "Not given"],
    ["Phone", user.phone || "Not given"],
    ["Created", user.createdAt],
    ["Last sign-in", user.lastSignInAt],
    ["Active sessions", String(user.activeSessions)],
    [
      "Status",
      user.disabledAt ? (
        <span key="status">
          <Chip size="small" color="error" label="Disabled" /> since {user.disabledAt}
          {user.disabledReason ? `: ${user.disabledReason}` : ""}
        </span>
      ) : (
        <Chip key="status" size="small" color="success" label="Active" />
      ),
    ],
  ];
  return (
    <Card variant="outlined" component="section" aria-labelledby="user-card-title" data-testid="user-card">
      <CardContent>
        <Typography variant="h2" id="user-card-title" sx={{ fontSize: "1.4rem", mb: 2 }}>
          {user.displayName || name || user.email}
          {user.uid === me ? <Chip size="small" label="You" sx={{ ml: 1, verticalAlign: "middle" }} /> : null}
        </Typography>
        <Box
          component="dl"
          sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "160px 1fr" }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 }, m: 0 }}
        >
          {details.map(([k, v]) => (
            <Box key={k} sx={{ display: "contents" }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
                {k}
              </Typography>
              <Typography component="dd" variant="body1" sx={{ m: 0 }}>
                {v}
              </Typography>
            </Box>
          ))}
        </Box>

        <Divider sx={{ my: 3 }} />
        <Form
          method="post"
          action={`${PATH}?uid=${encodeURIComponent(user.uid)}`}
          key={`roles-${user.roles.join(",")}-${values.roles ?? ""}`}
          aria-labelledby="roles-title"
        >
          <input type="hidden" name="uid" value={user.uid} />
          <input type="hidden" name="intent" value="roles" />
          <FormControl component="fieldset" error={!!errors.roles} sx={{ width: "100%" }}>
            <FormLabel component="legend" id="roles-title" sx={{ fontWeight: 600, mb: 1 }}>
              Roles
            </FormLabel>
            <FormGroup>
              {ROLES.map((r) => (
                <FormControlLabel
                  key={r}
                  control={<Checkbox name="roles" value={r} defaultChecked={checked.has(r)} />}
                  label={
                    <span>
                      {ROLE_INFO[r].label}
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
                        {ROLE_INFO[r].help}
                      </Typography>
                    </span>
                  }
                  sx={{ alignItems: "flex-start", mb: 1, "& .MuiCheckbox-root": { pt: 0.5 } }}
                />
              ))}
            </FormGroup>
            {errors.roles ? (
              <FormHelperText role="alert" data-testid="roles-error">
                {errors.roles}
              </FormHelperText>
            ) : null}
          </FormControl>
          <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
            Save roles
          </Button>
        </Form>

        <Divider sx={{ my: 3 }} />
        <Form
          method="post"
          action={`${PATH}?uid=${encodeURIComponent(user.uid)}`}
          key={`status-${user.disabledAt ?? "active"}`}
          aria-labelledby="status-title"
        >
          <input type="hidden" name="uid" value={user.uid} />
          <input type="hidden" name="intent" value={user.disabledAt ? "enable" : "disable"} />
          <Typography variant="h3" id="status-title" sx={{ fontSize: "1.1rem", mb: 1 }}>
            {user.disabledAt ? "Enable this account" : "Disable this account"}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {user.disabledAt
              ? "The user will be able to sign in again. Their old sessions stay ended."
              : "The user is signed out everywhere at once and cannot sign in until an admin enables the account."}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
            <TextField
              name="reason"
              label={user.disabledAt ? "Note (optional)" : "Reason"}
              defaultValue={intent === "disable" || intent === "enable" ? values.reason : ""}
              error={!!errors.reason}
              helperText={errors.reason ?? "Kept in the audit log."}
              required={!user.disabledAt}
              slotProps={{ htmlInput: { maxLength: 500 } }}
              sx={{ flexGrow: 1 }}
            />
            <Button
              type="submit"
              variant={user.disabledAt ? "contained" : "outlined"}
              color={user.disabledAt ? "primary" : "error"}
              disabled={busy}
              sx={{ height: { sm: 56 }, flexShrink: 0 }}
            >
              {user.disabledAt ? "Enable account" : "Disable account"}
            </Button>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}

export default function SetRoleByUid({ loaderData, actionData }: Route.ComponentProps) {
  const { uid, q, hits, user, uidError, audit, saved, me } = loaderData;
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const uidFieldError = errors.uid ?? uidError ?? undefined;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/admin">
          Admin
        </Link>
        <Typography color="text.primary" aria-current="page">
          Users and roles
        </Typography>
      </Breadcrumbs>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Users and roles
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        Look up a user by uid, or find them by e-mail. Then grant or remove roles, or disable the account. Every change is recorded in the
        audit log.
      </Typography>

      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: 2, mb: 3 }}>
        <Card variant="outlined" component="section" aria-labelledby="lookup-title">
          <CardContent>
            <Typography variant="h2" id="lookup-title" sx={{ fontSize: "1.15rem", mb: 2 }}>
              Look up by uid
            </Typography>
            <Form method="get" action={PATH}>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
                <TextField
                  name="uid"
                  label="User uid"
                  defaultValue={uid}
                  key={`uid-${uid}`}
                  error={!!uidFieldError}
                  helperText={uidFieldError ?? "Starts with usr_"}
                  slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: "none", autoCorrect: "off" } }}
                  sx={{ flexGrow: 1 }}
                />
                <Button type="submit" variant="contained" sx={{ height: { sm: 56 }, flexShrink: 0 }}>
                  Look up
                </Button>
              </Stack>
            </Form>
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby="search-title">
          <CardContent>
            <Typography variant="h2" id="search-title" sx={{ fontSize: "1.15rem", mb: 2 }}>
              Find by e-mail
            </Typography>
            <Form method="get" action={PATH} role="search">
              <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
                <TextField
                  name="q"
                  type="search"
                  label="E-mail starts with"
                  defaultValue={q}
                  key={`q-${q}`}
                  helperText="For example ada@ or a full address"
                  slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: "none", autoCorrect: "off" } }}
                  sx={{ flexGrow: 1 }}
                />
                <Button type="submit" variant="outlined" startIcon={<SearchIcon />} sx={{ height: { sm: 56 }, flexShrink: 0 }}>
                  Search
                </Button>
              </Stack>
            </Form>
          </CardContent>
        </Card>
      </Box>

      {q ? (
        <Box component="section" aria-labelledby="results-title" sx={{ mb: 3 }}>
          <Typography variant="h2" id="results-title" sx={{ fontSize: "1.15rem", mb: 1 }}>
            {hits.length === 0
              ? `No user's e-mail starts with "${q}"`
              : `${hits.length === 20 ? "First 20" : hits.length} ${hits.length === 1 ? "match" : "matches"} for "${q}"`}
          </Typography>
          {hits.length ? (
            <TableContainer component={Card} variant="outlined">
              <Table size="small" aria-labelledby="results-title" data-testid="search-results">
                <TableHead>
                  <TableRow>
                    <TableCell>E-mail</TableCell>
                    <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>Roles</TableCell>
                    <TableCell>Uid</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {hits.map((h) => (
                    <TableRow key={h.uid} hover>
                      <TableCell sx={{ wordBreak: "break-all" }}>
                        {h.email}
                        {h.disabled ? <Chip size="small" color="error" label="Disabled" sx={{ ml: 1 }} /> : null}
                      </TableCell>
                      <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>{h.roles.join(", ")}</TableCell>
                      <TableCell>
                        <Link
                          component={RouterLink}
                          to={`${PATH}?uid=${encodeURIComponent(h.uid)}`}
                          sx={{ fontFamily: "monospace", wordBreak: "break-all" }}
                          aria-label={`Open ${h.email} (${h.uid})`}
                        >
                          {h.uid}
                        </Link>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : null}
        </Box>
      ) : null}

      {saved ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="saved-message">
          {SAVED_MESSAGES[saved]}
        </Alert>
      ) : null}
      <FormError errors={errors} />

      {user ? (
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "3fr 2fr" }, gap: 2, alignItems: "start" }}>
          <UserCard user={user} me={me} errors={errors} values={values} intent={values.intent ?? ""} busy={busy} />
          <Card variant="outlined" component="section" aria-labelledby="history-title">
            <CardContent>
              <Typography variant="h2" id="history-title" sx={{ fontSize: "1.15rem", mb: 1 }}>
                Recent changes to this user
              </Typography>
              {audit.length === 0 ? (
                <Typography color="text.secondary">No admin changes recorded yet.</Typography>
              ) : (
                <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0 }} data-testid="user-audit">
                  {audit.map((a) => (
                    <Box
                      component="li"
                      key={a.id}
                      sx={{ py: 1, borderBottom: 1, borderColor: "divider", "&:last-child": { borderBottom: 0 } }}
                    >
                      <Typography variant="body2">{a.text}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {a.when} by {a.by}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              )}
            </CardContent>
          </Card>
        </Box>
      ) : !uid && !q ? (
        <Typography color="text.secondary">Enter a uid or search by e-mail to see a user.</Typography>
      ) : null}
    </Container>
  );
}
