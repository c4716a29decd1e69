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
 * How to run the production server: the server entry built with the SSR bundle (`node
 * build/server/main.js`, vite.config.ts), or the TypeScript source through tsx for a build made
 * before that existed.
 */
export function serverCommand(root, buildDir = "build") {
  const compiled = path.join(root, buildDir, "server", "main.js");
  return existsSync(compiled) ? [compiled] : ["--import", "tsx", path.join(root, "server", "main.ts")];
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
