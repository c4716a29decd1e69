// `npm test`: Platen's whole test suite, step by step, with one summary at the end.
//
//   1. typecheck        npm run typecheck                          (counts as 1 test)
//   2. lint             npm run lint                               (counts as 1 test; runs beside 1)
//   3. unit             vitest run, TEST_DB_ENGINE=pglite          (unit + integration on embedded PGlite)
//   4. pg               vitest run, TEST_DB_ENGINE=postgres        (only when TEST_DATABASE_URL is set; the files
//                                                                   that open a database, see vitest.config.ts)
//   5. chromium         scripts/ensure-chromium.mjs                (CHROMIUM_PATH, else Debian's chromium-headless-shell,
//                                                                   else /usr/bin/chromium; apt-get as root; started at
//                                                                   once, beside steps 1-4)
//   6. build            npm run build into tmp/build-test          (PLATEN_BUILD_DIR overrides)
//   7. e2e              playwright test against that build         (E2E_PORT, else 3210; a free port if busy)
//
// Steps 5 and 6 are set-up: they add a failure to the total only when they fail (and then the
// browser tests do not run). Every step runs even when an earlier one failed, so one run shows
// everything that is broken. The last line is `Total: N passed, M failed[, K skipped]`; the exit
// code is 1 when anything failed.
//
// Choosing steps (flags, or the same value in an environment variable):
//   --only=static,unit,pg,e2e   TEST_ONLY=...   run only these groups or step names
//                                               (groups: static = typecheck + lint; e2e = chromium + build + e2e)
//   --skip=e2e,pg               TEST_SKIP=...   run everything but these
//   e.g. `npm test -- --only=unit`, `node scripts/test.mjs --only=static`, `TEST_SKIP=e2e npm test`
//
// Reports: tmp/test-results/vitest-<engine>.json and tmp/test-results/playwright.json (machine
// readable); the human reporters stream to the terminal as the tests run.
// Extra arguments: VITEST_ARGS="server/modules/identity" (file filters or options for both vitest
// steps), PLAYWRIGHT_ARGS="tests/e2e/shell.spec.ts" (for the Playwright step); split on spaces.
// Other settings: STEP_TIMEOUT_MINUTES (default 60) stops a step that hangs so the run still ends
// with a summary. 60, not less: on a slow, busy 2-core machine the end-to-end step alone took about
// 30 minutes (stop 18), and CI's own limit for the whole run is 90.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const reportsDir = path.join(root, "tmp", "test-results");
mkdirSync(reportsDir, { recursive: true });
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const buildDir = process.env.PLATEN_BUILD_DIR || "tmp/build-test";
const stepTimeoutMs = Number(process.env.STEP_TIMEOUT_MINUTES || 60) * 60_000;
// Plain text in logs (CI, files): no colour codes unless the terminal is interactive or asked for.
const colorEnv = process.stdout.isTTY || process.env.FORCE_COLOR || process.env.NO_COLOR ? {} : { NO_COLOR: "1" };

// ---------------------------------------------------------------------------------------------
// Options

const GROUPS = {
  static: ["typecheck", "lint"],
  unit: ["unit"],
  pg: ["pg"],
  e2e: ["chromium", "build", "e2e"],
};
const STEP_IDS = Object.values(GROUPS).flat();

function argValue(name) {
  const prefix = `--${name}=`;
  const hit = process.argv.slice(2).find((a) => a.startsWith(prefix));
  return hit ? hit.slice(prefix.length) : undefined;
}
function expand(list, flag) {
  const ids = new Set();
  for (const word of list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const hit = GROUPS[word] ?? (STEP_IDS.includes(word) ? [word] : null);
    if (!hit) {
      console.error(`${flag}: unknown step "${word}". Use: ${[...Object.keys(GROUPS), ...STEP_IDS.filter((s) => !GROUPS[s])].join(", ")}`);
      process.exit(2);
    }
    hit.forEach((id) => ids.add(id));
  }
  return ids;
}
for (const a of process.argv.slice(2)) {
  if (a === "--help" || a === "-h") {
    console.log(
      readFileSync(new URL(import.meta.url), "utf8")
        .split("\n")
        .filter((l) => l.startsWith("//"))
        .map((l) => l.slice(3))
        .join("\n"),
    );
    process.exit(0);
  }
  if (!/^--(only|skip)=/.test(a)) {
    console.error(`Unknown argument ${a}. Try --help.`);
    process.exit(2);
  }
}
const onlyRaw = argValue("only") ?? process.env.TEST_ONLY;
const skipRaw = argValue("skip") ?? process.env.TEST_SKIP;
const selected = new Set(onlyRaw ? expand(onlyRaw, "--only") : STEP_IDS);
if (skipRaw) for (const id of expand(skipRaw, "--skip")) selected.delete(id);

// ---------------------------------------------------------------------------------------------
// Running a command with live output

/** The steps' processes still running (two at once while typecheck and lint run side by side). */
const running = new Set();
let interrupted = false;
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    interrupted = true;
    console.error(`\n${sig}: stopping the current step...`);
    for (const child of running) killTree(child, sig);
    setTimeout(() => process.exit(130), 5_000).unref();
  });
}
/** Sends a signal to the step's whole process group (it was started detached, as its leader). */
function killTree(child, sig = "SIGTERM") {
  if (!child) return;
  try {
    process.kill(-child.pid, sig);
  } catch {
    // ESRCH: the group is gone already.
  }
}

/**
 * Stops a step and everything it started. SIGINT first: Playwright and Vitest stop on it the way
 * they do on Ctrl-C, tearing down what they started themselves (Playwright's web server runs in a
 * process group of its own, so only Playwright can stop it). Then SIGTERM and, at last, SIGKILL to
 * the group, sent whether or not the step's first process has already exited: its children may not
 * have (a step cut off at its limit once left the e2e server running after the run ended).
 */
function stopStep(child) {
  killTree(child, "SIGINT");
  setTimeout(() => killTree(child, "SIGTERM"), 15_000).unref();
  setTimeout(() => killTree(child, "SIGKILL"), 30_000).unref();
}

/**
 * Runs a command; resolves to its exit code (124 on timeout). Its output goes to the terminal as it
 * comes, or, with `log`, into that array (stdout and stderr in order) to be printed later.
 */
function run(cmd, args, env = {}, log = null) {
  const say = (line) => (log ? log.push(`${line}\n`) : console.log(line));
  say(
    `$ ${Object.entries(env)
      .map(([k, v]) => `${k}=${v} `)
      .join("")}${[cmd, ...args].map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(" ")}`,
  );
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ["ignore", log ? "pipe" : "inherit", log ? "pipe" : "inherit"],
      env: { ...process.env, ...colorEnv, ...env },
      detached: true,
    });
    if (log) {
      child.stdout.on("data", (chunk) => log.push(chunk.toString()));
      child.stderr.on("data", (chunk) => log.push(chunk.toString()));
    }
    running.add(child);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\nStep exceeded ${stepTimeoutMs / 60_000} minutes: stopping it.`);
      stopStep(child);
    }, stepTimeoutMs);
    child.on("error", (error) => {
      console.error(`Could not start ${cmd}: ${error.message}`);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      // Whatever the cut-off step left behind in its group goes with it.
      if (timedOut) killTree(child, "SIGKILL");
      resolve(timedOut ? 124 : (code ?? (signal ? 128 : 1)));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Reading the JSON reports

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** Counts from Vitest's JSON reporter; a file that failed outside its tests counts as 1 failure. */
function vitestCounts(file, exitCode) {
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0, failures: ["vitest wrote no report (crashed before the end?)"] };
  let failed = report.numFailedTests ?? 0;
  const failures = [];
  for (const f of report.testResults ?? []) {
    const rel = path.relative(root, f.name);
    const bad = (f.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of bad) failures.push(`${rel} > ${t.fullName ?? t.title}`);
    if (f.status === "failed" && bad.length === 0) {
      failed += 1;
      failures.push(`${rel}: ${(f.message || "file failed outside its tests").split("\n")[0].slice(0, 200)}`);
    }
  }
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    failures.push(
      exitCode === 124
        ? `vitest was stopped after ${stepTimeoutMs / 60_000} minutes (STEP_TIMEOUT_MINUTES)`
        : `vitest exited with code ${exitCode} (unhandled error? see the output above)`,
    );
  }
  return { passed: report.numPassedTests ?? 0, failed, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0), failures };
}

/** Counts from Playwright's JSON reporter; flaky tests (passed on retry) count as passed. */
function playwrightCounts(file, exitCode) {
  const report = readJson(file);
  if (!report?.stats)
    return { passed: 0, failed: 1, skipped: 0, failures: [`playwright wrote no report (exit ${exitCode}); see the output above`] };
  const s = report.stats;
  const failures = [];
  const flaky = [];
  const durations = [];
  const perFile = new Map();
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const name = `${[...trail, spec.title].filter(Boolean).join(" > ")} [${t.projectName}]`;
        if (t.status === "unexpected") failures.push(name);
        if (t.status === "flaky") flaky.push(name);
        const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        durations.push({ ms, title: [...trail, spec.title].filter(Boolean).join(" > ") });
        perFile.set(trail[0], (perFile.get(trail[0]) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.file ?? suite.title]);
  let failed = s.unexpected ?? 0;
  for (const e of report.errors ?? []) {
    failed += 1;
    failures.push(
      `error outside tests: ${String(e.message ?? e.value ?? "")
        .split("\n")[0]
        .slice(0, 200)}`,
    );
  }
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    failures.push(
      exitCode === 124
        ? `playwright was stopped after ${stepTimeoutMs / 60_000} minutes (STEP_TIMEOUT_MINUTES); the tests it had not reached count as skipped`
        : `playwright exited with code ${exitCode}; see the output above`,
    );
  }
  // Where the step's time goes (summed over both workers, retries included): the slowest files and
  // tests, so that a slow run says what to look at.
  const top = (entries) => entries.sort((a, b) => b[1] - a[1]).slice(0, 10);
  if (durations.length) {
    console.log("\nSlowest spec files (test time, retries included):");
    for (const [file, ms] of top([...perFile])) console.log(`  ${fmtTime(ms).padStart(12)}  ${file}`);
    console.log("Slowest tests:");
    for (const [title, ms] of top(durations.map((d) => [d.title, d.ms]))) console.log(`  ${fmtTime(ms).padStart(12)}  ${title}`);
  }
  // A test that passed only when run again is not hidden: it is named here and in the summary.
  if (flaky.length) {
    console.log(`\nPassed only on retry (flaky, ${flaky.length}):`);
    for (const name of flaky) console.log(`  ${name}`);
  }
  const note = s.flaky ? `${s.flaky} flaky (passed on retry)` : "";
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed, skipped: s.skipped ?? 0, failures, note, flaky };
}

// ---------------------------------------------------------------------------------------------
// Steps

function portIsFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen({ port, host: "0.0.0.0" }, () => srv.close(() => resolve(true)));
  });
}
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen({ port: 0, host: "0.0.0.0" }, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function vitestStep(engine) {
  const out = path.join(reportsDir, `vitest-${engine}.json`);
  rmSync(out, { force: true });
  const code = await run(
    bin("vitest"),
    [
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${path.relative(root, out)}`,
      "--passWithNoTests",
      ...extraArgs("VITEST_ARGS"),
    ],
    {
      TEST_DB_ENGINE: engine,
    },
  );
  return vitestCounts(out, code);
}

const state = { chromium: null, setupFailed: null };

// Typecheck and lint each keep one core busy: on two cores they run side by side. Lint starts with
// the typecheck step; its output is held back and printed under its own heading once the
// typecheck is done, so the two never interleave.
let lintRun = null;
function startLint(log) {
  const started = Date.now();
  return run("npm", ["run", "--silent", "lint"], {}, log).then((code) => ({ code, ms: Date.now() - started }));
}

const steps = [
  {
    id: "typecheck",
    title: "Typecheck (react-router typegen + tsc)",
    run: async () => {
      if (selected.has("lint")) {
        const log = [];
        lintRun = { log, done: startLint(log) };
        console.log("(lint runs beside it; its output follows under its own heading)");
      }
      return one(await run("npm", ["run", "--silent", "typecheck"]));
    },
  },
  {
    id: "lint",
    title: "Lint (prettier, eslint with no warnings allowed, module boundaries)",
    run: async () => {
      if (!lintRun) return one(await run("npm", ["run", "--silent", "lint"]));
      const { code, ms } = await lintRun.done;
      process.stdout.write(lintRun.log.join(""));
      return { ...one(code), ms, note: "beside typecheck" };
    },
  },
  { id: "unit", title: "Unit + integration tests on PGlite (vitest)", run: () => vitestStep("pglite") },
  {
    id: "pg",
    title: "Unit + integration tests on PostgreSQL (vitest)",
    skipReason: () =>
      process.env.TEST_DATABASE_URL
        ? null
        : "TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/postgres); .ci/run sets one up",
    run: () => {
      console.log(`PostgreSQL: ${redact(process.env.TEST_DATABASE_URL)}`);
      return vitestStep("postgres");
    },
  },
  {
    id: "chromium",
    title: "Chromium for the browser tests",
    setup: true,
    run: async () => {
      try {
        state.chromium = await (chromiumEarly ?? ensureChromium({ headlessShell: true }));
        return { ok: true };
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
        state.setupFailed = "no Chromium";
        return { ok: false, failures: ["no working Chromium (see the message above)"] };
      }
    },
  },
  {
    id: "build",
    title: `Production build into ${buildDir}`,
    setup: true,
    skipReason: () => (state.setupFailed ? `not run: ${state.setupFailed}` : null),
    run: async () => {
      const code = await run("npm", ["run", "--silent", "build"], { PLATEN_BUILD_DIR: buildDir });
      if (code !== 0) state.setupFailed = "the build failed";
      return { ok: code === 0, failures: code === 0 ? [] : [`npm run build exited with code ${code}`] };
    },
  },
  {
    id: "e2e",
    title: "Browser and HTTP journeys (Playwright)",
    skipReason: () => (state.setupFailed ? `not run: ${state.setupFailed}` : null),
    run: async () => {
      if (!selected.has("build") && !existsSync(path.join(buildDir, "server", "index.js"))) {
        return {
          passed: 0,
          failed: 1,
          skipped: 0,
          failures: [`no build at ${buildDir}: run with the build step or \`PLATEN_BUILD_DIR=${buildDir} npm run build\``],
        };
      }
      let port = Number(process.env.E2E_PORT || 0);
      if (port && !(await portIsFree(port))) {
        const other = await freePort();
        console.log(`E2E_PORT=${port} is already in use by another program: using free port ${other} instead.`);
        port = other;
      }
      if (!port) port = (await portIsFree(3210)) ? 3210 : await freePort();
      const out = path.join(reportsDir, "playwright.json");
      rmSync(out, { force: true });
      const env = { PLATEN_BUILD_DIR: buildDir, E2E_PORT: String(port), PLAYWRIGHT_JSON_OUTPUT_FILE: out };
      if (state.chromium) env.CHROMIUM_PATH = state.chromium;
      const code = await run(
        bin("playwright"),
        ["test", "--reporter=list,json", "--pass-with-no-tests", ...extraArgs("PLAYWRIGHT_ARGS")],
        env,
      );
      return playwrightCounts(out, code);
    },
  },
];

function extraArgs(name) {
  return (process.env[name] ?? "").split(/\s+/).filter(Boolean);
}
function one(code) {
  return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, failures: code === 0 ? [] : [`exit code ${code}`] };
}
function redact(url = "") {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}
function fmtTime(ms) {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const whole = Math.round(s); // rounded once, so that 179.6 s reads "3 min 00 s", never "2 min 60 s"
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

// ---------------------------------------------------------------------------------------------
// Main

const chosen = steps.filter((s) => selected.has(s.id));
if (chosen.length === 0) {
  console.error("No step selected.");
  process.exit(2);
}
const results = [];
const startedAll = Date.now();
// Installing Chromium (apt-get, on a fresh Debian machine: ~10 s, mostly waiting on the network and
// dpkg) starts at once, beside the first steps; the chromium step then waits for it.
const chromiumEarly = selected.has("chromium") && selected.has("e2e") ? ensureChromium({ headlessShell: true }) : null;
chromiumEarly?.catch(() => undefined); // reported by the chromium step
console.log(`Platen test suite: ${chosen.map((s) => s.id).join(", ")} (node ${process.version}, CI=${process.env.CI ?? "unset"})`);

for (const [i, step] of chosen.entries()) {
  if (interrupted) break;
  const line = "=".repeat(Math.max(10, 78 - step.title.length - 12));
  console.log(`\n=== [${i + 1}/${chosen.length}] ${step.title} ${line}`);
  const reason = step.skipReason?.();
  if (reason) {
    console.log(`SKIPPED: ${reason}`);
    results.push({ step, status: "skipped", note: reason.split(" (")[0], ms: 0, passed: 0, failed: 0, skipped: 0, failures: [] });
    continue;
  }
  const started = Date.now();
  let r;
  try {
    r = await step.run();
  } catch (error) {
    console.error(error);
    r = { passed: 0, failed: 1, skipped: 0, failures: [`crashed: ${error instanceof Error ? error.message : error}`] };
  }
  // A step that ran beside another (lint) reports its own time.
  const ms = r.ms ?? Date.now() - started;
  if (step.setup) r = { passed: 0, failed: r.ok ? 0 : 1, skipped: 0, failures: r.failures ?? [] };
  const status = r.failed > 0 ? "FAILED" : "ok";
  results.push({ step, status, ms, ...r });
  const counts = step.setup ? "" : ` (${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ""})`;
  console.log(`--- ${step.id}: ${status === "ok" ? "ok" : "FAILED"} in ${fmtTime(ms)}${counts}`);
}

// Summary
const rows = results.map((r) => [
  r.step.id,
  r.status === "skipped" ? "skipped" : r.status,
  r.step.setup || r.status === "skipped" ? "" : String(r.passed),
  r.status === "skipped" ? "" : String(r.failed),
  r.step.setup || r.status === "skipped" ? "" : String(r.skipped),
  r.status === "skipped" ? "" : fmtTime(r.ms),
  r.note ?? "",
]);
const header = ["Step", "Result", "Passed", "Failed", "Skipped", "Time", "Note"];
const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c].length)));
const fmtRow = (row) =>
  row
    .map((cell, c) => (c >= 2 && c <= 5 ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
    .join("  ")
    .trimEnd();
console.log(`\n${"=".repeat(30)} Summary ${"=".repeat(39)}`);
console.log(fmtRow(header));
console.log(fmtRow(widths.map((w) => "-".repeat(w))));
for (const row of rows) console.log(fmtRow(row));
console.log(`Wall time: ${fmtTime(Date.now() - startedAll)}${interrupted ? " (interrupted)" : ""}`);

const flakyTests = results.flatMap((r) => (r.flaky ?? []).map((f) => `  ${r.step.id}: ${f}`));
if (flakyTests.length) {
  console.log(`\nPassed only on retry (${flakyTests.length}): look into these, a retry is not a fix.`);
  for (const f of flakyTests) console.log(f);
}

const failures = results.flatMap((r) => r.failures.map((f) => `  ${r.step.id}: ${f}`));
if (failures.length) {
  console.log(`\nFailures (${failures.length}):`);
  const shown = failures.slice(0, 60);
  for (const f of shown) console.log(f);
  if (failures.length > shown.length)
    console.log(`  ... and ${failures.length - shown.length} more (see the reports in ${path.relative(root, reportsDir)}/)`);
}

const total = results.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed, skipped: a.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
if (interrupted) total.failed += 1;
console.log("");
console.log(`Total: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(total.failed > 0 ? 1 : 0);
