import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import DemoFirstSequencer from "./tests/support/sequencer.ts";

const testRoots = ["server", "app", "tests/integration", "tests/lint"];
const testFiles = testRoots.map((root) => `${root}/**/*.test.ts`);

function listTests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) return listTests(p);
    return entry.name.endsWith(".test.ts") ? [p] : [];
  });
}

/**
 * Every test file opens its own database and passes its own ports, so one worker process runs many
 * files in turn: the modules and PGlite's WebAssembly load once per worker, not once per file (the
 * unit step takes half the time). A file that changes what the whole process shares for good runs
 * in a process of its own: it replaces modules (`vi.mock`), sets the environment (cookies and keys
 * are derived from it once), or adds page-cache hooks, cached renders or event dispatch. Setting the
 * default storage or database (`setStorage`, `setDatabase`) is fine in a shared worker as long as
 * the file puts them back in `afterAll`; job handlers are registered under each test's own topics.
 */
const PROCESS_WIDE =
  /\b(vi\.mock|vi\.doMock|vi\.stubEnv|vi\.stubGlobal|setEnv|setDefaultPorts|setCachedRender|configureHttp|configurePorts|configureImageWork|registerPageCacheHook|registerEventDispatch)\(/;
const allTests = testRoots.flatMap(listTests);
const needsIsolation = allTests.filter((file) => PROCESS_WIDE.test(readFileSync(file, "utf8")));

/**
 * The PostgreSQL pass (`TEST_DB_ENGINE=postgres`) runs the files that open a database (migrations,
 * queries, locking and concurrency: whatever the two engines could treat differently); a file that
 * never opens one (pure functions, images, storage, HTTP clients, the lint) runs once, on the
 * PGlite pass. Such a file cannot reach a database by accident: the handle is opened only through
 * these names.
 */
const OPENS_DATABASE = /\b(useTestDatabase|createTestDatabase|openDatabase|testEngine)\(|TEST_DATABASE_URL|TEST_DB_ENGINE/;
const onPostgres = process.env.TEST_DB_ENGINE === "postgres";
const engineFree = onPostgres ? allTests.filter((file) => !OPENS_DATABASE.test(readFileSync(file, "utf8"))) : [];

export default defineConfig({
  test: {
    environment: "node",
    // As server/boot.ts would provide it: it signs cookies and encrypts the identity's signing keys.
    env: { SESSION_SECRET: process.env.SESSION_SECRET ?? "vitest-session-secret-0123456789abcdef0123456789" },
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    sequence: { sequencer: DemoFirstSequencer },
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "shared", include: testFiles, exclude: [...needsIsolation, ...engineFree], isolate: false } },
      { extends: true, test: { name: "isolated", include: needsIsolation, exclude: engineFree, isolate: true } },
    ],
  },
});
