// Express → React Router, with the request body limited on the stream. Replaces
// @react-router/express's handler, which hands the raw socket stream to the app: a body without
// Content-Length (chunked) would be read whole into memory by request.formData()/json().
import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Transform } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { encodeHtml, isHtmlDocument } from "./html-encoding.ts";
import { sectionedHandler } from "./route-sections.ts";
import { Overloaded, renderGate } from "./admission.ts";
import { runInRequestScope } from "./request-scope.ts";
import { bodyLimitFor, isPrivatePath, tooLargeMessage } from "./limits.ts";
import { onlyHookCookies, pageCache, pageCacheKey, purgesPageCache } from "./page-cache.ts";

export interface RouterHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext: (req: express.Request, res: express.Response) => AppLoadContext;
}

const BODYLESS = new Set(["GET", "HEAD"]);

/**
 * After an answer that leaves the body unread, what is still arriving is read and dropped (never
 * kept) for at most this long, or this much, before the connection is cut.
 */
const LINGER_MS = 5000;
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Close the connection after this answer without reading the rest of the body. The close lingers
 * (as web servers do): for a moment, whatever the client is still sending is read and dropped,
 * so the client reads the answer instead of a connection reset.
 */
function closeAfterAnswer(req: express.Request, res: express.Response): void {
  const socket = req.socket as typeof req.socket & { destroySoon?: () => void };
  let dropped = 0;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  req.unpipe();
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > LINGER_BYTES) cut();
  });
  req.resume();
  // Node ends and then destroys a `Connection: close` socket once the answer is written; end it
  // (no more writes) but keep reading until the client stops or the linger is over.
  socket.destroySoon = () => socket.end();
  res.set("Connection", "close");
}

/** Answer 413 and close the connection, so the rest of the body is never kept. */
export function sendTooLarge(res: express.Response, bytes: number): void {
  if (res.headersSent) return void res.destroy();
  closeAfterAnswer(res.req, res);
  res.status(413).set("Cache-Control", "no-store").type("text/plain").send(tooLargeMessage(bytes));
}

type ReadOutcome = { kind: "body"; body: Buffer } | { kind: "too-large" } | { kind: "aborted" };

/** Read the whole body, but never more than `limit` bytes: past it, stop reading. */
export function readBodyLimited(req: IncomingMessage, limit: number): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const settle = (outcome: ReadOutcome) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onAbort);
      req.off("close", onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limit) {
        req.pause();
        settle({ kind: "too-large" });
      } else chunks.push(chunk);
    };
    const onEnd = () => settle({ kind: "body", body: Buffer.concat(chunks, total) });
    const onAbort = () => settle({ kind: "aborted" });
    const onClose = () => {
      if (!req.complete) settle({ kind: "aborted" });
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onAbort);
    req.on("close", onClose);
  });
}

/** A null character in a form or JSON body: databases refuse it in text, so it is a 400 here. */
export function bodyHasNullCharacter(body: Buffer, contentType: string): boolean {
  if (body.includes(0)) return true;
  const type = contentType.toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) return /%00/i.test(body.toString("latin1"));
  if (type.includes("json")) return /\\u0000/i.test(body.toString("latin1"));
  return false;
}

function webHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const v of values) headers.append(key, v);
    else headers.set(key, values);
  }
  return headers;
}

/** The Fetch API request for React Router (the same URL rules as @react-router/express). */
function webRequest(req: express.Request, res: express.Response, body: ReadableStream<Uint8Array> | undefined): Request {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = Number.parseInt(forwardedPort ?? "", 10) || Number.parseInt(hostPort ?? "", 10) || "";
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: webHeaders(req), signal };
  if (body) {
    init.body = body;
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** `html`: the document's bytes when they were read already (a page stored in the page cache). */
async function sendResponse(req: express.Request, res: express.Response, response: Response, html?: Buffer): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  // Personal and privileged pages (and their .data) are never kept by a cache.
  if (isPrivatePath(req.path) && !/no-store/i.test(response.headers.get("Cache-Control") ?? "")) res.set("Cache-Control", "no-store");
  // A body the app did not read (a redirect before an upload, say) is not read afterwards either.
  if (!BODYLESS.has(req.method) && !req.complete) closeAfterAnswer(req, res);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) return void res.end();
  if (html !== undefined || (req.method === "GET" && isHtmlDocument(response))) {
    // A rendered document is complete: compressed in one call (server/http/html-encoding.ts).
    const { body, encoding } = encodeHtml(html ?? Buffer.from(await response.arrayBuffer()), String(req.headers["accept-encoding"] ?? ""));
    res.vary("Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.byteLength));
    res.end(body);
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/** A visitor's page that may be kept: a 200 HTML document, setting no cookie, that the app did not mark private. */
function storable(response: Response, path: string): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (!/^text\/html/i.test(response.headers.get("Content-Type") ?? "")) return false;
  if (!onlyHookCookies(path, response.headers.getSetCookie())) return false;
  return !/no-store|private/i.test(response.headers.get("Cache-Control") ?? "");
}

/**
 * The React Router request handler. Request bodies are limited per route (server/http/limits.ts):
 * forms and JSON are read whole (at most the small default) before React Router runs, so an
 * oversized or null-carrying body never reaches an action; uploads are passed through a counting
 * stream that fails past the route's limit, and the answer is then a 413 whatever the action did.
 */
export function reactRouterHandler(options: RouterHandlerOptions): express.RequestHandler {
  // One handler per first segment of the app's routes, each matching only the routes that can
  // match its addresses (server/http/route-sections.ts, ADR 0030).
  const handlerFor = sectionedHandler(options.build, (build) => createRequestHandler(build, options.mode));
  const handleRequest = (request: Request, context: AppLoadContext) => handlerFor(new URL(request.url).pathname)(request, context);
  const cache = pageCache();
  // After a purge, the most asked-for visitor pages are rendered again here, in the background:
  // as a visitor without a session would ask for them, waiting their turn at the render gate like
  // any page view (and given up, not queued, when the server is that busy).
  cache.setWarmer(async (key, origin) => {
    const csp = cache.warmCsp;
    const generation = cache.currentGeneration;
    const bar = key.indexOf("|");
    const theme = key.slice(0, bar);
    const url = new URL(key.slice(bar + 1), origin);
    let release: (() => void) | null = null;
    try {
      release = await renderGate().enter();
      const headers = new Headers({ "x-platen-client-ip": "page-cache-warmer", "user-agent": "Platen page cache warmer" });
      if (theme) headers.set("cookie", `platen_theme=${theme}`);
      const context = { requestId: `warm-${randomUUID()}`, cspNonce: randomBytes(16).toString("base64") } as AppLoadContext;
      const response = await runInRequestScope(() => handleRequest(new Request(url.href, { headers }), context));
      if (csp && storable(response, url.pathname)) {
        await cache.store(key, generation, response.headers, Buffer.from(await response.arrayBuffer()), csp);
      } else {
        await response.body?.cancel();
        cache.release(key);
      }
    } catch {
      cache.release(key); // overloaded, or the page failed: the next visitor renders it
    } finally {
      release?.();
    }
  });
  return async (req, res, next) => {
    // Visitors' storefront pages from the page cache (server/http/page-cache.ts, ADR 0013).
    const cacheKey = cache.enabled ? pageCacheKey(req) : null;
    if (cacheKey) {
      const hit = cache.lookup(cacheKey, `${req.protocol}://${req.get("host") ?? "localhost"}`);
      if (hit) return cache.serve(req, res, hit);
    } else if (cache.enabled && !BODYLESS.has(req.method)) {
      res.on("finish", () => {
        if (purgesPageCache(req, res.statusCode)) cache.purge();
      });
    }
    const generation = cache.currentGeneration;
    const limit = bodyLimitFor(req.path);
    let exceeded = false;
    // A turn to render a page (server/http/admission.ts). Form posts and uploads take none: they are
    // few, a person waits for each, and their heavy work (images) runs off the main thread, where
    // holding a turn would only keep page views waiting.
    let release: () => void = () => undefined;
    try {
      if (BODYLESS.has(req.method)) {
        const gone = new AbortController();
        res.once("close", () => gone.abort());
        const queued = performance.now();
        release = await renderGate().enter({ signal: gone.signal });
        res.setHeader("Server-Timing", `admit;dur=${(performance.now() - queued).toFixed(1)}`);
      }
    } catch (error) {
      if (cacheKey) cache.release(cacheKey);
      if (!(error instanceof Overloaded)) return next(error);
      if (error.reason === "gone") return;
      res
        .status(503)
        .set({ "Retry-After": "1", "Cache-Control": "no-store" })
        .type("text/plain")
        .send("Platen is very busy right now. Please try again in a moment.");
      return;
    }
    res.once("close", release);
    try {
      let body: ReadableStream<Uint8Array> | undefined;
      if (!BODYLESS.has(req.method)) {
        if (!limit.upload) {
          const read = await readBodyLimited(req, limit.bytes);
          if (read.kind === "aborted") return void res.destroy();
          if (read.kind === "too-large") return sendTooLarge(res, limit.bytes);
          if (bodyHasNullCharacter(read.body, req.get("content-type") ?? "")) {
            res
              .status(400)
              .set("Cache-Control", "no-store")
              .type("text/plain")
              .send("The request contains a null character, which Platen does not accept.");
            return;
          }
          const bytes = new Uint8Array(read.body.buffer, read.body.byteOffset, read.body.byteLength);
          body = new ReadableStream<Uint8Array>({
            start(controller) {
              if (bytes.byteLength) controller.enqueue(bytes);
              controller.close();
            },
          });
        } else {
          let seen = 0;
          const counter = new Transform({
            transform(chunk: Buffer, _encoding, callback) {
              seen += chunk.byteLength;
              if (seen > limit.bytes) {
                exceeded = true;
                callback(new Error(tooLargeMessage(limit.bytes)));
              } else callback(null, chunk);
            },
          });
          counter.on("error", () => {
            req.unpipe(counter);
            req.pause();
          });
          req.pipe(counter);
          body = createReadableStreamFromReadable(counter);
        }
      }
      const request = webRequest(req, res, body);
      const context = options.getLoadContext(req, res);
      const response = await (BODYLESS.has(req.method)
        ? runInRequestScope(() => handleRequest(request, context))
        : handleRequest(request, context));
      // An event stream stays open for as long as the page does: it holds no turn to render.
      if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) release();
      if (exceeded && response.status !== 413) {
        // The action failed on the cut-off stream (or answered without it): the answer is the limit.
        await response.body?.cancel();
        return sendTooLarge(res, limit.bytes);
      }
      if (cacheKey && storable(response, req.path)) {
        const html = Buffer.from(await response.arrayBuffer());
        const csp = res.getHeader("Content-Security-Policy");
        cache.store(cacheKey, generation, response.headers, html, typeof csp === "string" ? csp : null).catch(() => undefined);
        res.setHeader("X-Platen-Cache", "miss");
        await sendResponse(req, res, response, html);
        return;
      }
      if (cacheKey) cache.release(cacheKey);
      await sendResponse(req, res, response);
    } catch (error) {
      if (cacheKey) cache.release(cacheKey);
      if (exceeded) return sendTooLarge(res, limit.bytes);
      next(error);
    } finally {
      release();
    }
  };
}
