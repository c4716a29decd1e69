import CreditCardOutlined from "@mui/icons-material/CreditCardOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { randomBytes } from "node:crypto";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { z } from "zod";
import type { Route } from "./+types/payment";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { OrderSideSummary } from "#app/components/checkout/OrderSideSummary.tsx";
import { OutlinedField } from "#app/components/OutlinedField.tsx";
import { accessFromQuery, accessQuery, notFoundResponse, orderPagePath, orNotFound } from "#app/lib/order-access.server.ts";
import { getCtx } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { getPaymentPage, payOrderWithCard, type PaymentPageView } from "#server/modules/orders/index.ts";
import { cardInputSchema } from "#server/modules/payments/index.ts";
import { readForm } from "#app/lib/forms.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Payment · Platen" }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

/** The test processor's card numbers (Stripe's documented test cards). */
export const TEST_CARDS = [
  { number: "4242 4242 4242 4242", result: "Pays" },
  { number: "4000 0000 0000 0002", result: "Declined" },
  { number: "4000 0000 0000 9995", result: "Insufficient funds" },
  { number: "4000 0025 0000 3155", result: "Asks your bank to approve (3-D Secure)" },
] as const;

/** One key per card form shown: a double click or a re-sent form is one charge. */
const newAttemptKey = () => randomBytes(18).toString("base64url");

const isSettled = (view: PaymentPageView) => view.order.status !== "pending_payment" && view.order.status !== "cancelled";

/** /payment?order=<id>&token=<token>: pay the order placed at checkout. */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  // /payment without an order (a bookmark, the back button after paying): the checkout says what
  // there is to buy, rather than a 404.
  if (!new URL(request.url).searchParams.get("order")) throw redirect("/checkout");
  const access = accessFromQuery(request);
  const view = await orNotFound(request, () => getPaymentPage(ctx, access));
  if (isSettled(view)) throw redirect(orderPagePath(view.order.id, view.token, true));
  const url = new URL(request.url);
  return {
    view,
    // One key per page load: a double click or a re-sent form is one charge.
    attemptKey: newAttemptKey(),
    returnPath: `/payment/return?${accessQuery({ orderId: view.order.id, token: view.token })}`,
    orderPath: orderPagePath(view.order.id, view.token),
    failedNotice: url.searchParams.get("failed") === "1",
  };
}

const attemptKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Reload the page and try again.");

type CardField = "cardNumber" | "expiry" | "cvc" | "name" | "_form";
interface PayFailure {
  ok: false;
  errors: Partial<Record<CardField, string>>;
  values: { expiry?: string; name?: string };
  /** A fresh key for the next try: the refused attempt's key would give the same answer again. */
  attemptKey: string;
}
const refuse = (errors: PayFailure["errors"], values: PayFailure["values"], status = 422) =>
  data<PayFailure>({ ok: false, errors, values, attemptKey: newAttemptKey() }, { status });

/** Which field a refusal from the payment processor belongs to. */
function fieldOf(field: string | undefined): CardField {
  if (!field) return "cardNumber";
  if (/exp/i.test(field)) return "expiry";
  if (/cvc|cvv|csc/i.test(field)) return "cvc";
  if (/name/i.test(field)) return "name";
  if (/number|card/i.test(field)) return "cardNumber";
  return "_form";
}

export async function action({ request }: Route.ActionArgs) {
  const ctx = await getCtx(request);
  const access = accessFromQuery(request);
  // Access first: to anyone but the buyer, an admin or the link's holder the order does not exist.
  const view = await orNotFound(request, () => getPaymentPage(ctx, access));
  if (isSettled(view)) throw redirect(orderPagePath(view.order.id, view.token, true));
  const form = await readForm(request);
  // The card number and the security code are never echoed back, logged or kept.
  const values = { expiry: String(form.get("expiry") ?? "").slice(0, 10), name: String(form.get("name") ?? "").slice(0, 120) };
  // One schema for the card form (the payments module's): Luhn, expiry and security code, each next to its field.
  const card = cardInputSchema.safeParse({
    cardNumber: String(form.get("cardNumber") ?? ""),
    expiry: String(form.get("expiry") ?? ""),
    cvc: String(form.get("cvc") ?? ""),
    name: String(form.get("name") ?? "") || undefined,
  });
  const attemptKey = attemptKeySchema.safeParse(form.get("attemptKey") ?? "");
  if (!card.success || !attemptKey.success) {
    const errors: PayFailure["errors"] = {};
    for (const issue of card.success ? [] : card.error.issues) {
      const key = String(issue.path[0] ?? "");
      const field: CardField = key === "cardNumber" || key === "expiry" || key === "cvc" || key === "name" ? key : "_form";
      errors[field] ??= issue.message;
    }
    if (!attemptKey.success) errors._form = "Reload the page and try again.";
    return refuse(errors, values);
  }
  try {
    const result = await payOrderWithCard(ctx, {
      ...access,
      card: card.data,
      attemptKey: attemptKey.data,
    });
    if (result.outcome === "paid") throw redirect(orderPagePath(view.order.id, view.token, true));
    if (result.outcome === "requires_action")
      throw redirect(`/payment/authenticate?${accessQuery({ orderId: view.order.id, token: view.token })}`);
    return refuse({ cardNumber: result.message ?? "The card was declined. Try another card." }, values, 402);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      if (error.status === 404) throw notFoundResponse(request);
      return refuse({ [fieldOf(error.field)]: error.message }, values, error.status);
    }
    throw error;
  }
}

// ---- Stripe's Payment Element (only when the Stripe provider is configured) ----------------------

interface StripeElement {
  mount(selector: string | HTMLElement): void;
  on(event: "ready", handler: () => void): void;
  destroy(): void;
}
interface StripeElements {
  create(type: "payment", options?: Record<string, unknown>): StripeElement;
}
interface StripeJs {
  elements(options: { clientSecret: string; appearance?: Record<string, unknown> }): StripeElements;
  confirmPayment(options: { elements: StripeElements; confirmParams: { return_url: string } }): Promise<{ error?: { message?: string } }>;
}
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const STRIPE_JS = "https://js.stripe.com/v3";

function loadStripe(): Promise<NonNullable<Window["Stripe"]>> {
  return new Promise((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe);
    let script = document.querySelector<HTMLScriptElement>(`script[src="${STRIPE_JS}"]`);
    if (!script) {
      script = document.createElement("script");
      script.src = STRIPE_JS;
      script.async = true;
      document.head.appendChild(script);
    }
    script.addEventListener("load", () => (window.Stripe ? resolve(window.Stripe) : reject(new Error("Stripe did not load."))));
    script.addEventListener("error", () => reject(new Error("Stripe did not load.")));
  });
}

function StripePaymentForm({
  publishableKey,
  clientSecret,
  returnPath,
  totalText,
}: {
  publishableKey: string;
  clientSecret: string;
  returnPath: string;
  totalText: string;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeJs; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let element: StripeElement | null = null;
    let cancelled = false;
    loadStripe()
      .then((Stripe) => {
        if (cancelled || !mountRef.current) return;
        const stripe = Stripe(publishableKey);
        const elements = stripe.elements({ clientSecret });
        element = elements.create("payment", { layout: "tabs" });
        element.on("ready", () => setReady(true));
        element.mount(mountRef.current);
        stripeRef.current = { stripe, elements };
      })
      .catch(() => setError("The secure payment form could not be loaded. Check your connection and reload the page."));
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [publishableKey, clientSecret]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const s = stripeRef.current;
    if (!s || busy) return;
    setBusy(true);
    setError(null);
    const { error: failed } = await s.stripe.confirmPayment({
      elements: s.elements,
      confirmParams: { return_url: new URL(returnPath, window.location.origin).toString() },
    });
    // Only reached when the payment could not be confirmed (success leaves for the return page).
    setError(failed?.message ?? "The payment could not be completed. Try again or use another card.");
    setBusy(false);
  };
  return (
    <form onSubmit={submit} data-testid="stripe-form">
      <Box ref={mountRef} sx={{ minHeight: 180 }} id="payment-element" />
      <noscript>
        <Alert severity="warning">Card payments through Stripe need JavaScript. Turn it on to pay for this order.</Alert>
      </noscript>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        startIcon={<LockOutlined />}
        disabled={!ready || busy}
      >
        {busy ? "Paying…" : `Pay ${totalText}`}
      </Button>
    </form>
  );
}

// ---- the built-in test processor's card form ----------------------------------------------------

function TestCardForm({
  attemptKey,
  totalText,
  errors,
  values,
}: {
  attemptKey: string;
  totalText: string;
  errors: PayFailure["errors"];
  values: PayFailure["values"];
}) {
  const nav = useNavigation();
  const submitting = nav.state !== "idle" && nav.formData?.get("attemptKey") === attemptKey;
  const [sent, setSent] = useState(false);
  // With JavaScript, the button is disabled as soon as the form is sent (a double click is one
  // submission); without, the server's attempt key makes a second post the same charge.
  useEffect(() => {
    if (nav.state === "idle") setSent(false);
  }, [nav.state]);
  const busy = submitting || sent;
  return (
    <Form method="post" noValidate onSubmit={(e) => (busy ? e.preventDefault() : setSent(true))} data-testid="card-form">
      <input type="hidden" name="attemptKey" value={attemptKey} />
      {errors._form ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errors._form}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={12}>
          <OutlinedField
            id="card-number"
            name="cardNumber"
            label="Card number"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            required
            fullWidth
            error={Boolean(errors.cardNumber)}
            helperText={errors.cardNumber}
            inputMode="numeric"
            maxLength={23}
            aria-describedby={errors.cardNumber ? "card-number-helper-text card-kept" : undefined}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <OutlinedField
            id="card-expiry"
            name="expiry"
            label="Expiry (MM / YY)"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            required
            fullWidth
            defaultValue={values.expiry ?? ""}
            error={Boolean(errors.expiry)}
            helperText={errors.expiry}
            inputMode="numeric"
            maxLength={9}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <OutlinedField
            id="card-cvc"
            name="cvc"
            label="Security code (CVC)"
            autoComplete="cc-csc"
            placeholder="123"
            required
            fullWidth
            error={Boolean(errors.cvc)}
            helperText={errors.cvc}
            inputMode="numeric"
            maxLength={4}
          />
        </Grid>
        <Grid size={12}>
          <OutlinedField
            id="card-name"
            name="name"
            label="Name on card"
            autoComplete="cc-name"
            fullWidth
            defaultValue={values.name ?? ""}
            error={Boolean(errors.name)}
            helperText={errors.name}
            maxLength={120}
          />
        </Grid>
      </Grid>
      {errors.cardNumber ? (
        <Typography id="card-kept" variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="cart-kept">
          Nothing was charged, and your cart is kept. Try again or use another card.
        </Typography>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        startIcon={<LockOutlined />}
        disabled={busy}
        data-testid="pay"
      >
        {busy ? "Paying…" : `Pay ${totalText}`}
      </Button>
    </Form>
  );
}

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, attemptKey, returnPath, orderPath, failedNotice } = loaderData;
  const { order } = view;
  const failed = actionData && !actionData.ok ? actionData : null;
  const totalText = formatPrice(order.totals.totalMinor, order.currency);
  const cancelled = order.status === "cancelled";
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        Payment
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Order {order.number} · {totalText}
      </Typography>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1fr) 380px" }, gap: 3, alignItems: "start" }}>
        <Paper variant="outlined" component="section" aria-labelledby="pay-title" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2 }}>
            <CreditCardOutlined aria-hidden />
            <Typography variant="h6" component="h2" id="pay-title" sx={{ fontWeight: 800 }}>
              Pay by card
            </Typography>
          </Stack>
          {cancelled ? (
            <Alert severity="info" data-testid="payment-closed">
              This order is no longer waiting for payment: it expired or was cancelled, and nothing was charged. Your cart is kept, so you
              can <Link to="/checkout">check out again</Link>.
            </Alert>
          ) : (
            <>
              {view.failureMessage && !failed ? (
                <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="payment-failure">
                  {view.failureMessage} Nothing was charged, and your cart is kept.
                </Alert>
              ) : failedNotice && !failed ? (
                <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                  The payment was not completed. Nothing was charged, and your cart is kept.
                </Alert>
              ) : null}
              {view.provider === "stripe" && view.clientSecret && view.publishableKey ? (
                <StripePaymentForm
                  publishableKey={view.publishableKey}
                  clientSecret={view.clientSecret}
                  returnPath={returnPath}
                  totalText={totalText}
                />
              ) : (
                <>
                  <TestCardForm
                    attemptKey={failed?.attemptKey ?? attemptKey}
                    totalText={totalText}
                    errors={failed?.errors ?? {}}
                    values={failed?.values ?? {}}
                  />
                  <Alert severity="info" icon={false} sx={{ mt: 3 }} data-testid="test-cards">
                    <Typography variant="subtitle2" component="h3">
                      Test payments: no real card is charged
                    </Typography>
                    <Typography variant="body2" sx={{ mb: 1 }}>
                      This shop uses Platen&apos;s built-in test processor. Use any future expiry date, any 3-digit code and one of these
                      numbers:
                    </Typography>
                    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                      {TEST_CARDS.map((c) => (
                        <li key={c.number}>
                          <Typography variant="body2" component="span" sx={{ fontFamily: "monospace" }}>
                            {c.number}
                          </Typography>{" "}
                          <Typography variant="body2" component="span">
                            {c.result}
                          </Typography>
                        </li>
                      ))}
                    </Box>
                  </Alert>
                </>
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                Your card details go straight to the payment processor; Platen keeps only the card brand and its last four digits.
              </Typography>
            </>
          )}
          <Button component={Link} to={orderPath} size="small" sx={{ mt: 2 }}>
            View this order
          </Button>
        </Paper>
        <OrderSideSummary order={order} />
      </Box>
    </Container>
  );
}
