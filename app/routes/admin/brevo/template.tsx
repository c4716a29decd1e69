import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
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
import { Link } from "#app/components/ui/Link.tsx";
import { z } from "zod";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import {
  getEmailProviderStatus,
  listMessages,
  ORDER_TEMPLATE_NAMES,
  previewTemplate,
  renderTemplate,
  sendTestEmail,
  TEMPLATE_LABELS,
  type OrderTemplateName,
} from "#server/modules/notifications/index.ts";
import { logger } from "#server/infra/logger/index.ts";
import { orderTemplatePreview } from "#server/modules/orders/index.ts";
import { BrevoHeader, EmailPreview, formatWhen, StatusChip, TextPart } from "#app/components/admin/BrevoParts.tsx";

/** One module serves the three Brevo template routes; the last path segment names the template. */
function templateOf(request: Request): OrderTemplateName {
  const name = new URL(request.url).pathname.replace(/\/+$/, "").split("/").pop();
  const found = ORDER_TEMPLATE_NAMES.find((t) => t === name);
  if (!found) throw data("This e-mail template does not exist.", { status: 404 });
  return found;
}

const DESCRIPTIONS: Record<OrderTemplateName, string> = {
  "order-success":
    "Sent to the shopper as soon as an order is paid: the order summary with items, quantities, prices and totals, and the shipping address.",
  "order-shipment-created":
    "Sent when a fulfiller ships a package of the order: carrier, service, tracking number and link, and the items in the package.",
  "order-shipment-delivered":
    "Sent when the carrier reports the package delivered, with a link to report a problem (damaged, wrong or missing items).",
};

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? `${d.label} e-mail · Platen` : "E-mail template · Platen" },
];

/**
 * The template rendered with the latest real order that fits it (paid, shipped or delivered); the
 * sample params when no order fits yet, or when the order's params do not render (logged).
 */
async function realOrderPreview(ctx: Parameters<typeof orderTemplatePreview>[0], template: OrderTemplateName) {
  try {
    const real = await orderTemplatePreview(ctx, template);
    if (real) return { ...renderTemplate(template, real.params), params: real.params, orderNumber: real.orderNumber };
  } catch (error) {
    if (error instanceof Response) throw error;
    logger().error({ err: error, template }, "brevo preview: a real order's params could not be rendered");
  }
  return { ...previewTemplate(template), orderNumber: null };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, user } = await requireAdmin(request);
  const template = templateOf(request);
  const preview = await realOrderPreview(ctx, template);
  const recent = await listMessages(ctx, { template, pageSize: 5 });
  const sentId = new URL(request.url).searchParams.get("sent");
  return {
    template,
    label: TEMPLATE_LABELS[template],
    description: DESCRIPTIONS[template],
    subject: preview.subject,
    html: preview.html,
    text: preview.text,
    paramsJson: JSON.stringify(preview.params, null, 2),
    orderNumber: preview.orderNumber,
    defaultTo: user.email,
    provider: getEmailProviderStatus(ctx).provider,
    recent: {
      total: recent.total,
      items: recent.items.map((m) => ({
        id: m.id,
        toAddress: m.toAddress,
        subject: m.subject,
        status: m.status,
        createdAt: m.createdAt.toISOString(),
      })),
    },
    sent: sentId && /^eml_[0-9a-z]{26}$/.test(sentId) ? sentId : null,
  };
}

const sendSchema = z.object({
  to: z
    .string({ error: "Enter the e-mail address to send the test to." })
    .trim()
    .min(1, "Enter the e-mail address to send the test to.")
    .max(254, "That e-mail address is too long.")
    .pipe(z.email("Enter a valid e-mail address, like name@example.com.")),
});

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireAdmin(request);
  const template = templateOf(request);
  const form = await readForm(request);
  const parsed = parseForm(form, sendSchema);
  if (!parsed.ok) return data(parsed, { status: 400 });
  try {
    const { id } = await sendTestEmail(ctx, { template, to: parsed.data.to });
    return redirect(`/admin/brevo/${template}?sent=${id}`);
  } catch (error) {
    return failureFromError(error, { to: parsed.data.to });
  }
}

export default function BrevoTemplatePage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <BrevoHeader title={`${d.label} e-mail`} crumb={d.label} current={`/admin/brevo/${d.template}`} description={d.description} />

      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "minmax(0, 3fr) minmax(0, 2fr)" }, gap: 3, alignItems: "start" }}>
        <Box component="section" aria-labelledby="preview-heading" sx={{ minWidth: 0 }}>
          <Typography id="preview-heading" variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
            {d.orderNumber ? "Preview with a real order" : "Preview with sample data"}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="preview-source">
            {d.orderNumber
              ? `Previewing with order ${d.orderNumber}, the latest order this e-mail would be sent for.`
              : "No order fits this e-mail yet, so the preview uses sample data. It switches to the latest real order once there is one."}
          </Typography>
          <Paper variant="outlined" sx={{ px: 2, py: 1.5, mb: 1.5 }}>
            <Typography variant="body2" color="text.secondary">
              Subject
            </Typography>
            <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }} data-testid="template-subject">
              {d.subject}
            </Typography>
          </Paper>
          <EmailPreview html={d.html} title={`Preview of the ${d.label} e-mail`} height={1150} />
        </Box>

        <Box sx={{ minWidth: 0, display: "flex", flexDirection: "column", gap: 3 }}>
          <Paper variant="outlined" component="section" aria-labelledby="send-heading" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="send-heading" variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
              Send a test
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {d.provider === "outbox"
                ? "Queues this e-mail with the sample data. The built-in outbox keeps it in Platen: open it from the mailbox."
                : `Queues this e-mail with the sample data and delivers it through ${d.provider === "brevo" ? "Brevo" : "your SMTP server"}. The subject starts with [Test].`}
            </Typography>
            {d.sent ? (
              <Alert severity="success" role="status" sx={{ mb: 2 }}>
                Test e-mail queued.{" "}
                <MuiLink component={Link} to={`/admin/brevo/messages/${d.sent}`}>
                  View the message
                </MuiLink>{" "}
                or{" "}
                <MuiLink component={Link} to="/admin/brevo">
                  open the mailbox
                </MuiLink>
                .
              </Alert>
            ) : null}
            <FormError errors={errors} />
            <Form method="post" noValidate>
              <input type="hidden" name="intent" value="send-test" />
              <TextField
                name="to"
                type="email"
                label="Recipient"
                autoComplete="email"
                defaultValue={values.to ?? d.defaultTo}
                error={Boolean(errors.to)}
                helperText={errors.to ?? "Any address you can read; defaults to yours."}
                fullWidth
                required
                slotProps={{ htmlInput: { maxLength: 254 } }}
              />
              <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={busy}>
                {busy ? "Sending…" : "Send test"}
              </Button>
            </Form>
          </Paper>

          <Box component="section" aria-labelledby="recent-heading">
            <Typography id="recent-heading" variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
              Recently sent
            </Typography>
            {d.recent.items.length ? (
              <Paper variant="outlined" component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
                {d.recent.items.map((m, i) => (
                  <Box
                    component="li"
                    key={m.id}
                    sx={{
                      px: 2,
                      py: 1.25,
                      borderTop: i ? 1 : 0,
                      borderColor: "divider",
                      display: "flex",
                      gap: 1,
                      alignItems: "center",
                      justifyContent: "space-between",
                    }}
                  >
                    <Box sx={{ minWidth: 0 }}>
                      <MuiLink component={Link} to={`/admin/brevo/messages/${m.id}`} sx={{ overflowWrap: "anywhere", fontWeight: 600 }}>
                        {m.toAddress}
                      </MuiLink>
                      <Typography variant="body2" color="text.secondary">
                        {formatWhen(m.createdAt)}
                      </Typography>
                    </Box>
                    <StatusChip status={m.status} />
                  </Box>
                ))}
              </Paper>
            ) : (
              <Typography variant="body2" color="text.secondary">
                This template has not been sent yet.
              </Typography>
            )}
          </Box>

          <Box component="section" aria-labelledby="params-heading">
            <Typography id="params-heading" variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
              {d.orderNumber ? `Params of order ${d.orderNumber}` : "Sample params"}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              The data this preview uses. Amounts are in minor units (cents) of the currency.
            </Typography>
            <TextPart text={d.paramsJson} label={d.orderNumber ? "Params as JSON" : "Sample params as JSON"} />
          </Box>
        </Box>
      </Box>

      <Box component="section" aria-labelledby="text-heading" sx={{ mt: 4 }}>
        <Typography id="text-heading" variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
          Plain-text version
        </Typography>
        <TextPart text={d.text} label="Plain-text part" />
      </Box>
    </Container>
  );
}
