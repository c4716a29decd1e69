import { afterEach, describe, expect, it } from "vitest";
import { clearRenderCache, getCachedRender, renderCacheStats, setCachedRender } from "./render-cache.server.ts";

describe("render cache", () => {
  afterEach(() => clearRenderCache());

  it("returns a stored page with the new request's nonce", () => {
    setCachedRender("k", '<script nonce="n1"></script>', "n1");
    expect(getCachedRender("k", "n2")).toBe('<script nonce="n2"></script>');
    expect(getCachedRender("missing", "n2")).toBeNull();
  });

  it("keeps at most 300 pages and counts their bytes", () => {
    for (let i = 0; i < 310; i++) setCachedRender(`k${i}`, "x".repeat(10), "");
    expect(renderCacheStats()).toMatchObject({ entries: 300, bytes: 3000 });
    expect(getCachedRender("k0", "")).toBeNull();
    expect(getCachedRender("k309", "")).toBe("x".repeat(10));
  });

  it("does not store a page over 2 MB", () => {
    setCachedRender("big", "x".repeat(2 * 1024 * 1024 + 1), "");
    expect(getCachedRender("big", "")).toBeNull();
    expect(renderCacheStats().entries).toBe(0);
  });
});
