// Fair latency under overload (issue 24): 50 connections on a page the server cannot keep up with
// (a product page with the page cache off, so that every request renders), first with Platen's
// admission gate as configured by default (server/http/admission.ts: one render at a time on the
// embedded database, four on PostgreSQL; a page view that cannot start within 0.8 s is answered 503
// + Retry-After), then four at a time on the embedded database, then with the gate opened wide
// (RENDER_CONCURRENCY=256: every request renders at once, as before the gate). For each: requests/s
// served, the latency of the served answers (p50, p99, max), how many were turned away (503), and
// the server's CPU time per served request (from /proc, so the load generator's CPU does not count).
//
// Goal: p99 within 3x of p50, and no served request waiting more than 2 s. On PGlite, and on
// PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server (a new database, dropped after).
//
//   npm run bench (all), BENCH_ONLY=overload npm run bench (this alone), or
//   node bench/overload.mjs [buildDir]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { withDatabase } from "./render-cost.mjs";
import { startServer } from "./server.mjs";

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : null;

async function productPath(baseUrl) {
  const html = await (await fetch(`${baseUrl}/shop`)).text();
  const id = /href="\/shop\/product\/(prd_[0-9a-z]+)"/.exec(html)?.[1];
  if (!id) throw new Error("no product link on /shop");
  return `/shop/product/${id}`;
}

function load(url, { connections, duration }) {
  const served = [];
  const statuses = new Map();
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration, headers: { "accept-encoding": "gzip, br" } }, (error, result) =>
      error ? reject(error) : resolve({ result, served, statuses }),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 200) served.push(ms);
    });
  });
}

/**
 * Runs both configurations on one demo database (seeded once, kept between the two servers) and
 * returns their figures; prints a table.
 */
export async function overloadBench({
  buildDir = process.env.PLATEN_BUILD_DIR || "build",
  connections = 50,
  duration = 10,
  pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL,
} = {}) {
  const engines = [{ name: "PGlite" }, ...(pgUrl && process.env.BENCH_PG !== "0" ? [{ name: "PostgreSQL", pgUrl }] : [])].filter(
    // BENCH_ENGINE=PostgreSQL (or PGlite): one engine only.
    (e) => !process.env.BENCH_ENGINE || e.name === process.env.BENCH_ENGINE,
  );
  const runs = [];
  for (const engine of engines) {
    const measure = (databaseUrl) => overloadRuns({ buildDir, connections, duration, engine: engine.name, databaseUrl });
    runs.push(...(engine.pgUrl ? await withDatabase(engine.pgUrl, `platen_overload_${process.pid}`, measure) : await measure(undefined)));
  }
  printOverload(runs, connections);
  return runs;
}

async function overloadRuns({ buildDir, connections, duration, engine, databaseUrl }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "platen-bench-overload-"));
  const runs = [];
  // The gate's default is one render at a time on the embedded database and four on PostgreSQL.
  const four = engine === "PGlite" ? [["gate, 4 renders at a time", { RENDER_CONCURRENCY: "4" }]] : [];
  try {
    for (const [label, env] of [
      ["admission gate (default)", {}],
      ...four,
      ["every request at once", { RENDER_CONCURRENCY: "256", RENDER_MAX_QUEUE: "100000", RENDER_MAX_WAIT_MS: "60000" }],
    ]) {
      const server = await startServer({
        buildDir,
        dataDir,
        timeoutMs: 900_000,
        env: { PLATEN_RENDER_CACHE: "off", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env },
      });
      try {
        const url = server.baseUrl + (await productPath(server.baseUrl));
        await load(url, { connections, duration: 2 }); // warm-up
        const cpu0 = server.cpuMs();
        const { served, statuses } = await load(url, { connections, duration });
        const cpu1 = server.cpuMs();
        served.sort((a, b) => a - b);
        const p50 = Math.round(pct(served, 50) ?? 0) || null;
        const p99 = Math.round(pct(served, 99) ?? 0) || null;
        runs.push({
          engine,
          label,
          servedPerSecond: Math.round((served.length / duration) * 10) / 10,
          p50,
          p99,
          max: served.length ? Math.round(served.at(-1)) : null,
          p99OverP50: p50 ? Math.round((p99 / p50) * 10) / 10 : null,
          turnedAway: statuses.get(503) ?? 0,
          otherStatuses: Object.fromEntries([...statuses].filter(([s]) => s !== 200 && s !== 503)),
          cpuMsPerServed: cpu0 !== null && cpu1 !== null && served.length ? Math.round((cpu1 - cpu0) / served.length) : null,
        });
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return runs;
}

export function printOverload(runs, connections = 50) {
  console.log(`\nOverload: ${connections} connections on a product page with the page cache off (goal: p99 <= 3x p50, max <= 2 s)`);
  console.log("engine      configuration               served/s   p50 ms   p99 ms   max ms   p99/p50   turned away (503)   CPU ms/served");
  for (const r of runs)
    console.log(
      `${(r.engine ?? "PGlite").padEnd(10)}  ${r.label.padEnd(26)}  ${String(r.servedPerSecond).padStart(8)}  ${String(r.p50 ?? "-").padStart(7)}  ${String(r.p99 ?? "-").padStart(7)}  ${String(
        r.max ?? "-",
      ).padStart(
        7,
      )}  ${String(r.p99OverP50 ?? "-").padStart(8)}  ${String(r.turnedAway).padStart(18)}  ${String(r.cpuMsPerServed ?? "-").padStart(14)}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) await overloadBench({ buildDir: process.argv[2] });
