// Rendered HTML documents are compressed here, in one synchronous call, instead of by the
// `compression` middleware's stream. A document is complete before it is sent (entry.server.tsx
// renders onAllReady), and a streaming Brotli encoder per response cost about three times the
// one-shot call: each allocates a window for an unknown length (4 MB by default) that the garbage
// collector then chases. Measured on the signed-in product page (issue 9), 50 connections, 2 cores:
// ~200 pages/s through the middleware, see `npm run bench` for the figure with this.
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { acceptedEncodings } from "./page-cache.ts";

/** Smaller documents are not worth compressing; larger ones (never seen) go to the middleware's stream. */
const MIN_BYTES = 1024;
const MAX_BYTES = 4 * 1024 * 1024;

export interface EncodedHtml {
  body: Buffer;
  encoding: "br" | "gzip" | null;
}

/**
 * The document in the best encoding the client accepts: Brotli at quality 3 (0.6 ms for a 120 KB
 * page; quality 4 and up cost twice as much for 4% less), else gzip, else as it is.
 */
export function encodeHtml(html: Buffer, acceptEncoding: string): EncodedHtml {
  if (html.byteLength < MIN_BYTES || html.byteLength > MAX_BYTES) return { body: html, encoding: null };
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has("br")) {
    const body = brotliCompressSync(html, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 3,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.byteLength,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    });
    return { body, encoding: "br" };
  }
  if (accepted.has("gzip") || accepted.has("*")) return { body: gzipSync(html, { level: 4 }), encoding: "gzip" };
  return { body: html, encoding: null };
}

/** Whether an answer is a rendered document this module compresses (the rest goes to the middleware). */
export function isHtmlDocument(response: Response): boolean {
  return (
    response.body !== null &&
    /^text\/html/i.test(response.headers.get("Content-Type") ?? "") &&
    !response.headers.has("Content-Encoding") &&
    !response.headers.has("Content-Length")
  );
}
