import { z } from "zod";
import type { Route } from "./+types/session";
import {
  clientIp,
  commitSessionCookie,
  destroyRefreshCookie,
  destroySessionCookie,
  pendingLinkCookie,
  sessionIdFromCookie,
} from "#app/lib/session.server.ts";
import { adoptCartOnSignIn } from "#app/lib/cart-cookie.server.ts";
import { AppError, contextFor, system } from "#server/kernel/index.ts";

/** The identity functions take the database; this route reaches it through the kernel's context. */
const identityDb = () => contextFor(system("session exchange")).db;
import {
  establishSession,
  IdentityProviderUnavailableError,
  identityErrorMessage,
  LinkRequiredError,
  linkPendingIdentity,
  recentLoginMs,
  resolveSession,
  revokeSession,
  signOut,
  toServerUser,
  userFromIdToken,
} from "#server/modules/identity/index.ts";

const bodySchema = z.object({ token: z.string().max(16_384).nullable().optional() });

function json(body: unknown, status: number, cookies: string[] = []) {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
  for (const c of cookies) headers.append("Set-Cookie", c);
  return new Response(JSON.stringify(body), { status, headers });
}
const errorBody = (code: string, message = identityErrorMessage(code)) => ({ error: { code, message } });

/**
 * POST /api/__session {"token": "..."}: verify the ID token (built-in or the configured OIDC
 * provider) and set the httpOnly session cookie; {"token": null} or "" signs out. A first-time
 * external identity whose e-mail belongs to an existing account answers 409
 * `account-exists-with-different-credential` and is remembered (signed cookie, 10 minutes) until
 * the owner signs in with the password in this browser, which links it; an owner who signed in
 * with the password in the last few minutes is linked at once. An unreachable provider key set
 * answers 503 `identity-provider-unavailable` and leaves the session alone.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return json(errorBody("method-not-allowed", "Use POST."), 405);
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    return json(errorBody("invalid-argument", 'Send JSON like {"token": "..."}.'), 400);
  }
  const parsed = bodySchema.safeParse(raw);
  if (!parsed.success) return json(errorBody("invalid-argument", 'Send JSON like {"token": "..."}.'), 400);

  const currentSessionId = await sessionIdFromCookie(request);
  const token = parsed.data.token;
  if (!token) {
    if (currentSessionId) await signOut(identityDb(), currentSessionId);
    return json({ user: null }, 200, [await destroySessionCookie(), await destroyRefreshCookie()]);
  }

  try {
    const {
      user,
      authTime,
      sessionId: tokenSessionId,
    } = await userFromIdToken(identityDb(), token).catch(async (error: unknown) => {
      // The owner of the existing account is signed in here and proved the password just now: link.
      if (error instanceof LinkRequiredError && currentSessionId) {
        const current = await resolveSession(identityDb(), currentSessionId);
        const recent = current && Date.now() - current.session.authTime.getTime() <= recentLoginMs();
        if (recent && (await linkPendingIdentity(identityDb(), current.user, error.pending))) return userFromIdToken(identityDb(), token);
      }
      throw error;
    });
    const { session } = await establishSession(identityDb(), {
      userId: user.id,
      authTime,
      currentSessionId,
      tokenSessionId,
      userAgent: request.headers.get("User-Agent"),
      ip: clientIp(request),
    });
    // The visitor cart of this browser joins the account's.
    const cart = new Headers();
    await adoptCartOnSignIn(request, user, cart);
    return json({ user: toServerUser(user) }, 200, [await commitSessionCookie(session.id), ...cart.getSetCookie()]);
  } catch (error) {
    // The provider's keys cannot be fetched: not a bad token, so the current session stays.
    if (error instanceof IdentityProviderUnavailableError) return json(errorBody(error.code, error.message), 503);
    if (!(error instanceof AppError)) throw error;
    if (currentSessionId) await revokeSession(identityDb(), currentSessionId);
    const cookies = [await destroySessionCookie()];
    // An existing account with this e-mail: its owner signs in with the password to link the identity.
    if (error instanceof LinkRequiredError) cookies.push(await pendingLinkCookie(error.pending));
    const status = error.status === 403 || error.status === 409 ? error.status : 401;
    return json(errorBody(error.code, error.message), status, cookies);
  }
}

export function loader() {
  return json(errorBody("method-not-allowed", 'POST {"token": "..."} to this address.'), 405);
}
