import type { Route } from "./+types/identity-token";
import { commitRefreshCookie, destroyRefreshCookie, readRefreshToken } from "#app/lib/session.server.ts";
import { AppError, contextFor, system } from "#server/kernel/index.ts";
import { refreshIdToken } from "#server/modules/identity/index.ts";

function json(body: unknown, status: number, cookie?: string) {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", Pragma: "no-cache" });
  if (cookie) headers.append("Set-Cookie", cookie);
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * POST /identity/token: exchange the refresh-token cookie (rotated on every use) for a fresh ID
 * token `{ idToken, expiresAt }`.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: { code: "method-not-allowed", message: "Use POST." } }, 405);
  try {
    const result = await refreshIdToken(contextFor(system("token refresh")).db, await readRefreshToken(request));
    return json(
      { idToken: result.idToken, expiresAt: result.expiresAt },
      200,
      await commitRefreshCookie(result.refreshToken.token, result.refreshToken.expiresAt),
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return json({ error: { code: error.code, message: error.message } }, error.status === 403 ? 403 : 401, await destroyRefreshCookie());
  }
}

export function loader() {
  return json({ error: { code: "method-not-allowed", message: "POST to this address to refresh your ID token." } }, 405);
}
