// A case as every party's page shows it (issue 23 §3): its summary (status, what, which items, the
// photos), the thread, and the form to answer (with an internal note for Platen and the print shop).
// Works without JavaScript: the form posts to the page's action with `intent=reply`.
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, useNavigation } from "react-router";
import { ChoiceControl } from "#app/components/ChoiceControl.tsx";
import { OutlinedTextArea } from "#app/components/OutlinedField.tsx";
import { formatDateTime } from "#app/lib/dates.ts";
import { formatAmount } from "#server/contracts/money.ts";
import { CASE_KIND_LABELS, CASE_RESOLUTION_LABELS, FAULT_LABELS, type CaseView } from "#server/modules/cases/types.ts";

// The status chip lives in its own file so the order page does not load the thread's form fields.
import { CaseStatusChip } from "./CaseStatusChip.tsx";
export { CASE_STATUS_COLOR, CaseStatusChip } from "./CaseStatusChip.tsx";

export function CaseSummary({ c, photoUrl }: { c: CaseView; photoUrl: (n: number) => string }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="case-summary">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", mb: 1 }}>
          <Typography variant="h2" sx={{ fontSize: "1.25rem" }}>
            Case {c.ref}: {CASE_KIND_LABELS[c.kind]}
          </Typography>
          <CaseStatusChip status={c.status} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Order {c.orderNumber} · from {c.fulfillerName} ({c.warehouseName}) · opened {formatDateTime(c.openedAt)}
        </Typography>
        <Box component="ul" sx={{ pl: 2.5, my: 1 }} aria-label="Items in this case">
          {c.lines.map((l) => (
            <li key={l.lineId} data-testid="case-line">
              {l.quantity} × {l.title}
              {l.variantLabel ? ` (${l.variantLabel})` : ""}
            </li>
          ))}
        </Box>
        <Typography variant="body1" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {c.description}
        </Typography>
        {c.photoCount ? (
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: "wrap" }} aria-label="Photos">
            {Array.from({ length: c.photoCount }, (_, i) => (
              <a key={i} href={photoUrl(i)} target="_blank" rel="noreferrer">
                <img
                  src={photoUrl(i)}
                  alt={`Photo ${i + 1} of case ${c.ref}`}
                  width={120}
                  height={120}
                  style={{ objectFit: "cover", borderRadius: 4 }}
                  data-testid="case-photo"
                />
              </a>
            ))}
          </Stack>
        ) : null}
        {c.resolution ? (
          <Alert severity={c.resolution === "rejected" ? "info" : "success"} sx={{ mt: 2 }} data-testid="case-resolution">
            {CASE_RESOLUTION_LABELS[c.resolution]}
            {c.refundMinor !== null ? ` (${formatAmount(c.refundMinor, c.currency)})` : ""}
            {c.faultCode ? ` · fault: ${FAULT_LABELS[c.faultCode]}` : ""}
            {c.resolutionNote ? ` · ${c.resolutionNote}` : ""}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function CaseMessages({ c }: { c: CaseView }) {
  return (
    <Box component="section" aria-labelledby="thread-h" sx={{ mb: 2 }}>
      <Typography id="thread-h" variant="h2" sx={{ fontSize: "1.15rem", mb: 1 }}>
        Messages
      </Typography>
      {c.messages.length ? (
        <Stack component="ol" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {c.messages.map((m) => (
            <Box
              component="li"
              key={m.id}
              data-testid="case-message"
              data-author={m.author}
              data-internal={m.internal ? "true" : "false"}
              sx={{
                p: 1.5,
                borderRadius: 1,
                bgcolor: m.internal ? "warning.light" : "action.hover",
                color: m.internal ? "#000" : undefined,
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {m.authorName}
                {m.internal ? " · internal note" : ""} · <time dateTime={new Date(m.at).toISOString()}>{formatDateTime(m.at)}</time>
              </Typography>
              <Typography variant="body1" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {m.body}
              </Typography>
            </Box>
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">No messages yet.</Typography>
      )}
    </Box>
  );
}

export function ReplyForm({ c, errors, values }: { c: CaseView; errors: Record<string, string>; values: Record<string, string> }) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("intent") === "reply";
  if (!c.can.reply) return null;
  return (
    <Form method="post" noValidate aria-label="Reply on the case">
      <input type="hidden" name="intent" value="reply" />
      <OutlinedTextArea
        name="body"
        label={c.can.note ? "Message or internal note" : "Your message"}
        minRows={3}
        fullWidth
        defaultValue={values.body ?? ""}
        error={Boolean(errors.body)}
        helperText={errors.body ?? " "}
        maxLength={5000}
      />
      {c.can.note ? (
        <ChoiceControl
          type="checkbox"
          name="internal"
          value="1"
          defaultChecked={values.internal === "1"}
          size="medium"
          label="Internal note (never shown to the shopper)"
        />
      ) : null}
      {errors._form ? (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {errors._form}
        </Alert>
      ) : null}
      <Box sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          Send
        </Button>
      </Box>
    </Form>
  );
}
