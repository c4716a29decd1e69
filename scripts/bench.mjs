// `npm run bench`: how fast Platen's production server starts and answers, on this machine.
//
//   1. builds the production build when it is missing or stale (into PLATEN_BUILD_DIR, default build/)
//   2. starts the production server (NODE_ENV=production) on 127.0.0.1, a free port and a fresh
//      temporary database with the demo data; cold start = spawn -> first 2xx answer to GET /
//   3. for each scenario in bench/scenarios.mjs: one check request, a warm-up, then a timed
//      autocannon run; prints requests/s, p50 and p99 latency, errors and non-2xx answers
//   4. writes the figures to tmp/bench-results.json and stops the server (also on failure)
//
// Settings (environment): BENCH_DURATION seconds per scenario (default 10), BENCH_WARMUP seconds
// (default 2), BENCH_CONNECTIONS (default 50, as issue 9's goals), BENCH_ONLY=name,name (scenarios by name or path),
// PLATEN_BUILD_DIR (default build), BENCH_NO_BUILD=1 (use the build as it is), BENCH_LIGHTHOUSE=0
// (skip Lighthouse, which runs only when all scenarios run), BENCH_PG=0 (skip one vs two processes on
// PostgreSQL, which runs when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server), BENCH_FRESH=0
// (skip `npm ci && npm start` on a fresh clone of HEAD, bench/fresh.mjs), BENCH_SKIP_MICRO=1,
// BENCH_ONLY=start (only the cold start, the restart and the fresh clone, with the machine's load),
// BENCH_ONLY=checkout-burst (only 200 checkouts at once on PostgreSQL, bench/checkout-burst.mjs),
// BENCH_ONLY=overload (only the overload fairness, bench/overload.mjs), BENCH_ONLY=render-cost (only
// the render cost beside BENCH_BASELINE's build, default 87f1202, bench/render-cost.mjs; none: skip it).
// Exit code 1 when the server does not start or a scenario had errors or an unexpected status.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { scenarios as allScenarios } from "../bench/scenarios.mjs";
import { ensureBuild, root, startServer } from "../bench/server.mjs";
import { JS_BUDGET_BYTES, measureJs, printJsTable } from "./js-budget.mjs";
import { LIGHTHOUSE_GOALS, runLighthouse } from "../bench/lighthouse.mjs";
import { measureFreshStart } from "../bench/fresh.mjs";
import { checkoutBurst } from "../bench/checkout-burst.mjs";
import { overloadBench } from "../bench/overload.mjs";
import { renderCost } from "../bench/render-cost.mjs";

const num = (name, fallback, min, max) => {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) {
    console.error(`${name} must be a number from ${min} to ${max} (got "${raw}")`);
    process.exit(2);
  }
  return n;
};
const duration = num("BENCH_DURATION", 10, 1, 300);
const warmup = num("BENCH_WARMUP", 2, 0, 60);
const connections = num("BENCH_CONNECTIONS", 50, 1, 200);
const buildDir = process.env.PLATEN_BUILD_DIR || "build";
const only = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const scenarios = only.length ? allScenarios.filter((s) => only.includes(s.name) || only.includes(s.path)) : allScenarios;
const microNames = existsSync(path.join(root, "bench", "micro"))
  ? readdirSync(path.join(root, "bench", "micro"))
      .filter((f) => f.endsWith(".bench.ts"))
      .map((f) => f.replace(/\.bench\.ts$/, ""))
  : [];
// BENCH_ONLY=start: only the start figures (cold start, restart, `npm ci && npm start` on a fresh clone).
const startOnly = only.includes("start");
const burstOnly = only.includes("checkout-burst");
const overloadOnly = only.includes("overload");
const costOnly = only.includes("render-cost");
if (scenarios.length === 0 && !startOnly && !burstOnly && !overloadOnly && !costOnly && !only.some((n) => microNames.includes(n))) {
  console.error(`BENCH_ONLY matched no scenario. Scenarios: ${allScenarios.map((s) => s.name).join(", ")}`);
  process.exit(2);
}

/** One bounded autocannon run against the local server. */
function load(baseUrl, scenario, seconds, headers) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl + scenario.path,
        method: scenario.method ?? "GET",
        body: scenario.body,
        // As a browser asks: compressed answers (a page cache hit is sent as stored Brotli bytes).
        headers: { "accept-encoding": "br, gzip", ...scenario.headers, ...headers },
        connections: scenario.connections ?? connections,
        duration: seconds,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // A hard stop in case the run does not end by itself.
    const guard = setTimeout(() => instance.stop(), (seconds + 15) * 1000);
    instance.on("done", () => clearTimeout(guard));
  });
}

const round = (n, digits = 1) => (n === null || n === undefined || Number.isNaN(n) ? null : Math.round(n * 10 ** digits) / 10 ** digits);

function table(rows, header, rightAligned) {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => String(r[c]).length)));
  const fmt = (r) =>
    r
      .map((cell, c) => (rightAligned.includes(c) ? String(cell).padStart(widths[c]) : String(cell).padEnd(widths[c])))
      .join("  ")
      .trimEnd();
  return [fmt(header), fmt(widths.map((w) => "-".repeat(w))), ...rows.map(fmt)].join("\n");
}

function gitCommit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return null;
  }
}

let server = null;
let stopping = false;
async function cleanUpAndExit(code) {
  if (stopping) return;
  stopping = true;
  await server?.stop();
  process.exit(code);
}
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void cleanUpAndExit(130));

async function main() {
  console.log(
    `Platen benchmark: ${scenarios.length} scenario(s), ${connections} connections, ${warmup} s warm-up + ${duration} s each, on ${os.cpus().length} CPU(s)`,
  );
  const build = process.env.BENCH_NO_BUILD === "1" ? "as is" : ensureBuild(buildDir);
  console.log(`Build: ${buildDir} (${build})`);

  console.log("Starting the production server on a fresh database with the demo data...");
  server = await startServer({ buildDir });
  const coldStartMs = server.coldStartMs;
  const coldLoad = os.loadavg();
  console.log(`Cold start: ${Math.round(coldStartMs)} ms to the first answer to GET / (${server.baseUrl})`);
  const rssAfterStart = server.rssMb();

  const results = [];
  let problems = 0;
  for (const scenario of scenarios) {
    if (scenario.resolvePath) scenario.path = await scenario.resolvePath({ baseUrl: server.baseUrl });
    const label = `${scenario.name} (${scenario.method ?? "GET"} ${scenario.path})`;
    const extra = scenario.setup ? await scenario.setup({ baseUrl: server.baseUrl }) : {};
    const headers = extra?.headers ?? {};
    const check = await fetch(server.baseUrl + scenario.path, {
      method: scenario.method ?? "GET",
      headers: { ...scenario.headers, ...headers },
      body: scenario.body,
      redirect: "manual",
    });
    await check.arrayBuffer();
    const expected = scenario.expectStatus ?? 200;
    const note = check.status === expected ? "" : `answered ${check.status}, expected ${expected}`;
    if (note) {
      problems += 1;
      console.log(`  ${label}: ${note}`);
    }
    process.stdout.write(`  ${label}: warm-up ${warmup} s, then ${duration} s... `);
    if (warmup > 0) await load(server.baseUrl, scenario, warmup, headers);
    const r = await load(server.baseUrl, scenario, duration, headers);
    const errors = (r.errors ?? 0) + (r.timeouts ?? 0);
    if (errors > 0 || r.non2xx > 0) problems += 1;
    const row = {
      name: scenario.name,
      method: scenario.method ?? "GET",
      path: scenario.path,
      status: check.status,
      requestsPerSec: round(r.requests.average, 0),
      p50Ms: round(r.latency.p50),
      p99Ms: round(r.latency.p99),
      maxMs: round(r.latency.max),
      requests: r.requests.total,
      errors,
      non2xx: r.non2xx ?? 0,
      throughputKBps: round(r.throughput.average / 1024, 0),
      note,
    };
    results.push(row);
    console.log(`${row.requestsPerSec} req/s`);
  }
  const rssAfterLoad = server.rssMb();

  // Lighthouse (mobile) on the storefront pages of the issue, against the same server.
  let lighthouseResults = null;
  if (process.env.BENCH_LIGHTHOUSE !== "0" && !only.length) {
    const product = results.find((r) => r.name === "product page")?.path ?? "/shop";
    const pages = ["/", product, "/shop/products/t-shirts", "/search?q=shirt", "/checkout"];
    console.log(`\nLighthouse (mobile, simulated throttling) on ${pages.length} pages...`);
    try {
      lighthouseResults = await runLighthouse(server.baseUrl, pages);
    } catch (error) {
      console.log(`Lighthouse did not run: ${error instanceof Error ? error.message : error}`);
    }
  }
  await server.stop();

  // One process, then two, on PostgreSQL (node:cluster, WEB_CONCURRENCY): the signed-in product
  // page (server work, not cached bytes) on a scratch database with the demo data.
  let scaling = null;
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (pgUrl && process.env.BENCH_PG !== "0" && !only.length) {
    const scenario = allScenarios.find((sc) => sc.name === "signed-in product page");
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    const name = `platen_bench_${process.pid}`;
    const dbUrl = new URL(pgUrl);
    dbUrl.pathname = `/${name}`;
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      scaling = {};
      for (const processes of [1, 2]) {
        console.log(`\nPostgreSQL, ${processes} process(es): starting (the first start seeds the demo data)...`);
        server = await startServer({ buildDir, timeoutMs: 900_000, env: { DATABASE_URL: dbUrl.href, WEB_CONCURRENCY: String(processes) } });
        const path_ = await scenario.resolvePath({ baseUrl: server.baseUrl });
        const { headers } = await scenario.setup({ baseUrl: server.baseUrl });
        const run = { ...scenario, path: path_ };
        if (warmup > 0) await load(server.baseUrl, run, warmup, headers);
        const r = await load(server.baseUrl, run, duration, headers);
        scaling[processes] = { requestsPerSec: round(r.requests.average, 0), p99Ms: round(r.latency.p99) };
        console.log(`  signed-in product page: ${scaling[processes].requestsPerSec} req/s, p99 ${scaling[processes].p99Ms} ms`);
        await server.stop();
      }
    } catch (error) {
      console.log(`PostgreSQL scaling not measured: ${error instanceof Error ? error.message : error}`);
      await server?.stop();
      scaling = null;
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    }
  }

  // 200 checkouts of the scarce hoodie at once on PostgreSQL, the storefront browsed meanwhile
  // (issue 22): bench/checkout-burst.mjs.
  let burst = null;
  if (pgUrl && process.env.BENCH_PG !== "0" && (!only.length || burstOnly)) {
    try {
      burst = await checkoutBurst({ buildDir, pgUrl });
    } catch (error) {
      console.log(`Checkout burst not measured: ${error instanceof Error ? error.message : error}`);
    }
  }

  // Fair latency under overload (issue 24): the admission gate against every request at once.
  let overload = null;
  if (!only.length || overloadOnly) {
    try {
      overload = await overloadBench({ buildDir, connections, duration });
    } catch (error) {
      console.log(`Overload not measured: ${error instanceof Error ? error.message : error}`);
    }
  }

  // What a render costs, this build beside an earlier commit's (issue 24): bench/render-cost.mjs.
  let cost = null;
  if (process.env.BENCH_BASELINE !== "none" && (!only.length || costOnly)) {
    try {
      cost = await renderCost({ buildDir });
    } catch (error) {
      console.log(`Render cost not measured: ${error instanceof Error ? error.message : error}`);
    }
  }

  // A restart on an existing database (the usual start of a running site), 3 times, median.
  const keptDir = path.join(os.tmpdir(), `platen-bench-restart-${process.pid}`);
  const restarts = [];
  try {
    for (let i = 0; i < 4; i++) {
      server = await startServer({ buildDir, dataDir: keptDir });
      if (i > 0) restarts.push(server.coldStartMs);
      await server.stop();
    }
  } finally {
    rmSync(keptDir, { recursive: true, force: true });
  }
  const restartMs = restarts.sort((a, b) => a - b)[1] ?? null;
  const restartLoad = os.loadavg();

  // `npm ci && npm start` on a fresh clone of HEAD (the build and the demo snapshot included).
  let fresh = null;
  if (process.env.BENCH_FRESH !== "0" && (!only.length || startOnly)) {
    console.log("\nA fresh clone of HEAD: npm ci && npm start, to the first answer to GET /...");
    try {
      fresh = { ...(await measureFreshStart()), loadAverage: os.loadavg() };
    } catch (error) {
      console.log(`Fresh clone not measured: ${error instanceof Error ? error.message : error}`);
    }
  }

  console.log("");
  console.log(
    table(
      results.map((r) => [r.path, r.requestsPerSec, r.p50Ms, r.p99Ms, `${r.errors}/${r.non2xx}`, r.note]),
      ["Path", "Requests/s", "p50 ms", "p99 ms", "Errors/non-2xx", "Note"],
      [1, 2, 3, 4],
    ),
  );
  const loadNote = (l) => (l ? `load average ${l.map((x) => x.toFixed(2)).join(" ")}` : "");
  console.log(
    `\nCold start: ${Math.round(coldStartMs)} ms (spawn to first answer to GET /, fresh database with demo data; ${loadNote(coldLoad)})`,
  );
  if (restartMs !== null)
    console.log(`Restart: ${Math.round(restartMs)} ms (the same, on an existing database; median of 3; ${loadNote(restartLoad)})`);
  if (fresh)
    console.log(
      `Fresh clone: npm ci ${(fresh.npmCiMs / 1000).toFixed(1)} s + npm start (build, demo snapshot, start) ${(fresh.startMs / 1000).toFixed(1)} s = ${(fresh.totalMs / 1000).toFixed(1)} s (${loadNote(fresh.loadAverage)} at the end)`,
    );
  if (rssAfterStart !== null) console.log(`Server memory: ${rssAfterStart} MB after start, ${rssAfterLoad} MB after the load`);

  if (lighthouseResults) {
    console.log("");
    console.log(
      table(
        lighthouseResults.map((r) => [
          r.path,
          r.performance === undefined ? "-" : r.performanceRange ? `${r.performance} (${r.performanceRange.join("-")})` : r.performance,
          r.accessibility ?? "-",
          r.fcpMs ?? "-",
          r.lcpMs ?? "-",
          r.cls ?? "-",
          r.tbtMs ?? "-",
          r.error ?? "",
        ]),
        ["Lighthouse (mobile; median run, range)", "Performance", "Accessibility", "FCP ms", "LCP ms", "CLS", "TBT ms", "Error"],
        [1, 2, 3, 4, 5, 6],
      ),
    );
  }

  // JavaScript per storefront page, from the build's manifest (scripts/js-budget.mjs).
  let js = null;
  try {
    js = measureJs(buildDir);
    console.log("");
    printJsTable(js);
  } catch (error) {
    console.log(`JavaScript per page: not measured (${error instanceof Error ? error.message : error})`);
  }

  // Issue 9's goals beside what was measured.
  const byName = new Map(results.map((r) => [r.name, r]));
  const goalRows = [];
  const goal = (what, measured, target, met) =>
    goalRows.push([what, measured, target, met === null ? "not measured" : met ? "met" : "MISSED"]);
  for (const name of ["product page", "category page", "home"]) {
    const r = byName.get(name);
    goal(
      `${name}, anonymous (${connections} connections)`,
      r ? `${r.requestsPerSec}/s, p99 ${r.p99Ms} ms` : "-",
      ">= 2,000/s, p99 < 50 ms",
      r ? r.requestsPerSec >= 2000 && r.p99Ms < 50 && connections >= 50 : null,
    );
  }
  const signedIn = byName.get("signed-in product page");
  goal(
    "signed-in product page",
    signedIn ? `${signedIn.requestsPerSec}/s, p99 ${signedIn.p99Ms} ms` : "-",
    ">= 300/s",
    signedIn ? signedIn.requestsPerSec >= 300 : null,
  );
  const jsMax = js ? Math.max(...js.map((p) => p.bytes)) : null;
  goal(
    "JavaScript per storefront page (largest, gzip)",
    jsMax === null ? "-" : `${(jsMax / 1024).toFixed(1)} KB`,
    `<= ${JS_BUDGET_BYTES / 1024} KB`,
    jsMax === null ? null : jsMax <= JS_BUDGET_BYTES,
  );
  goal("cold start (fresh database with demo data)", `${Math.round(coldStartMs)} ms`, "< 1,500 ms", coldStartMs < 1500);
  goal(
    "restart (existing database)",
    restartMs === null ? "-" : `${Math.round(restartMs)} ms`,
    "< 1,500 ms",
    restartMs === null ? null : restartMs < 1500,
  );
  goal(
    "npm ci && npm start on a fresh clone, to the demo shop",
    fresh ? `${(fresh.totalMs / 1000).toFixed(1)} s` : "-",
    "<= 90 s",
    fresh ? fresh.totalMs <= 90_000 : null,
  );
  goal(
    "resident memory after start (embedded database)",
    rssAfterStart === null ? "-" : `${rssAfterStart} MB`,
    "< 400 MB",
    rssAfterStart === null ? null : rssAfterStart < 400,
  );
  if (lighthouseResults?.length) {
    const worst = (key, pick) => pick(...lighthouseResults.map((r) => r[key] ?? (pick === Math.min ? 0 : Infinity)));
    const perf = worst("performance", Math.min);
    const a11y = worst("accessibility", Math.min);
    const cls = worst("cls", Math.max);
    const tbt = worst("tbtMs", Math.max);
    goal(
      "Lighthouse mobile, performance / accessibility (lowest page)",
      `${perf} / ${a11y}`,
      `>= ${LIGHTHOUSE_GOALS.performance} / ${LIGHTHOUSE_GOALS.accessibility}`,
      perf >= LIGHTHOUSE_GOALS.performance && a11y >= LIGHTHOUSE_GOALS.accessibility,
    );
    goal(
      "Lighthouse CLS / TBT (worst page)",
      `${cls} / ${tbt} ms`,
      `0 / < ${LIGHTHOUSE_GOALS.tbtMs} ms`,
      cls === 0 && tbt < LIGHTHOUSE_GOALS.tbtMs,
    );
  } else goal("Lighthouse mobile, performance / accessibility", "-", ">= 98 / 100", null);
  if (scaling?.[1] && scaling?.[2]) {
    const ratio = Math.round((scaling[2].requestsPerSec / Math.max(1, scaling[1].requestsPerSec)) * 100) / 100;
    goal(
      "one to two processes on PostgreSQL (signed-in product page)",
      `${scaling[1].requestsPerSec}/s -> ${scaling[2].requestsPerSec}/s (${ratio}x)`,
      ">= 1.8x",
      ratio >= 1.8,
    );
  } else goal("one to two processes on PostgreSQL", "-", ">= 1.8x (set BENCH_DATABASE_URL or TEST_DATABASE_URL)", null);
  if (burst) {
    goal(
      `checkout burst on PostgreSQL: ${burst.shoppers} at once, answered`,
      `${burst.answeredWithin2s}/${burst.shoppers} within 2 s (p95 ${burst.checkout.p95Ms} ms, max ${burst.checkout.maxMs} ms)`,
      "all within 2 s",
      burst.answeredWithin2s === burst.shoppers,
    );
    goal(
      "storefront during the burst",
      `p95 ${burst.storefront.p95Ms} ms (max ${burst.storefront.maxMs} ms)`,
      "p95 < 200 ms",
      burst.storefront.p95Ms < 200,
    );
    goal(
      "burst: oversold units / double charges",
      `${Math.max(0, burst.unitsHeldOrSold - 6)} / ${burst.doubleCharges}`,
      "0 / 0",
      burst.doubleCharges === 0,
    );
  } else goal("checkout burst on PostgreSQL", "-", "all within 2 s (set BENCH_DATABASE_URL or TEST_DATABASE_URL)", null);
  console.log("");
  console.log(table(goalRows, ["Goal (issues 9, 21, 22)", "Measured", "Target", ""], []));

  // Micro-benchmarks outside HTTP (search engines, mockup rendering): each bench/micro/*.bench.ts
  // prints its own table and writes tmp/bench-<name>.json, which is folded into the report.
  const micro = {};
  if (process.env.BENCH_SKIP_MICRO !== "1") {
    for (const file of readdirSync(path.join(root, "bench", "micro"))
      .filter((f) => f.endsWith(".bench.ts"))
      .sort()) {
      const name = file.replace(/\.bench\.ts$/, "");
      if (only.length && !only.includes(name)) continue;
      console.log(`\n== ${name} ==`);
      const r = spawnSync(process.execPath, ["--import", "tsx", path.join("bench", "micro", file)], {
        cwd: root,
        stdio: "inherit",
        env: process.env,
      });
      if (r.status !== 0) problems += 1;
      const json = path.join(root, "tmp", `bench-${name}.json`);
      if (existsSync(json)) micro[name] = JSON.parse(readFileSync(json, "utf8"));
    }
  }

  const out = path.join(root, "tmp", "bench-results.json");
  mkdirSync(path.dirname(out), { recursive: true });
  const report = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    settings: { durationSeconds: duration, warmupSeconds: warmup, connections, buildDir },
    coldStartMs: Math.round(coldStartMs),
    restartMs: restartMs === null ? null : Math.round(restartMs),
    loadAverage: { coldStart: coldLoad, restart: restartLoad },
    freshClone: fresh && Object.fromEntries(Object.entries(fresh).map(([k, v]) => [k, Array.isArray(v) ? v : Math.round(v)])),
    javascript: js?.map((p) => ({ page: p.page, gzipBytes: p.bytes })) ?? null,
    lighthouse: lighthouseResults,
    postgresScaling: scaling,
    checkoutBurst: burst,
    overload,
    renderCost: cost,
    rssMb: { afterStart: rssAfterStart, afterLoad: rssAfterLoad },
    scenarios: results,
    micro,
  };
  writeFileSync(out, JSON.stringify(report, null, 2) + "\n");
  console.log(`Figures written to ${path.relative(root, out)}`);
  return problems === 0 ? 0 : 1;
}

main().then(
  (code) => cleanUpAndExit(code),
  async (error) => {
    console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : error}`);
    await cleanUpAndExit(1);
  },
);
