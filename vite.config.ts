import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  // MUI and Emotion must be bundled into the SSR build so that server and client share one
  // Emotion instance (see ../shared/stack-notes.md).
  ssr: {
    noExternal: [/^@mui\//, /^@emotion\//],
  },
  server: { port: 5173 },
  build: { sourcemap: false },
});
