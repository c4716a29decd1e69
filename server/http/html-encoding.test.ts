import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeHtml, isHtmlDocument } from "./html-encoding.ts";

const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Fox tee — 25 €</p>".repeat(400)}</body></html>`);

describe("compressing a rendered document in one call", () => {
  it("answers Brotli when the browser accepts it, and the bytes decode to the page", () => {
    const { body, encoding } = encodeHtml(page, "gzip, deflate, br, zstd");
    expect(encoding).toBe("br");
    expect(body.byteLength).toBeLessThan(page.byteLength / 4);
    expect(brotliDecompressSync(body).equals(page)).toBe(true);
  });

  it("falls back to gzip, then to the page as it is", () => {
    const gz = encodeHtml(page, "gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).equals(page)).toBe(true);
    expect(encodeHtml(page, "br;q=0, gzip").encoding).toBe("gzip");
    expect(encodeHtml(page, "")).toEqual({ body: page, encoding: null });
    expect(encodeHtml(page, "identity")).toEqual({ body: page, encoding: null });
  });

  it("leaves a tiny document alone", () => {
    const tiny = Buffer.from("<p>ok</p>");
    expect(encodeHtml(tiny, "br")).toEqual({ body: tiny, encoding: null });
  });

  it("takes only uncompressed HTML documents", () => {
    const html = (headers: Record<string, string>) =>
      new Response("<p>x</p>", { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
    expect(isHtmlDocument(html({}))).toBe(true);
    expect(isHtmlDocument(html({ "Content-Encoding": "br" }))).toBe(false);
    expect(isHtmlDocument(new Response("{}", { headers: { "Content-Type": "application/json" } }))).toBe(false);
    expect(isHtmlDocument(new Response(null, { status: 204, headers: { "Content-Type": "text/html" } }))).toBe(false);
  });
});
