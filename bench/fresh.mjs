// `npm ci && npm start` on a fresh clone (issue 9: "serves the demo shop within 90 s"), measured
// the way a newcomer runs it: a `git clone` of the committed HEAD into a temporary folder, then
// the README's start command until GET / answers 200. npm's download cache (~/.npm) is what this
// machine has; a machine that never installed the packages also downloads them.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, root, sleep } from "./server.mjs";

/** Runs a command to its end; returns its duration in ms, throws on a non-zero exit. */
function timed(cmd, args, opts) {
  const started = performance.now();
  const r = spawnSync(cmd, args, { ...opts, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (exit ${r.status}): ${(r.stderr || r.stdout).slice(-800)}`);
  return performance.now() - started;
}

/**
 * Returns `{ cloneMs, npmCiMs, startMs, totalMs }`: `startMs` runs from `npm start` (build included)
 * to the first 200 answer to GET /; `totalMs` is `npm ci` + `startMs` (the clone is not counted).
 */
export async function measureFreshStart({ timeoutMs = 600_000 } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "platen-fresh-"));
  const clone = path.join(dir, "platen");
  let child = null;
  try {
    const cloneMs = timed("git", ["clone", "--quiet", "--no-hardlinks", root, clone], {});
    const npmCiMs = timed("npm", ["ci", "--no-audit", "--no-fund"], { cwd: clone });
    const port = await freePort();
    const started = performance.now();
    // Its own process group, so that the build's and the server's processes stop with it.
    child = spawn("npm", ["start"], {
      cwd: clone,
      detached: true,
      stdio: "ignore",
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "warn" },
    });
    let exited = null;
    child.on("exit", (code) => (exited = code));
    for (;;) {
      if (exited !== null) throw new Error(`npm start exited with ${exited} before it answered`);
      if (performance.now() - started > timeoutMs) throw new Error(`no answer within ${timeoutMs / 1000} s`);
      const ok = await fetch(`http://127.0.0.1:${port}/`)
        .then(async (res) => (await res.arrayBuffer(), res.status === 200))
        .catch(() => false);
      if (ok) break;
      await sleep(200);
    }
    const startMs = performance.now() - started;
    return { cloneMs, npmCiMs, startMs, totalMs: npmCiMs + startMs };
  } finally {
    if (child?.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await sleep(500);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
