import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { renderToPipeableStream } from "react-dom/server";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "./lib/nonce.tsx";
import { branchesForPath, manifestForBranches } from "./lib/route-branches.server.ts";
import { getCachedRender, renderCacheKey, setCachedRender } from "./lib/render-cache.server.ts";
import { createEmotionCache } from "./theme/emotion-cache.ts";
import { wishIconTemplate } from "./components/catalog/WishButton.tsx";
import { buttonTemplate } from "./components/ui/ButtonOnServer.tsx";
import { chipTemplate } from "./components/ui/ChipOnServer.tsx";
import { ServerTemplatesContext, type TemplateLookup } from "./theme/server-templates.ts";
import { renderServerTemplates } from "./theme/server-templates.server.tsx";

export const streamTimeout = 10_000;

let templates: TemplateLookup | null = null;
/**
 * The server templates (app/theme/server-templates.ts). The storefront's (a card's wish heart) are
 * rendered on the first request, before any page; the back office's chips (28 per theme, about a
 * tenth of a second) once that request is on its way, so that a first start answers as soon as
 * before. Until then a chip is MUI's own render: the same HTML. A plain button's template is
 * rendered after the first request that draws that kind of button.
 */
function serverTemplates(): TemplateLookup {
  if (!templates) {
    try {
      templates = renderServerTemplates([wishIconTemplate], [chipTemplate], [buttonTemplate]);
    } catch (error) {
      // The components render themselves: slower, never wrong.
      console.error(error);
      templates = () => undefined;
    }
  }
  return templates;
}

const INSERTION_POINT = '<meta name="emotion-insertion-point" content=""';

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
  const lookup = serverTemplates();
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

  // <Scripts> matches the page's address and its ancestors only against the branches that can match them (ADR 0028),
  // and <ServerRouter> builds the routes of those branches only, not every route of the app (ADR 0030).
  const branches = branchesForPath(routerContext.branches, new URL(request.url).pathname);
  const context: EntryContext = {
    ...routerContext,
    branches,
    manifest: manifestForBranches(routerContext.manifest, branches, routerContext.branches),
  };

  return new Promise<Response>((resolve, reject) => {
    let didError = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerTemplatesContext.Provider value={lookup}>
          <CacheProvider value={cache}>
            <ServerRouter context={context} url={request.url} nonce={nonce} />
          </CacheProvider>
        </ServerTemplatesContext.Provider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const sink = new PassThrough();
          const chunks: Buffer[] = [];
          sink.on("data", (c: Buffer) => chunks.push(c));
          sink.on("end", () => {
            // The page stays bytes: read as latin1 (one byte a character, no UTF-8 decoding), its
            // indexes are byte offsets, and the class names Emotion looks for are ASCII.
            const body = Buffer.concat(chunks);
            const text = body.toString("latin1");
            const styles = emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(text));
            const styleTags = Buffer.from(nonce ? styles.replaceAll("<style ", `<style nonce="${nonce}" `) : styles);
            const at = text.indexOf(INSERTION_POINT);
            const end = at < 0 ? -1 : text.indexOf(">", at + INSERTION_POINT.length) + 1;
            const html = end > 0 ? Buffer.concat([body.subarray(0, end), styleTags, body.subarray(end)]) : body;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            if (cacheKey && !didError) setCachedRender(cacheKey, html, nonce);
            resolve(new Response(html, { headers: responseHeaders, status: didError ? 500 : responseStatusCode }));
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
