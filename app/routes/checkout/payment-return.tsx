import { redirect } from "react-router";
import type { Route } from "./+types/payment-return";
import { accessFromQuery, accessQuery, notFoundResponse, orderPagePath, orNotFound } from "#app/lib/order-access.server.ts";
import { getCtx } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { confirmOrderPayment, getPaymentPage } from "#server/modules/orders/index.ts";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

/**
 * Stripe sends the shopper back here after the Payment Element: the PaymentIntent is retrieved
 * (the webhook may not have arrived yet) and the shopper goes on to the order, or back to pay.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  const access = accessFromQuery(request);
  const view = await orNotFound(request, () => getPaymentPage(ctx, access));
  const back = accessQuery({ orderId: view.order.id, token: view.token });
  try {
    const result = await confirmOrderPayment(ctx, access);
    if (result.outcome === "paid") return redirect(orderPagePath(view.order.id, view.token, true));
    return redirect(`/payment?${back}${result.outcome === "failed" ? "&failed=1" : ""}`);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(request);
    if (error instanceof AppError && error.status < 500) return redirect(`/payment?${back}&failed=1`);
    throw error;
  }
}
