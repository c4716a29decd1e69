// Compiles the production server entry (server/main.ts and the server code it imports) into one
// ESM file, build/server/main.js, with esbuild: `npm start` then runs plain `node` instead of
// loading TypeScript through tsx at every start (issue 9: cold start). Packages stay external
// (node_modules is loaded as is); paths in the code are relative to the working directory, so
// the compiled file behaves exactly as the source.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.PLATEN_BUILD_DIR || "build");
const outfile = path.join(buildDir, "server", "main.js");

const started = performance.now();
await build({
  entryPoints: [path.join(root, "server", "main.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  // Bundled code keeps the `require` of CommonJS helpers working in ESM.
  banner: {
    js: "import { createRequire as __platenCreateRequire } from 'node:module'; const require = __platenCreateRequire(import.meta.url);",
  },
});
console.log(`server entry compiled to ${path.relative(root, outfile)} in ${Math.round(performance.now() - started)} ms`);
