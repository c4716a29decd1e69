import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Chip from "#app/components/ui/Chip.tsx";
import Link from "@mui/material/Link";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/dashboard";
import { errorsOf } from "#app/components/forms.tsx";
import { failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { z } from "zod";
import { requireAdmin } from "#app/lib/session.server.ts";
import { logger } from "#server/infra/logger/index.ts";
import { listGeneralApplications, listJobsForAdmin } from "#server/modules/careers/index.ts";
import { userCounts, userEmails, type Role } from "#server/modules/identity/index.ts";
import { countMessagesByStatus as countEmailsByStatus } from "#server/modules/notifications/index.ts";
import { listAudit, outboxOverview, retryOutboxJob, type AuditEntry } from "#server/modules/platform/index.ts";
import { countMessagesByStatus as countContactByStatus } from "#server/modules/support/index.ts";
import { orderStatusOverview } from "#server/modules/orders/index.ts";
import { formatAmount } from "#server/contracts/money.ts";
import { formatDateTime } from "#app/lib/dates.ts";

export const meta: Route.MetaFunction = () => [{ title: "Admin dashboard · Platen" }];

const ROLE_LABELS: Record<Role, string> = { admin: "Admins", partner: "Partners", fulfiller: "Fulfillers", shopper: "Shoppers" };
const ROLE_ORDER: readonly Role[] = ["shopper", "partner", "fulfiller", "admin"];

/** One dashboard card's data; a failing source shows "not available" instead of breaking the page. */
async function safely<T>(what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof Response) throw error;
    logger().error({ err: error, what }, "admin dashboard: a source failed");
    return null;
  }
}

function describeAudit(e: AuditEntry, who: (id: string) => string): string {
  const d = e.data as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) && v.length ? v.join(", ") : "none");
  switch (e.action) {
    case "user.roles.set":
      return `Roles of ${who(e.targetId)} changed from ${list(d.before)} to ${list(d.after)}`;
    case "user.disabled":
      return `Disabled ${who(e.targetId)}${d.reason ? `: ${String(d.reason)}` : ""}`;
    case "user.enabled":
      return `Enabled ${who(e.targetId)}`;
    case "settings.update":
      return `Changed platform settings (${list(d.changed)})`;
    case "outbox.retry":
      return `Retried background job ${e.targetId}`;
    default:
      return `${e.action} on ${e.targetType} ${e.targetId}`;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const [users, contact, jobs, general, emails, outbox, audit, orders] = await Promise.all([
    safely("users", () => userCounts(ctx)),
    safely("contact", () => countContactByStatus(ctx)),
    safely("jobs", () => listJobsForAdmin(ctx)),
    safely("applications", () => listGeneralApplications(ctx)),
    safely("emails", () => countEmailsByStatus(ctx)),
    safely("outbox", () => outboxOverview(ctx, 20)),
    safely("audit", () => listAudit(ctx, { limit: 10 })),
    safely("orders", () => orderStatusOverview(ctx)),
  ]);
  const ids = (audit ?? []).flatMap((e) => [e.actorId ?? "", e.targetType === "user" ? e.targetId : ""]);
  const names = await safely("names", () => userEmails(ctx, ids));
  const who = (id: string) => names?.[id] ?? id;
  return {
    orders: orders && {
      today: orders.daily.at(-1)?.orders ?? 0,
      revenueToday: formatAmount(orders.revenue.days1, orders.currency),
      awaitingProduction: orders.counts.paid,
      onHold: orders.counts.on_hold,
    },
    users,
    contact,
    jobs: jobs && {
      open: jobs.statusCounts.open,
      draft: jobs.statusCounts.draft,
      closed: jobs.statusCounts.closed,
      applications: jobs.jobs.reduce((n, j) => n + j.applicationCount, 0) + (general?.length ?? 0),
      newApplications: (general ?? []).filter((a) => a.status === "received").length,
    },
    emails,
    outbox: outbox && { counts: outbox.counts, failed: outbox.failed.map((j) => ({ ...j, createdAt: formatDateTime(j.createdAt) })) },
    audit:
      audit?.map((e) => ({
        id: e.id,
        when: formatDateTime(e.createdAt),
        by: e.actorId ? who(e.actorId) : "System",
        text: describeAudit(e, who),
      })) ?? null,
  };
}

const retrySchema = z.object({ intent: z.literal("retry"), jobId: z.string().default("") });

export async function action({ request }: Route.ActionArgs) {
  const { ctx } = await requireAdmin(request);
  const parsed = parseForm(await readForm(request), retrySchema);
  if (!parsed.ok) return failure({ _form: "Unknown action. Reload the page and try again." });
  const { jobId } = parsed.data;
  try {
    await retryOutboxJob(ctx, jobId);
    return { ok: true as const, message: "The job is back in the queue and will run in a moment." };
  } catch (error) {
    return failureFromError(error);
  }
}

function Stat({ value, label }: { value: number | string; label: string }) {
  return (
    <Box sx={{ minWidth: 88 }}>
      <Typography component="p" sx={{ fontSize: "1.75rem", fontWeight: 700, lineHeight: 1.2 }}>
        {value}
      </Typography>
      <Typography component="p" variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

function DashCard({
  id,
  title,
  to,
  linkLabel,
  children,
}: {
  id: string;
  title: string;
  to?: string;
  linkLabel?: string;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ display: "flex", flexDirection: "column" }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h2" id={id} sx={{ fontSize: "1.1rem", mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
      {to ? (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button component={RouterLink} to={to} size="small">
            {linkLabel}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

const Unavailable = () => <Typography color="text.secondary">Not available right now. Try reloading the page.</Typography>;

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, users, contact, jobs, emails, outbox, audit } = loaderData;
  const errors = errorsOf(actionData);
  const navigation = useNavigation();
  const retrying = navigation.state === "submitting" ? navigation.formData?.get("jobId") : null;
  const maxRole = users ? Math.max(1, ...ROLE_ORDER.map((r) => users.byRole[r])) : 1;

  return (
    <Box sx={{ maxWidth: 1280, mx: "auto" }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        What needs attention across the marketplace today.
      </Typography>

      {actionData && "ok" in actionData && actionData.ok ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {actionData.message}
        </Alert>
      ) : null}
      {errors._form || errors.jobId ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errors._form ?? errors.jobId}
        </Alert>
      ) : null}

      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(3, 1fr)" }, gap: 2, mb: 3 }}>
        <DashCard id="orders-title" title="Orders today" to="/admin/orders/status-overview" linkLabel="Open the orders overview">
          {orders ? (
            <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap" }} data-testid="dashboard-orders">
              <Stat value={orders.today} label="placed today" />
              <Stat value={orders.revenueToday} label="revenue, last 24 hours" />
              <Stat value={orders.awaitingProduction} label="paid, waiting for production" />
              <Stat value={orders.onHold} label="on hold" />
            </Box>
          ) : (
            <Unavailable />
          )}
        </DashCard>

        <DashCard id="users-title" title="Users" to="/admin/users/setRoleByUid" linkLabel="Manage users and roles">
          {users ? (
            <>
              <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap", mb: 2 }}>
                <Stat value={users.total} label="accounts" />
                <Stat value={users.newLast7Days} label="new this week" />
                <Stat value={users.disabled} label="disabled" />
              </Box>
              <Box component="dl" sx={{ m: 0 }} aria-label="Users by role" data-testid="users-by-role">
                {ROLE_ORDER.map((r) => (
                  <Box key={r} sx={{ display: "grid", gridTemplateColumns: "90px 1fr 40px", alignItems: "center", gap: 1, mb: 0.5 }}>
                    <Typography component="dt" variant="body2">
                      {ROLE_LABELS[r]}
                    </Typography>
                    <Box aria-hidden sx={{ height: 10, borderRadius: 5, bgcolor: "action.hover", overflow: "hidden" }}>
                      <Box sx={{ height: "100%", width: `${(users.byRole[r] / maxRole) * 100}%`, bgcolor: "primary.main" }} />
                    </Box>
                    <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: "right", fontWeight: 600 }}>
                      {users.byRole[r]}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </>
          ) : (
            <Unavailable />
          )}
        </DashCard>

        <DashCard id="contact-title" title="Contact messages" to="/admin/contact/respond" linkLabel="Open the inbox">
          {contact ? (
            <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap" }}>
              <Stat value={contact.new} label="new" />
              <Stat value={contact.open} label="open" />
              <Stat value={contact.answered} label="answered" />
            </Box>
          ) : (
            <Unavailable />
          )}
        </DashCard>

        <DashCard id="jobs-title" title="Jobs and applications" to="/admin/jobs" linkLabel="Manage job listings">
          {jobs ? (
            <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap" }}>
              <Stat value={jobs.open} label="open listings" />
              <Stat value={jobs.draft} label="drafts" />
              <Stat value={jobs.applications} label="applications" />
            </Box>
          ) : (
            <Unavailable />
          )}
        </DashCard>

        <DashCard id="email-title" title="Transactional e-mail" to="/admin/brevo" linkLabel="Open the mailbox">
          {emails ? (
            <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap" }}>
              <Stat value={emails.queued} label="queued" />
              <Stat value={emails.sent} label="sent" />
              <Stat value={emails.failed} label="failed" />
            </Box>
          ) : (
            <Unavailable />
          )}
        </DashCard>

        <DashCard id="outbox-title" title="Background jobs">
          {outbox ? (
            <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap" }}>
              <Stat value={outbox.counts.pending + outbox.counts.processing} label="waiting or running" />
              <Stat value={outbox.counts.done} label="done" />
              <Stat value={outbox.counts.failed} label="failed" />
            </Box>
          ) : (
            <Unavailable />
          )}
        </DashCard>

        <DashCard id="config-title" title="Configuration" to="/admin/config" linkLabel="Open configuration">
          <Typography variant="body2" color="text.secondary">
            Store currency, platform fee, minimum margin, tax rates by region and the search client.
          </Typography>
        </DashCard>
      </Box>

      <Card variant="outlined" component="section" aria-labelledby="failed-title" sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h2" id="failed-title" sx={{ fontSize: "1.1rem", mb: 1 }}>
            Failed background jobs
          </Typography>
          {!outbox ? (
            <Unavailable />
          ) : outbox.failed.length === 0 ? (
            <Typography color="text.secondary">No failed jobs. E-mails and other background work are going out normally.</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-labelledby="failed-title" data-testid="failed-jobs">
                <TableHead>
                  <TableRow>
                    <TableCell>Topic</TableCell>
                    <TableCell align="right">Attempts</TableCell>
                    <TableCell>Last error</TableCell>
                    <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>Created</TableCell>
                    <TableCell>
                      <Box component="span" sx={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>
                        Action
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {outbox.failed.map((j) => (
                    <TableRow key={j.id}>
                      <TableCell>
                        <Chip size="small" label={j.topic} variant="outlined" />
                      </TableCell>
                      <TableCell align="right">
                        {j.attempts} of {j.maxAttempts}
                      </TableCell>
                      <TableCell sx={{ maxWidth: 420, wordBreak: "break-word", fontFamily: "monospace", fontSize: "0.8rem" }}>
                        {j.lastError ?? "No error recorded"}
                      </TableCell>
                      <TableCell sx={{ display: { xs: "none", md: "table-cell" }, whiteSpace: "nowrap" }}>{j.createdAt}</TableCell>
                      <TableCell>
                        <Form method="post">
                          <input type="hidden" name="intent" value="retry" />
                          <input type="hidden" name="jobId" value={j.id} />
                          <Button
                            type="submit"
                            size="small"
                            variant="outlined"
                            disabled={retrying === j.id}
                            aria-label={`Retry ${j.topic} job created ${j.createdAt}`}
                          >
                            Retry
                          </Button>
                        </Form>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="audit-title">
        <CardContent>
          <Typography variant="h2" id="audit-title" sx={{ fontSize: "1.1rem", mb: 1 }}>
            Recent admin activity
          </Typography>
          {!audit ? (
            <Unavailable />
          ) : audit.length === 0 ? (
            <Typography color="text.secondary">
              No admin changes yet. Role changes, disabled accounts, settings and retries will show here.
            </Typography>
          ) : (
            <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0 }} data-testid="recent-audit">
              {audit.map((a) => (
                <Box component="li" key={a.id} sx={{ py: 1, borderBottom: 1, borderColor: "divider", "&:last-child": { borderBottom: 0 } }}>
                  <Typography variant="body2" sx={{ wordBreak: "break-word" }}>
                    {a.text}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {a.when} by {a.by}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          <Link component={RouterLink} to="/admin/users/setRoleByUid" variant="body2" sx={{ display: "inline-block", mt: 1 }}>
            Look up a user
          </Link>
        </CardContent>
      </Card>
    </Box>
  );
}
