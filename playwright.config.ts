import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
// @ts-expect-error -- a plain ESM script shared with `npm test`'s Chromium step (no type declarations)
import { DEFAULT_CHROMIUM, HEADLESS_SHELL } from "./scripts/ensure-chromium.mjs";
// @ts-expect-error -- a plain ESM script shared with `npm start` (no type declarations)
import { SERVER_NODE_FLAGS } from "./scripts/build-freshness.mjs";

const port = Number(process.env.E2E_PORT ?? 3210);
const buildDir = process.env.PLATEN_BUILD_DIR ?? "build";
const dataDir = process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`;
// Debian's chromium-headless-shell when it is there (the same Chromium release, built as the
// headless shell Playwright runs headless tests in; about a fifth less CPU per journey, ADR 0023),
// else Debian's chromium. `npm test` installs both as root on Debian and passes CHROMIUM_PATH.
export const chromiumPath: string = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : DEFAULT_CHROMIUM);

/**
 * Journeys run against the production build (`npm run build` first) on a fresh embedded
 * database seeded with the demo data. Debian's Chromium, never a downloaded browser.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: process.env.CI ? 1 : 0,
  // A journey that takes 20-35 s on an idle 2-core machine took 50-65 s under CI's load on a slower
  // one (stop 18): CI allows 90 s (the longest journeys set 120 s or more themselves). Tests wait for
  // conditions, so a test only uses what it needs; the e2e step lists its slowest tests.
  timeout: process.env.CI ? 90_000 : 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: `tmp/test-results-${port}`,
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace is recorded when a failed test runs again (CI retries once), not for every test:
    // recording every test cost a quarter of the step's time (three journey files: 54.7 s -> 42.6 s
    // without it). A test that passes only on its retry is named in the suite's summary.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "api", testMatch: /.*\.api\.spec\.ts/ },
    {
      name: "chromium",
      testMatch: /.*(?<!\.api)\.spec\.ts/,
      use: {
        ...devices["Desktop Chrome"],
        // One browser context per worker, reset between tests (cookies, cache, storage, routes, init
        // scripts and the viewport are put back; Playwright 1.65's `reuseContext`), instead of a new
        // one per test: a new context is a new renderer process that compiles the site's JavaScript
        // again. Measured on storefront.spec.ts + shell.spec.ts (24 tests): Chromium's CPU 118 s ->
        // 74 s, wall 92 s -> 68 s. Not reset: permissions granted, setOffline, setGeolocation and
        // extra HTTP headers set during a test (no journey uses them), history and window.name. A
        // test that changes a context option such as storageState or javaScriptEnabled gets a fresh
        // context as before. E2E_FRESH_CONTEXT=1 gives every test its own context again.
        reuseContext: process.env.E2E_FRESH_CONTEXT !== "1",
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    // The server entry built by `npm run build` (with the SSR bundle, vite.config.ts), as `npm start` runs it (with its Node flags).
    command: `rm -rf ${dataDir} && node ${SERVER_NODE_FLAGS.join(" ")} ${buildDir}/server/main.js`,
    url: `http://localhost:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PLATEN_BUILD_DIR: buildDir,
      PLATEN_ENV: "test",
      SEED_DEMO: "true",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      // The e2e server's outbox runs fast so e-mails appear at once.
      OUTBOX_WORKER: "true",
      // Visitors' pages are kept 1 s (5 s by default): the cache is exercised, and a page cached just
      // before a background job changed its data (a search index sync) is not awaited for long.
      PLATEN_PAGE_CACHE_TTL_MS: "1000",
      // After a write, three pages (not twelve) are rendered again in the background: the path runs,
      // without adding a dozen renders to each of the suite's many writes.
      PLATEN_PAGE_CACHE_WARM: "3",
      // Every e2e request comes from one address: the per-address limits (failed sign-ins, new
      // accounts, job applications) must not stop the suite (the per-account throttle still
      // applies).
      AUTH_MAX_FAILURES_PER_IP: "1000",
      AUTH_MAX_SIGNUPS_PER_IP: "1000",
      JOBS_MAX_APPLICATIONS_PER_IP: "1000",
      ORDERS_MAX_PER_IP: "1000",
      // Every page the journeys render checks the server's kept styles (app/theme/ssr-styled.ts):
      // each reuse is serialised again and compared, so a style reading a prop the key leaves out
      // fails the journey instead of rendering another element's class.
      PLATEN_STYLE_MEMO: "verify",
      // Journeys check what pages do, not how the server sheds load: a render waits its turn
      // (server/http/admission.ts) however busy the machine is, instead of being answered 503.
      RENDER_MAX_WAIT_MS: "60000",
      // An external OIDC provider whose key set tests/e2e/oidc.api.spec.ts serves (or not) itself.
      OIDC_ISSUER: "https://idp.e2e.platen.test",
      OIDC_AUDIENCE: "platen-e2e",
      OIDC_JWKS_URL: `http://127.0.0.1:${port + 500}/jwks.json`,
    },
  },
});
