import { reactRouter } from "@react-router/dev/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

/**
 * One server bundle (ADR 0014, amended): the SSR build has two entries, React Router's server
 * build (`build/server/index.js`) and Platen's server entry (`server/main.ts` ->
 * `build/server/main.js`), so every server module is bundled once, in chunks both entries share.
 * Compiled apart (as esbuild once did), the entry and the SSR bundle each had their own copy of
 * every server module: two copies of an error class made `instanceof` checks fail across them
 * (a provider's refusal became a 500), and any module state needed a key on globalThis.
 */
const SSR_INPUT = { index: "virtual:react-router/server-build", main: "server/main.ts" };
function serverEntryNames(): Plugin {
  return {
    name: "platen:server-entry-names",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    outputOptions(options) {
      // React Router names the one SSR entry `index.js`; the second entry keeps its own name.
      return { ...options, entryFileNames: (chunk) => (chunk.name === "main" ? "main.js" : "index.js") };
    },
  };
}

/**
 * The server render uses app/theme/ssr-styled.ts in place of Emotion's `styled` base (ADR 0021):
 * the same code with each styled element's serialised styles kept per theme and style props. The
 * browser bundle keeps Emotion's own. (@emotion/styled imports its base by a relative path.)
 */
function memoisedStyledOnServer(): Plugin {
  const fork = path.resolve(import.meta.dirname, "app/theme/ssr-styled.ts");
  return {
    name: "platen:ssr-styled",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "ssr",
    async resolveId(source, importer, options) {
      const base = source === "@emotion/styled/base" || (importer?.includes("/@emotion/styled/") && source.includes("emotion-styled-base"));
      if (!base) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && /[\\/]@emotion[\\/]styled[\\/]base[\\/]/.test(resolved.id) ? fork : null;
    },
  };
}

/**
 * Modules with a server build of their own (issue 24): `app/components/ui/Chip.tsx` is MUI's Chip in
 * the browser and `ChipOnServer.tsx` (a plain chip drawn from the server's template) in the SSR
 * build, so the browser bundle carries none of the server's code.
 */
function serverImplementations(): Plugin {
  const swaps = new Map([
    [
      path.resolve(import.meta.dirname, "app/components/ui/Chip.tsx"),
      path.resolve(import.meta.dirname, "app/components/ui/ChipOnServer.tsx"),
    ],
  ]);
  return {
    name: "platen:server-implementations",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "ssr",
    async resolveId(source, importer, options) {
      if (!source.endsWith("/Chip.tsx")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && swaps.get(resolved.id)) ?? null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [memoisedStyledOnServer(), serverImplementations(), reactRouter(), serverEntryNames()],
  // MUI and Emotion must be bundled into the SSR build so that server and client share one
  // Emotion instance (see ../shared/stack-notes.md).
  ssr: {
    noExternal: [/^@mui\//, /^@emotion\//],
  },
  server: { port: 5173 },
  build: {
    sourcemap: false,
    ...(isSsrBuild ? { rollupOptions: { input: SSR_INPUT } } : {}),
    rolldownOptions: isSsrBuild
      ? { input: SSR_INPUT }
      : {
          treeshake: {
            // Zod schemas are built at a module's top level (`z.object(...)`): the bundler
            // cannot prove those calls pure, so every storefront page shipped the Zod runtime
            // (25 KB gzipped) for schemas only the server's loaders and actions use. Marking
            // `z.*` pure lets the client bundle keep only the schemas its components call.
            manualPureFunctions: ["z"],
          },
        },
  },
}));
