import { CacheProvider } from "@emotion/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrationDone, restoreReactBehaviour } from "./lib/preact-fixes.client.ts";
import { createEmotionCache } from "./theme/emotion-cache.ts";

const cache = createEmotionCache();

/**
 * React Router's `HydratedRouter` first decodes the server's loader data (a stream the page's
 * inline scripts fill) and suspends until it has. React hydrates through a suspended root; Preact
 * (ADR 0024) would keep only the first element of the suspended range and lose `<body>`. So
 * Preact hydrates once the data is decoded: the first call starts the decoding and throws the
 * promise it suspends on (it calls no hook before that), and the render after it finds the data.
 */
async function routerDataDecoded() {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

if (__PREACT_IN_BROWSER__) {
  restoreReactBehaviour();
  await routerDataDecoded();
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <CacheProvider value={cache}>
        <HydratedRouter />
      </CacheProvider>
    </StrictMode>,
  );
  if (__PREACT_IN_BROWSER__) hydrationDone();
});
