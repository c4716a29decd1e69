import { createHash } from "node:crypto";
import type { EntryContext } from "react-router";

/**
 * A server-rendered page is a pure function of its URL and its loader data (and the build). When
 * a GET renders the same data again, the HTML is reused instead of rendering MUI/Emotion again:
 * the key is the URL plus a hash of all loader data, so there is nothing to invalidate — new data
 * is a new key. The CSP nonce differs per response and is substituted on every hit.
 *
 * Only anonymous requests (no session cookie) are cached. Not cached: non-GET, non-200, errors, action data, deferred (promise) data.
 */
interface Entry {
  html: string;
  nonce: string;
}

const MAX_ENTRIES = 300;
const MAX_BYTES = 64 * 1024 * 1024;
const entries = new Map<string, Entry>();
let bytes = 0;
let hits = 0;
let misses = 0;

class Uncacheable extends Error {}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Promise || typeof v === "function") throw new Uncacheable();
    return v;
  });
}

export function renderCacheKey(request: Request, status: number, context: EntryContext): string | null {
  if (request.method !== "GET" || status !== 200) return null;
  // Visitors only: signed-in pages may show per-user, time-relative details.
  if (/(?:^|;\s*)(?:__Host-)?platen_session=/.test(request.headers.get("Cookie") ?? "")) return null;
  const handler = context.staticHandlerContext;
  if (handler.errors || handler.actionData) return null;
  try {
    const day = new Date().toISOString().slice(0, 10); // pages may show the date
    const hash = createHash("sha256")
      .update(request.url)
      .update("\n")
      .update(day)
      .update("\n")
      .update(stableJson(handler.loaderData))
      .digest("base64url");
    return hash;
  } catch (error) {
    if (error instanceof Uncacheable) return null;
    throw error;
  }
}

export function getCachedRender(key: string, nonce: string): string | null {
  const entry = entries.get(key);
  if (!entry) {
    misses++;
    return null;
  }
  hits++;
  entries.delete(key); // LRU: move to the end
  entries.set(key, entry);
  return entry.nonce && nonce ? entry.html.replaceAll(entry.nonce, nonce) : entry.html;
}

export function setCachedRender(key: string, html: string, nonce: string): void {
  if (html.length > 2 * 1024 * 1024) return;
  const old = entries.get(key);
  if (old) bytes -= old.html.length;
  entries.set(key, { html, nonce });
  bytes += html.length;
  while (entries.size > MAX_ENTRIES || bytes > MAX_BYTES) {
    const oldest = entries.keys().next().value as string | undefined;
    if (oldest === undefined) break;
    bytes -= entries.get(oldest)!.html.length;
    entries.delete(oldest);
  }
}

export function renderCacheStats() {
  return { entries: entries.size, bytes, hits, misses };
}

export function clearRenderCache() {
  entries.clear();
  bytes = 0;
}
