import ArrowBack from "@mui/icons-material/ArrowBack";
import OpenInNew from "@mui/icons-material/OpenInNew";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { z } from "zod";
import type { Route } from "./+types/edit";
import { notFoundMessage } from "#app/components/ErrorView.tsx";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { echoValues, failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { AppError, type Ctx } from "#server/kernel/index.ts";
import { changeJobStatus, createJob, getJobForAdmin, updateJob } from "#server/modules/careers/index.ts";
import {
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  JOB_STATUSES,
  JOB_TRANSITIONS,
  jobInputSchema,
  WORK_MODE_LABELS,
  WORK_MODES,
  type JobStatus,
} from "#server/modules/careers/types.ts";
import { applicationStatusAction } from "#app/lib/jobs/admin-actions.server.ts";
import { ApplicationCard, JobStatusChip, toApplicationView } from "#app/components/jobs/AdminJobParts.tsx";
import { formatDateTime } from "#app/lib/dates.ts";

const NOTICES = {
  created: "Listing created as a draft. Publish it when it is ready: only then does it appear on /jobs.",
  saved: "Changes saved.",
  open: "The listing is open: it is on /jobs and accepts applications.",
  closed: "The listing is closed: it no longer accepts applications.",
} as const;

const TRANSITION_LABELS: Record<JobStatus, Partial<Record<JobStatus, string>>> = {
  draft: { open: "Publish listing" },
  open: { closed: "Close listing" },
  closed: { open: "Reopen listing" },
};

async function loadJob(ctx: Ctx, request: Request, jobId: string) {
  const found = await getJobForAdmin(ctx, jobId);
  if (!found) throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
  return found;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const url = new URL(request.url);
  const noticeKey = url.searchParams.get("notice");
  const notice = noticeKey && noticeKey in NOTICES ? NOTICES[noticeKey as keyof typeof NOTICES] : null;
  if (!params.jobId) return { job: null, applications: [], notice };
  const { job, applications } = await loadJob(ctx, request, params.jobId);
  return {
    job: {
      id: job.id,
      title: job.title,
      team: job.team,
      location: job.location,
      employmentType: job.employmentType,
      remote: job.remote,
      summary: job.summary,
      description: job.description,
      status: job.status,
      createdAt: job.createdAt.toISOString(),
      updatedAt: job.updatedAt.toISOString(),
      publishedAt: job.publishedAt?.toISOString() ?? null,
      closedAt: job.closedAt?.toISOString() ?? null,
    },
    applications: applications.map(toApplicationView),
    notice,
  };
}

const transitionSchema = z.object({ to: z.enum(JOB_STATUSES) });
const jobIntentSchema = z.object({ intent: z.enum(["save", "transition", "application-status"]) });

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx } = await requireAdmin(request);
  const form = await readForm(request);
  const which = parseForm(form, jobIntentSchema);
  if (!which.ok) return failure({ _form: "Unknown action." });
  const { intent } = which.data;
  const jobId = params.jobId;

  if (intent === "save") {
    const parsed = parseForm(form, jobInputSchema);
    if (!parsed.ok) return failure(parsed.errors, 400, parsed.values);
    try {
      if (!jobId) {
        const { id } = await createJob(ctx, parsed.data);
        throw redirect(`/admin/jobs/${id}?notice=created`);
      }
      await updateJob(ctx, jobId, parsed.data);
    } catch (error) {
      if (error instanceof Response) throw error;
      if (error instanceof AppError && error.status === 404)
        throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404 });
      return failureFromError(error, echoValues(form));
    }
    throw redirect(`/admin/jobs/${jobId}?notice=saved`);
  }

  if (!jobId) return failure({ _form: "Save the listing first." });
  await loadJob(ctx, request, jobId);

  if (intent === "transition") {
    const parsed = parseForm(form, transitionSchema);
    if (!parsed.ok) return failure({ _form: "Unknown listing status." });
    try {
      await changeJobStatus(ctx, jobId, parsed.data.to);
    } catch (error) {
      return failureFromError(error);
    }
    throw redirect(`/admin/jobs/${jobId}?notice=${parsed.data.to}`);
  }
  return applicationStatusAction(ctx, form);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.job ? `${data.job.title} · Job listings · Platen` : "New job listing · Platen" },
];

export default function EditJob({ loaderData, actionData }: Route.ComponentProps) {
  const { job, applications, notice } = loaderData;
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const v = (name: keyof NonNullable<typeof job>) => values[name] ?? (job ? String(job[name] ?? "") : "");
  const field = (name: string) => ({ name, error: Boolean(errors[name]), fullWidth: true });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Button component={Link} to="/admin/jobs" startIcon={<ArrowBack aria-hidden />} sx={{ mb: 2 }}>
        All listings
      </Button>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { sm: "flex-start" }, mb: 3 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.25rem" }, overflowWrap: "anywhere" }}>
            {job ? job.title : "New job listing"}
          </Typography>
          {job ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 1, flexWrap: "wrap" }} useFlexGap>
              <JobStatusChip status={job.status} />
              <Typography variant="body2" color="text.secondary">
                Updated {formatDateTime(job.updatedAt)}
                {job.publishedAt ? ` · first published ${formatDateTime(job.publishedAt)}` : ""}
                {job.status === "closed" && job.closedAt ? ` · closed ${formatDateTime(job.closedAt)}` : ""}
              </Typography>
            </Stack>
          ) : (
            <Typography color="text.secondary">A new listing starts as a draft; publish it when it is ready.</Typography>
          )}
        </Box>
        {job ? (
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", flexShrink: 0 }} useFlexGap>
            {JOB_TRANSITIONS[job.status].map((to) => (
              <Form method="post" key={to}>
                <input type="hidden" name="intent" value="transition" />
                <input type="hidden" name="to" value={to} />
                <Button type="submit" variant={to === "open" ? "contained" : "outlined"} color={to === "closed" ? "warning" : "primary"}>
                  {TRANSITION_LABELS[job.status][to] ?? to}
                </Button>
              </Form>
            ))}
            <Button component={Link} to={`/jobs/${job.id}`} endIcon={<OpenInNew aria-hidden />}>
              {job.status === "draft" ? "Preview" : "Public page"}
            </Button>
          </Stack>
        ) : null}
      </Stack>

      {notice ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      {message ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {message}
        </Alert>
      ) : null}
      <FormError errors={errors} />

      <Paper variant="outlined" component="section" aria-labelledby="details-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="details-heading" variant="h2" sx={{ typography: "h3", mb: 2 }}>
          Listing details
        </Typography>
        <Form method="post" noValidate aria-labelledby="details-heading" key={job?.updatedAt ?? "new"}>
          <input type="hidden" name="intent" value="save" />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12 }}>
              <TextField
                {...field("title")}
                label="Title"
                required
                defaultValue={v("title")}
                helperText={errors.title ?? "E.g. Senior full-stack engineer"}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field("team")}
                label="Team"
                required
                defaultValue={v("team")}
                helperText={errors.team ?? "Roles are grouped by team on /jobs."}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field("location")}
                label="Location"
                required
                defaultValue={v("location")}
                helperText={errors.location ?? "City and country, or e.g. Remote (EU time zones)"}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field("employmentType")}
                select
                label="Employment type"
                defaultValue={v("employmentType") || "full_time"}
                helperText={errors.employmentType}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {EMPLOYMENT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {EMPLOYMENT_TYPE_LABELS[t]}
                  </option>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field("remote")}
                select
                label="Work mode"
                defaultValue={v("remote") || "hybrid"}
                helperText={errors.remote}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {WORK_MODES.map((m) => (
                  <option key={m} value={m}>
                    {WORK_MODE_LABELS[m]}
                  </option>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12 }}>
              <TextField
                {...field("summary")}
                label="Summary"
                required
                multiline
                minRows={2}
                defaultValue={v("summary")}
                helperText={errors.summary ?? "One or two sentences shown in the list of roles (20-300 characters)."}
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <TextField
                {...field("description")}
                label="Description"
                required
                multiline
                minRows={12}
                defaultValue={v("description")}
                helperText={
                  errors.description ?? "Markdown: ## for headings, - for lists, **bold**, [links](https://...). HTML is shown as text."
                }
                slotProps={{ htmlInput: { style: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: 14 } } }}
              />
            </Grid>
          </Grid>
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" disabled={saving}>
              {job ? "Save changes" : "Create listing"}
            </Button>
          </Box>
        </Form>
      </Paper>

      {job ? (
        <Box component="section" aria-labelledby="applications-heading" sx={{ mt: 5 }}>
          <Typography id="applications-heading" variant="h2" gutterBottom>
            Applications ({applications.length})
          </Typography>
          {applications.length === 0 ? (
            <Typography color="text.secondary">{job.status === "open" ? "No applications yet." : "No applications."}</Typography>
          ) : (
            <Stack spacing={2}>
              {applications.map((a) => (
                <ApplicationCard key={a.id} app={a} />
              ))}
            </Stack>
          )}
        </Box>
      ) : null}
    </Container>
  );
}
