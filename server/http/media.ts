import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { logger } from "../infra/logger/index.ts";
import { assertValidKey, storage } from "../infra/storage/index.ts";

/**
 * GET /media/<key>: public images from storage. Only these prefixes are public; print files,
 * original artwork (`artworks/`) and everything else are never served here.
 */
export const PUBLIC_MEDIA_PREFIXES = ["mockups/", "templates/", "artwork-previews/", "store-media/", "request-images/"] as const;
/** Content types served (no SVG: it can carry scripts). */
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/avif", "image/gif"]);
/**
 * A key is content-hashed (its bytes never change, so it may be cached for a year) when its file
 * name contains a run of 32-64 hex digits, e.g. `mockups/{hash}-640.webp`,
 * `store-media/{storeId}/{sha256}.png`.
 */
const HASHED_NAME = /(^|[-_.])[0-9a-f]{32,64}([-_.]|$)/;
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=300, must-revalidate";

/** Storage key of a /media request path, or null when the path is not a public media key. */
export function mediaKeyFromPath(pathname: string): string | null {
  if (!pathname.startsWith("/media/")) return null;
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice("/media/".length));
  } catch {
    return null;
  }
  try {
    assertValidKey(key);
  } catch {
    return null;
  }
  if (!PUBLIC_MEDIA_PREFIXES.some((p) => key.startsWith(p) && key.length > p.length)) return null;
  return key;
}

export const isContentHashedKey = (key: string) => HASHED_NAME.test(key.slice(key.lastIndexOf("/") + 1));

function notFound(res: Response): void {
  res.status(404).set("Cache-Control", "no-store").set("X-Content-Type-Options", "nosniff").type("text/plain").send("Not found.");
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

/**
 * Express middleware mounted at /media: GET/HEAD /media/<key>. Mounted with `app.use` so a
 * malformed escape (`%ZZ`) is a 404 here rather than a routing error.
 */
export async function mediaHandler(req: Request, res: Response, next: NextFunction): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  res.set("X-Content-Type-Options", "nosniff");
  const key = mediaKeyFromPath(req.originalUrl.split("?")[0]!.split("#")[0]!);
  if (!key) return notFound(res);
  let object;
  try {
    object = await storage().get(key);
  } catch (error) {
    logger().error({ err: error, key }, "media read failed");
    res.status(503).set("Cache-Control", "no-store").type("text/plain").send("The image is unavailable right now.");
    return;
  }
  if (!object || !IMAGE_TYPES.has(object.contentType.toLowerCase())) return notFound(res);
  const hashed = isContentHashedKey(key);
  const etag = `"${createHash("sha1").update(object.body).digest("base64url")}"`;
  res.set({
    "Content-Type": object.contentType,
    "Cache-Control": hashed ? IMMUTABLE : REVALIDATE,
    ETag: etag,
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (etagMatches(req.get("if-none-match"), etag)) {
    res.status(304).end();
    return;
  }
  res.set("Content-Length", String(object.size));
  if (req.method === "HEAD") {
    res.status(200).end();
    return;
  }
  res.status(200).end(object.body);
}
