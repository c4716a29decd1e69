import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/**/*.test.ts", "app/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/lint/**/*.test.ts"],
    environment: "node",
    // As server/boot.ts would provide it: it signs cookies and encrypts the identity's signing keys.
    env: { SESSION_SECRET: process.env.SESSION_SECRET ?? "vitest-session-secret-0123456789abcdef0123456789" },
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
