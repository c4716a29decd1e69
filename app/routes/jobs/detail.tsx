import ArrowBack from "@mui/icons-material/ArrowBack";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/detail";
import { notFoundMessage } from "#app/components/ErrorView.tsx";
import { errorsOf, valuesOf } from "#app/components/forms.tsx";
import { getCtx } from "#app/lib/session.server.ts";
import { getJob } from "#server/modules/careers/index.ts";
import { EMPLOYMENT_TYPE_LABELS, WORK_MODE_LABELS } from "#server/modules/careers/types.ts";
import { ApplicationConfirmation, ApplicationForm } from "#app/components/jobs/ApplicationForm.tsx";
import { handleApplication } from "#app/lib/jobs/apply.server.ts";
import { JobChips } from "#app/components/jobs/JobChips.tsx";
import { renderMarkdown } from "#app/lib/markdown.server.ts";
import { formatLongDate } from "#app/lib/dates.ts";

async function loadJob(request: Request, id: string) {
  const job = await getJob(await getCtx(request), id);
  if (!job) throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
  return job;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const job = await loadJob(request, params.id);
  const url = new URL(request.url);
  return {
    job: {
      id: job.id,
      title: job.title,
      team: job.team,
      location: job.location,
      employmentType: job.employmentType,
      remote: job.remote,
      summary: job.summary,
      status: job.status,
      publishedAt: job.publishedAt?.toISOString() ?? null,
    },
    descriptionHtml: renderMarkdown(job.description),
    applied: url.searchParams.get("applied") === "1",
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  // An unknown id is a 404 before anything is read; closed and draft listings are refused by the service.
  const job = await loadJob(request, params.id);
  return handleApplication(request, job.id);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.job.title} · Platen` : "Job not found · Platen" },
  ...(data ? [{ name: "description", content: data.job.summary }] : []),
];

export default function JobDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { job, descriptionHtml, applied } = loaderData;
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Button component={Link} to="/jobs" startIcon={<ArrowBack aria-hidden />} sx={{ mb: 2 }}>
        All open roles
      </Button>
      <Grid container spacing={{ xs: 3, md: 5 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Typography component="p" variant="overline" color="text.secondary">
            {job.team}
          </Typography>
          <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: "1.8rem", sm: "2.25rem" } }}>
            {job.title}
          </Typography>
          <JobChips job={job} />
          <Typography variant="body1" sx={{ mt: 2, fontSize: "1.1rem" }}>
            {job.summary}
          </Typography>
          {job.status === "draft" ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              This listing is a draft: only admins can see it, and it does not accept applications until it is published.
            </Alert>
          ) : null}
          <Divider sx={{ my: 3 }} />
          <Box
            className="job-description"
            data-testid="job-description"
            sx={{
              "& h2": { typography: "h3", mt: 4, mb: 1.5 },
              "& h3": { typography: "h4", mt: 3, mb: 1 },
              "& p, & li": { typography: "body1", lineHeight: 1.7 },
              "& ul, & ol": { pl: 3 },
              "& li": { mb: 0.5 },
              "& a": { color: "primary.main" },
            }}
            dangerouslySetInnerHTML={{ __html: descriptionHtml }}
          />

          <Box component="section" id="apply" aria-labelledby="apply-heading" sx={{ mt: 5, scrollMarginTop: 80 }}>
            <Typography id="apply-heading" variant="h2" gutterBottom>
              Apply for this role
            </Typography>
            {applied ? (
              <ApplicationConfirmation jobTitle={job.title} />
            ) : job.status === "open" ? (
              <>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  Tell us who you are and attach your CV. It takes about five minutes, and you do not need an account.
                </Typography>
                <ApplicationForm errors={errors} values={values} />
              </>
            ) : job.status === "closed" ? (
              <Alert severity="info" data-testid="job-closed">
                This role is no longer accepting applications. Have a look at our <Link to="/jobs">other open roles</Link>, or{" "}
                <Link to="/jobs/general">send us an open application</Link>.
              </Alert>
            ) : (
              <Alert severity="info">Applications open when this listing is published.</Alert>
            )}
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper
            variant="outlined"
            component="aside"
            aria-labelledby="glance-heading"
            sx={{ p: 3, position: { md: "sticky" }, top: { md: 88 } }}
          >
            <Typography id="glance-heading" variant="h2" sx={{ typography: "h4", mb: 2 }}>
              At a glance
            </Typography>
            <Box
              component="dl"
              sx={{ m: 0, "& dt": { typography: "body2", color: "text.secondary" }, "& dd": { m: 0, mb: 1.5, fontWeight: 500 } }}
            >
              <dt>Team</dt>
              <dd>{job.team}</dd>
              <dt>Location</dt>
              <dd>{job.location}</dd>
              <dt>Employment</dt>
              <dd>{EMPLOYMENT_TYPE_LABELS[job.employmentType]}</dd>
              <dt>Work mode</dt>
              <dd>{WORK_MODE_LABELS[job.remote]}</dd>
              {job.publishedAt ? (
                <>
                  <dt>Posted</dt>
                  <dd>{formatLongDate(job.publishedAt)}</dd>
                </>
              ) : null}
            </Box>
            {job.status === "open" && !applied ? (
              <Button variant="contained" fullWidth href="#apply">
                Apply now
              </Button>
            ) : null}
          </Paper>
        </Grid>
      </Grid>
    </Container>
  );
}
