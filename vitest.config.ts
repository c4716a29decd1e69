import { defineConfig } from "vitest/config";

/** Test files that replace modules (`vi.mock`) need a module registry of their own: they run isolated. */
const needsIsolation = ["server/infra/images/abuse.test.ts"];
const testFiles = ["server/**/*.test.ts", "app/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/lint/**/*.test.ts"];

export default defineConfig({
  test: {
    environment: "node",
    // As server/boot.ts would provide it: it signs cookies and encrypts the identity's signing keys.
    env: { SESSION_SECRET: process.env.SESSION_SECRET ?? "vitest-session-secret-0123456789abcdef0123456789" },
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Every test file opens its own database and passes its own ports, so one worker process
        // runs many files in turn: the modules and PGlite's WebAssembly load once per worker, not
        // once per file (the unit step takes half the time). Module-level caches are keyed by
        // database, so nothing leaks from one file's database to the next.
        test: { name: "shared", include: testFiles, exclude: needsIsolation, isolate: false },
      },
      { extends: true, test: { name: "isolated", include: needsIsolation, isolate: true } },
    ],
  },
});
