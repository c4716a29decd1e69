import { z } from "zod";
import type { Route } from "./+types/session";
import { clientIp, commitSessionCookie, destroyRefreshCookie, destroySessionCookie, sessionIdFromCookie } from "#app/lib/session.server.ts";
import { db } from "#server/infra/db/index.ts";
import { AppError } from "#server/kernel/index.ts";
import {
  establishSession,
  identityErrorMessage,
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
 * provider) and set the httpOnly session cookie; {"token": null} or "" signs out.
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
    if (currentSessionId) await signOut(db(), currentSessionId);
    return json({ user: null }, 200, [await destroySessionCookie(), await destroyRefreshCookie()]);
  }

  try {
    const { user, authTime, sessionId: tokenSessionId } = await userFromIdToken(db(), token);
    const { session } = await establishSession(db(), {
      userId: user.id,
      authTime,
      currentSessionId,
      tokenSessionId,
      userAgent: request.headers.get("User-Agent"),
      ip: clientIp(request),
    });
    return json({ user: toServerUser(user) }, 200, [await commitSessionCookie(session.id)]);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (currentSessionId) await revokeSession(db(), currentSessionId);
    const status = error.status === 403 || error.status === 409 ? error.status : 401;
    return json(errorBody(error.code, error.message), status, [await destroySessionCookie()]);
  }
}

export function loader() {
  return json(errorBody("method-not-allowed", 'POST {"token": "..."} to this address.'), 405);
}
