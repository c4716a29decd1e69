// Helpers for the benchmarks: the production build and a production server on a fresh database.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { buildIsStale, serverCommand } from "../scripts/build-freshness.mjs";

export const root = path.resolve(import.meta.dirname, "..");

/**
 * Builds into `buildDir` when the build is missing or older than its inputs (the same rule as
 * `npm start`, scripts/build-freshness.mjs). Returns "built" or "reused".
 */
export function ensureBuild(buildDir) {
  const stale = buildIsStale(root, buildDir);
  if (!stale) return "reused";
  console.log(`Building the production build into ${buildDir} (missing or older than the sources)...`);
  const r = spawnSync("npm", ["run", "--silent", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PLATEN_BUILD_DIR: buildDir },
  });
  if (r.status !== 0) throw new Error(`npm run build failed (exit ${r.status})`);
  return "built";
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen({ port: 0, host: "127.0.0.1" }, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the production server (the compiled `build/server/main.js`, else `node --import tsx server/main.ts`) on 127.0.0.1, a free port and a
 * fresh temporary DATA_DIR with the demo data, and measures the cold start: from spawn to the
 * first successful (2xx) response of GET `probePath`, polled every 20 ms.
 */
export async function startServer({ buildDir, probePath = "/", timeoutMs = 180_000, env = {}, dataDir: keptDataDir, appRoot = root }) {
  const port = await freePort();
  // A given data directory is kept on stop (to measure a restart on an existing database).
  const dataDir = keptDataDir ?? mkdtempSync(path.join(os.tmpdir(), "platen-bench-data-"));
  mkdirSync(path.join(root, "tmp"), { recursive: true });
  const logFile = path.join(root, "tmp", "bench-server.log");
  const log = createWriteStream(logFile);
  const baseUrl = `http://127.0.0.1:${port}`;

  const started = performance.now();
  // `appRoot`: another checkout's build (bench/render-cost.mjs runs an earlier commit beside this
  // one), started as it was then, without this checkout's Node flags.
  const child = spawn(process.execPath, serverCommand(appRoot, buildDir, { flags: appRoot === root }), {
    cwd: appRoot,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      PLATEN_BUILD_DIR: buildDir,
      ...env,
    },
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  child.on("exit", (code, signal) => {
    exited = { code, signal };
  });

  const logTail = () => {
    try {
      return readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n");
    } catch {
      return "";
    }
  };

  let stopped = false;
  async function stop() {
    if (stopped) return;
    stopped = true;
    if (!exited) {
      child.kill("SIGTERM");
      for (let i = 0; i < 100 && !exited; i++) await sleep(100);
      if (!exited) {
        child.kill("SIGKILL");
        for (let i = 0; i < 20 && !exited; i++) await sleep(100);
      }
    }
    log.end();
    if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
  }

  try {
    for (;;) {
      if (exited)
        throw new Error(
          `the server exited during start-up (${exited.code ?? exited.signal}). Last lines of ${path.relative(root, logFile)}:\n${logTail()}`,
        );
      if (performance.now() - started > timeoutMs)
        throw new Error(
          `the server did not answer GET ${probePath} within ${timeoutMs / 1000} s. Last lines of ${path.relative(root, logFile)}:\n${logTail()}`,
        );
      try {
        const res = await fetch(baseUrl + probePath, { signal: AbortSignal.timeout(2_000), redirect: "manual" });
        await res.arrayBuffer();
        if (res.ok) break;
      } catch {
        /* not listening yet */
      }
      await sleep(20);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const coldStartMs = performance.now() - started;

  /** Resident memory of the server process in MB (Linux), or null. */
  function rssMb() {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      return m ? Math.round(Number(m[1]) / 1024) : null;
    } catch {
      return null;
    }
  }

  /**
   * User + system CPU time of the server so far, in ms (Linux /proc; null elsewhere): the server
   * process and its children (on PostgreSQL, production runs one HTTP process per core under a
   * node:cluster primary that serves nothing itself), whatever the load generator beside it spends.
   */
  function cpuMs() {
    const stat = (pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }; // utime + stime, USER_HZ (100)
    };
    try {
      let ticks = stat(child.pid).ticks;
      for (const entry of readdirSync("/proc")) {
        if (!/^\d+$/.test(entry) || Number(entry) === child.pid) continue;
        try {
          const s = stat(entry);
          if (s.ppid === child.pid) ticks += s.ticks;
        } catch {
          /* gone since the listing */
        }
      }
      return (ticks * 1000) / 100;
    } catch {
      return null;
    }
  }

  return { baseUrl, port, pid: child.pid, coldStartMs, stop, rssMb, cpuMs, logFile };
}
