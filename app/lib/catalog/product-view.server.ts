// Product views for trending and "for you": recorded after the response, never slowing the page.
import { env } from "#server/config/env.ts";
import { logger } from "#server/infra/logger/index.ts";
import type { Ctx } from "#server/kernel/index.ts";
import { newViewerId, recordProductView, verifiedViewerId, VIEWER_COOKIE } from "#server/modules/shopping/index.ts";

const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${VIEWER_COOKIE}=([A-Za-z0-9_-]{8,64})`);

/**
 * Signed-in viewers are counted by user id. Visitors get a first-party cookie holding a visitor id
 * signed with SESSION_SECRET on their first product page and are counted once it comes back, so
 * clients without cookies (bots, benchmarks) add nothing and an invented id is never counted (it
 * is replaced by a signed one). Each client address counts only so much (see the shopping module's
 * views). Returns the Set-Cookie header to send, if any.
 */
export function deferProductView(ctx: Ctx, request: Request, productId: string): string | null {
  const signedIn = ctx.actor.kind === "user";
  const raw = COOKIE_PATTERN.exec(request.headers.get("Cookie") ?? "")?.[1] ?? null;
  const viewer = verifiedViewerId(raw) ? raw : null;
  if (signedIn || viewer) {
    setImmediate(() => {
      recordProductView(ctx, productId, viewer).catch((err: unknown) => logger().warn({ err, productId }, "product view not recorded"));
    });
    return null;
  }
  const secure = new URL(env().PUBLIC_URL).protocol === "https:" ? "; Secure" : "";
  return `${VIEWER_COOKIE}=${newViewerId()}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure}`;
}
