import type { Ctx } from "../../kernel/index.ts";
import { actorUserId } from "../../kernel/index.ts";
import { productViews } from "./schema.ts";

/** A visitor's first-party cookie value or a user id: at most 64 safe characters. */
const viewerKeyPattern = /^[A-Za-z0-9_-]{8,64}$/;

/** `YYYY-MM-DD` in UTC. */
export const viewDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);

/**
 * Record a product page view: at most one row per viewer, product and UTC day (a cheap
 * insert-or-nothing on a unique index). Signed-in viewers are keyed by their user id; visitors by
 * the first-party cookie the product page sets. Returns whether a new row was written.
 */
export async function recordProductView(
  ctx: Ctx,
  productId: string,
  viewerKey: string | null | undefined,
  at: Date = new Date(),
): Promise<boolean> {
  const userId = actorUserId(ctx.actor);
  const key = userId ? `u:${userId}` : viewerKey && viewerKeyPattern.test(viewerKey) ? `v:${viewerKey}` : null;
  if (!key || !productId || productId.length > 64) return false;
  const rows = await ctx.db
    .insert(productViews)
    .values({ productId, viewerKey: key, userId, day: viewDay(at), viewedAt: at })
    .onConflictDoNothing()
    .returning({ p: productViews.productId });
  return rows.length > 0;
}

/** Name of the first-party cookie identifying a visitor for view counting (set by the product page). */
export const VIEWER_COOKIE = "platen_viewer";
