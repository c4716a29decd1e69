import { afterEach, describe, expect, it } from "vitest";
import type { EntryContext } from "react-router";
import { clearRenderCache, getCachedRender, renderCacheKey, renderCacheStats, setCachedRender } from "./render-cache.server.ts";

const context = (loaderData: unknown) =>
  ({ staticHandlerContext: { loaderData, errors: null, actionData: null } }) as unknown as EntryContext;
const get = (cookie?: string) => new Request("http://localhost/shop/product/prd_1", { headers: cookie ? { Cookie: cookie } : {} });

describe("render cache", () => {
  afterEach(() => clearRenderCache());

  it("returns a stored page with the new request's nonce", () => {
    setCachedRender("k", '<script nonce="n1"></script>', "n1");
    expect(getCachedRender("k", "n2")?.toString()).toBe('<script nonce="n2"></script>');
    expect(getCachedRender("missing", "n2")).toBeNull();
  });

  it("answers UTF-8 bytes, with every occurrence of the old nonce replaced", () => {
    const page = '<style nonce="n1">a{}</style><p>Café — 5 €</p><script nonce="n1"></script>';
    setCachedRender("k", page, "n1");
    const hit = getCachedRender("k", "nonce-2");
    expect(Buffer.isBuffer(hit)).toBe(true);
    expect(hit?.toString("utf8")).toBe(page.replaceAll("n1", "nonce-2"));
    expect(renderCacheStats().bytes).toBe(Buffer.byteLength(page.replaceAll("n1", "")));
  });

  it("keeps at most 300 pages and counts their bytes", () => {
    for (let i = 0; i < 310; i++) setCachedRender(`k${i}`, "x".repeat(10), "");
    expect(renderCacheStats()).toMatchObject({ entries: 300, bytes: 3000 });
    expect(getCachedRender("k0", "")).toBeNull();
    expect(getCachedRender("k309", "")?.toString()).toBe("x".repeat(10));
  });

  it("keys a render by its data, for visitors and signed-in users alike: different data, different page", () => {
    const alice = { root: { user: { id: "usr_a" }, cartCount: 1 }, page: { title: "Fox" } };
    const bob = { root: { user: { id: "usr_b" }, cartCount: 1 }, page: { title: "Fox" } };
    const aliceKey = renderCacheKey(get("platen_session=a"), 200, context(alice));
    expect(aliceKey).not.toBeNull();
    expect(renderCacheKey(get("platen_session=a"), 200, context(alice))).toBe(aliceKey);
    expect(renderCacheKey(get("platen_session=b"), 200, context(bob))).not.toBe(aliceKey);
    expect(renderCacheKey(get("platen_session=a"), 200, context({ ...alice, root: { ...alice.root, cartCount: 2 } }))).not.toBe(aliceKey);
    expect(renderCacheKey(get(), 404, context(alice))).toBeNull();
    expect(renderCacheKey(get("platen_session=a"), 200, context({ page: Promise.resolve(1) }))).toBeNull();
  });

  it("does not store a page over 2 MB", () => {
    setCachedRender("big", "x".repeat(2 * 1024 * 1024 + 1), "");
    expect(getCachedRender("big", "")).toBeNull();
    expect(renderCacheStats().entries).toBe(0);
  });
});
