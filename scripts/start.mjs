// `npm start`: builds Platen when the build is missing or older than the sources, then serves
// the production build (embedded PGlite under ./data unless DATABASE_URL is set).
import { spawn, spawnSync } from "node:child_process";
import { buildIsStale } from "./build-freshness.mjs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

const stale = buildIsStale(root, "build");
if (stale) {
  console.log("Building Platen (first start or sources changed)...");
  const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server", "main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
