// Product views of visitors served from the page cache (server/http/page-cache.ts): the page's
// loader does not run on a cached hit, so the view is counted here, with the same rules as the
// loader's (app/lib/catalog/product-view.server.ts): a signed first-party viewer cookie is counted,
// a visitor without one gets one (counted when it comes back), a forged one is replaced.
import type express from "express";
import { env } from "../config/env.ts";
import { db } from "../infra/db/index.ts";
import { logger } from "../infra/logger/index.ts";
import { createCtx } from "../kernel/index.ts";
import { newViewerId, recordProductView, verifiedViewerId, VIEWER_COOKIE } from "../modules/shopping/index.ts";
import type { PageCacheHook } from "./page-cache.ts";

const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${VIEWER_COOKIE}=([A-Za-z0-9_-]{8,64})`);

export function viewerCookieHeader(): string {
  const secure = new URL(env().PUBLIC_URL).protocol === "https:" ? "; Secure" : "";
  return `${VIEWER_COOKIE}=${newViewerId()}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure}`;
}

export const productViewHook: PageCacheHook = {
  path: /^\/shop\/product\/([\w-]{1,64})$/,
  cookies: [VIEWER_COOKIE],
  onHit(req: express.Request, match: RegExpExecArray): string | null {
    const raw = COOKIE_PATTERN.exec(req.headers.cookie ?? "")?.[1] ?? null;
    const viewer = verifiedViewerId(raw) ? raw : null;
    if (!viewer) return viewerCookieHeader();
    const productId = match[1]!;
    const ip = String(req.headers["x-platen-client-ip"] ?? req.ip ?? "unknown");
    setImmediate(() => {
      recordProductView(createCtx(db(), { kind: "anonymous", ip }), productId, viewer).catch((err: unknown) =>
        logger().warn({ err, productId }, "product view not recorded"),
      );
    });
    return null;
  },
};
