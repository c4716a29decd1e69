// Is a production build missing or older than what goes into it? Used by `npm start` and the
// benchmarks: the SSR bundle contains app/ and the server modules it imports, content/ is
// bundled, drizzle/ shapes the database template, and the lockfile and configs shape it all.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const INPUTS = ["app", "server", "content", "public", "drizzle", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  return newest;
}

/**
 * Node's flags for the server (a cluster's workers inherit them). A young generation of 64 MB a
 * semi-space (Node's default is 16 MB): a page render allocates several megabytes of short-lived
 * objects, and with the default most renders paid for scavenges and promoted what was still alive
 * mid-render. Measured uncached, one request at a time (CPU ms per request, the mean of two rounds):
 * storefront pages 5-10 % less, back-office pages 9-16 % less; resident memory after start about
 * the same (323 against 305 MB), after 18 s of uncached load 67 MB more (648 MB). 32 MB saved about
 * half as much.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];

/**
 * How to run the production server: the server entry built with the SSR bundle (`node
 * build/server/main.js`, vite.config.ts), or the TypeScript source through tsx for a build made
 * before that existed; with SERVER_NODE_FLAGS unless `flags` is false (an earlier commit's build,
 * started as it was then: bench/render-cost.mjs).
 */
export function serverCommand(root, buildDir = "build", { flags = true } = {}) {
  const compiled = path.join(root, buildDir, "server", "main.js");
  const command = existsSync(compiled) ? [compiled] : ["--import", "tsx", path.join(root, "server", "main.ts")];
  return flags ? [...SERVER_NODE_FLAGS, ...command] : command;
}

export function buildIsStale(root, buildDir = "build") {
  const marker = path.join(root, buildDir, "client", "latest-build.json");
  const required = [
    marker,
    path.join(root, buildDir, "server", "index.js"),
    path.join(root, buildDir, "server", "main.js"),
    path.join(root, buildDir, "pglite-template.tar"),
  ];
  if (required.some((p) => !existsSync(p))) return true;
  const inputs = INPUTS.map((p) => path.join(root, p)).filter(existsSync);
  return Math.max(...inputs.map(newestMtime)) > statSync(marker).mtimeMs;
}
