// What a checkout remembers between its plain form posts (no JavaScript needed): a visitor's
// contact e-mail and shipping address, and the discount code of anyone. Signed with SESSION_SECRET,
// httpOnly, SameSite=Lax, `__Host-` over https, like the cart cookie. Never trusted for prices:
// the server re-prices everything on every request.
import { createCookie } from "react-router";
import { z } from "zod";
import { env } from "#server/config/env.ts";
import { cookiesAreSecure, hostCookieName } from "./session.server.ts";

export const CHECKOUT_COOKIE_NAME = "platen_checkout";
const CHECKOUT_COOKIE_DAYS = 30;

const addressShape = z.object({
  label: z.string().max(40).catch(""),
  fullName: z.string().max(120),
  line1: z.string().max(200),
  line2: z.string().max(200).catch(""),
  city: z.string().max(100),
  region: z.string().max(100).catch(""),
  postalCode: z.string().max(20),
  country: z.string().max(2),
  phone: z.string().max(30).catch(""),
});
export type CheckoutCookieAddress = z.infer<typeof addressShape>;

const stateSchema = z.object({
  email: z.string().max(254).catch(""),
  address: addressShape.nullable().catch(null),
  code: z.string().max(40).catch(""),
});
export type CheckoutState = z.infer<typeof stateSchema>;

const EMPTY: CheckoutState = { email: "", address: null, code: "" };

let cookie: ReturnType<typeof createCookie> | undefined;
function checkoutCookie() {
  cookie ??= createCookie(hostCookieName(CHECKOUT_COOKIE_NAME), {
    httpOnly: true,
    sameSite: "lax",
    secure: cookiesAreSecure(),
    path: "/",
    maxAge: CHECKOUT_COOKIE_DAYS * 24 * 60 * 60,
    secrets: [env().SESSION_SECRET!],
  });
  return cookie;
}

/** The checkout state of this browser (signature checked; anything malformed reads as empty). */
export async function readCheckoutState(request: Request): Promise<CheckoutState> {
  const value: unknown = await checkoutCookie().parse(request.headers.get("Cookie"));
  const parsed = stateSchema.safeParse(value);
  return parsed.success ? parsed.data : { ...EMPTY };
}

/** Set-Cookie keeping `state` (merged over what the request carried). */
export async function commitCheckoutState(request: Request, change: Partial<CheckoutState>): Promise<string> {
  const next = { ...(await readCheckoutState(request)), ...change };
  return checkoutCookie().serialize(next);
}
