import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "#app/components/ui/Chip.tsx";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/detail";
import { LedgerJournals } from "#app/components/admin/orders/LedgerJournals.tsx";
import { GroupStatusChip, OrderStatusChip } from "#app/components/admin/orders/OrderStatusChip.tsx";
import { errorsOf, valuesOf } from "#app/components/forms.tsx";
import { adminOrderAction, adminOrderPage } from "#app/lib/admin-order-page.server.ts";
import { REFUND_REASON_MAX as REASON_MAX, refundQtyField } from "#app/lib/admin-order-refund.ts";
import { ADMIN_ORDERS_PATH, ordersPathFor } from "#app/lib/admin-orders.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { ORDER_STATUS_LABELS } from "#server/modules/orders/types.ts";
import { readForm } from "#app/lib/forms.server.ts";

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: d ? `Order ${d.number} · Admin · Platen` : "Order · Admin · Platen" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  return adminOrderPage(ctx, request, params.id);
}

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx } = await requireAdmin(request);
  return adminOrderAction(ctx, request, params.id, await readForm(request));
}

function Section({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 }, mb: 3 }}>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mb: 1.5, gap: 1, flexWrap: "wrap" }}>
        <Typography id={id} variant="h2" sx={{ fontSize: "1.2rem" }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function ErrorAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="form-error">
      {message}
    </Alert>
  );
}

export default function AdminOrderPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const busy = useNavigation().state !== "idle";
  const formIntent = values.intent;
  const allLines = d.groups.flatMap((g) => g.lines);
  const a = d.address;
  return (
    <Box sx={{ maxWidth: 1280, mx: "auto" }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
        <MuiLink component={Link} to="/admin/orders/status-overview">
          Orders
        </MuiLink>
        <MuiLink component={Link} to={ADMIN_ORDERS_PATH}>
          All orders
        </MuiLink>
        <Typography color="text.primary" aria-current="page">
          {d.number}
        </Typography>
      </Breadcrumbs>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", flexWrap: "wrap", mb: 0.5 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" } }}>
          Order {d.number}
        </Typography>
        <Box data-testid="order-status">
          <MuiLink
            component={Link}
            to={ordersPathFor(d.status)}
            underline="none"
            aria-label={`${ORDER_STATUS_LABELS[d.status]}: list orders in this status`}
          >
            <OrderStatusChip status={d.status} size="medium" />
          </MuiLink>
        </Box>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Placed {d.placed}
        {d.paid ? ` · paid ${d.paid}` : ""} · {d.email}
        {d.userId ? "" : " (guest)"}
      </Typography>

      {d.notice ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="order-notice">
          {d.notice}
        </Alert>
      ) : null}
      <ErrorAlert message={errors._form} />

      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "minmax(0, 2fr) minmax(0, 1fr)" }, gap: 3, alignItems: "start" }}>
        <Box sx={{ minWidth: 0 }}>
          {d.groups.map((g) => (
            <Section key={g.id} id={`group-${g.id}`} title={`${g.name}: ${g.warehouseName}`} action={<GroupStatusChip status={g.status} />}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Made and shipped by {g.fulfillerName} · shipping {g.shipping} · estimated delivery {g.estimate.from} to {g.estimate.to}
              </Typography>
              {g.trackingNumber ? (
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {g.carrier} tracking{" "}
                  {g.trackingUrl ? (
                    <MuiLink href={g.trackingUrl} target="_blank" rel="noopener noreferrer">
                      {g.trackingNumber}
                    </MuiLink>
                  ) : (
                    g.trackingNumber
                  )}
                  {g.shipped ? ` · shipped ${g.shipped}` : ""}
                  {g.delivered ? ` · delivered ${g.delivered}` : ""}
                </Typography>
              ) : null}
              <TableContainer tabIndex={0} role="region" aria-label={`Items of ${g.name}`}>
                <Table size="small" aria-label={`Items of ${g.name}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Item</TableCell>
                      <TableCell>Store</TableCell>
                      <TableCell align="right">Qty</TableCell>
                      <TableCell align="right">Price</TableCell>
                      <TableCell align="right">Total</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {g.lines.map((l) => (
                      <TableRow key={l.id} data-testid="order-line">
                        <TableCell>
                          <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                            {l.image ? (
                              <Box
                                component="img"
                                src={l.image}
                                alt=""
                                width={48}
                                height={48}
                                loading="lazy"
                                sx={{ borderRadius: 1, bgcolor: "action.hover", flexShrink: 0, objectFit: "cover" }}
                              />
                            ) : null}
                            <Box>
                              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                                {l.title}
                              </Typography>
                              <Typography variant="body2" color="text.secondary">
                                {l.variantLabel}
                              </Typography>
                            </Box>
                          </Stack>
                        </TableCell>
                        <TableCell>@{l.storeHandle}</TableCell>
                        <TableCell align="right">
                          {l.quantity}
                          {l.refundedQuantity ? (
                            <Typography variant="body2" color="warning.main" component="span" sx={{ display: "block" }}>
                              {l.refundedQuantity} refunded
                            </Typography>
                          ) : null}
                        </TableCell>
                        <TableCell align="right">{l.unitPrice}</TableCell>
                        <TableCell align="right">
                          {l.items}
                          {l.discount ? (
                            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: "block" }}>
                              {l.discount} discount
                            </Typography>
                          ) : null}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Section>
          ))}

          {d.refunds.length ? (
            <Section id="refunds-title" title="Refunds">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                A refund is recorded with the order first, then made by the payment provider; one the provider refuses, or cannot be reached
                for, stays here with its error until it is asked again.
              </Typography>
              <ErrorAlert message={formIntent === "retry-refund" ? errors._refunds : undefined} />
              <TableContainer>
                <Table size="small" aria-label="Refunds of this order" data-testid="refunds">
                  <TableHead>
                    <TableRow>
                      <TableCell>Asked</TableCell>
                      <TableCell align="right">Amount</TableCell>
                      <TableCell>Status</TableCell>
                      <TableCell>Reason</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {d.refunds.map((r) => (
                      <TableRow key={r.id} data-testid="refund-row" data-status={r.status}>
                        <TableCell>{r.asked}</TableCell>
                        <TableCell align="right">{r.amount}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            label={r.statusLabel}
                            color={r.status === "failed" ? "error" : r.status === "succeeded" ? "success" : "default"}
                            variant={r.status === "requested" ? "outlined" : "filled"}
                          />
                          {r.error ? (
                            <Typography variant="body2" color={r.status === "failed" ? "error" : "text.secondary"} sx={{ mt: 0.5 }}>
                              {r.status === "failed" ? "" : `Attempt ${r.attempts}: `}
                              {r.error}
                            </Typography>
                          ) : null}
                        </TableCell>
                        <TableCell sx={{ overflowWrap: "anywhere" }}>{r.reason}</TableCell>
                        <TableCell align="right">
                          {r.canRetry ? (
                            <Form method="post">
                              <input type="hidden" name="intent" value="retry-refund" />
                              <input type="hidden" name="refundId" value={r.id} />
                              <Button type="submit" size="small" variant="outlined" disabled={busy}>
                                Ask again
                              </Button>
                            </Form>
                          ) : null}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Section>
          ) : null}

          <Section id="refund-title" title="Refund">
            {d.canRefund ? (
              <Form method="post" noValidate aria-labelledby="refund-title">
                <input type="hidden" name="intent" value="refund" />
                <input type="hidden" name="refundKey" value={d.refundKey} />
                <Typography sx={{ mb: 1.5 }}>
                  Up to <strong data-testid="refundable">{d.refundable}</strong> can still be refunded. Choose items and shipping, or enter
                  an amount; the refund goes back through {d.payment?.provider === "stripe" ? "Stripe" : "the payment provider"}.
                </Typography>
                <ErrorAlert message={formIntent === "refund" ? errors._refund : undefined} />
                <TableContainer sx={{ mb: 2 }}>
                  <Table size="small" aria-label="Items to refund">
                    <TableHead>
                      <TableRow>
                        <TableCell>Item</TableCell>
                        <TableCell align="right">Refundable</TableCell>
                        <TableCell sx={{ width: 140 }}>Quantity to refund</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {allLines.map((l) => {
                        const left = l.quantity - l.refundedQuantity;
                        const field = refundQtyField(l.id);
                        const err = formIntent === "refund" ? errors[field] : undefined;
                        return (
                          <TableRow key={l.id}>
                            <TableCell>
                              <Box component="label" htmlFor={field} sx={{ display: "block" }}>
                                {l.title}
                                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
                                  {l.variantLabel} · {l.unitPrice} each
                                </Typography>
                              </Box>
                            </TableCell>
                            <TableCell align="right">{left}</TableCell>
                            <TableCell>
                              <TextField
                                id={field}
                                name={field}
                                type="number"
                                size="small"
                                defaultValue={formIntent === "refund" ? (values[field] ?? "") : ""}
                                placeholder="0"
                                disabled={left === 0}
                                error={Boolean(err)}
                                helperText={err}
                                slotProps={{
                                  htmlInput: {
                                    min: 0,
                                    max: left,
                                    step: 1,
                                    inputMode: "numeric",
                                    "aria-label": `Quantity of ${l.title} to refund`,
                                  },
                                }}
                              />
                            </TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </TableContainer>
                <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
                  <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
                    Shipping to refund
                  </Typography>
                  {d.groups.map((g) => (
                    <FormControlLabel
                      key={g.id}
                      sx={{ display: "flex" }}
                      control={
                        <Checkbox
                          name="group"
                          value={g.id}
                          defaultChecked={formIntent === "refund" && values.group === g.id}
                          disabled={g.shippingMinor === 0}
                        />
                      }
                      label={`${g.name} shipping (${g.warehouseName}): ${g.shipping}`}
                    />
                  ))}
                  {formIntent === "refund" && errors.group ? <FormHelperText error>{errors.group}</FormHelperText> : null}
                </Box>
                <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }}>
                  <TextField
                    name="amount"
                    label={`Or an amount (${d.currency})`}
                    placeholder="12.50"
                    size="small"
                    defaultValue={formIntent === "refund" ? (values.amount ?? "") : ""}
                    error={formIntent === "refund" && Boolean(errors.amount)}
                    helperText={(formIntent === "refund" && errors.amount) || `At most ${d.refundable}.`}
                    slotProps={{ htmlInput: { inputMode: "decimal", maxLength: 20 } }}
                  />
                  <TextField
                    name="reason"
                    label="Reason"
                    required
                    fullWidth
                    size="small"
                    defaultValue={formIntent === "refund" ? (values.reason ?? "") : ""}
                    error={formIntent === "refund" && Boolean(errors.reason)}
                    helperText={(formIntent === "refund" && errors.reason) || "Kept on the order's timeline and in the ledger."}
                    slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
                  />
                </Stack>
                <Button type="submit" variant="contained" color="warning" disabled={busy}>
                  Refund
                </Button>
              </Form>
            ) : (
              <Typography color="text.secondary">
                Nothing can be refunded{d.totals.refunded ? `: ${d.totals.refunded} is already refunded.` : " on this order."}
              </Typography>
            )}
          </Section>

          <Section id="ledger-title" title="Ledger journals">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              Every business event posts one balanced journal; a refund or cancellation posts a reversing journal, never an edit.
            </Typography>
            <LedgerJournals journals={d.journals} currency={d.currency} />
          </Section>

          <Section id="timeline-title" title="Timeline">
            {d.timeline.length === 0 ? (
              <Typography color="text.secondary">No changes recorded yet.</Typography>
            ) : (
              <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0 }} data-testid="order-timeline">
                {d.timeline.map((t, i) => (
                  <Box component="li" key={i} sx={{ borderLeft: 2, borderColor: "divider", pl: 2, pb: 1.5, position: "relative" }}>
                    <Typography variant="body2" color="text.secondary">
                      {t.when} · {t.actor}
                    </Typography>
                    <Typography sx={{ fontWeight: 600 }}>
                      {t.what}: {t.from ? `${t.from} → ` : ""}
                      {t.to}
                    </Typography>
                    {t.reason ? <Typography variant="body2">{t.reason}</Typography> : null}
                  </Box>
                ))}
              </Box>
            )}
          </Section>
        </Box>

        <Box sx={{ minWidth: 0 }}>
          <Section id="money-title" title="Money">
            <Table size="small" aria-label="Order totals" data-testid="order-totals">
              <TableBody>
                <TotalRow label="Items" value={d.totals.items} />
                {d.totals.discount ? (
                  <TotalRow label={`Discount${d.discountCode ? ` (${d.discountCode})` : ""}`} value={d.totals.discount} />
                ) : null}
                <TotalRow label="Shipping" value={d.totals.shipping} />
                <TotalRow
                  label={d.pricesIncludeTax ? `Tax included (${d.taxRatePercent}%)` : `Tax (${d.taxRatePercent}%)`}
                  value={d.totals.tax}
                />
                <TotalRow label="Total" value={d.totals.total} strong />
                {d.totals.refunded ? <TotalRow label="Refunded" value={d.totals.refunded} testId="refunded-total" /> : null}
              </TableBody>
            </Table>
            <Typography variant="h3" sx={{ fontSize: "1rem", fontWeight: 700, mt: 2, mb: 0.5 }} id="breakdown-title">
              Where the money goes
            </Typography>
            <Table size="small" aria-labelledby="breakdown-title" data-testid="money-breakdown">
              <TableBody>
                {d.breakdown.map((b) => (
                  <TotalRow key={b.label} label={b.label} value={b.amount} strong={b.strong} />
                ))}
              </TableBody>
            </Table>
            {d.payment ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                Payment: {d.payment.provider === "stripe" ? "Stripe" : "Test processor"} · {d.payment.status}
                {d.payment.cardBrand ? ` · ${d.payment.cardBrand} ending ${d.payment.cardLast4 ?? "????"}` : ""}
              </Typography>
            ) : null}
          </Section>

          <Section id="customer-title" title="Customer">
            <MuiLink href={`mailto:${d.email}`} sx={{ overflowWrap: "anywhere" }}>
              {d.email}
            </MuiLink>
            <Box component="address" sx={{ fontStyle: "normal", mt: 1 }}>
              {[
                a.fullName,
                a.line1,
                a.line2,
                [a.postalCode, a.city].filter(Boolean).join(" "),
                [a.region, a.country].filter(Boolean).join(", "),
                a.phone,
              ]
                .filter(Boolean)
                .map((line, i) => (
                  <Typography key={i} variant="body2">
                    {line}
                  </Typography>
                ))}
            </Box>
          </Section>

          <Section id="actions-title" title="Actions">
            {d.canHold || d.canRelease ? (
              <Box sx={{ mb: 2 }}>
                <ErrorAlert message={formIntent === "hold" || formIntent === "release" ? errors._hold : undefined} />
                {d.canHold ? (
                  <Form method="post" noValidate>
                    <input type="hidden" name="intent" value="hold" />
                    <TextField
                      name="reason"
                      label="Why hold the order?"
                      required
                      fullWidth
                      size="small"
                      defaultValue={formIntent === "hold" ? (values.reason ?? "") : ""}
                      error={Boolean(errors.holdReason)}
                      helperText={errors.holdReason ?? "Production and shipping wait until you release it."}
                      slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
                      sx={{ mb: 1 }}
                    />
                    <Button type="submit" variant="outlined" disabled={busy}>
                      Hold
                    </Button>
                  </Form>
                ) : null}
                {d.canRelease ? (
                  <Form method="post" noValidate>
                    <input type="hidden" name="intent" value="release" />
                    <TextField
                      name="reason"
                      label="Note (optional)"
                      fullWidth
                      size="small"
                      defaultValue={formIntent === "release" ? (values.reason ?? "") : ""}
                      error={Boolean(errors.releaseReason)}
                      helperText={errors.releaseReason ?? "The order carries on where it stopped."}
                      slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
                      sx={{ mb: 1 }}
                    />
                    <Button type="submit" variant="outlined" disabled={busy}>
                      Release
                    </Button>
                  </Form>
                ) : null}
              </Box>
            ) : null}

            {d.canCancel ? (
              d.confirmCancel || formIntent === "cancel" ? (
                <Box
                  component="section"
                  aria-labelledby="cancel-title"
                  sx={{ border: 1, borderColor: "error.main", borderRadius: 1, p: 2 }}
                  id="cancel"
                >
                  <Typography id="cancel-title" variant="h3" sx={{ fontSize: "1rem", fontWeight: 700, mb: 1 }}>
                    Cancel order {d.number}?
                  </Typography>
                  <Typography variant="body2" sx={{ mb: 1.5 }}>
                    The shopper is refunded {d.refundable} in full, reserved stock is released and nothing is made or shipped. This cannot
                    be undone.
                  </Typography>
                  <ErrorAlert message={formIntent === "cancel" ? errors._cancel : undefined} />
                  <Form method="post" noValidate>
                    <input type="hidden" name="intent" value="cancel" />
                    <TextField
                      name="reason"
                      label="Reason (optional)"
                      fullWidth
                      size="small"
                      defaultValue={formIntent === "cancel" ? (values.reason ?? "") : ""}
                      error={Boolean(errors.cancelReason)}
                      helperText={errors.cancelReason ?? "Shown on the order's timeline."}
                      slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
                      sx={{ mb: 1 }}
                    />
                    <Stack direction="row" spacing={1}>
                      <Button type="submit" variant="contained" color="error" disabled={busy}>
                        Yes, cancel the order
                      </Button>
                      <Button component={Link} to={`/admin/orders/${d.id}`} variant="text">
                        Keep the order
                      </Button>
                    </Stack>
                  </Form>
                </Box>
              ) : (
                <Button component={Link} to={`/admin/orders/${d.id}?confirm=cancel#cancel`} variant="outlined" color="error">
                  Cancel order…
                </Button>
              )
            ) : (
              <Typography variant="body2" color="text.secondary">
                An order that has shipped, been delivered, cancelled or refunded cannot be cancelled; refund it instead.
              </Typography>
            )}
          </Section>
        </Box>
      </Box>
    </Box>
  );
}

function TotalRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  const sx = strong ? { fontWeight: 700 } : undefined;
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ ...sx, pl: 0 }}>
        {label}
      </TableCell>
      <TableCell align="right" sx={{ ...sx, pr: 0 }} data-testid={testId}>
        {value}
      </TableCell>
    </TableRow>
  );
}
