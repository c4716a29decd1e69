import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NETWORK_TIMEOUT_DESKTOP_MS, NETWORK_TIMEOUT_MOBILE_MS } from "./constants.ts";
import { createHttpClient, HttpError, networkTimeoutMs } from "./http.client.ts";

let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/api/echo" && req.method === "POST") {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ got: JSON.parse(body), type: req.headers["content-type"] }));
      });
      return;
    }
    if (req.url === "/api/slow") return void setTimeout(() => res.end("{}"), 2000);
    if (req.url === "/api/missing") {
      res.writeHead(404, { "content-type": "application/json" });
      return void res.end(JSON.stringify({ error: "nope" }));
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: true, path: req.url }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("http client", () => {
  it("uses 30 s on desktop and 60 s on mobile (below the sm breakpoint, 640px)", () => {
    expect(networkTimeoutMs(1280)).toBe(NETWORK_TIMEOUT_DESKTOP_MS);
    expect(networkTimeoutMs(640)).toBe(30_000);
    expect(networkTimeoutMs(639)).toBe(NETWORK_TIMEOUT_MOBILE_MS);
    expect(networkTimeoutMs(375)).toBe(60_000);
  });

  it("resolves paths against the configured base URL", async () => {
    const client = createHttpClient({ baseUrl: `${base}/` });
    expect(client.url("/api/x")).toBe(`${base}/api/x`);
    expect(client.url("api/x")).toBe(`${base}/api/x`);
    expect(await client.getJson("/api/thing")).toEqual({ ok: true, path: "/api/thing" });
    expect(await client.postJson("/api/echo", { a: 1 })).toEqual({ got: { a: 1 }, type: "application/json" });
  });

  it("turns HTTP errors, timeouts and unreachable servers into typed errors", async () => {
    const client = createHttpClient({ baseUrl: base, timeoutMs: 200 });
    await expect(client.getJson("/api/missing")).rejects.toMatchObject({ code: "http-error", status: 404, body: { error: "nope" } });
    await expect(client.getJson("/api/slow")).rejects.toMatchObject({ code: "timeout" });
    const down = createHttpClient({ baseUrl: "http://127.0.0.1:9", timeoutMs: 2000 });
    const error = await down.getJson("/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: "network-request-failed", message: "Network request failed" });
  });
});
