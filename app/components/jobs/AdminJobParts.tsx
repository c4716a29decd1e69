import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Chip from "#app/components/ui/Chip.tsx";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form } from "react-router";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_TRANSITIONS,
  JOB_STATUS_LABELS,
  type ApplicationStatus,
  type JobStatus,
} from "#server/modules/careers/types.ts";
import { formatDateTime } from "#app/lib/dates.ts";

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

const JOB_STATUS_COLORS: Record<JobStatus, "default" | "success" | "warning"> = { draft: "warning", open: "success", closed: "default" };
const APPLICATION_STATUS_COLORS: Record<ApplicationStatus, "default" | "info" | "primary" | "success" | "error"> = {
  received: "info",
  reviewing: "primary",
  interviewing: "primary",
  hired: "success",
  rejected: "default",
};

export function JobStatusChip({ status }: { status: JobStatus }) {
  return (
    <Chip
      size="small"
      label={JOB_STATUS_LABELS[status]}
      color={JOB_STATUS_COLORS[status]}
      variant={status === "closed" ? "outlined" : "filled"}
      data-testid="job-status"
    />
  );
}

export function ApplicationStatusChip({ status }: { status: ApplicationStatus }) {
  return (
    <Chip
      size="small"
      label={APPLICATION_STATUS_LABELS[status]}
      color={APPLICATION_STATUS_COLORS[status]}
      variant="outlined"
      data-testid="application-status"
    />
  );
}

/** What the admin pages show of an application (dates as ISO strings). */
export interface ApplicationView {
  id: string;
  name: string;
  email: string;
  phone: string;
  links: string;
  coverLetter: string;
  cvFileName: string;
  cvSize: number;
  status: ApplicationStatus;
  createdAt: string;
}

export function toApplicationView(a: ApplicationView | (Omit<ApplicationView, "createdAt"> & { createdAt: Date })): ApplicationView {
  return {
    id: a.id,
    name: a.name,
    email: a.email,
    phone: a.phone,
    links: a.links,
    coverLetter: a.coverLetter,
    cvFileName: a.cvFileName,
    cvSize: a.cvSize,
    status: a.status,
    createdAt: a.createdAt instanceof Date ? a.createdAt.toISOString() : a.createdAt,
  };
}

/** One application: contact details, cover letter, CV download and the status move. */
export function ApplicationCard({ app }: { app: ApplicationView }) {
  const next = APPLICATION_TRANSITIONS[app.status];
  const links = app.links.split(/\s+/).filter(Boolean);
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={`app-${app.id}`}
      sx={{ p: { xs: 2, sm: 2.5 } }}
      data-testid="application"
    >
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ justifyContent: "space-between" }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
            <Typography id={`app-${app.id}`} variant="h3" sx={{ typography: "h4" }}>
              {app.name}
            </Typography>
            <ApplicationStatusChip status={app.status} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Received {formatDateTime(app.createdAt)}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1, overflowWrap: "anywhere" }}>
            <Link href={`mailto:${app.email}`}>{app.email}</Link>
            {app.phone ? <> · {app.phone}</> : null}
          </Typography>
          {links.length ? (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
              {links.map((l) => (
                <li key={l}>
                  <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                    <Link href={l} target="_blank" rel="noopener noreferrer nofollow">
                      {l}
                    </Link>
                  </Typography>
                </li>
              ))}
            </Box>
          ) : null}
          {app.coverLetter ? (
            <Box component="details" sx={{ mt: 1.5, "& summary": { cursor: "pointer", color: "primary.main", fontWeight: 500 } }}>
              <summary>Cover letter</summary>
              <Typography sx={{ whiteSpace: "pre-wrap", mt: 1, overflowWrap: "anywhere" }}>{app.coverLetter}</Typography>
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              No cover letter.
            </Typography>
          )}
        </Box>
        <Stack spacing={1.5} sx={{ minWidth: { md: 240 } }}>
          <Button
            variant="outlined"
            startIcon={<DownloadOutlined aria-hidden />}
            href={`/admin/jobs/applications/${app.id}/cv`}
            download
            aria-label={`Download CV of ${app.name} (PDF, ${formatBytes(app.cvSize)})`}
          >
            Download CV ({formatBytes(app.cvSize)})
          </Button>
          {next.length ? (
            <Form method="post" aria-label={`Status of ${app.name}'s application`}>
              <input type="hidden" name="intent" value="application-status" />
              <input type="hidden" name="applicationId" value={app.id} />
              <Stack direction="row" spacing={1}>
                <TextField
                  select
                  id={`status-${app.id}`}
                  name="status"
                  label="Move to"
                  size="small"
                  defaultValue={next[0]}
                  sx={{ flex: 1 }}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  {next.map((s) => (
                    <option key={s} value={s}>
                      {APPLICATION_STATUS_LABELS[s]}
                    </option>
                  ))}
                </TextField>
                <Button type="submit" variant="contained" size="small">
                  Update
                </Button>
              </Stack>
            </Form>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Final status: no further moves.
            </Typography>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
