import Add from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/index";
import { errorsOf, FormError } from "#app/components/forms.tsx";
import { failure, parseForm, readForm } from "#app/lib/forms.server.ts";
import { z } from "zod";
import { requireAdmin } from "#app/lib/session.server.ts";
import { listGeneralApplications, listJobsForAdmin } from "#server/modules/careers/index.ts";
import { EMPLOYMENT_TYPE_LABELS, JOB_STATUS_LABELS, JOB_STATUSES, type JobStatus } from "#server/modules/careers/types.ts";
import { applicationStatusAction } from "#app/lib/jobs/admin-actions.server.ts";
import { ApplicationCard, JobStatusChip, toApplicationView } from "#app/components/jobs/AdminJobParts.tsx";
import { formatDateTime } from "#app/lib/dates.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const raw = new URL(request.url).searchParams.get("status");
  const status = JOB_STATUSES.includes(raw as JobStatus) ? (raw as JobStatus) : null;
  const [{ jobs, statusCounts }, general] = await Promise.all([listJobsForAdmin(ctx, { status }), listGeneralApplications(ctx)]);
  return {
    status,
    statusCounts,
    jobs: jobs.map((j) => ({
      id: j.id,
      title: j.title,
      team: j.team,
      location: j.location,
      employmentType: j.employmentType,
      status: j.status,
      applicationCount: j.applicationCount,
      updatedAt: j.updatedAt.toISOString(),
    })),
    general: general.map(toApplicationView),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { ctx } = await requireAdmin(request);
  const form = await readForm(request);
  const which = parseForm(form, z.object({ intent: z.literal("application-status") }));
  if (!which.ok) return failure({ _form: "Unknown action." });
  return applicationStatusAction(ctx, form);
}

export const meta: Route.MetaFunction = () => [{ title: "Job listings · Platen" }];

export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { status, statusCounts, jobs, general } = loaderData;
  const total = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  const filters: { value: JobStatus | null; label: string; n: number }[] = [
    { value: null, label: "All", n: total },
    ...JOB_STATUSES.map((s) => ({ value: s, label: JOB_STATUS_LABELS[s], n: statusCounts[s] })),
  ];
  const message = actionData && "message" in actionData ? actionData.message : null;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 3 }}
      >
        <Box>
          <Typography variant="h1">Job listings</Typography>
          <Typography color="text.secondary">Roles on the public careers page at /jobs, and the applications they received.</Typography>
        </Box>
        <Button variant="contained" component={Link} to="/admin/jobs/new" startIcon={<Add aria-hidden />} sx={{ flexShrink: 0 }}>
          New listing
        </Button>
      </Stack>
      <FormError errors={errorsOf(actionData)} />
      {message ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {message}
        </Alert>
      ) : null}

      <Box component="nav" aria-label="Filter by status" sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 2 }}>
        {filters.map((f) => {
          const current = f.value === status;
          return (
            <Button
              key={f.label}
              component={Link}
              to={f.value ? `/admin/jobs?status=${f.value}` : "/admin/jobs"}
              variant={current ? "contained" : "outlined"}
              size="small"
              aria-current={current ? "page" : undefined}
            >
              {f.label} ({f.n})
            </Button>
          );
        })}
      </Box>

      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="Job listings" sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>Role</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Applications</TableCell>
              <TableCell>Updated</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {jobs.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography color="text.secondary">
                    {status ? `No ${JOB_STATUS_LABELS[status].toLowerCase()} listings.` : "No listings yet. Create the first one."}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              jobs.map((j) => (
                <TableRow key={j.id} hover data-testid="job-row">
                  <TableCell>
                    <MuiLink component={Link} to={`/admin/jobs/${j.id}`} sx={{ fontWeight: 600 }}>
                      {j.title}
                    </MuiLink>
                    <Typography variant="body2" color="text.secondary">
                      {j.team} · {j.location} · {EMPLOYMENT_TYPE_LABELS[j.employmentType]}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <JobStatusChip status={j.status} />
                  </TableCell>
                  <TableCell align="right">{j.applicationCount}</TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(j.updatedAt)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>

      <Box component="section" aria-labelledby="general-heading" sx={{ mt: 6 }}>
        <Typography id="general-heading" variant="h2" gutterBottom>
          Open applications ({general.length})
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Sent from{" "}
          <MuiLink component={Link} to="/jobs/general">
            /jobs/general
          </MuiLink>
          , not tied to a listing.
        </Typography>
        {general.length === 0 ? (
          <Typography color="text.secondary">No open applications yet.</Typography>
        ) : (
          <Stack spacing={2}>
            {general.map((a) => (
              <ApplicationCard key={a.id} app={a} />
            ))}
          </Stack>
        )}
      </Box>
    </Container>
  );
}
