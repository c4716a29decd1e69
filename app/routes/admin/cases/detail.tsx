// /admin/cases/{id}: one case for Platen's team (issue 23 §3). The thread between the shopper, the
// print shop and Platen with internal notes; beside it the order, the shipment's tracking and its
// packing photo. Ask a party (the case waits on it), resolve by a reprint, a full or partial refund
// or a rejection with a fault code (it says who pays), and close. Every form posts to the action.
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/detail";
import { CaseMessages, CaseSummary, ReplyForm } from "#app/components/cases/CaseThread.tsx";
import { ChoiceControl } from "#app/components/ChoiceControl.tsx";
import { OutlinedField, OutlinedSelect, OutlinedTextArea } from "#app/components/OutlinedField.tsx";
import { formatDateTime } from "#app/lib/dates.ts";
import { echoValues, readForm } from "#app/lib/forms.server.ts";
import { notFoundResponse } from "#app/lib/order-access.server.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { parseMoney } from "#server/contracts/money.ts";
import { AppError } from "#server/kernel/index.ts";
import { askCase, closeCase, getCase, postCaseMessage, resolveCase } from "#server/modules/cases/index.ts";
import { CASE_RESOLUTION_LABELS, CASE_RESOLUTIONS, FAULT_CODES, FAULT_LABELS, FAULT_PAYER } from "#server/modules/cases/types.ts";
import { getOrder } from "#server/modules/orders/index.ts";
import { GROUP_STATUS_LABELS } from "#server/modules/orders/types.ts";
import { listParcels } from "#server/modules/shipping/index.ts";

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: d ? `Case ${d.c.ref} · Platen` : "Case · Platen" }];

async function readCase(request: Request, work: () => Promise<Awaited<ReturnType<typeof getCase>>>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(request);
    throw error;
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const c = await readCase(request, () => getCase(ctx, { caseId: params.id, as: "admin" }));
  const order = await getOrder(ctx, { orderId: c.orderId });
  const group = order.groups.find((g) => g.id === c.groupId) ?? null;
  const parcels = await listParcels(ctx, { fulfillerId: c.fulfillerId, status: "shipped", limit: 500 }).catch(() => []);
  const parcel = parcels.find((p) => p.groupId === c.groupId && p.hasPhoto) ?? null;
  const reprint = c.reprintGroupId ? (order.groups.find((g) => g.id === c.reprintGroupId) ?? null) : null;
  return {
    c,
    notice: new URL(request.url).searchParams.get("notice"),
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      currency: order.currency,
      totalMinor: order.totals.totalMinor,
      refundedMinor: order.totals.refundedMinor,
      address: order.address,
    },
    group: group
      ? {
          status: GROUP_STATUS_LABELS[group.status],
          carrier: group.carrier,
          trackingNumber: group.trackingNumber,
          trackingUrl: group.trackingUrl,
          shippedAt: group.shippedAt ? formatDateTime(group.shippedAt) : null,
          deliveredAt: group.deliveredAt ? formatDateTime(group.deliveredAt) : null,
        }
      : null,
    reprint: reprint ? { status: GROUP_STATUS_LABELS[reprint.status], trackingNumber: reprint.trackingNumber } : null,
    packingPhoto: parcel && c.fulfillerHandle ? `/fulfillment/@${c.fulfillerHandle}/administration/parcels/${parcel.id}/photo` : null,
  };
}

type Intent = "reply" | "ask" | "resolve" | "close";
interface Failure {
  ok: false;
  intent: Intent;
  errors: Record<string, string>;
  values: Record<string, string>;
}

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx } = await requireAdmin(request);
  const form = await readForm(request);
  const values = echoValues(form);
  const intent = String(form.get("intent") ?? "") as Intent;
  const refuse = (errors: Record<string, string>, status: number) => data<Failure>({ ok: false, intent, errors, values }, { status });
  const text = (k: string) => String(form.get(k) ?? "");
  try {
    if (intent === "reply") {
      await postCaseMessage(ctx, { caseId: params.id, as: "admin", body: text("body"), internal: form.get("internal") === "1" });
    } else if (intent === "ask") {
      const who = text("who");
      if (who !== "print_shop" && who !== "shopper") return refuse({ who: "Choose whom to ask." }, 422);
      await askCase(ctx, { caseId: params.id, who, body: text("body") });
    } else if (intent === "resolve") {
      const resolution = text("resolution");
      let refund: { lines?: { lineId: string; quantity: number }[]; amountMinor?: number | null } | undefined;
      if (resolution === "refund") {
        const amountText = text("amount").trim();
        if (amountText) {
          const c = await getCase(ctx, { caseId: params.id, as: "admin" });
          const parsed = parseMoney(amountText, c.currency);
          if (!parsed.ok) return refuse({ amount: parsed.message }, 422);
          refund = { amountMinor: parsed.money.amount };
        } else {
          const lines: { lineId: string; quantity: number }[] = [];
          for (const [k, v] of form.entries())
            if (k.startsWith("refund.") && typeof v === "string" && v.trim()) {
              if (!/^\d{1,3}$/.test(v.trim())) return refuse({ amount: "Enter whole numbers of items to refund." }, 422);
              lines.push({ lineId: k.slice("refund.".length), quantity: Number(v.trim()) });
            }
          refund = { lines };
        }
      }
      await resolveCase(ctx, {
        caseId: params.id,
        resolution,
        faultCode: text("faultCode"),
        note: text("note"),
        ...(refund ? { refund } : {}),
      });
    } else if (intent === "close") {
      await closeCase(ctx, { caseId: params.id, note: text("note") });
    } else {
      return refuse({ _form: "Something went wrong with that form. Reload the page and try again." }, 400);
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    if (error.status === 404 && !error.field) throw notFoundResponse(request);
    return refuse({ [error.field ?? "_form"]: error.message }, error.status);
  }
  throw redirect(`/admin/cases/${params.id}?notice=${intent}`);
}

const NOTICES: Record<string, string> = {
  reply: "Sent.",
  ask: "Asked: the case waits on their answer.",
  resolve: "Resolved: every party was e-mailed.",
  close: "Closed.",
};

function Err({ errors, field }: { errors: Record<string, string>; field: string }) {
  return errors[field] ? (
    <FormHelperText error data-testid={`error-${field}`}>
      {errors[field]}
    </FormHelperText>
  ) : null;
}

export default function AdminCase({ loaderData: d, actionData }: Route.ComponentProps) {
  const { c } = d;
  const failure = actionData as Failure | undefined;
  const errs = (i: Intent) => (failure?.intent === i ? failure.errors : {});
  const vals = (i: Intent) => (failure?.intent === i ? failure.values : {});
  const nav = useNavigation();
  const busy = nav.state !== "idle";
  const re = errs("resolve");
  const rv = vals("resolve");
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Link component={RouterLink} to="/admin/cases">
        All cases
      </Link>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mt: 1, mb: 2 }}>
        Case {c.ref}
      </Typography>
      {d.notice && NOTICES[d.notice] ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="case-notice">
          {NOTICES[d.notice]}
        </Alert>
      ) : null}
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1fr) 340px" }, gap: 3, alignItems: "start" }}>
        <Box>
          <CaseSummary c={c} photoUrl={(i) => `/cases/${c.id}/photos/${i + 1}`} />
          <Typography variant="body2" sx={{ mb: 2 }} color={c.overdue ? "error" : "text.secondary"} data-testid="case-due">
            {c.firstResponseAt
              ? `First answer ${formatDateTime(c.firstResponseAt)}`
              : `${c.overdue ? "Overdue: first answer was due" : "First answer due"} ${formatDateTime(c.firstResponseDueAt)}`}
          </Typography>
          <CaseMessages c={c} />
          <ReplyForm c={c} errors={errs("reply")} values={vals("reply")} />

          {c.can.ask ? (
            <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-labelledby="ask-h">
              <CardContent>
                <Typography id="ask-h" variant="h2" sx={{ fontSize: "1.15rem", mb: 1 }}>
                  Ask a party
                </Typography>
                <Form method="post" noValidate aria-label="Ask a party">
                  <input type="hidden" name="intent" value="ask" />
                  <Box role="radiogroup" sx={{ display: "flex", flexWrap: "wrap" }}>
                    <ChoiceControl
                      type="radio"
                      size="medium"
                      name="who"
                      value="print_shop"
                      defaultChecked={(vals("ask").who ?? "print_shop") === "print_shop"}
                      label={`The print shop (${c.fulfillerName})`}
                    />
                    <ChoiceControl
                      type="radio"
                      size="medium"
                      name="who"
                      value="shopper"
                      defaultChecked={vals("ask").who === "shopper"}
                      label="The shopper"
                    />
                  </Box>
                  <Err errors={errs("ask")} field="who" />
                  <OutlinedTextArea
                    name="body"
                    label="Question"
                    minRows={2}
                    fullWidth
                    defaultValue={vals("ask").body ?? ""}
                    error={Boolean(errs("ask").body)}
                    helperText={errs("ask").body ?? " "}
                  />
                  <Err errors={errs("ask")} field="_form" />
                  <Button type="submit" variant="outlined" disabled={busy}>
                    Ask
                  </Button>
                </Form>
              </CardContent>
            </Card>
          ) : null}

          {c.can.resolve ? (
            <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-labelledby="resolve-h">
              <CardContent>
                <Typography id="resolve-h" variant="h2" sx={{ fontSize: "1.15rem", mb: 1 }}>
                  Resolve
                </Typography>
                <Form method="post" noValidate aria-label="Resolve the case">
                  <input type="hidden" name="intent" value="resolve" />
                  <FormControl component="fieldset" error={Boolean(re.resolution)}>
                    <FormLabel component="legend">Remedy</FormLabel>
                    <Box role="radiogroup" sx={{ display: "flex", flexWrap: "wrap" }}>
                      {CASE_RESOLUTIONS.map((r) => (
                        <ChoiceControl
                          key={r}
                          type="radio"
                          size="medium"
                          name="resolution"
                          value={r}
                          defaultChecked={rv.resolution === r}
                          label={CASE_RESOLUTION_LABELS[r]}
                          // Red with the fieldset's error, as MUI's FormControlLabel in an erring FormControl.
                          sx={re.resolution ? { "& > span:last-of-type": { color: "error.main" } } : undefined}
                        />
                      ))}
                    </Box>
                    <Err errors={re} field="resolution" />
                  </FormControl>
                  <OutlinedSelect
                    name="faultCode"
                    label="Fault (who pays)"
                    fullWidth
                    defaultValue={rv.faultCode ?? ""}
                    error={Boolean(re.faultCode)}
                    helperText={re.faultCode ?? "The print shop's faults are charged to its balance; a carrier's or Platen's to Platen."}
                    sx={{ my: 1.5 }}
                  >
                    <option value="">Choose…</option>
                    {FAULT_CODES.map((f) => (
                      <option key={f} value={f}>
                        {FAULT_LABELS[f]} (
                        {FAULT_PAYER[f] === "print_shop"
                          ? "print shop pays"
                          : FAULT_PAYER[f] === "platform"
                            ? "Platen pays"
                            : "nobody pays"}
                        )
                      </option>
                    ))}
                  </OutlinedSelect>
                  <Typography variant="subtitle2" sx={{ mt: 1 }}>
                    A refund: the items (a partial refund) or an amount
                  </Typography>
                  {c.lines.map((l) => (
                    <OutlinedField
                      key={l.lineId}
                      name={`refund.${l.lineId}`}
                      label={`${l.title}${l.variantLabel ? ` (${l.variantLabel})` : ""}: items to refund (of ${l.quantity})`}
                      size="small"
                      fullWidth
                      defaultValue={rv[`refund.${l.lineId}`] ?? ""}
                      error={Boolean(re[`qty.${l.lineId}`])}
                      helperText={re[`qty.${l.lineId}`] ?? " "}
                      inputMode="numeric"
                    />
                  ))}
                  <OutlinedField
                    name="amount"
                    label={`Or an amount (${c.currency})`}
                    size="small"
                    fullWidth
                    defaultValue={rv.amount ?? ""}
                    error={Boolean(re.amount || re.lines)}
                    helperText={re.amount ?? re.lines ?? "Leave both empty for a reprint or a rejection."}
                  />
                  <OutlinedTextArea
                    name="note"
                    label="What was decided (the shopper and the print shop read it)"
                    minRows={2}
                    fullWidth
                    defaultValue={rv.note ?? ""}
                    error={Boolean(re.note)}
                    helperText={re.note ?? " "}
                    sx={{ mt: 1.5 }}
                  />
                  <Err errors={re} field="_form" />
                  <Button type="submit" variant="contained" disabled={busy}>
                    Resolve
                  </Button>
                </Form>
              </CardContent>
            </Card>
          ) : null}

          {c.can.close ? (
            <Form method="post" noValidate aria-label="Close the case" style={{ marginTop: 24 }}>
              <input type="hidden" name="intent" value="close" />
              <OutlinedField name="note" label="A last word (optional)" fullWidth size="small" defaultValue={vals("close").note ?? ""} />
              <Err errors={errs("close")} field="_form" />
              <Button type="submit" variant="outlined" sx={{ mt: 1 }} disabled={busy}>
                Close the case
              </Button>
            </Form>
          ) : null}
        </Box>

        <Stack spacing={2} component="aside" aria-label="The order">
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: "1.1rem", mb: 1 }}>
                Order{" "}
                <Link component={RouterLink} to={`/admin/orders/${d.order.id}`}>
                  {d.order.number}
                </Link>
              </Typography>
              <Typography variant="body2">
                {c.shopperName}
                {c.shopperEmail ? ` · ${c.shopperEmail}` : ""}
              </Typography>
              <Typography variant="body2">
                {d.order.address.city}, {d.order.address.country}
              </Typography>
              {d.group ? (
                <Box sx={{ mt: 1 }} data-testid="case-shipment">
                  <Typography variant="body2">
                    Shipment from {c.fulfillerName} ({c.warehouseName}): {d.group.status}
                  </Typography>
                  {d.group.trackingNumber ? (
                    <Typography variant="body2">
                      {d.group.carrier} ·{" "}
                      {d.group.trackingUrl ? (
                        <Link href={d.group.trackingUrl} target="_blank" rel="noopener noreferrer">
                          {d.group.trackingNumber}
                        </Link>
                      ) : (
                        d.group.trackingNumber
                      )}
                    </Typography>
                  ) : null}
                  {d.group.shippedAt ? <Typography variant="body2">Shipped {d.group.shippedAt}</Typography> : null}
                  {d.group.deliveredAt ? <Typography variant="body2">Delivered {d.group.deliveredAt}</Typography> : null}
                </Box>
              ) : null}
              {d.reprint ? (
                <Typography variant="body2" sx={{ mt: 1 }} data-testid="case-reprint">
                  Reprint: {d.reprint.status}
                  {d.reprint.trackingNumber ? ` · ${d.reprint.trackingNumber}` : ""}
                </Typography>
              ) : null}
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: "1.1rem", mb: 1 }}>
                Packing photo
              </Typography>
              {d.packingPhoto ? (
                <a href={d.packingPhoto} target="_blank" rel="noreferrer">
                  <img
                    src={d.packingPhoto}
                    alt={`The packed items of order ${d.order.number}`}
                    style={{ width: "100%", borderRadius: 4 }}
                  />
                </a>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  The print shop took no packing photo of this shipment.
                </Typography>
              )}
            </CardContent>
          </Card>
          {c.history.length ? (
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: "1.1rem", mb: 1 }}>
                  History
                </Typography>
                <Box component="ol" sx={{ pl: 2.5, m: 0 }}>
                  {c.history.map((h, i) => (
                    <li key={i}>
                      <Typography variant="body2">
                        {formatDateTime(h.at)}: {h.reason}
                      </Typography>
                    </li>
                  ))}
                </Box>
              </CardContent>
            </Card>
          ) : null}
        </Stack>
      </Box>
    </Box>
  );
}
