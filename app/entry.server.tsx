import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { renderToPipeableStream } from "react-dom/server";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "./lib/nonce.tsx";
import { getCachedRender, renderCacheKey, setCachedRender } from "./lib/render-cache.server.ts";
import { createEmotionCache } from "./theme/emotion-cache.ts";

export const streamTimeout = 10_000;

/**
 * Renders the whole document (onAllReady: crawlers and browsers alike get the full page), then inserts MUI's critical CSS at the
 * emotion-insertion-point meta in <head>, so the first paint is styled and themed.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string } | undefined)?.cspNonce ?? "";
  const cache = createEmotionCache();
  const emotionServer = createEmotionServer(cache);

  const cacheKey = process.env.PLATEN_RENDER_CACHE === "off" ? null : renderCacheKey(request, responseStatusCode, routerContext);
  if (cacheKey) {
    const cached = getCachedRender(cacheKey, nonce);
    if (cached !== null) {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      return new Response(cached, { headers: responseHeaders, status: responseStatusCode });
    }
  }

  return new Promise<Response>((resolve, reject) => {
    let didError = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <CacheProvider value={cache}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CacheProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const sink = new PassThrough();
          const chunks: Buffer[] = [];
          sink.on("data", (c: Buffer) => chunks.push(c));
          sink.on("end", () => {
            let html = Buffer.concat(chunks).toString("utf8");
            const styles = emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(html));
            const styleTags = nonce ? styles.replaceAll("<style ", `<style nonce="${nonce}" `) : styles;
            html = html.replace(/(<meta name="emotion-insertion-point" content=""\/?>)/, `$1${styleTags}`);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            if (cacheKey && !didError) setCachedRender(cacheKey, html, nonce);
            // Bytes, not a string: undici would scan and encode a string body of ~120 KB again.
            resolve(new Response(Buffer.from(html), { headers: responseHeaders, status: didError ? 500 : responseStatusCode }));
          });
          sink.on("error", reject);
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          didError = true;
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
