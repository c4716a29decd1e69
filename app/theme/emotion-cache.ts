import createCache, { type StylisPlugin } from "@emotion/cache";

/**
 * Properties that current Safari still reads only (or best) with the `-webkit-` prefix. Emotion's
 * default prefixer writes every prefix any browser of the last decade wanted (`display:-webkit-box`,
 * `-ms-flex-direction`, `@-webkit-keyframes`...): ~29% of a page's inline CSS (a product page's
 * 64 KB of critical CSS shrinks to 45 KB without them), parsed by every phone for nothing.
 */
const WEBKIT_ONLY = new Set(["user-select", "backdrop-filter", "mask", "mask-image", "text-size-adjust", "box-decoration-break"]);

/** A stylis plugin in place of the default prefixer: a `-webkit-` copy for WEBKIT_ONLY properties only. */
export const modernPrefixer: StylisPlugin = (element) => {
  if (element.type !== "decl" || element.return || typeof element.props !== "string") return;
  if (WEBKIT_ONLY.has(element.props)) element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * One array for every cache: on the server, Emotion keeps the compiled CSS of each style name per
 * plugins array (a WeakMap on this array's identity), so a new array per request's cache would make
 * stylis compile every style of every page again (issue 24: ~7 % of an uncached render).
 */
const STYLIS_PLUGINS = [modernPrefixer];

/** One Emotion cache key on server and client, inserted after `<meta name="emotion-insertion-point">`. */
export function createEmotionCache() {
  let insertionPoint: HTMLElement | undefined;
  if (typeof document !== "undefined") {
    insertionPoint = document.querySelector<HTMLMetaElement>('meta[name="emotion-insertion-point"]') ?? undefined;
  }
  return createCache({ key: "mui", insertionPoint, stylisPlugins: STYLIS_PLUGINS });
}
