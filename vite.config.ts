import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  // MUI and Emotion must be bundled into the SSR build so that server and client share one
  // Emotion instance (see ../shared/stack-notes.md).
  ssr: {
    noExternal: [/^@mui\//, /^@emotion\//],
  },
  server: { port: 5173 },
  build: {
    sourcemap: false,
    rolldownOptions: isSsrBuild
      ? {}
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
