import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { EntryContext } from "react-router";

/**
 * A server-rendered page is a pure function of its URL and its loader data (and the build). When
 * a GET renders the same data again, the HTML is reused instead of rendering MUI/Emotion again:
 * the key is the URL plus a hash of all loader data, so there is nothing to invalidate — new data
 * is a new key. The CSP nonce differs per response and is substituted on every hit.
 *
 * Pages are kept as UTF-8 bytes, cut where the nonce was: a hit joins the parts around the new
 * nonce and answers bytes. A string body would cost a surrogate scan and a UTF-8 encoding of the
 * whole page (~120 KB) on every response (undici's `Response` converts strings; it takes bytes as
 * they are).
 *
 * Visitors and signed-in users alike (what differs per user is loader data, hence in the key). Not
 * cached: non-GET, non-200, errors, action data, deferred (promise) data.
 */
interface Entry {
  /** The page's bytes between the nonce's occurrences (one part when there is no nonce). */
  parts: Buffer<ArrayBuffer>[];
  bytes: number;
}

const MAX_ENTRIES = 300;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
const entries = new LRUCache<string, Entry>({
  max: MAX_ENTRIES,
  maxSize: MAX_BYTES,
  maxEntrySize: MAX_ENTRY_BYTES,
  sizeCalculation: (entry) => Math.max(1, entry.bytes),
});
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
  // Signed-in pages too: everything per user (who, their cart, their flash message) is loader data,
  // so it is in the key, and two requests share a render only when their data is the same.
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

export function getCachedRender(key: string, nonce: string): Buffer<ArrayBuffer> | null {
  const entry = entries.get(key);
  if (!entry) {
    misses++;
    return null;
  }
  hits++;
  const [first, ...rest] = entry.parts;
  if (first === undefined) return Buffer.alloc(0); // never: split() gives at least one part
  if (rest.length === 0) return first;
  const nonceBytes = Buffer.from(nonce);
  const joined: Buffer<ArrayBuffer>[] = [first];
  for (const part of rest) joined.push(nonceBytes, part);
  return Buffer.concat(joined, entry.bytes + rest.length * nonceBytes.length);
}

export function setCachedRender(key: string, page: Buffer | string, nonce: string): void {
  const html = typeof page === "string" ? Buffer.from(page) : page;
  if (html.length > MAX_ENTRY_BYTES) return;
  const parts: Buffer<ArrayBuffer>[] = [];
  if (nonce) {
    const needle = Buffer.from(nonce);
    let from = 0;
    for (let at = html.indexOf(needle, from); at >= 0; at = html.indexOf(needle, from)) {
      parts.push(Buffer.from(html.subarray(from, at)));
      from = at + needle.length;
    }
    parts.push(Buffer.from(html.subarray(from)));
  } else {
    parts.push(Buffer.from(html));
  }
  entries.set(key, { parts, bytes: html.length - (parts.length - 1) * Buffer.byteLength(nonce) });
}

export function renderCacheStats() {
  return { entries: entries.size, bytes: entries.calculatedSize, hits, misses };
}

export function clearRenderCache() {
  entries.clear();
}
