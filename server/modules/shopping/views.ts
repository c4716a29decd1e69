import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { env } from "../../config/env.ts";
import { transaction } from "../../infra/db/index.ts";
import type { Ctx } from "../../kernel/index.ts";
import { actorUserId } from "../../kernel/index.ts";
import { productViews } from "./schema.ts";

/**
 * Views counted from one client address: at most this many of one product per UTC day (a family or
 * an office behind one address), and at most this many in any hour across all products. Views
 * beyond are not recorded (the page is served as usual), so no address can move trending alone.
 */
export const VIEWS_PER_ADDRESS_PRODUCT_DAY = 3;
export const VIEWS_PER_ADDRESS_HOUR = 60;

/** `YYYY-MM-DD` in UTC. */
export const viewDay = (at: Date) => at.toISOString().slice(0, 10);

// ---- signed visitor ids ------------------------------------------------------------------------

const ID_LENGTH = 22; // 16 random bytes, base64url
const SIG_LENGTH = 22; // the first 16 bytes of an HMAC-SHA256, base64url

let fallbackSecret: string | undefined;
/** SESSION_SECRET (the server always has one: boot generates it outside production); a process-local one otherwise. */
function secret(): string {
  const configured = env().SESSION_SECRET;
  if (configured) return configured;
  fallbackSecret ??= randomBytes(32).toString("hex");
  return fallbackSecret;
}

const mac = (purpose: string, value: string) => createHmac("sha256", secret()).update(`${purpose}:${value}`).digest();
const signature = (id: string) => mac("platen-viewer", id).subarray(0, 16).toString("base64url");

/**
 * A new visitor id for the viewer cookie: 22 random characters followed by their 22-character
 * HMAC (keyed with SESSION_SECRET), so only ids Platen issued are ever counted.
 */
export function newViewerId(): string {
  const id = randomBytes(16).toString("base64url");
  return `${id}${signature(id)}`;
}

/** The visitor id inside a cookie value, or null when it is malformed, unsigned or forged. */
export function verifiedViewerId(value: string | null | undefined): string | null {
  if (!value || value.length !== ID_LENGTH + SIG_LENGTH || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  const id = value.slice(0, ID_LENGTH);
  const given = Buffer.from(value.slice(ID_LENGTH));
  const expected = Buffer.from(signature(id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The client address as stored: a keyed hash, never the address itself. */
const addressKey = (ip: string | undefined) => mac("platen-view-address", ip || "unknown").toString("base64url");

// ---- recording ---------------------------------------------------------------------------------

/**
 * Record a product page view: at most one row per viewer, product and UTC day. Signed-in viewers
 * are keyed by their user id; visitors by the signed id in the first-party cookie the product page
 * sets (`newViewerId`); anything else is ignored. Every view also counts against its client
 * address (`ctx.actor.ip`): see VIEWS_PER_ADDRESS_PRODUCT_DAY and VIEWS_PER_ADDRESS_HOUR.
 * Returns whether a new row was written.
 */
export async function recordProductView(
  ctx: Ctx,
  productId: string,
  viewerCookie: string | null | undefined,
  at: Date = ctx.clock.now(),
): Promise<boolean> {
  const userId = actorUserId(ctx.actor);
  const visitor = userId ? null : verifiedViewerId(viewerCookie);
  const key = userId ? `u:${userId}` : visitor ? `v:${visitor}` : null;
  if (!key || !productId || productId.length > 64) return false;
  const ip = ctx.actor.kind === "system" ? undefined : ctx.actor.ip;
  const clientKey = addressKey(ip);
  const day = viewDay(at);
  // A viewer's product is counted once a day: once that row is known to exist, the same view again
  // (a refresh, the next page of a busy shopper) needs no transaction at all.
  let counted = countedViews.get(ctx.db);
  if (!counted) countedViews.set(ctx.db, (counted = new LRUCache<string, true>({ max: 50_000 })));
  const memo = `${productId}|${key}|${day}`;
  if (counted.has(memo)) return false;
  const recorded = await transaction(ctx.db, async (tx) => {
    // One view of an address at a time, so parallel requests cannot all slip under the limits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`views:${clientKey}`}, 0))`);
    const [seen] = await tx
      .select({ p: productViews.productId })
      .from(productViews)
      .where(and(eq(productViews.productId, productId), eq(productViews.viewerKey, key), eq(productViews.day, day)))
      .limit(1);
    if (seen) return "seen" as const;
    const [hour] = await tx
      .select({ n: count() })
      .from(productViews)
      .where(and(eq(productViews.clientKey, clientKey), gt(productViews.viewedAt, new Date(at.getTime() - 3_600_000))));
    if (Number(hour?.n ?? 0) >= VIEWS_PER_ADDRESS_HOUR) return "refused" as const;
    const [today] = await tx
      .select({ n: count() })
      .from(productViews)
      .where(and(eq(productViews.clientKey, clientKey), eq(productViews.productId, productId), eq(productViews.day, day)));
    if (Number(today?.n ?? 0) >= VIEWS_PER_ADDRESS_PRODUCT_DAY) return "refused" as const;
    const rows = await tx
      .insert(productViews)
      .values({ productId, viewerKey: key, userId, day, viewedAt: at, clientKey })
      .onConflictDoNothing()
      .returning({ p: productViews.productId });
    return rows.length > 0 ? "new" : "seen";
  });
  if (recorded === "new" || recorded === "seen") counted.set(memo, true);
  return recorded === "new";
}

/** Views known to be counted already (per database), so a repeat costs nothing. */
const countedViews = new WeakMap<object, LRUCache<string, true>>();

/** Name of the first-party cookie identifying a visitor for view counting (set by the product page). */
export const VIEWER_COOKIE = "platen_viewer";
