// The order pages' access from the address: `?order=<id>&token=<signed token>` (payment pages) or
// `/shop/orders/<id>?token=...`. The orders module decides; a refusal is the site's 404 page, so
// nobody learns whether an order exists.
import { AppError } from "#server/kernel/index.ts";
import type { OrderAccess } from "#server/modules/orders/types.ts";
import { notFoundMessage } from "./not-found.ts";

const ORDER_ID = /^[A-Za-z0-9_-]{1,80}$/;
const TOKEN = /^[A-Za-z0-9._~-]{1,1000}$/;

export function notFoundResponse(request: Request): Response {
  return new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
}

/** The access named by the payment pages' query (`order`, `token`); malformed → the 404 page. */
export function accessFromQuery(request: Request): OrderAccess & { token: string | null } {
  const url = new URL(request.url);
  const orderId = url.searchParams.get("order") ?? "";
  const token = url.searchParams.get("token");
  if (!ORDER_ID.test(orderId)) throw notFoundResponse(request);
  return { orderId, token: token && TOKEN.test(token) ? token : null };
}

/** The order page's access: the id from the path, the token from `?token=`. */
export function accessFromPath(request: Request, id: string | undefined): OrderAccess & { token: string | null } {
  const token = new URL(request.url).searchParams.get("token");
  if (!id || !ORDER_ID.test(id)) throw notFoundResponse(request);
  return { orderId: id, token: token && TOKEN.test(token) ? token : null };
}

/** Run a read of the orders module; its 404 (no access, or no such order) becomes the site's 404 page, other refusals a 4xx page. */
export async function orNotFound<T>(request: Request, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) throw notFoundResponse(request);
    // Any other refusal is shown as it is (a 4xx page with its message), never as a 500.
    if (error instanceof AppError && error.status < 500) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

/** The query string that carries access to an order's pages. */
export function accessQuery(access: { orderId: string; token: string | null }, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ order: access.orderId, ...(access.token ? { token: access.token } : {}), ...extra });
  return q.toString();
}

/** `/shop/orders/<id>?token=...` (and `placed=1` after paying). */
export function orderPagePath(orderId: string, token: string | null, placed = false): string {
  const q = new URLSearchParams({ ...(token ? { token } : {}), ...(placed ? { placed: "1" } : {}) });
  const s = q.toString();
  return `/shop/orders/${encodeURIComponent(orderId)}${s ? `?${s}` : ""}`;
}
