import createCache from "@emotion/cache";

/** One Emotion cache key on server and client, inserted after `<meta name="emotion-insertion-point">`. */
export function createEmotionCache() {
  let insertionPoint: HTMLElement | undefined;
  if (typeof document !== "undefined") {
    insertionPoint = document.querySelector<HTMLMetaElement>('meta[name="emotion-insertion-point"]') ?? undefined;
  }
  return createCache({ key: "mui", insertionPoint });
}
