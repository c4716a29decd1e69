// Who may see an order: its buyer (signed in), an admin, or whoever holds the order's signed link
// (a guest's payment pages and the e-mails carry it). Anyone else gets a 404, never a 403, so an
// order id reveals nothing.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "../../config/env.ts";
import { actorUserId, AppError, hasRole, type Ctx } from "../../kernel/index.ts";
import { loadOrderRow } from "./load.ts";

/** How long a signed order link works (the e-mails' links included). */
export const ORDER_LINK_DAYS = 90;

let fallbackSecret: string | undefined;
function secret(): string {
  const configured = env().SESSION_SECRET;
  if (configured) return configured;
  fallbackSecret ??= randomBytes(32).toString("hex");
  return fallbackSecret;
}

const mac = (orderId: string, expires: number) =>
  createHmac("sha256", secret()).update(`platen-order:${orderId}:${expires}`).digest().subarray(0, 18).toString("base64url");

/** A signed token for one order's pages, valid `days` from `now`. */
export function orderToken(orderId: string, now: Date, days = ORDER_LINK_DAYS): string {
  const expires = Math.floor(now.getTime() / 1000) + days * 86_400;
  return `${expires.toString(36)}.${mac(orderId, expires)}`;
}

/** Whether `token` was issued for this order and has not expired. */
export function verifyOrderToken(orderId: string, token: string | null | undefined, now: Date): boolean {
  if (!token || token.length > 80) return false;
  const m = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!m) return false;
  const expires = parseInt(m[1]!, 36);
  if (!Number.isFinite(expires) || expires * 1000 < now.getTime()) return false;
  const given = Buffer.from(m[2]!);
  const expected = Buffer.from(mac(orderId, expires));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const orderNotFound = () => new AppError("not-found", "We couldn't find that order.", 404);

/** How the actor sees an order, or a 404. */
export function viewerOf(
  ctx: Ctx,
  order: { id: string; userId: string | null },
  token: string | null | undefined,
): "buyer" | "admin" | "link" {
  const userId = actorUserId(ctx.actor);
  if (userId && order.userId === userId) return "buyer";
  if (hasRole(ctx.actor, "admin")) return "admin";
  if (verifyOrderToken(order.id, token, ctx.clock.now())) return "link";
  throw orderNotFound();
}

/**
 * How the actor sees an order (`buyer`, `admin`, or `link` for whoever holds its signed token), or
 * a 404 for anyone else: what a later module (cases) checks before acting for an order's shopper.
 */
export async function orderViewer(ctx: Ctx, access: { orderId: string; token?: string | null }): Promise<"buyer" | "admin" | "link"> {
  const order = await loadOrderRow(ctx.db, access.orderId);
  if (!order) throw orderNotFound();
  const userId = actorUserId(ctx.actor);
  // The shopper's own standing comes first: an admin who holds the link acts as its shopper.
  if (userId && order.userId === userId) return "buyer";
  if (verifyOrderToken(order.id, access.token, ctx.clock.now())) return "link";
  if (hasRole(ctx.actor, "admin")) return "admin";
  throw orderNotFound();
}
