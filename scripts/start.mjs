// `npm start`: builds Platen when the build is missing or older than the sources, then serves
// the production build (embedded PGlite under ./data unless DATABASE_URL is set).
import { spawn, spawnSync } from "node:child_process";
import { buildIsStale, serverCommand } from "./build-freshness.mjs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

const buildDir = process.env.PLATEN_BUILD_DIR || "build";
const stale = !process.argv.includes("--no-build") && buildIsStale(root, buildDir);
if (stale) {
  console.log("Building Platen (first start or sources changed)...");
  const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server entry compiled at build time: plain node, no TypeScript loader at start (issue 9).
const child = spawn(process.execPath, serverCommand(root, buildDir), {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
