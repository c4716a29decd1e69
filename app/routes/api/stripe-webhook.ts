import type { Route } from "./+types/stripe-webhook";
import { AppError, contextFor, system } from "#server/kernel/index.ts";
import { receiveStripeWebhook } from "#server/modules/orders/index.ts";

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });

/** Only Stripe posts here. */
export function loader() {
  return text("Stripe posts its events here; this address answers POST only.", 405, { Allow: "POST" });
}

/**
 * POST /api/payments/stripe/webhook: Stripe's signed events. The raw body is verified by the
 * payments provider (`constructEvent`, 300 s tolerance); each event is handled once. A bad
 * signature or payload is a 400 (Stripe shows it in its dashboard); a 404 when Stripe is not the
 * configured provider; anything handled, ignored or already seen is a 200 so Stripe stops retrying.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return text("Use POST.", 405, { Allow: "POST" });
  const raw = await request.text();
  const signature = request.headers.get("stripe-signature");
  const ctx = contextFor(system("stripe-webhook"));
  try {
    const { handled } = await receiveStripeWebhook(ctx, raw, signature);
    return Response.json({ received: true, handled }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return text(error.message, 400);
    // Stripe is not the configured payment provider: nothing here listens.
    if (error instanceof AppError && error.status === 404) return text(error.message, 404);
    if (error instanceof AppError && error.status < 500)
      return Response.json({ received: true, handled: false }, { headers: { "Cache-Control": "no-store" } });
    throw error;
  }
}
