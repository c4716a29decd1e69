// The visitor cart cookie: a random cart id, signed with SESSION_SECRET, httpOnly, SameSite=Lax,
// `__Host-` over https (like the session cookie). Set only when a visitor first adds something.
import { createCookie } from "react-router";
import { env } from "#server/config/env.ts";
import { contextFor, type Actor } from "#server/kernel/index.ts";
import { adoptVisitorCart, isVisitorCartId, keepCartAfterSignOut, VISITOR_CART_TTL_DAYS } from "#server/modules/shopping/index.ts";
import { clientIp, cookiesAreSecure, getSession, hostCookieName } from "./session.server.ts";

export const CART_COOKIE_NAME = "platen_cart";

let cookie: ReturnType<typeof createCookie> | undefined;
export function cartCookie() {
  cookie ??= createCookie(hostCookieName(CART_COOKIE_NAME), {
    httpOnly: true,
    sameSite: "lax",
    secure: cookiesAreSecure(),
    path: "/",
    maxAge: VISITOR_CART_TTL_DAYS * 24 * 60 * 60,
    secrets: [env().SESSION_SECRET!],
  });
  return cookie;
}

/** The visitor cart id in this request's cookie (signature checked), or null. */
export async function visitorCartIdFrom(request: Request): Promise<string | null> {
  const value: unknown = await cartCookie().parse(request.headers.get("Cookie"));
  return isVisitorCartId(value) ? value : null;
}

/** Set-Cookie naming this visitor cart (sent again on every change, so the cookie lives as long as the cart). */
export const commitCartCookie = (cartId: string) => cartCookie().serialize(cartId);

export const clearCartCookie = () => cartCookie().serialize("", { maxAge: 0, expires: new Date(0) });

/**
 * After a sign-in: the visitor cart of this browser is merged into the account's and deleted.
 * Appends the Set-Cookie that forgets it to `headers`.
 */
export async function adoptCartOnSignIn(request: Request, user: { id: string }, headers: Headers): Promise<void> {
  const cartId = await visitorCartIdFrom(request);
  if (!cartId) return;
  const actor: Actor = { kind: "user", userId: user.id, roles: [], ip: clientIp(request) };
  await adoptVisitorCart(contextFor(actor), cartId);
  headers.append("Set-Cookie", await clearCartCookie());
}

/** Before a sign-out: the account's cart stays on this device as a visitor cart (the spec keeps `userData.cart`). */
export async function keepCartOnSignOut(request: Request, headers: Headers): Promise<void> {
  const s = await getSession(request);
  if (!s) return;
  const actor: Actor = { kind: "user", userId: s.user.id, roles: s.user.roles, ip: clientIp(request) };
  const cartId = await keepCartAfterSignOut(contextFor(actor));
  headers.append("Set-Cookie", cartId ? await commitCartCookie(cartId) : await clearCartCookie());
}
