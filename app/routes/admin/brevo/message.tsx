import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { z } from "zod";
import { errorsOf, FormError } from "#app/components/forms.tsx";
import { failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { getDeliveryState, getMessage, retryMessage, TEMPLATE_LABELS } from "#server/modules/notifications/index.ts";
import { BrevoHeader, EmailPreview, formatWhen, StatusChip, TextPart } from "#app/components/admin/BrevoParts.tsx";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? `${d.message.subject} · E-mail · Platen` : "E-mail message · Platen" },
];

const PROVIDER_LABEL: Record<string, string> = { outbox: "Outbox (kept in Platen, not delivered)", smtp: "SMTP", brevo: "Brevo" };

async function load(request: Request, id: string | undefined) {
  const { ctx } = await requireAdmin(request);
  try {
    return { ctx, message: await getMessage(ctx, id ?? "") };
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      throw data("This e-mail message does not exist. It may have been removed.", { status: 404 });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx, message: m } = await load(request, params.id);
  const state = m.status === "queued" ? await getDeliveryState(ctx, m.id) : null;
  return {
    delivery: state
      ? { attempts: state.attempts, maxAttempts: state.maxAttempts, nextAttemptAt: state.nextAttemptAt?.toISOString() ?? null }
      : null,
    message: {
      id: m.id,
      toAddress: m.toAddress,
      toName: m.toName,
      subject: m.subject,
      template: m.template,
      templateLabel: TEMPLATE_LABELS[m.template as keyof typeof TEMPLATE_LABELS] ?? m.template,
      status: m.status,
      provider: m.provider,
      providerMessageId: m.providerMessageId,
      error: m.error,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt ? m.sentAt.toISOString() : null,
      html: m.html,
      text: m.text,
    },
    retried: new URL(request.url).searchParams.has("retried"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx } = await requireAdmin(request);
  const parsed = parseForm(await readForm(request), z.object({ intent: z.literal("retry") }));
  if (!parsed.ok) return failure({ _form: "That action is not available." });
  try {
    await retryMessage(ctx, params.id ?? "");
  } catch (error) {
    return failureFromError(error);
  }
  return redirect(`/admin/brevo/messages/${encodeURIComponent(params.id ?? "")}?retried=1`);
}

function nextAttemptText(delivery: { attempts: number; maxAttempts: number; nextAttemptAt: string | null } | null): string {
  if (!delivery) return "Waiting to be sent";
  if (!delivery.nextAttemptAt) return `Attempt ${delivery.attempts} of ${delivery.maxAttempts} is running now`;
  const left = delivery.maxAttempts - delivery.attempts;
  return `${formatWhen(delivery.nextAttemptAt)} (${delivery.attempts === 0 ? "first attempt" : `${left} ${left === 1 ? "attempt" : "attempts"} left`})`;
}

export default function EmailMessagePage() {
  const { message: m, retried, delivery } = useLoaderData<typeof loader>();
  const errors = errorsOf(useActionData<typeof action>());
  const busy = useNavigation().state === "submitting";
  const rows: Array<[string, ReactNode]> = [
    ["To", m.toName ? `${m.toName} <${m.toAddress}>` : m.toAddress],
    ["Subject", m.subject],
    ["Template", `${m.templateLabel} (${m.template})`],
    ["Status", <StatusChip key="s" status={m.status} />],
    ["Provider", m.provider ? (PROVIDER_LABEL[m.provider] ?? m.provider) : "Not sent yet"],
    ["Provider message id", m.providerMessageId ?? "—"],
    ["Queued", formatWhen(m.createdAt)],
    ["Sent", m.sentAt ? formatWhen(m.sentAt) : "—"],
    ...(m.status === "queued"
      ? ([["Next attempt", nextAttemptText(delivery)]] as Array<[string, ReactNode]>)
      : m.status === "failed"
        ? ([["Next attempt", "None: delivery failed. Retry sending below."]] as Array<[string, ReactNode]>)
        : []),
    ["Message id", m.id],
  ];
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <BrevoHeader
        title={m.subject}
        crumb="Message"
        current="/admin/brevo"
        description={`Sent to ${m.toAddress}. This is exactly what the recipient gets: the HTML version and its plain-text alternative.`}
      />
      <FormError errors={errors} />
      {retried && !errors._form ? (
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          The message was queued again. Reload in a moment to see its new status.
        </Alert>
      ) : null}

      <Paper variant="outlined" component="section" aria-labelledby="headers-heading" sx={{ p: { xs: 2, sm: 3 }, mb: 4 }}>
        <Typography id="headers-heading" variant="h2" sx={{ fontSize: "1.25rem", mb: 1.5 }}>
          Details
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: "grid",
            gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" },
            columnGap: 3,
            rowGap: { xs: 0.25, sm: 0.75 },
          }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: "contents" }}>
              <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
                {label}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, overflowWrap: "anywhere" }}
                data-testid={`message-${label.toLowerCase().replace(/\s+/g, "-")}`}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {m.error ? (
          <Alert severity={m.status === "failed" ? "error" : "warning"} sx={{ mt: 2, overflowWrap: "anywhere" }}>
            {m.status === "failed"
              ? "Delivery failed: "
              : m.status === "queued"
                ? `${delivery ? `Attempt ${delivery.attempts} of ${delivery.maxAttempts}` : "The last attempt"} failed; Platen tries again automatically (see Next attempt): `
                : "Earlier attempt failed: "}
            {m.error}
          </Alert>
        ) : null}
        {m.status === "failed" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="retry" />
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={busy}>
              Retry sending
            </Button>
          </Form>
        ) : null}
      </Paper>

      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "3fr 2fr" }, gap: 3 }}>
        <Box component="section" aria-labelledby="html-heading" sx={{ minWidth: 0 }}>
          <Typography id="html-heading" variant="h2" sx={{ fontSize: "1.25rem", mb: 1.5 }}>
            HTML version
          </Typography>
          <EmailPreview html={m.html} title={`HTML version of "${m.subject}"`} />
        </Box>
        <Box component="section" aria-labelledby="text-heading" sx={{ minWidth: 0 }}>
          <Typography id="text-heading" variant="h2" sx={{ fontSize: "1.25rem", mb: 1.5 }}>
            Plain-text version
          </Typography>
          <TextPart text={m.text} label="Plain-text part" />
        </Box>
      </Box>
    </Container>
  );
}
