import { describe, expect, it } from "vitest";
import { createHttpClient, HttpError } from "#app/lib/http.client.ts";
import { instantSearchError } from "./errors.ts";

describe("instant search error messages (spec strings)", () => {
  it("maps the HTTP client's failures to the spec's strings", () => {
    expect(instantSearchError(new HttpError("network-request-failed", "Network request failed"))).toBe("Network request failed");
    expect(instantSearchError(new HttpError("timeout", "slow"))).toBe("Socket timeout");
    expect(instantSearchError(new HttpError("http-error", "503", 503, { ok: false, errors: { q: "Connection timeout" } }))).toBe(
      "Connection timeout",
    );
    expect(instantSearchError(new HttpError("http-error", "503", 503, { ok: false, errors: { q: "Socket timeout" } }))).toBe(
      "Socket timeout",
    );
    expect(instantSearchError(new HttpError("http-error", "500", 500, "<html>"))).toBe("Network request failed");
    expect(instantSearchError(new Error("boom"))).toBe("Network request failed");
  });

  it("a request that fails or times out through the app's client gets the right string", async () => {
    const failing = createHttpClient({ fetchImpl: () => Promise.reject(new TypeError("fetch failed")) });
    expect(instantSearchError(await failing.getJson("/api/search?q=x").catch((e: unknown) => e))).toBe("Network request failed");
    const hanging = createHttpClient({
      timeoutMs: 20,
      fetchImpl: (_url, init) =>
        new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
    });
    expect(instantSearchError(await hanging.getJson("/api/search?q=x").catch((e: unknown) => e))).toBe("Socket timeout");
  });
});
