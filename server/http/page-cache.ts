// The anonymous page cache (ADR 0013): whole storefront pages for visitors without a session,
// kept as ready-to-send bytes (identity, gzip and Brotli) for a few seconds, so that a viral
// product page is answered without running loaders, rendering React or compressing again.
//
// - Only GET/HEAD of the storefront's public pages (PAGE_CACHE_PATHS), by visitors whose only
//   cookie (if any) is the theme; the theme is part of the key. A 200 HTML answer without
//   Set-Cookie is stored; anything else passes through untouched.
// - The per-response CSP nonce cannot live in shared bytes: a stored page's inline scripts are
//   allowed by their SHA-256 hashes instead, in that answer's Content-Security-Policy.
// - Freshness: an entry is served for `ttlMs` (PLATEN_PAGE_CACHE_TTL_MS, default 5 s), then the
//   next request renders again. A successful write by a signed-in user (a partner publishing, an
//   admin suspending a store...) clears this process's cache at once. Signed-in users are never
//   served from it, so they always see their own changes.
// - Warming (issue 24): after a purge, the pages visitors asked for most (PLATEN_PAGE_CACHE_WARM,
//   default 12) are rendered again in the background, one at a time and through the render gate,
//   so that the next visitors find them ready instead of each paying for a render.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type express from "express";
import { LRUCache } from "lru-cache";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The storefront's public pages: the same for every visitor (apart from the theme). */
export const PAGE_CACHE_PATHS: readonly RegExp[] = [
  /^\/$/,
  /^\/shop$/,
  /^\/shop\/(faqs|shoppers)$/,
  /^\/shop\/products\/[\w-]+$/,
  /^\/shop\/product\/[\w-]+$/,
  /^\/shop\/stores\/[@\w.-]+$/,
  /^\/shop\/partners\/@[\w-]+(\/products(\/[\w-]+)?)?$/,
  /^\/search$/,
  /^\/legal(\/\w+)?$/,
];

const THEME_COOKIE = "platen_theme";
/** How long the stored copy of a page is still given out while one request renders it again. */
const REFRESH_WINDOW_MS = 10_000;
/** Writes often come in bursts (a form, then its redirect's reads): warming waits this long for more. */
const WARM_DELAY_MS = 150;
/** Pages whose demand is counted at most (the least asked for are forgotten first). */
const DEMAND_KEYS = 4000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?platen_session=/;

interface Variant {
  body: Buffer;
  encoding: "identity" | "gzip" | "br";
}

export interface PageEntry {
  storedAt: number;
  etag: string;
  headers: [string, string][];
  csp: string | null;
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

export interface PageCacheOptions {
  ttlMs: number;
  maxBytes?: number;
  now?: () => number;
  /** Pages rendered again after a purge (the most asked for); 0: none. */
  warmCount?: number;
}

/** Renders the page of a key (its origin, for the URL) and stores it, or releases the key. */
export type PageWarmer = (key: string, origin: string) => Promise<void>;

/**
 * Per-visitor work a cached page still needs (its loader does not run on a hit): counting a product
 * view, say. `cookies` are the cookies it reads and sets, which do not change the page's bytes;
 * `onHit` runs for each hit of a matching path and may return a Set-Cookie header for that answer.
 */
export interface PageCacheHook {
  path: RegExp;
  cookies: readonly string[];
  onHit(req: express.Request, match: RegExpExecArray): string | null;
}
const hooks: PageCacheHook[] = [];
export function registerPageCacheHook(hook: PageCacheHook): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}
const hookCookies = (path: string) => new Set(hooks.filter((h) => h.path.test(path)).flatMap((h) => h.cookies));

/** The cache key of a request, or null when it must not be served from (or stored in) the cache. */
export function pageCacheKey(req: Pick<express.Request, "method" | "path" | "originalUrl" | "headers">): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (!PAGE_CACHE_PATHS.some((p) => p.test(req.path))) return null;
  const cookie = req.headers.cookie ?? "";
  let theme = "";
  if (cookie) {
    if (SESSION_COOKIE.test(cookie)) return null;
    const harmless = hookCookies(req.path);
    for (const part of cookie.split(";")) {
      const [name, ...rest] = part.trim().split("=");
      if (!name || harmless.has(name)) continue;
      if (name !== THEME_COOKIE) return null; // a cart, a checkout, a flash message: this visitor's own page
      theme = rest.join("=");
    }
  }
  if (req.originalUrl.length > 512) return null;
  return `${theme}|${req.originalUrl}`;
}

/** SHA-256 sources for the inline scripts of `html` (scripts with a `src` are allowed by 'self'). */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1] ?? "")) continue;
    out.add(
      `'sha256-${createHash("sha256")
        .update(m[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...out];
}

/** The response's CSP with its nonce source replaced by the hashes of the page's inline scripts. */
export function cspWithHashes(csp: string, hashes: readonly string[]): string {
  return csp.replace(/'nonce-[^']*'/g, hashes.join(" ") || "'none'").replace(/\s+/g, " ");
}

/** The encodings an Accept-Encoding header accepts (q > 0). */
export function acceptedEncodings(header: string): Set<string> {
  const out = new Set<string>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) out.add(name.trim());
  }
  return out;
}

function chooseVariant(entry: PageEntry, acceptEncoding: string): Variant {
  const accepted = acceptedEncodings(acceptEncoding);
  if (entry.br && accepted.has("br")) return { body: entry.br, encoding: "br" };
  if (entry.gzip && (accepted.has("gzip") || accepted.has("*"))) return { body: entry.gzip, encoding: "gzip" };
  return { body: entry.identity, encoding: "identity" };
}

const SKIPPED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "set-cookie", "vary", "etag", "connection"]);

export class PageCache {
  private readonly entries: LRUCache<string, PageEntry>;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Bumped by every purge: a page rendered before it is not stored after it. */
  private generation = 0;
  /** Pages being rendered again, since when. */
  private readonly refreshing = new Map<string, number>();
  hits = 0;
  misses = 0;
  warmed = 0;
  /** How often each page was asked for (halved at each warming), with the origin it was asked at. */
  private readonly demand = new Map<string, { n: number; origin: string }>();
  private warmer: PageWarmer | null = null;
  private readonly warmCount: number;
  /** The CSP of a stored render: a warmed page's policy (its nonce is replaced by hashes anyway). */
  private lastCsp: string | null = null;

  constructor(options: PageCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.warmCount = options.warmCount ?? 0;
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache<string, PageEntry>({
      max: 2000,
      maxSize: options.maxBytes ?? 48 * 1024 * 1024,
      sizeCalculation: (e) => e.identity.byteLength + (e.gzip?.byteLength ?? 0) + (e.br?.byteLength ?? 0) + 512,
    });
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /**
   * The entry to answer this request with, or null: this request renders (and refreshes) the page.
   * A page past its time is renewed by one request while the others are still given the stored
   * copy (for at most REFRESH_WINDOW_MS), so a busy page is never rendered by many at once.
   */
  lookup(key: string, origin = ""): PageEntry | null {
    this.count(key, origin);
    const entry = this.entries.get(key, { allowStale: true });
    const now = this.now();
    if (entry && now - entry.storedAt < this.ttlMs) {
      this.hits++;
      return entry;
    }
    const since = this.refreshing.get(key);
    if (since !== undefined && now - since < REFRESH_WINDOW_MS) {
      if (entry) {
        this.hits++;
        return entry;
      }
    } else this.refreshing.set(key, now);
    this.misses++;
    return null;
  }

  /** Answer from a stored entry: the best encoding the client accepts, 304 for a matching ETag. */
  serve(req: express.Request, res: express.Response, entry: PageEntry): void {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    for (const hook of hooks) {
      const match = hook.path.exec(req.path);
      const cookie = match ? hook.onHit(req, match) : null;
      if (cookie) res.append("Set-Cookie", cookie);
    }
    if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("ETag", entry.etag);
    res.setHeader("X-Platen-Cache", "hit");
    const inm = req.headers["if-none-match"];
    if (inm && inm.split(",").some((t) => t.trim() === entry.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const variant = chooseVariant(entry, String(req.headers["accept-encoding"] ?? ""));
    if (variant.encoding !== "identity") res.setHeader("Content-Encoding", variant.encoding);
    res.setHeader("Content-Length", String(variant.body.byteLength));
    res.statusCode = 200;
    if (req.method === "HEAD") res.end();
    else res.end(variant.body);
  }

  /** The generation a render starts in (pass it back to `store`). */
  get currentGeneration(): number {
    return this.generation;
  }

  /**
   * Keep a rendered page: `csp` is the CSP header sent with the render (its nonce is replaced by
   * the inline scripts' hashes). The compressed variants are made off the event loop.
   */
  async store(key: string, generation: number, headers: Headers, html: Buffer, csp: string | null): Promise<void> {
    if (csp) this.lastCsp = csp;
    if (this.storing.has(key)) return;
    this.storing.add(key);
    try {
      await this.storeNow(key, generation, headers, html, csp);
    } finally {
      this.storing.delete(key);
      this.refreshing.delete(key);
    }
  }

  /** A render of `key` that will not be stored (an error, a cookie): another request may try. */
  release(key: string): void {
    this.refreshing.delete(key);
  }

  private readonly storing = new Set<string>();

  private async storeNow(key: string, generation: number, headers: Headers, html: Buffer, csp: string | null): Promise<void> {
    const kept: [string, string][] = [];
    for (const [name, value] of headers.entries()) if (!SKIPPED_HEADERS.has(name.toLowerCase())) kept.push([name, value]);
    const [gz, br] = await Promise.all([
      gzipAsync(html, { level: 9 }),
      brotliAsync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.byteLength } }),
    ]);
    if (generation !== this.generation) return; // purged while rendering: the page may be stale
    this.entries.set(key, {
      storedAt: this.now(),
      etag: `"${createHash("sha1").update(html).digest("base64url")}"`,
      headers: kept,
      csp: csp ? cspWithHashes(csp, inlineScriptHashes(html.toString("utf8"))) : null,
      identity: html,
      gzip: gz.byteLength < html.byteLength ? gz : null,
      br: br.byteLength < html.byteLength ? br : null,
    });
  }

  purge(): void {
    this.generation++;
    this.entries.clear();
    this.refreshing.clear();
    this.scheduleWarm();
  }

  /** The CSP to store a warmed page with (the last stored render's), or null before any. */
  get warmCsp(): string | null {
    return this.lastCsp;
  }

  /** Who renders pages again after a purge (server/http/react-router.ts). */
  setWarmer(warmer: PageWarmer | null): void {
    this.warmer = warmer;
  }

  private count(key: string, origin: string): void {
    const d = this.demand.get(key);
    if (d) {
      d.n++;
      if (origin) d.origin = origin;
      return;
    }
    if (this.demand.size >= DEMAND_KEYS) {
      // Forget the least asked-for half.
      const sorted = [...this.demand].sort((a, b) => a[1].n - b[1].n);
      for (const [k] of sorted.slice(0, DEMAND_KEYS / 2)) this.demand.delete(k);
    }
    this.demand.set(key, { n: 1, origin });
  }

  /** The most asked-for pages, most first (at most `n`), their counts halved (older demand fades). */
  hottest(n: number): { key: string; origin: string }[] {
    const top = [...this.demand]
      .filter(([, d]) => d.origin)
      .sort((a, b) => b[1].n - a[1].n)
      .slice(0, n)
      .map(([key, d]) => ({ key, origin: d.origin }));
    for (const [k, d] of this.demand) {
      d.n = Math.floor(d.n / 2);
      if (!d.n) this.demand.delete(k);
    }
    return top;
  }

  private scheduleWarm(): void {
    if (!this.warmer || !this.warmCount || !this.enabled) return;
    const generation = this.generation;
    const timer = setTimeout(() => void this.warm(generation), WARM_DELAY_MS);
    timer.unref?.();
  }

  /** Renders the hottest pages again, one at a time, until done or purged again (that purge warms anew). */
  private async warm(generation: number): Promise<void> {
    if (generation !== this.generation || !this.warmer) return;
    for (const { key, origin } of this.hottest(this.warmCount)) {
      if (generation !== this.generation) return;
      if (this.entries.has(key) || this.refreshing.has(key)) continue; // a visitor is rendering it, or did
      this.refreshing.set(key, this.now());
      try {
        await this.warmer(key, origin);
        if (this.entries.has(key)) this.warmed++;
      } catch {
        this.release(key);
      }
    }
  }

  stats() {
    return {
      entries: this.entries.size,
      bytes: this.entries.calculatedSize,
      hits: this.hits,
      misses: this.misses,
      warmed: this.warmed,
      ttlMs: this.ttlMs,
    };
  }
}

/**
 * The process's page cache (PLATEN_PAGE_CACHE_TTL_MS; 0 or PLATEN_RENDER_CACHE=off turns it off;
 * PLATEN_PAGE_CACHE_WARM pages rendered again after a purge, default 12).
 */
let shared: PageCache | null = null;
export function pageCache(): PageCache {
  if (!shared) {
    const raw = process.env.PLATEN_PAGE_CACHE_TTL_MS;
    const ttl = process.env.PLATEN_RENDER_CACHE === "off" ? 0 : raw === undefined || raw === "" ? 5000 : Math.max(0, Number(raw) || 0);
    const warm = process.env.PLATEN_PAGE_CACHE_WARM;
    shared = new PageCache({ ttlMs: ttl, warmCount: warm === undefined || warm === "" ? 12 : Math.max(0, Number(warm) || 0) });
  }
  return shared;
}

/** Whether a render may be stored: the only cookies it sets are ones a hook sets on hits (not kept). */
export function onlyHookCookies(path: string, setCookies: readonly string[]): boolean {
  const allowed = hookCookies(path);
  return setCookies.every((c) => allowed.has(c.split("=")[0]!.trim()));
}

/** Whether a finished request changed data a visitor's page may show: a signed-in user's successful write. */
export function purgesPageCache(req: express.Request, status: number): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  if (status >= 400) return false;
  return SESSION_COOKIE.test(req.headers.cookie ?? "");
}
