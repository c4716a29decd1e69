import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Pagination from "@mui/material/Pagination";
import PaginationItem from "@mui/material/PaginationItem";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import {
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { z } from "zod";
import { errorsOf, FormError } from "#app/components/forms.tsx";
import { failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import {
  countMessagesByStatus,
  EMAIL_STATUSES,
  getEmailProviderStatus,
  listFailedMessages,
  listMessages,
  ORDER_TEMPLATE_NAMES,
  previewTemplate,
  retryAllFailedMessages,
  retryMessage,
  TEMPLATE_LABELS,
} from "#server/modules/notifications/index.ts";
import { BrevoHeader, formatWhen, StatusChip } from "#app/components/admin/BrevoParts.tsx";

export const meta: MetaFunction = () => [{ title: "E-mail · Platen" }];

const PAGE_SIZE = 20;

const querySchema = z.object({
  status: z.enum(EMAIL_STATUSES).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

const PROVIDER_LABEL = { outbox: "Outbox (built-in)", smtp: "SMTP", brevo: "Brevo" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireAdmin(request);
  const url = new URL(request.url);
  const query = querySchema.parse(Object.fromEntries(url.searchParams));
  const [mailbox, counts, failed] = await Promise.all([
    listMessages(ctx, { status: query.status, q: query.q || undefined, page: query.page, pageSize: PAGE_SIZE }),
    countMessagesByStatus(ctx),
    listFailedMessages(ctx, 10),
  ]);
  const provider = getEmailProviderStatus(ctx);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    provider,
    counts,
    filters: { status: query.status ?? "", q: query.q ?? "" },
    mailbox: {
      ...mailbox,
      items: mailbox.items.map((m) => ({
        ...m,
        createdAt: iso(m.createdAt)!,
        sentAt: iso(m.sentAt),
        templateLabel: TEMPLATE_LABELS[m.template as keyof typeof TEMPLATE_LABELS] ?? m.template,
      })),
    },
    failed: failed.map((m) => ({ id: m.id, toAddress: m.toAddress, subject: m.subject, error: m.error, createdAt: iso(m.createdAt)! })),
    templates: ORDER_TEMPLATE_NAMES.map((name) => ({ name, label: TEMPLATE_LABELS[name], subject: previewTemplate(name).subject })),
    retried: url.searchParams.get("retried"),
    retriedAll: url.searchParams.has("retriedAll") ? Number(url.searchParams.get("retriedAll")) || 0 : null,
  };
}

const retrySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retry"), messageId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("retry-all") }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireAdmin(request);
  const parsed = parseForm(await readForm(request), retrySchema);
  if (!parsed.ok) return failure({ _form: "That action is not available." });
  const url = new URL(request.url);
  url.searchParams.delete("retried");
  url.searchParams.delete("retriedAll");
  try {
    if (parsed.data.intent === "retry-all") {
      const n = await retryAllFailedMessages(ctx);
      url.searchParams.set("retriedAll", String(n));
    } else {
      await retryMessage(ctx, parsed.data.messageId);
      url.searchParams.set("retried", parsed.data.messageId);
    }
  } catch (error) {
    return failureFromError(error);
  }
  return redirect(`${url.pathname}?${url.searchParams.toString()}`);
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

function ProviderPanel({ provider }: { provider: LoaderData["provider"] }) {
  const from = provider.from.name ? `${provider.from.name} <${provider.from.email}>` : provider.from.email;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="provider-heading" sx={{ p: { xs: 2, sm: 3 }, height: "100%" }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", mb: 1.5 }} useFlexGap>
        <Typography id="provider-heading" variant="h2" sx={{ fontSize: "1.25rem" }}>
          Delivery provider
        </Typography>
        <Chip
          size="small"
          color={provider.configured ? "success" : "error"}
          label={provider.configured ? "Configuration complete" : "Configuration incomplete"}
        />
      </Stack>
      <Box
        component="dl"
        sx={{ m: 0, display: "grid", gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" }, columnGap: 3, rowGap: 0.5 }}
      >
        <Typography component="dt" color="text.secondary">
          Active provider
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid="email-provider">
          {PROVIDER_LABEL[provider.provider]}
        </Typography>
        <Typography component="dt" color="text.secondary">
          From address
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
          {from}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {provider.provider === "outbox" ? "Delivery" : "Server"}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
          {provider.endpoint}
        </Typography>
      </Box>
      {provider.problems.length ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {provider.problems.join(" ")}
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {provider.provider === "outbox"
          ? "Messages are kept in Platen's database and never leave this server: open them in the mailbox below. To deliver real e-mail, set EMAIL_PROVIDER to smtp (with SMTP_URL) or brevo (with BREVO_API_KEY) and restart."
          : provider.provider === "smtp"
            ? "Messages are delivered through your SMTP server as HTML with a plain-text alternative. Credentials are not shown."
            : "Messages are delivered through Brevo's transactional e-mail API. The API key is not shown."}
      </Typography>
    </Paper>
  );
}

function Counts({ counts }: { counts: LoaderData["counts"] }) {
  const items = [
    { status: "queued", label: "Queued", hint: "Waiting to be sent" },
    { status: "sent", label: "Sent", hint: "Delivered to the provider" },
    { status: "failed", label: "Failed", hint: "Need attention" },
  ] as const;
  return (
    <Box
      component="section"
      aria-label="Messages by status"
      sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr 1fr", md: "1fr" }, gap: 1.5, height: "100%" }}
    >
      {items.map((it) => (
        <Card key={it.status} variant="outlined">
          <CardActionArea component={Link} to={`/admin/brevo?status=${it.status}`} sx={{ height: "100%" }}>
            <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
              <Typography color="text.secondary" variant="body2">
                {it.label}
              </Typography>
              <Typography
                sx={{
                  fontSize: "1.75rem",
                  fontWeight: 700,
                  color: it.status === "failed" && counts.failed > 0 ? "error.main" : "text.primary",
                }}
                data-testid={`count-${it.status}`}
              >
                {counts[it.status].toLocaleString("en-US")}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: { xs: "none", sm: "block" } }}>
                {it.hint}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

function pageHref(filters: LoaderData["filters"], page: number): string {
  const sp = new URLSearchParams();
  if (filters.status) sp.set("status", filters.status);
  if (filters.q) sp.set("q", filters.q);
  if (page > 1) sp.set("page", String(page));
  const s = sp.toString();
  return s ? `/admin/brevo?${s}` : "/admin/brevo";
}

export default function BrevoMailbox() {
  const { provider, counts, filters, mailbox, failed, templates, retried, retriedAll } = useLoaderData<typeof loader>();
  const errors = errorsOf(useActionData<typeof action>());
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const filtered = Boolean(filters.status || filters.q);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <BrevoHeader
        title="Transactional e-mail"
        current="/admin/brevo"
        description="Every e-mail Platen sends: order confirmations and shipping updates, account and security notices, replies to contact messages. Check delivery, open any message, retry failures and preview the order templates."
      />

      <FormError errors={errors} />
      {retried && !errors._form ? (
        <Alert severity="success" sx={{ mb: 3 }} role="status">
          The message was queued again and will be sent in a moment.
        </Alert>
      ) : null}
      {retriedAll !== null && !errors._form ? (
        <Alert severity={retriedAll ? "success" : "info"} sx={{ mb: 3 }} role="status">
          {retriedAll === 0
            ? "There were no failed messages to send again."
            : `${retriedAll.toLocaleString("en-US")} failed ${retriedAll === 1 ? "message was" : "messages were"} queued again and will be sent in a moment.`}
        </Alert>
      ) : null}

      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "2fr 1fr" }, gap: 2, mb: 4 }}>
        <ProviderPanel provider={provider} />
        <Counts counts={counts} />
      </Box>

      {failed.length ? <FailedMessages failed={failed} total={counts.failed} busy={busy} /> : null}

      <Box component="section" aria-labelledby="mailbox-heading" sx={{ mb: 5 }}>
        <Typography id="mailbox-heading" variant="h2" sx={{ fontSize: "1.5rem", mb: 2 }}>
          Mailbox
        </Typography>
        <Box
          component={Form}
          method="get"
          action="/admin/brevo"
          role="search"
          aria-label="Filter messages"
          sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "flex-start", mb: 2 }}
        >
          <TextField
            name="q"
            label="Recipient"
            placeholder="Name or e-mail address"
            defaultValue={filters.q}
            size="small"
            sx={{ flex: "1 1 240px" }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            name="status"
            label="Status"
            select
            defaultValue={filters.status}
            size="small"
            sx={{ flex: "0 1 180px", minWidth: 150 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">All statuses</option>
            {(["queued", "sent", "failed"] as const).map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </TextField>
          <Button type="submit" variant="contained">
            Filter
          </Button>
          {filtered ? (
            <Button component={Link} to="/admin/brevo" variant="text">
              Clear filters
            </Button>
          ) : null}
        </Box>

        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {mailbox.total === 0
            ? filtered
              ? "No messages match these filters."
              : "No e-mail has been sent yet. Messages appear here as soon as Platen queues them."
            : `${mailbox.total.toLocaleString("en-US")} ${mailbox.total === 1 ? "message" : "messages"}${filtered ? " match" : ""}, newest first. Page ${mailbox.page} of ${mailbox.pageCount}.`}
        </Typography>

        {mailbox.items.length ? (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Mailbox">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>Recipient</TableCell>
                  <TableCell>Subject</TableCell>
                  <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>Template</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>Queued</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {mailbox.items.map((m) => (
                  <TableRow key={m.id} hover data-testid="mailbox-row" data-to={m.toAddress}>
                    <TableCell sx={{ display: { xs: "none", sm: "table-cell" }, maxWidth: 220, overflowWrap: "anywhere" }}>
                      {m.toName ? (
                        <>
                          {m.toName}
                          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: "block" }}>
                            {m.toAddress}
                          </Typography>
                        </>
                      ) : (
                        m.toAddress
                      )}
                    </TableCell>
                    <TableCell sx={{ minWidth: { xs: 0, sm: 180 }, overflowWrap: "anywhere" }}>
                      <MuiLink component={Link} to={`/admin/brevo/messages/${m.id}`} sx={{ fontWeight: 600 }}>
                        {m.subject}
                      </MuiLink>
                      <Typography variant="body2" color="text.secondary" sx={{ display: { xs: "block", sm: "none" }, mt: 0.5 }}>
                        To {m.toAddress} · {formatWhen(m.createdAt)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{m.templateLabel}</TableCell>
                    <TableCell>
                      <StatusChip status={m.status} />
                    </TableCell>
                    <TableCell sx={{ display: { xs: "none", sm: "table-cell" }, whiteSpace: "nowrap" }}>
                      {formatWhen(m.createdAt)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}

        {mailbox.pageCount > 1 ? (
          <Box component="nav" aria-label="Mailbox pages" sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
            <Pagination
              page={mailbox.page}
              count={mailbox.pageCount}
              siblingCount={1}
              renderItem={(item) => <PaginationItem component={Link} to={pageHref(filters, item.page ?? 1)} {...item} />}
            />
          </Box>
        ) : null}
      </Box>

      <Box component="section" aria-labelledby="templates-heading">
        <Typography id="templates-heading" variant="h2" sx={{ fontSize: "1.5rem", mb: 1 }}>
          Order templates
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          The e-mails shoppers receive about their orders. Preview each one with sample data and send yourself a test.
        </Typography>
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" }, gap: 2 }}>
          {templates.map((t) => (
            <Card key={t.name} variant="outlined">
              <CardActionArea component={Link} to={`/admin/brevo/${t.name}`} sx={{ height: "100%" }}>
                <CardContent>
                  <Typography variant="h3" sx={{ fontSize: "1.1rem", mb: 0.5 }}>
                    {t.label}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                    Subject: {t.subject}
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{ mt: 1, fontWeight: 600, color: (t) => (t.palette.mode === "dark" ? "primary.light" : "primary.dark") }}
                  >
                    Preview and send a test
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      </Box>
    </Container>
  );
}

function FailedMessages({ failed, total, busy }: { failed: LoaderData["failed"]; total: number; busy: boolean }) {
  return (
    <Box component="section" aria-labelledby="failed-heading" sx={{ mb: 5 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", mb: 1 }} useFlexGap>
        <Typography id="failed-heading" variant="h2" sx={{ fontSize: "1.5rem" }}>
          Failed messages
        </Typography>
        <Form method="post">
          <input type="hidden" name="intent" value="retry-all" />
          <Button type="submit" variant="contained" disabled={busy}>
            Retry all failed ({total.toLocaleString("en-US")})
          </Button>
        </Form>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        These messages could not be delivered, after retries over about a day or because the provider refused them. Fix the cause (a wrong
        address, the provider&apos;s configuration), then send them again: one by one, or all at once.
        {total > failed.length ? ` The ${failed.length} newest of ${total.toLocaleString("en-US")} are shown.` : ""}
      </Typography>
      <Stack spacing={1.5}>
        {failed.map((m) => (
          <Paper key={m.id} variant="outlined" sx={{ p: 2, borderColor: "error.light" }} data-testid="failed-message">
            <Box
              sx={{
                display: "flex",
                gap: 2,
                flexWrap: { xs: "wrap", sm: "nowrap" },
                alignItems: "flex-start",
                justifyContent: "space-between",
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <MuiLink component={Link} to={`/admin/brevo/messages/${m.id}`} sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                  {m.subject}
                </MuiLink>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                  To {m.toAddress} · {formatWhen(m.createdAt)}
                </Typography>
                <Typography variant="body2" color="error.dark" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
                  {m.error ?? "No error was recorded."}
                </Typography>
              </Box>
              <Form method="post">
                <input type="hidden" name="intent" value="retry" />
                <input type="hidden" name="messageId" value={m.id} />
                <Button
                  type="submit"
                  variant="outlined"
                  size="small"
                  disabled={busy}
                  aria-label={`Retry sending "${m.subject}" to ${m.toAddress}`}
                >
                  Retry
                </Button>
              </Form>
            </Box>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
