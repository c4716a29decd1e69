import { createHash } from "node:crypto";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptedEncodings,
  cspWithHashes,
  inlineScriptHashes,
  onlyHookCookies,
  PageCache,
  pageCacheKey,
  purgesPageCache,
  registerPageCacheHook,
} from "./page-cache.ts";

const req = (path: string, cookie?: string, method = "GET") =>
  ({ method, path: path.split("?")[0]!, originalUrl: path, headers: cookie ? { cookie } : {} }) as Parameters<typeof pageCacheKey>[0];

describe("which requests the page cache answers", () => {
  it("keeps the storefront's public pages for visitors, by theme", () => {
    expect(pageCacheKey(req("/"))).toBe("|/");
    expect(pageCacheKey(req("/shop/product/prd_abc123"))).toBe("|/shop/product/prd_abc123");
    expect(pageCacheKey(req("/shop/products/t-shirts?sort=new"))).toBe("|/shop/products/t-shirts?sort=new");
    expect(pageCacheKey(req("/search?q=fox"))).toBe("|/search?q=fox");
    expect(pageCacheKey(req("/shop/product/prd_abc123", "platen_theme=dark"))).toBe("dark|/shop/product/prd_abc123");
    expect(pageCacheKey(req("/shop/product/prd_abc123", "", "HEAD"))).toBe("|/shop/product/prd_abc123");
  });

  it("never for a session, a visitor's own cookies, a write, or a private page", () => {
    expect(pageCacheKey(req("/", "platen_session=abc"))).toBeNull();
    expect(pageCacheKey(req("/", "__Host-platen_session=abc; platen_theme=dark"))).toBeNull();
    expect(pageCacheKey(req("/shop", "platen_theme=dark; platen_cart=vcart_1"))).toBeNull();
    expect(pageCacheKey(req("/", undefined, "POST"))).toBeNull();
    for (const p of ["/checkout", "/payment", "/account", "/cart", "/admin", "/shop/orders/ord_1", "/ash", "/login"])
      expect(pageCacheKey(req(p)), p).toBeNull();
    expect(pageCacheKey(req(`/search?q=${"x".repeat(600)}`))).toBeNull();
  });

  it("lets a hook's own cookie through on its paths (a product view), and stores pages that set only it", () => {
    expect(pageCacheKey(req("/shop/product/prd_1", "platen_viewer=abcdefgh12"))).toBeNull();
    registerPageCacheHook({ path: /^\/shop\/product\/([\w-]+)$/, cookies: ["platen_viewer"], onHit: () => null });
    expect(pageCacheKey(req("/shop/product/prd_1", "platen_viewer=abcdefgh12; platen_theme=dark"))).toBe("dark|/shop/product/prd_1");
    expect(pageCacheKey(req("/shop", "platen_viewer=abcdefgh12"))).toBeNull();
    expect(onlyHookCookies("/shop/product/prd_1", ["platen_viewer=x; Path=/; HttpOnly"])).toBe(true);
    expect(onlyHookCookies("/shop/product/prd_1", ["platen_cart=x; Path=/"])).toBe(false);
    expect(onlyHookCookies("/shop", ["platen_viewer=x"])).toBe(false);
  });

  it("is cleared by a signed-in user's successful write only", () => {
    const write = (cookie: string | undefined, method = "POST") => ({ method, headers: cookie ? { cookie } : {} }) as express.Request;
    expect(purgesPageCache(write("platen_session=x"), 302)).toBe(true);
    expect(purgesPageCache(write("platen_session=x"), 422)).toBe(false);
    expect(purgesPageCache(write(undefined), 200)).toBe(false);
    expect(purgesPageCache(write("platen_session=x", "GET"), 200)).toBe(false);
  });
});

describe("CSP for shared bytes", () => {
  const html = `<!DOCTYPE html><html><head><script nonce="abc">window.a=1</script><script type="module" src="/assets/x.js"></script></head>
<body><script nonce="abc">import("/assets/entry.js")</script><script>window.a=1</script></body></html>`;

  it("hashes each distinct inline script, not scripts with a src", () => {
    const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import("/assets/entry.js")')]);
  });

  it("replaces the nonce source with the hashes and keeps the rest of the policy", () => {
    const csp = "default-src 'self';script-src 'self' 'nonce-r4nd0m';style-src 'self' 'unsafe-inline'";
    const out = cspWithHashes(csp, ["'sha256-AAA'", "'sha256-BBB'"]);
    expect(out).toBe("default-src 'self';script-src 'self' 'sha256-AAA' 'sha256-BBB';style-src 'self' 'unsafe-inline'");
    expect(out).not.toContain("nonce");
  });

  it("reads Accept-Encoding with q-values", () => {
    expect([...acceptedEncodings("gzip, deflate, br")]).toEqual(["gzip", "deflate", "br"]);
    expect(acceptedEncodings("br;q=0, gzip;q=0.5").has("br")).toBe(false);
    expect(acceptedEncodings("br;q=0, gzip;q=0.5").has("gzip")).toBe(true);
    expect(acceptedEncodings("").size).toBe(0);
  });
});

describe("serving stored pages", () => {
  let clock = 1_000_000;
  const cache = new PageCache({ ttlMs: 5000, now: () => clock });
  const page = Buffer.from(
    `<!DOCTYPE html><html><body>${"<p>A fox on a t-shirt.</p>".repeat(200)}<script nonce="n1">go()</script></body></html>`,
  );
  let server: Server;
  let base = "";

  beforeAll(async () => {
    const app = express();
    app.use((q, r) => {
      const hit = cache.lookup(`|${q.originalUrl}`);
      if (hit) return cache.serve(q, r, hit);
      r.status(404).end();
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Set-Cookie": "nope=1", "X-Frame-Options": "DENY" });
    await cache.store("|/p", cache.currentGeneration, headers, page, "script-src 'self' 'nonce-n1'");
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it("answers with Brotli, gzip or plain bytes that all decode to the page, with the hashes' CSP", async () => {
    // The raw bytes on the wire (fetch would decompress them).
    const get = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${base}/p`, { headers: { "Accept-Encoding": encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const br = await get("gzip, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).equals(page)).toBe(true);
    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(page)).toBe(true);
    const plain = await get("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(page)).toBe(true);
    expect(plain.headers["vary"]).toBe("Accept-Encoding");
    expect(plain.headers["x-frame-options"]).toBe("DENY");
    expect(plain.headers["set-cookie"]).toBeUndefined();
    const csp = String(plain.headers["content-security-policy"]);
    expect(csp).toContain(`'sha256-${createHash("sha256").update("go()").digest("base64")}'`);
    expect(csp).not.toContain("nonce");
  });

  it("answers 304 to a matching ETag, and HEAD without a body", async () => {
    const first = await fetch(`${base}/p`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${base}/p`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${base}/p`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("renews a page past its time by one request, giving the others the stored copy meanwhile", async () => {
    expect(cache.lookup("|/p")).not.toBeNull();
    clock += 5000;
    expect(cache.lookup("|/p")).toBeNull(); // this one renders again
    expect(cache.lookup("|/p")).not.toBeNull(); // the others still get the page
    await cache.store("|/p", cache.currentGeneration, new Headers({ "Content-Type": "text/html" }), page, null);
    expect(cache.lookup("|/p")!.storedAt).toBe(clock);
    clock += 5000;
    expect(cache.lookup("|/p")).toBeNull();
    cache.release("|/p"); // that render could not be kept: the next request tries
    expect(cache.lookup("|/p")).toBeNull();
  });

  it("forgets a page on purge; a render from before a purge is not kept", async () => {
    const before = cache.currentGeneration;
    await cache.store("|/q", before, new Headers({ "Content-Type": "text/html" }), page, null);
    expect(cache.lookup("|/q")).not.toBeNull();
    cache.purge();
    expect(cache.lookup("|/q")).toBeNull();
    await cache.store("|/q", before, new Headers({ "Content-Type": "text/html" }), page, null);
    expect(cache.lookup("|/q")).toBeNull();
  });
});

describe("warming after a purge", () => {
  const html = Buffer.from("<!doctype html><html><body>warm</body></html>");
  const headers = () => new Headers({ "Content-Type": "text/html" });
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(ok()).toBe(true);
  };

  it("renders the most asked-for pages again, most first, at the origin they were asked at", async () => {
    const cache = new PageCache({ ttlMs: 60_000, warmCount: 2 });
    const warmed: string[] = [];
    cache.setWarmer(async (key, origin) => {
      warmed.push(`${origin} ${key}`);
      await cache.store(key, cache.currentGeneration, headers(), html, cache.warmCsp);
    });
    for (const [key, n] of [
      ["|/shop", 2],
      ["|/", 5],
      ["dark|/", 1],
      ["|/search?q=fox", 3],
    ] as const)
      for (let i = 0; i < n; i++) cache.lookup(key, "http://shop.example");
    await cache.store("|/", cache.currentGeneration, headers(), html, "script-src 'self' 'nonce-abc'");
    cache.purge();
    expect(cache.lookup("|/", "http://shop.example")).toBeNull(); // gone at once; this request renders it
    cache.release("|/");
    await until(() => cache.stats().warmed === 2); // both rendered and stored
    expect(warmed).toEqual(["http://shop.example |/", "http://shop.example |/search?q=fox"]);
    expect(cache.lookup("|/search?q=fox")).not.toBeNull();
    expect(cache.lookup("|/shop")).toBeNull(); // not among the two most asked for
  });

  it("stops when purged again (that purge warms anew), and gives up a page its warmer cannot render", async () => {
    const cache = new PageCache({ ttlMs: 60_000, warmCount: 3 });
    let calls = 0;
    cache.setWarmer(async (key) => {
      calls++;
      if (calls === 1) {
        cache.purge(); // a write lands while the first page renders
        await cache.store(key, cache.currentGeneration - 1, headers(), html, cache.warmCsp);
        return;
      }
      throw new Error("render failed");
    });
    for (const [key, n] of [
      ["|/a", 3],
      ["|/b", 2],
    ] as const)
      for (let i = 0; i < n; i++) cache.lookup(key, "http://x");
    cache.purge();
    await until(() => calls >= 3);
    // the first warming stopped after /a (its render predates the second purge, so it is not kept);
    // the second warmed /a and /b again: /b failed and is released for the next visitor to render
    expect(cache.lookup("|/a")).toBeNull();
    cache.release("|/a");
    expect(cache.lookup("|/b")).toBeNull();
    expect(cache.stats().warmed).toBe(0);
  });
});
