// What a page costs to render, today's build beside an earlier commit's (issue 24: "an uncached
// storefront page renders at least 5x faster than 87f1202's build does ... built and run by the bench
// beside the current one"). For each build, on PGlite and (when BENCH_DATABASE_URL or
// TEST_DATABASE_URL names a server) on PostgreSQL:
//   - uncached (PLATEN_RENDER_CACHE=off: no page cache, no render cache): for the four storefront
//     pages, the signed-in shopper's product page and three back-office pages, the server's CPU time
//     per request (from /proc, one request at a time, so the load generator's CPU does not count;
//     both builds' servers run side by side and are measured in alternating rounds, the median
//     round reported: BENCH_COST_ROUNDS, default 5, of BENCH_COST_REQUESTS, default 30) and
//     requests/s at 10 connections;
//   - cached (the defaults): requests/s of the four storefront pages for a visitor at 10 connections.
// The earlier commit (BENCH_BASELINE, default 87f1202) is exported from git into tmp/baseline-<commit>,
// installed (npm ci) and built once; later runs reuse it.
//
//   BENCH_ONLY=render-cost npm run bench     or     node bench/render-cost.mjs [buildDir]
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { root, startServer } from "./server.mjs";

const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** The earlier commit's checkout and build (made once under tmp/). */
export function prepareBaseline(commit) {
  const dir = path.join(root, "tmp", `baseline-${commit}`);
  if (existsSync(path.join(dir, "build", "server", "main.js"))) return dir;
  console.log(`Building ${commit} into ${path.relative(root, dir)} (git archive, npm ci, npm run build: a few minutes, once)...`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execSync(`git -C "${root}" archive --format=tar ${commit} | tar -x -C "${dir}"`, { stdio: "inherit", shell: "/bin/bash" });
  execSync("npm ci --no-audit --no-fund --loglevel=error", { cwd: dir, stdio: "inherit" });
  execSync("npm run --silent build", { cwd: dir, stdio: "inherit", env: { ...process.env, PLATEN_BUILD_DIR: "build" } });
  return dir;
}

async function signIn(baseUrl, email) {
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password: "platen-demo-2026", next: "/account" }),
    redirect: "manual",
  });
  if (res.status !== 302) throw new Error(`sign-in as ${email}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export async function pagesOf(baseUrl) {
  const html = await (await fetch(`${baseUrl}/shop`)).text();
  const id = /href="\/shop\/product\/(prd_[0-9a-z]+)"/.exec(html)?.[1];
  if (!id) throw new Error("no product link on /shop");
  const shopper = await signIn(baseUrl, "shopper@demo.platen.test");
  const shop = await signIn(baseUrl, "fulfiller@demo.platen.test");
  const admin = await signIn(baseUrl, "admin@demo.platen.test");
  return [
    { name: "home", path: "/", storefront: true },
    { name: "category", path: "/shop/products/t-shirts", storefront: true },
    { name: "product", path: `/shop/product/${id}`, storefront: true },
    { name: "search", path: "/search?q=cat", storefront: true },
    { name: "product, signed in", path: `/shop/product/${id}`, cookie: shopper },
    { name: "print shop orders", path: "/fulfillment/@print-works/administration/orders", cookie: shop },
    { name: "print shop shipments", path: "/fulfillment/@print-works/administration/shipments", cookie: shop },
    { name: "admin orders", path: "/admin/orders/status", cookie: admin },
    { name: "print shop getting started", path: "/fulfillment/@print-works/administration/getting-started", cookie: shop, extra: true },
  ];
}

function rate(url, headers, duration) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: 10, duration, headers }, (error, r) => (error ? reject(error) : resolve(round(r.requests.average, 0)))),
  );
}

async function measure(server, pages, { cached, duration }) {
  const out = {};
  for (const p of pages) {
    if ((cached && !p.storefront) || p.extra) continue;
    const headers = { "accept-encoding": "gzip, br", ...(p.cookie ? { cookie: p.cookie } : {}) };
    const url = server.baseUrl + p.path;
    let status = 0;
    for (let i = 0; i < 5; i++) {
      const r = await fetch(url, { headers, redirect: "manual" });
      status = r.status;
      await r.arrayBuffer();
    }
    out[p.name] = { status, rps: await rate(url, headers, duration) };
  }
  return out;
}

/**
 * CPU ms per uncached request of each named page on each server, one request at a time, in
 * alternating rounds of `requests` (each page warmed with 5 requests before its first round): on
 * a shared machine the same build varies by 10-30 % from one minute to the next, and alternating
 * spreads that over the builds. Returns each server's rounds per page. Used here and by
 * bench/ab.mjs.
 */
export async function cpuInRounds(servers, pagesPer, { names, rounds, requests }) {
  const samples = servers.map(() => Object.fromEntries(names.map((name) => [name, []])));
  for (let r = 0; r < rounds; r++) {
    for (const name of names) {
      for (const [i, server] of servers.entries()) {
        const p = pagesPer[i].find((x) => x.name === name);
        const headers = { "accept-encoding": "gzip, br", ...(p.cookie ? { cookie: p.cookie } : {}) };
        const url = server.baseUrl + p.path;
        if (r === 0) for (let w = 0; w < 5; w++) await (await fetch(url, { headers, redirect: "manual" })).arrayBuffer();
        const c0 = server.cpuMs();
        for (let k = 0; k < requests; k++) await (await fetch(url, { headers, redirect: "manual" })).arrayBuffer();
        samples[i][name].push((server.cpuMs() - c0) / requests);
      }
    }
  }
  return samples;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/**
 * Both builds on one engine: uncached, side by side (CPU in alternating rounds, then requests/s
 * one server at a time); then cached, one at a time. `builds`: [{ label, appRoot, buildDir, url }].
 */
async function runPair(builds, duration) {
  const dataDirs = builds.map(() => mkdtempSync(path.join(os.tmpdir(), "platen-bench-cost-")));
  const start = (b, i, cached) =>
    startServer({
      buildDir: b.buildDir,
      appRoot: b.appRoot,
      dataDir: dataDirs[i],
      timeoutMs: 900_000,
      env: { ...(b.url ? { DATABASE_URL: b.url } : {}), OUTBOX_WORKER: "false", ...(cached ? {} : { PLATEN_RENDER_CACHE: "off" }) },
    });
  const results = builds.map((b) => ({ label: b.label }));
  try {
    const servers = [];
    try {
      for (const [i, b] of builds.entries()) servers.push(await start(b, i, false));
      const pagesPer = await Promise.all(servers.map((s) => pagesOf(s.baseUrl)));
      // The median of BENCH_COST_ROUNDS (default 5) alternating rounds of BENCH_COST_REQUESTS (default 30).
      const cpu = (
        await cpuInRounds(servers, pagesPer, {
          names: pagesPer[0].filter((p) => !p.extra).map((p) => p.name),
          rounds: Number(process.env.BENCH_COST_ROUNDS ?? 5),
          requests: Number(process.env.BENCH_COST_REQUESTS ?? 30),
        })
      ).map((byName) => Object.fromEntries(Object.entries(byName).map(([name, xs]) => [name, round(median(xs))])));
      for (const [i, server] of servers.entries()) {
        const rows = await measure(server, pagesPer[i], { cached: false, duration });
        for (const [name, row] of Object.entries(rows)) row.cpuMs = cpu[i][name];
        results[i].uncached = rows;
      }
    } finally {
      for (const server of servers) await server.stop();
    }
    for (const [i, b] of builds.entries()) {
      const server = await start(b, i, true);
      try {
        results[i].cached = await measure(server, await pagesOf(server.baseUrl), { cached: true, duration });
      } finally {
        await server.stop();
      }
    }
  } finally {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** Runs `fn` with the URL of a new, empty database on the server at `pgUrl`, dropped afterwards. */
export async function withDatabase(pgUrl, name, fn) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    return await fn(url.href);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

export async function renderCost({
  buildDir = process.env.PLATEN_BUILD_DIR || "build",
  baseline = process.env.BENCH_BASELINE || "87f1202",
  duration = 5,
  pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL,
} = {}) {
  const baseRoot = prepareBaseline(baseline);
  const engines = [{ name: "PGlite" }, ...(pgUrl && process.env.BENCH_PG !== "0" ? [{ name: "PostgreSQL", pgUrl }] : [])].filter(
    // BENCH_ENGINE=PostgreSQL (or PGlite): one engine only.
    (e) => !process.env.BENCH_ENGINE || e.name === process.env.BENCH_ENGINE,
  );
  const results = [];
  for (const engine of engines) {
    console.log(`Render cost: ${baseline} and now on ${engine.name}, side by side...`);
    const builds = [
      { label: baseline, appRoot: baseRoot, buildDir: "build" },
      { label: "now", appRoot: root, buildDir },
    ];
    const pair = engine.pgUrl
      ? await withDatabase(engine.pgUrl, `platen_cost_${process.pid}_0`, (a) =>
          withDatabase(engine.pgUrl, `platen_cost_${process.pid}_1`, (b) =>
            runPair(
              builds.map((x, i) => ({ ...x, url: [a, b][i] })),
              duration,
            ),
          ),
        )
      : await runPair(builds, duration);
    results.push({ engine: engine.name, before: pair[0], now: pair[1] });
  }
  printRenderCost(results, baseline);
  return results;
}

export function printRenderCost(results, baseline) {
  for (const { engine, before, now } of results) {
    console.log(
      `\nRender cost on ${engine}: ${baseline} beside now (uncached: every cache off; CPU ms per request, one at a time, median of alternating rounds; req/s at 10 connections)`,
    );
    console.log("page                    CPU ms before   now   faster   req/s before   now   cached req/s before   now");
    for (const [name, b] of Object.entries(before.uncached)) {
      const n = now.uncached[name] ?? {};
      const cb = before.cached?.[name];
      const cn = now.cached?.[name];
      const x = b.cpuMs && n.cpuMs ? `${round(b.cpuMs / n.cpuMs)}x` : "-";
      console.log(
        `${name.padEnd(22)}  ${String(b.cpuMs).padStart(13)} ${String(n.cpuMs ?? "-").padStart(5)} ${x.padStart(8)}   ${String(b.rps).padStart(12)} ${String(
          n.rps ?? "-",
        ).padStart(
          5,
        )}   ${String(cb?.rps ?? "").padStart(19)} ${String(cn?.rps ?? "").padStart(5)}${b.status !== 200 || n.status !== 200 ? `   (status ${b.status}/${n.status})` : ""}`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await renderCost({ buildDir: process.argv[2] });
