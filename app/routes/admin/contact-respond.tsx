import ArrowBack from "@mui/icons-material/ArrowBack";
import MailOutline from "@mui/icons-material/MailOutlined";
import SearchIcon from "@mui/icons-material/Search";
import SwapHoriz from "@mui/icons-material/SwapHoriz";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/contact-respond";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { echoValues, failure, failureFromError, formText, parseForm, readForm } from "#app/lib/forms.server.ts";
import { z } from "zod";
import { requireAdmin } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { changeStatus, countMessagesByStatus, getThread, listMessages, reply } from "#server/modules/support/index.ts";
import {
  CONTACT_STATUSES,
  contactReference,
  isContactStatus,
  STATUS_LABELS,
  TOPIC_LABELS,
  type ContactStatus,
} from "#server/modules/support/types.ts";
import { formatDateTime } from "#app/lib/dates.ts";

export const meta: Route.MetaFunction = () => [{ title: "Contact inbox · Platen" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const url = new URL(request.url);
  const statusParam = url.searchParams.get("status");
  const status = isContactStatus(statusParam) ? statusParam : undefined;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const id = url.searchParams.get("id");
  const [list, counts] = await Promise.all([listMessages(ctx, { status, q: q || undefined, page }), countMessagesByStatus(ctx)]);
  let thread = null;
  if (id) {
    try {
      thread = await getThread(ctx, id);
    } catch (error) {
      if (error instanceof AppError && error.status === 404)
        throw new Response("This contact message does not exist (it may have been deleted).", { status: 404 });
      throw error;
    }
  }
  const notice = url.searchParams.get("notice");
  return {
    filter: { status: status ?? null, q, page: list.page },
    counts,
    list: {
      total: list.total,
      page: list.page,
      pageCount: list.pageCount,
      items: list.items.map((m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        topic: TOPIC_LABELS[m.topic],
        status: m.status,
        excerpt: m.message.length > 140 ? `${m.message.slice(0, 140)}…` : m.message,
        received: formatDateTime(m.createdAt),
      })),
    },
    thread: thread
      ? {
          ...thread.message,
          topicLabel: TOPIC_LABELS[thread.message.topic],
          reference: contactReference(thread.message.id),
          received: formatDateTime(thread.message.createdAt),
          next: [...thread.next],
          events: thread.events.map((e) => ({ ...e, at: formatDateTime(e.createdAt) })),
        }
      : null,
    notice:
      notice === "replied"
        ? "Your reply was sent by e-mail."
        : notice && notice.startsWith("status-") && isContactStatus(notice.slice(7))
          ? `Status changed to ${STATUS_LABELS[notice.slice(7) as ContactStatus]}.`
          : null,
  };
}

const contactActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("reply"), id: formText(), body: formText() }),
    z.object({ intent: z.literal("status"), id: formText(), to: formText() }),
  ],
  { error: "Unknown action. Please reload the page and try again." },
);

export async function action({ request }: Route.ActionArgs) {
  const { ctx } = await requireAdmin(request);
  const form = await readForm(request);
  const parsed = parseForm(form, contactActionSchema);
  if (!parsed.ok) return failure(parsed.errors, 400, parsed.values);
  const input = parsed.data;
  const url = new URL(request.url);
  url.searchParams.delete("notice");
  url.searchParams.set("id", input.id);
  try {
    if (input.intent === "reply") {
      await reply(ctx, input.id, input.body);
      url.searchParams.set("notice", "replied");
    } else {
      await changeStatus(ctx, input.id, input.to);
      url.searchParams.set("notice", `status-${input.to}`);
    }
  } catch (error) {
    return failureFromError(error, echoValues(form));
  }
  return redirect(`${url.pathname}${url.search}`);
}

type Filter = { status: string | null; q: string; page: number };
function inboxHref(filter: Filter, patch: Partial<Filter> & { id?: string | null }) {
  const f = { ...filter, ...patch };
  const p = new URLSearchParams();
  if (f.status) p.set("status", f.status);
  if (f.q) p.set("q", f.q);
  if (f.page > 1) p.set("page", String(f.page));
  if (patch.id) p.set("id", patch.id);
  const s = p.toString();
  return `/admin/contact/respond${s ? `?${s}` : ""}`;
}

const STATUS_COLOR: Record<ContactStatus, "primary" | "warning" | "success" | "default"> = {
  new: "primary",
  open: "warning",
  answered: "success",
  closed: "default",
};
const ACTION_LABEL: Record<ContactStatus, string> = {
  new: "Mark as new",
  open: "Mark as open",
  answered: "Mark as answered",
  closed: "Close",
};

function StatusChip({ status }: { status: ContactStatus }) {
  return (
    <Chip
      size="small"
      label={STATUS_LABELS[status]}
      color={STATUS_COLOR[status]}
      variant={status === "closed" ? "outlined" : "filled"}
      data-testid="status-chip"
    />
  );
}

export default function ContactInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, counts, list, thread, notice } = loaderData;
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const tabs: { status: ContactStatus | null; label: string; count: number }[] = [
    { status: null, label: "All", count: counts.all },
    ...CONTACT_STATUSES.map((s) => ({ status: s, label: STATUS_LABELS[s], count: counts[s] })),
  ];

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <Typography variant="h1" gutterBottom>
        Contact inbox
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Messages sent through the contact form, newest first. {counts.new} new, {counts.open} open.
      </Typography>

      <Box
        sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", lg: "minmax(320px, 420px) minmax(0, 1fr)" }, alignItems: "start" }}
      >
        <Box sx={{ display: { xs: thread ? "none" : "block", lg: "block" } }}>
          <Box component="nav" aria-label="Filter by status" sx={{ mb: 2 }}>
            <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexWrap: "wrap", gap: 1 }}>
              {tabs.map((t) => {
                const active = (filter.status ?? null) === t.status;
                return (
                  <li key={t.label}>
                    <Chip
                      component={Link}
                      to={inboxHref(filter, { status: t.status, page: 1 })}
                      clickable
                      label={`${t.label} (${t.count})`}
                      color={active ? "primary" : "default"}
                      variant={active ? "filled" : "outlined"}
                      aria-current={active ? "page" : undefined}
                    />
                  </li>
                );
              })}
            </Box>
          </Box>
          <Form method="get" role="search" style={{ display: "flex", gap: 8, marginBottom: 16 }}>
            {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
            <TextField
              name="q"
              label="Search messages"
              size="small"
              defaultValue={filter.q}
              fullWidth
              placeholder="Name, e-mail or text"
              key={filter.q}
            />
            <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
              Search
            </Button>
          </Form>
          {filter.q ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {list.total} result{list.total === 1 ? "" : "s"} for “{filter.q}”.{" "}
              <MuiLink underline="always" component={Link} to={inboxHref(filter, { q: "", page: 1 })}>
                Clear search
              </MuiLink>
            </Typography>
          ) : null}
          <Paper variant="outlined">
            {list.items.length === 0 ? (
              <Box sx={{ p: 3, textAlign: "center" }}>
                <Typography color="text.secondary">
                  {filter.q || filter.status
                    ? "No messages match this filter."
                    : "No messages yet. They will appear here when someone uses the contact form."}
                </Typography>
              </Box>
            ) : (
              <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} data-testid="inbox-list">
                {list.items.map((m, i) => {
                  const selected = thread?.id === m.id;
                  return (
                    <Box component="li" key={m.id} sx={{ borderTop: i ? 1 : 0, borderColor: "divider" }}>
                      <Box
                        component={Link}
                        to={inboxHref(filter, { id: m.id })}
                        aria-current={selected ? "true" : undefined}
                        data-testid="inbox-item"
                        sx={{
                          display: "block",
                          p: 2,
                          color: "inherit",
                          textDecoration: "none",
                          bgcolor: selected ? "action.selected" : undefined,
                          borderLeft: 4,
                          borderLeftColor: selected ? "primary.main" : "transparent",
                          "&:hover": { bgcolor: "action.hover" },
                          "&:focus-visible": { outline: "3px solid", outlineColor: "primary.main", outlineOffset: -3 },
                        }}
                      >
                        <Box sx={{ display: "flex", gap: 1, alignItems: "center", mb: 0.5 }}>
                          <Typography sx={{ fontWeight: m.status === "new" ? 700 : 500, flexGrow: 1, minWidth: 0 }} noWrap>
                            {m.name}
                          </Typography>
                          <StatusChip status={m.status} />
                        </Box>
                        <Typography variant="body2" color="text.secondary" noWrap>
                          {m.topic} · {m.received}
                        </Typography>
                        <Typography
                          variant="body2"
                          sx={{ mt: 0.5, overflow: "hidden", display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical" }}
                        >
                          {m.excerpt}
                        </Typography>
                      </Box>
                    </Box>
                  );
                })}
              </Box>
            )}
          </Paper>
          {list.pageCount > 1 ? (
            <Box component="nav" aria-label="Pages" sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", mt: 2 }}>
              <Button component={Link} to={inboxHref(filter, { page: list.page - 1 })} disabled={list.page <= 1}>
                Newer
              </Button>
              <Typography variant="body2" color="text.secondary">
                Page {list.page} of {list.pageCount}
              </Typography>
              <Button component={Link} to={inboxHref(filter, { page: list.page + 1 })} disabled={list.page >= list.pageCount}>
                Older
              </Button>
            </Box>
          ) : null}
        </Box>

        <Box>
          {thread ? (
            <Paper variant="outlined" component="section" aria-labelledby="thread-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="thread">
              <Button component={Link} to={inboxHref(filter, {})} startIcon={<ArrowBack />} sx={{ display: { lg: "none" }, mb: 1, px: 0 }}>
                Back to inbox
              </Button>
              {notice ? (
                <Alert severity="success" role="status" sx={{ mb: 2 }}>
                  {notice}
                </Alert>
              ) : null}
              <FormError errors={errors} />
              <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mb: 1 }}>
                <Typography variant="h2" id="thread-title" sx={{ fontSize: "1.5rem", flexGrow: 1 }}>
                  {thread.name}
                </Typography>
                <StatusChip status={thread.status} />
              </Box>
              <Box
                component="dl"
                sx={{
                  display: "grid",
                  gridTemplateColumns: "auto 1fr",
                  columnGap: 2,
                  rowGap: 0.5,
                  m: 0,
                  mb: 2,
                  "& dt": { color: "text.secondary" },
                  "& dd": { m: 0, overflowWrap: "anywhere" },
                }}
              >
                <dt>E-mail</dt>
                <dd>
                  <MuiLink href={`mailto:${thread.email}`}>{thread.email}</MuiLink>
                </dd>
                <dt>Reference</dt>
                <dd>{thread.reference}</dd>
                <dt>Topic</dt>
                <dd>{thread.topicLabel}</dd>
                <dt>Received</dt>
                <dd>{thread.received}</dd>
                <dt>Account</dt>
                <dd>{thread.userId ? `Signed-in user (${thread.userId})` : "Sent without signing in"}</dd>
              </Box>
              <Typography variant="h3" sx={{ fontSize: "1.1rem", mb: 1 }}>
                Message
              </Typography>
              <Paper
                variant="outlined"
                sx={{ p: 2, bgcolor: "action.hover", whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
                data-testid="thread-message"
              >
                {thread.message}
              </Paper>

              <Typography variant="h3" sx={{ fontSize: "1.1rem", mt: 3, mb: 1 }}>
                History
              </Typography>
              {thread.events.length === 0 ? (
                <Typography color="text.secondary" variant="body2">
                  No replies or status changes yet.
                </Typography>
              ) : (
                <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5 }} data-testid="history">
                  {thread.events.map((e) => (
                    <Box component="li" key={e.id} sx={{ display: "flex", gap: 1.5 }} data-testid={`event-${e.kind}`}>
                      <Box sx={{ color: e.kind === "reply" ? "primary.main" : "text.secondary", pt: 0.25 }} aria-hidden="true">
                        {e.kind === "reply" ? <MailOutline fontSize="small" /> : <SwapHoriz fontSize="small" />}
                      </Box>
                      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                        {e.kind === "reply" ? (
                          <>
                            <Typography variant="body2" color="text.secondary">
                              Reply by <strong>{e.authorName ?? "the system"}</strong> · {e.at}
                            </Typography>
                            <Paper variant="outlined" sx={{ p: 1.5, mt: 0.5, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                              {e.body}
                            </Paper>
                          </>
                        ) : (
                          <Typography variant="body2" color="text.secondary">
                            <strong>{e.authorName ?? "The system"}</strong> changed the status from{" "}
                            {e.fromStatus ? STATUS_LABELS[e.fromStatus] : "—"} to {e.toStatus ? STATUS_LABELS[e.toStatus] : "—"} · {e.at}
                          </Typography>
                        )}
                      </Box>
                    </Box>
                  ))}
                </Box>
              )}

              <Divider sx={{ my: 3 }} />
              {thread.status === "closed" ? (
                <Alert severity="info">This message is closed. Reopen it to reply.</Alert>
              ) : (
                <Form method="post" noValidate key={`${thread.id}-${thread.events.length}`}>
                  <Typography variant="h3" id="reply-title" sx={{ fontSize: "1.1rem", mb: 1 }}>
                    Reply by e-mail
                  </Typography>
                  <input type="hidden" name="intent" value="reply" />
                  <input type="hidden" name="id" value={thread.id} />
                  <TextField
                    id="reply-body"
                    name="body"
                    label="Reply"
                    multiline
                    minRows={5}
                    fullWidth
                    required
                    defaultValue={values.intent === "reply" ? (values.body ?? "") : ""}
                    error={Boolean(errors.body)}
                    helperText={errors.body ?? `Sent to ${thread.email} with their original message quoted. The message moves to Answered.`}
                    slotProps={{ htmlInput: { maxLength: 10_000 } }}
                  />
                  <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={busy} startIcon={<MailOutline />}>
                    Send reply
                  </Button>
                </Form>
              )}

              <Typography variant="h3" sx={{ fontSize: "1.1rem", mt: 3, mb: 1 }}>
                Status
              </Typography>
              <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
                {thread.next.map((to) => (
                  <Form method="post" key={to}>
                    <input type="hidden" name="intent" value="status" />
                    <input type="hidden" name="id" value={thread.id} />
                    <input type="hidden" name="to" value={to} />
                    <Button type="submit" variant="outlined" disabled={busy}>
                      {thread.status === "closed" && to === "open" ? "Reopen" : ACTION_LABEL[to]}
                    </Button>
                  </Form>
                ))}
              </Box>
            </Paper>
          ) : (
            <Paper variant="outlined" sx={{ p: 4, textAlign: "center", display: { xs: "none", lg: "block" } }}>
              <MailOutline sx={{ fontSize: 48, color: "text.secondary" }} aria-hidden="true" />
              <Typography color="text.secondary">Select a message to read it, reply and change its status.</Typography>
            </Paper>
          )}
        </Box>
      </Box>
    </Container>
  );
}
