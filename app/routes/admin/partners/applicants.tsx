import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Chip from "#app/components/ui/Chip.tsx";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/applicants";
import { errorsOf, valuesOf } from "#app/components/forms.tsx";
import { failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { z } from "zod";
import { requireAdmin } from "#app/lib/session.server.ts";
import { approveApplication, listApplications, rejectApplication } from "#server/modules/stores/index.ts";
import { formatDateTime } from "#app/lib/dates.ts";

export const meta: Route.MetaFunction = () => [{ title: "Partner applicants · Platen" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const url = new URL(request.url);
  const rows = await listApplications(ctx);
  return {
    notice: url.searchParams.get("notice"),
    applications: rows.map((a) => ({
      id: a.id,
      storeName: a.storeName,
      handle: a.handle,
      bio: a.bio,
      links: a.links,
      status: a.status,
      applicantEmail: a.applicantEmail,
      applicantName: a.applicantName,
      createdAt: formatDateTime(a.createdAt),
      decidedAt: a.decidedAt ? formatDateTime(a.decidedAt) : null,
      decisionNote: a.decisionNote,
    })),
  };
}

const clipped = (max: number) =>
  z
    .string()
    .default("")
    .transform((s) => s.slice(0, max));
const actionSchema = z.object({ intent: z.enum(["approve", "reject"]), id: clipped(100), note: clipped(1000), reason: clipped(1000) });

export async function action({ request }: Route.ActionArgs) {
  const { ctx } = await requireAdmin(request);
  const parsed = parseForm(await readForm(request), actionSchema);
  if (!parsed.ok) return failure({ _form: "Choose approve or reject." });
  const { intent, id, note, reason } = parsed.data;
  try {
    if (intent === "approve") {
      const store = await approveApplication(ctx, id, note);
      throw redirect(
        `/admin/partners/applicants?notice=${encodeURIComponent(`Approved: @${store.handle} is open and the applicant was e-mailed.`)}`,
      );
    }
    await rejectApplication(ctx, id, reason);
    throw redirect(`/admin/partners/applicants?notice=${encodeURIComponent("Rejected; the applicant was e-mailed the reason.")}`);
  } catch (e) {
    if (e instanceof Response) throw e;
    return failureFromError(e, { id });
  }
}

const STATUS_COLOR = { pending: "warning", approved: "success", rejected: "default" } as const;

export default function Applicants({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const failedId = valuesOf(actionData).id ?? null;
  const { applications, notice } = loaderData;
  const pending = applications.filter((a) => a.status === "pending").length;
  return (
    <Box>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2rem" }, mb: 1 }}>
        Partner applicants
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {pending ? `${pending} waiting for review, oldest first.` : "No application is waiting for review."} Approving creates the store,
        grants the partner role and e-mails the applicant.
      </Typography>
      {notice ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {notice}
        </Alert>
      ) : null}
      {errors._form && !failedId ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errors._form}
        </Alert>
      ) : null}
      <Stack spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
        {applications.map((a) => {
          const err = failedId === a.id ? errors : {};
          return (
            <Paper
              component="li"
              key={a.id}
              variant="outlined"
              sx={{ p: { xs: 2, sm: 3 } }}
              data-testid="application"
              data-handle={a.handle}
            >
              <Stack
                direction={{ xs: "column", sm: "row" }}
                spacing={1}
                sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
              >
                <Box>
                  <Typography variant="h2" sx={{ fontSize: "1.2rem" }}>
                    {a.storeName}{" "}
                    <Typography component="span" color="text.secondary">
                      @{a.handle}
                    </Typography>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {a.applicantName} · {a.applicantEmail} · applied {a.createdAt}
                  </Typography>
                </Box>
                <Chip
                  label={a.status}
                  color={STATUS_COLOR[a.status]}
                  variant={a.status === "pending" ? "filled" : "outlined"}
                  sx={{ alignSelf: { xs: "flex-start", sm: "center" } }}
                />
              </Stack>
              <Typography sx={{ mt: 1.5, whiteSpace: "pre-line" }}>{a.bio}</Typography>
              {a.links.length ? (
                <Stack direction="row" spacing={2} sx={{ mt: 1, flexWrap: "wrap" }}>
                  {a.links.map((l) => (
                    <MuiLink key={l.url} href={l.url} target="_blank" rel="noopener noreferrer nofollow" underline="always">
                      {l.label}
                    </MuiLink>
                  ))}
                </Stack>
              ) : null}
              {err._form ? (
                <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                  {err._form}
                </Alert>
              ) : null}
              {a.status === "pending" ? (
                <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: 2, mt: 2 }}>
                  <Form method="post">
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="id" value={a.id} />
                    <TextField
                      name="note"
                      label={`Note to ${a.storeName} (optional)`}
                      fullWidth
                      multiline
                      minRows={2}
                      size="small"
                      helperText="Included in the welcome e-mail."
                    />
                    <Button type="submit" variant="contained" color="success" sx={{ mt: 1 }}>
                      Approve
                    </Button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="reject" />
                    <input type="hidden" name="id" value={a.id} />
                    <TextField
                      name="reason"
                      label={`Reason for rejecting ${a.storeName}`}
                      fullWidth
                      multiline
                      minRows={2}
                      size="small"
                      error={Boolean(err.reason)}
                      helperText={err.reason ?? "The applicant reads this."}
                    />
                    <Button type="submit" variant="outlined" color="error" sx={{ mt: 1 }}>
                      Reject
                    </Button>
                  </Form>
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                  Decided {a.decidedAt}
                  {a.decisionNote ? ` · ${a.status === "approved" ? "Note" : "Reason"}: ${a.decisionNote}` : ""}
                  {a.status === "approved" ? (
                    <>
                      {" · "}
                      <MuiLink component={Link} to={`/shop/partners/@${a.handle}`} underline="always">
                        View store
                      </MuiLink>
                    </>
                  ) : null}
                </Typography>
              )}
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
