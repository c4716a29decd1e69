import CheckCircleOutlined from "@mui/icons-material/CheckCircleOutlined";
import LocalShippingOutlined from "@mui/icons-material/LocalShippingOutlined";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { useEffect, type ReactNode } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/order";
import { fetchCartView, mirrorCart } from "#app/components/cart/shopping-client.ts";
import { addressLines, arrivesText, cardText, shipsFromText } from "#app/components/checkout/format.ts";
import { useRootData } from "#app/components/root-data.ts";
import { LineItem } from "#app/components/checkout/LineItem.tsx";
import { TotalsSummary } from "#app/components/checkout/TotalsSummary.tsx";
import { formatDate, formatDateTime } from "#app/lib/dates.ts";
import { accessFromPath, notFoundResponse, orderPagePath, orNotFound } from "#app/lib/order-access.server.ts";
import { getCtx, getSession } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { normalizeEmail } from "#server/modules/identity/index.ts";
import { cancelOrder, claimOrder, getOrder } from "#server/modules/orders/index.ts";
import { casesOfOrder } from "#server/modules/cases/index.ts";
import { CaseHoldChip, OrderCases } from "#app/components/cases/OrderCases.tsx";
import { trackingForOrder } from "#server/modules/shipping/index.ts";
import {
  GROUP_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  type GroupStatus,
  type OrderStatus,
  type OrderView,
  type TimelineEntry,
} from "#server/modules/orders/types.ts";
import { readForm } from "#app/lib/forms.server.ts";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `Order ${d.order.number} · Platen` : "Order · Platen" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

/**
 * /shop/orders/<id>: the buyer, an admin, or anyone with the signed link (`?token=`, from the
 * confirmation page and the e-mails) sees the order; anyone else gets the 404 page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  const access = accessFromPath(request, params.id);
  const order = await orNotFound(request, () => getOrder(ctx, access));
  // The order's cases and the shipments an open one holds ("Report a problem", issue 23 §3).
  const cases = await orNotFound(request, () => casesOfOrder(ctx, access));
  // Each shipment's tracking, with the same access as the order itself (buyer, admin or signed link).
  const tracking = await orNotFound(request, () => trackingForOrder(ctx, access));
  const session = await getSession(request);
  const url = new URL(request.url);
  const isGuestOrder = order.userId === null;
  const sameEmail = Boolean(session && normalizeEmail(session.user.email) === normalizeEmail(order.email));
  const here = `${url.pathname}${url.search}`;
  return {
    order,
    cases,
    tracking: tracking.map((t) => ({
      shipmentId: t.shipmentId,
      groupId: t.groupId,
      carrierName: t.carrierName,
      serviceName: t.serviceName,
      trackingNumber: t.trackingNumber,
      status: t.status,
      statusLabel: t.statusLabel,
      events: t.events.map((e) => ({ status: e.status, label: e.label, message: e.message, location: e.location, at: e.at })),
    })),
    token: access.token,
    placed: url.searchParams.get("placed") === "1",
    notice: url.searchParams.get("notice"),
    canClaim: isGuestOrder && Boolean(access.token) && sameEmail,
    signUpLink: isGuestOrder && !session ? `/signup?${new URLSearchParams({ email: order.email, next: here }).toString()}` : null,
    signInLink: isGuestOrder && !session ? `/login?${new URLSearchParams({ next: here }).toString()}` : null,
    isBuyer: Boolean(session && order.userId === session.user.id),
  };
}

interface Failure {
  ok: false;
  intent: "cancel" | "claim";
  message: string;
}

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await getCtx(request);
  const access = accessFromPath(request, params.id);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "cancel" && intent !== "claim")
    return data<Failure>(
      { ok: false, intent: "cancel", message: "Something went wrong with that form. Reload the page and try again." },
      { status: 400 },
    );
  try {
    if (intent === "cancel") {
      if (form.get("confirm") !== "yes")
        return data<Failure>(
          { ok: false, intent, message: "Tick the box to confirm that you want to cancel this order." },
          { status: 422 },
        );
      const reason = String(form.get("reason") ?? "")
        .trim()
        .slice(0, 500);
      await cancelOrder(ctx, { ...access, reason: reason || "Cancelled by the shopper." });
      throw redirect(`${orderPagePath(access.orderId, access.token)}${access.token ? "&" : "?"}notice=cancelled`);
    }
    if (ctx.actor.kind !== "user") throw redirect(`/login?next=${encodeURIComponent(orderPagePath(access.orderId, access.token))}`);
    await claimOrder(ctx, access);
    throw redirect(`/shop/orders/${encodeURIComponent(access.orderId)}?notice=claimed`);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      if (error.status === 404) throw notFoundResponse(request);
      return data<Failure>({ ok: false, intent, message: error.message }, { status: error.status });
    }
    throw error;
  }
}

const STATUS_COLOR: Record<OrderStatus, "default" | "primary" | "success" | "warning" | "error" | "info"> = {
  pending_payment: "warning",
  paid: "primary",
  in_production: "info",
  partially_shipped: "info",
  shipped: "info",
  delivered: "success",
  cancelled: "default",
  refunded: "default",
  on_hold: "warning",
};

const GROUP_COLOR: Record<GroupStatus, "default" | "info" | "success"> = {
  pending: "default",
  in_production: "info",
  shipped: "info",
  delivered: "success",
  cancelled: "default",
};

function statusWord(entry: TimelineEntry): string {
  const to = entry.to as OrderStatus & GroupStatus;
  if (entry.subject === "order") return ORDER_STATUS_LABELS[to as OrderStatus] ?? entry.to;
  return GROUP_STATUS_LABELS[to as GroupStatus] ?? entry.to;
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2 }}>
      <Typography variant="h6" component="h2" id={`${id}-title`} sx={{ fontWeight: 800, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Timeline({ order }: { order: OrderView }) {
  const groupIndex = new Map(order.groups.map((g, i) => [g.id, i + 1]));
  const entries = [...order.timeline].sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime());
  return (
    <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Order timeline" data-testid="order-timeline">
      {entries.map((e, i) => (
        <Box
          component="li"
          key={i}
          sx={{
            position: "relative",
            pl: 3,
            pb: 1.5,
            "&::before": {
              content: '""',
              position: "absolute",
              left: 6,
              top: 6,
              width: 8,
              height: 8,
              borderRadius: "50%",
              bgcolor: "primary.main",
            },
          }}
        >
          <Typography sx={{ fontWeight: 600 }}>
            {e.subject === "shipment" && order.groups.length > 1
              ? `Shipment ${groupIndex.get(e.groupId ?? "") ?? ""}: `
              : e.subject === "shipment"
                ? "Shipment: "
                : ""}
            {statusWord(e)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at)}</time>
            {e.actor ? ` · ${e.actor}` : ""}
            {e.reason ? ` · ${e.reason}` : ""}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

type Tracking = Route.ComponentProps["loaderData"]["tracking"][number];

/** A shipment's tracking as the carrier reports it: carrier, service, number, status, events newest first. */
function ShipmentTracking({ t }: { t: Tracking }) {
  return (
    <Box
      sx={{ mt: 1, mb: 1.5, p: 1.5, borderRadius: 1, bgcolor: "action.hover" }}
      data-testid="shipment-tracking"
      data-tracking-number={t.trackingNumber}
      data-tracking-status={t.status}
    >
      <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>
        {t.carrierName} {t.serviceName} · tracking number {t.trackingNumber}
      </Typography>
      <Typography variant="body2" sx={{ mb: t.events.length ? 1 : 0 }} data-testid="tracking-status">
        {t.statusLabel}
      </Typography>
      {t.events.length ? (
        <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={`Tracking events of ${t.trackingNumber}, newest first`}>
          {t.events.map((e, i) => (
            <Box
              component="li"
              key={`${e.status}-${new Date(e.at).getTime()}-${i}`}
              sx={{ display: "flex", flexWrap: "wrap", columnGap: 1, py: 0.25 }}
              data-testid="tracking-event"
              data-status={e.status}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {e.label}
              </Typography>
              <Typography variant="body2">
                {e.message}
                {e.location ? ` · ${e.location}` : ""}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at)}</time>
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

function CancelForm({ failure }: { failure: Failure | null }) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("intent") === "cancel";
  return (
    <Box component="details" sx={{ "& summary": { cursor: "pointer" } }} open={Boolean(failure)} data-testid="cancel-order">
      <Typography component="summary" sx={{ fontWeight: 700 }}>
        Cancel this order
      </Typography>
      <Form method="post" style={{ marginTop: 12 }}>
        <input type="hidden" name="intent" value="cancel" />
        <Typography variant="body2" sx={{ mb: 1 }}>
          Nothing has gone into production yet, so you can still cancel. You are refunded in full to the card you paid with.
        </Typography>
        <Stack direction="row" spacing={1} component="label" sx={{ alignItems: "center", mb: 1.5 }}>
          <input type="checkbox" name="confirm" value="yes" required />
          <Typography variant="body2">Yes, cancel the whole order</Typography>
        </Stack>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
            {failure.message}
          </Alert>
        ) : null}
        <Button type="submit" variant="outlined" color="error" disabled={busy}>
          {busy ? "Cancelling…" : "Cancel order"}
        </Button>
      </Form>
    </Box>
  );
}

/**
 * Just paid: the server took the bought items out of the cart; the browser's mirror of it
 * (`userData.cart`, which the header's badge counts) follows, so the badge no longer counts them.
 */
function useCartAfterPayment(paid: boolean) {
  const uid = useRootData()?.user?.uid ?? null;
  useEffect(() => {
    if (!paid) return;
    let live = true;
    fetchCartView()
      .then((cart) => live && mirrorCart(uid, cart))
      .catch(() => undefined); // the badge keeps its count until the next cart change
    return () => {
      live = false;
    };
  }, [paid, uid]);
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, placed, notice, canClaim, signUpLink, signInLink } = loaderData;
  useCartAfterPayment(placed && order.status !== "pending_payment" && order.status !== "cancelled");
  const failure = actionData && !actionData.ok ? actionData : null;
  const nav = useNavigation();
  const claiming = nav.state !== "idle" && nav.formData?.get("intent") === "claim";
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {placed && order.status !== "pending_payment" && order.status !== "cancelled" ? (
        <Alert severity="success" icon={<CheckCircleOutlined />} sx={{ mb: 3 }} data-testid="order-thanks">
          <Typography sx={{ fontWeight: 700 }}>
            Thank you! Your order {order.number} is confirmed. We sent a confirmation to {order.email}.
          </Typography>
        </Alert>
      ) : null}
      {notice === "cancelled" ? (
        <Alert severity="info" sx={{ mb: 3 }} role="status" data-testid="order-notice">
          Your order has been cancelled. The refund is on its way to your card; your bank usually shows it within 5 to 10 business days.
        </Alert>
      ) : notice === "claimed" ? (
        <Alert severity="success" sx={{ mb: 3 }} role="status" data-testid="order-notice">
          This order is now on your account. You find it under your orders on your account page.
        </Alert>
      ) : null}
      <Stack direction={{ xs: "column", sm: "row" }} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, gap: 1, mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            Order {order.number}
          </Typography>
          <Typography color="text.secondary">
            Placed {formatDate(order.createdAt)}
            {order.paidAt ? ` · paid ${formatDate(order.paidAt)}` : ""}
          </Typography>
        </Box>
        <Chip label={ORDER_STATUS_LABELS[order.status]} color={STATUS_COLOR[order.status]} data-testid="order-status" />
      </Stack>

      {order.status === "pending_payment" ? (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button
              component={RouterLink}
              to={`/payment?${new URLSearchParams({ order: order.id, ...(loaderData.token ? { token: loaderData.token } : {}) }).toString()}`}
              color="inherit"
              size="small"
            >
              Pay now
            </Button>
          }
        >
          This order is waiting for payment{order.expiresAt ? ` until ${formatDateTime(order.expiresAt)}` : ""}; after that it is cancelled
          and nothing is charged.
        </Alert>
      ) : null}

      {failure?.intent === "claim" ? (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {failure.message}
        </Alert>
      ) : null}
      {canClaim ? (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Form method="post">
              <input type="hidden" name="intent" value="claim" />
              <Button type="submit" color="inherit" size="small" disabled={claiming} data-testid="claim-order">
                Add to my account
              </Button>
            </Form>
          }
        >
          You placed this order as a guest with {order.email}, the e-mail address of your account. Add it to your account to find it with
          your other orders.
        </Alert>
      ) : signUpLink ? (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="order-signup">
          <Link component={RouterLink} to={signUpLink} underline="always" color="inherit" sx={{ fontWeight: 700 }}>
            Create an account to follow your orders
          </Link>{" "}
          with {order.email}: this order moves to your account, with your saved addresses and wishes.
          {signInLink ? (
            <>
              {" "}
              Have one already?{" "}
              <Link component={RouterLink} to={signInLink} underline="always" color="inherit">
                Sign in
              </Link>
              .
            </>
          ) : null}
        </Alert>
      ) : null}

      <OrderCases
        orderId={order.id}
        token={loaderData.token}
        cases={loaderData.cases.cases}
        canReport={order.groups.some((g) => g.status === "shipped" || g.status === "delivered")}
      />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1fr) 340px" }, gap: 3, alignItems: "start" }}>
        <Stack spacing={3}>
          {order.groups.map((g, i) => (
            <Paper
              key={g.id}
              component="section"
              variant="outlined"
              aria-labelledby={`group-${g.id}`}
              sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2 }}
              data-testid="order-group"
            >
              <Stack direction={{ xs: "column", sm: "row" }} sx={{ justifyContent: "space-between", gap: 1, mb: 1 }}>
                <Box>
                  <Typography variant="h6" component="h2" id={`group-${g.id}`} sx={{ fontWeight: 800 }}>
                    {order.groups.length > 1 ? `Shipment ${i + 1} of ${order.groups.length}` : "Shipment"}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {shipsFromText(g.warehouseName)}
                  </Typography>
                </Box>
                <Box sx={{ textAlign: { sm: "right" } }}>
                  <Chip size="small" label={GROUP_STATUS_LABELS[g.status]} color={GROUP_COLOR[g.status]} data-testid="group-status" />
                  <CaseHoldChip holds={loaderData.cases.holds} groupId={g.id} reprint={Boolean(g.reprintOf)} />
                  {g.status !== "cancelled" && g.status !== "delivered" ? (
                    <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="group-arrives">
                      {arrivesText(g.estimate)}
                    </Typography>
                  ) : g.deliveredAt ? (
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      Delivered {formatDate(g.deliveredAt)}
                    </Typography>
                  ) : null}
                </Box>
              </Stack>
              {g.carrier && g.trackingNumber ? (
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }} data-testid="group-tracking">
                  <LocalShippingOutlined fontSize="small" aria-hidden />
                  <Typography variant="body2">
                    {g.carrier} · {g.shippedAt ? `shipped ${formatDate(g.shippedAt)} · ` : ""}
                    {g.trackingUrl ? (
                      <Link href={g.trackingUrl} target="_blank" rel="noopener noreferrer">
                        Track parcel {g.trackingNumber}
                      </Link>
                    ) : (
                      `tracking number ${g.trackingNumber}`
                    )}
                  </Typography>
                </Stack>
              ) : null}
              {loaderData.tracking
                .filter((t) => t.groupId === g.id)
                .map((t) => (
                  <ShipmentTracking key={t.shipmentId} t={t} />
                ))}
              <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={`Items in shipment ${i + 1}`}>
                {g.lines.map((l) => (
                  <LineItem
                    key={l.id}
                    testId="order-line"
                    title={l.title}
                    variantLabel={l.variantLabel}
                    storeName={l.storeName}
                    productId={l.productId}
                    image={l.image}
                    quantity={l.quantity}
                    itemsMinor={l.itemsMinor}
                    unitPriceMinor={l.unitPriceMinor}
                    currency={order.currency}
                    note={l.refundedQuantity ? `${l.refundedQuantity} refunded` : null}
                  />
                ))}
              </Box>
            </Paper>
          ))}

          <Section title="Timeline" id="timeline">
            <Timeline order={order} />
          </Section>
        </Stack>

        <Stack spacing={3} component="aside" aria-label="Order details">
          <Section title="Summary" id="totals">
            <TotalsSummary
              totals={order.totals}
              currency={order.currency}
              pricesIncludeTax={order.pricesIncludeTax}
              taxRatePercent={order.taxRatePercent}
              refundedMinor={order.totals.refundedMinor}
              idPrefix="order"
            />
            {order.discountCode ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Code {order.discountCode}
              </Typography>
            ) : null}
          </Section>
          <Section title="Shipping to" id="address">
            <Box component="address" sx={{ fontStyle: "normal" }}>
              {addressLines(order.address).map((l, i) => (
                <Typography key={i} variant="body2">
                  {l}
                </Typography>
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {order.email}
            </Typography>
          </Section>
          {order.payment ? (
            <Section title="Payment" id="payment">
              <Typography variant="body2" data-testid="order-card">
                {cardText(order.payment.cardBrand, order.payment.cardLast4)}
              </Typography>
            </Section>
          ) : null}
          {order.canCancel ? (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2 }}>
              <CancelForm failure={failure?.intent === "cancel" ? failure : null} />
            </Paper>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            A problem with this order? Write to us through the{" "}
            <Link component={RouterLink} to="/contact?topic=order">
              contact form
            </Link>{" "}
            with your order number {order.number}.
          </Typography>
        </Stack>
      </Box>
    </Container>
  );
}
