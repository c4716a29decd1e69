import { CacheProvider } from "@emotion/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { createEmotionCache } from "./theme/emotion-cache.ts";
import type * as PreactFixesModule from "./lib/preact-fixes.client.ts";

type PreactFixes = typeof PreactFixesModule;

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

// Loaded by the Preact build only: a static import would keep part of Preact in React's bundle.
let preactFixes: PreactFixes | null = null;
if (__PREACT_IN_BROWSER__) {
  preactFixes = await import("./lib/preact-fixes.client.ts");
  preactFixes.restoreReactBehaviour();
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
  preactFixes?.hydrationDone();
});
