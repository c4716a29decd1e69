import AccountBalanceOutlined from "@mui/icons-material/AccountBalanceOutlined";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/authenticate";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { cardText } from "#app/components/checkout/format.ts";
import { accessFromQuery, accessQuery, notFoundResponse, orderPagePath, orNotFound } from "#app/lib/order-access.server.ts";
import { getCtx } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { completeOrderAuthentication, getPaymentPage } from "#server/modules/orders/index.ts";
import { readForm } from "#app/lib/forms.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Approve your payment · Platen Test Bank" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

/**
 * The built-in test processor's 3-D Secure step: a simulated bank page that approves or fails the
 * payment (card 4000 0025 0000 3155). A real bank shows its own page here.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  const access = accessFromQuery(request);
  const view = await orNotFound(request, () => getPaymentPage(ctx, access));
  const { order } = view;
  if (order.status !== "pending_payment" && order.status !== "cancelled") throw redirect(orderPagePath(order.id, view.token, true));
  // Only a payment waiting for the bank's answer has this step.
  if (order.status === "cancelled" || view.provider !== "test" || view.status !== "requires_action")
    throw redirect(`/payment?${accessQuery({ orderId: order.id, token: view.token })}`);
  return {
    number: order.number,
    amount: formatPrice(order.totals.totalMinor, order.currency),
    card: order.payment ? cardText(order.payment.cardBrand, order.payment.cardLast4) : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const ctx = await getCtx(request);
  const access = accessFromQuery(request);
  const form = await readForm(request);
  const decision = form.get("decision");
  if (decision !== "approve" && decision !== "fail")
    return data({ ok: false as const, message: "Choose Approve or Fail." }, { status: 400 });
  const view = await orNotFound(request, () => getPaymentPage(ctx, access));
  const back = accessQuery({ orderId: view.order.id, token: view.token });
  try {
    const result = await completeOrderAuthentication(ctx, { ...access, approve: decision === "approve" });
    if (result.outcome === "paid") throw redirect(orderPagePath(view.order.id, view.token, true));
    if (result.outcome === "requires_action") throw redirect(`/payment/authenticate?${back}`);
    throw redirect(`/payment?${back}&failed=1`);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      if (error.status === 404) throw notFoundResponse(request);
      return data({ ok: false as const, message: error.message }, { status: error.status });
    }
    throw error;
  }
}

export default function AuthenticatePage({ loaderData, actionData }: Route.ComponentProps) {
  const nav = useNavigation();
  const busy = nav.state !== "idle";
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 2 }} component="section" aria-labelledby="bank-title">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 2 }}>
          <AccountBalanceOutlined sx={{ fontSize: 36 }} aria-hidden />
          <Box>
            <Typography variant="overline" color="text.secondary" component="p">
              Platen Test Bank · 3-D Secure
            </Typography>
            <Typography variant="h5" component="h1" id="bank-title" sx={{ fontWeight: 800 }}>
              Approve this payment
            </Typography>
          </Box>
        </Stack>
        <Typography sx={{ mb: 1 }} data-testid="bank-question">
          Platen Test Bank — approve this payment of {loaderData.amount} to Platen?
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Order {loaderData.number}
          {loaderData.card ? ` · ${loaderData.card}` : ""}. This page stands in for your bank&apos;s own check; with the test processor no
          real money moves.
        </Typography>
        {actionData && !actionData.ok ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {actionData.message}
          </Alert>
        ) : null}
        <Form method="post">
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
            <Button type="submit" name="decision" value="approve" variant="contained" size="large" disabled={busy} sx={{ flex: 1 }}>
              Approve
            </Button>
            <Button
              type="submit"
              name="decision"
              value="fail"
              variant="outlined"
              color="error"
              size="large"
              disabled={busy}
              sx={{ flex: 1 }}
            >
              Fail
            </Button>
          </Stack>
        </Form>
      </Paper>
    </Container>
  );
}
