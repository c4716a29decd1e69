import cluster from "node:cluster";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { boot, ensureSessionSecret, loadEnvOrExit } from "./boot.ts";
import type { Env } from "./config/env.ts";
import { createHttpApp } from "./http/app.ts";
import { logger } from "./infra/logger/index.ts";

const started = process.hrtime.bigint();
const buildDir = path.resolve(process.env.PLATEN_BUILD_DIR ?? "build");
const serverEntry = path.join(buildDir, "server", "index.js");
if (!existsSync(serverEntry)) {
  console.error(`No production build at ${serverEntry}: run \`npm run build\` (npm start does it for you).`);
  process.exit(1);
}
process.env.PLATEN_DB_TEMPLATE ??= path.join(buildDir, "pglite-template.tar");
try {
  const latest = JSON.parse(readFileSync(path.join(buildDir, "client", "latest-build.json"), "utf8")) as { buildId?: string };
  if (latest.buildId) process.env.PLATEN_BUILD_ID = latest.buildId;
} catch {
  /* an older build without a build id */
}

/**
 * How many HTTP processes: WEB_CONCURRENCY, else one per core on PostgreSQL in production. The
 * embedded database belongs to one process, so it always runs one (WEB_CONCURRENCY is ignored with
 * a warning).
 */
export function webConcurrency(env: Env): number {
  const asked = env.WEB_CONCURRENCY ?? (env.DATABASE_URL && process.env.NODE_ENV === "production" ? os.availableParallelism() : 1);
  if (asked > 1 && !env.DATABASE_URL) {
    logger().warn({ WEB_CONCURRENCY: asked }, "the embedded database serves one process: running one (set DATABASE_URL for more)");
    return 1;
  }
  return asked;
}

/** One HTTP server process: boot (database, migrations, demo, jobs), the app, graceful shutdown. */
async function serve(): Promise<void> {
  // Load the SSR bundle while the database opens and migrates (it touches nothing at import).
  const buildLoading = import(serverEntry) as Promise<ServerBuild>;
  buildLoading.catch(() => undefined);
  const booted = await boot();
  const build = await buildLoading;
  const app = createHttpApp({ env: booted.env, build, clientDir: path.join(buildDir, "client") });
  const server = app.listen(booted.env.PORT, booted.env.HOST, () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger().info(
      {
        port: booted.env.PORT,
        engine: booted.database.engine,
        bootMs: Math.round(ms),
        pid: process.pid,
        ...(cluster.isWorker ? { worker: cluster.worker?.id } : {}),
      },
      `Platen is listening on ${booted.env.PUBLIC_URL}`,
    );
  });
  server.keepAliveTimeout = 65_000;

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    logger().info({ signal }, "shutting down");
    server.close();
    server.closeIdleConnections?.();
    await booted.shutdown().catch((error: unknown) => logger().error({ err: error }, "shutdown failed"));
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/**
 * The cluster's primary: forks `count` HTTP processes sharing the port (node:cluster), restarts
 * one that dies (at most once a second), and passes SIGTERM/SIGINT on, waiting for all to exit.
 * Migrations and demo seeding are serialised through the database (advisory locks), and the
 * outbox's jobs are claimed row by row, so every process may boot and run them.
 */
function runPrimary(count: number): void {
  let stopping = false;
  let lastFork = 0;
  const fork = () => {
    lastFork = Date.now();
    cluster.fork();
  };
  for (let i = 0; i < count; i++) fork();
  logger().info({ processes: count }, "serving with one process per core (node:cluster)");
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger().error({ worker: worker.id, code, signal }, "a server process exited; starting another");
    setTimeout(fork, Math.max(0, 1000 - (Date.now() - lastFork)));
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(0), 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

if (cluster.isPrimary) {
  // The session secret (generated outside production) exists before any process reads it.
  const env = ensureSessionSecret(loadEnvOrExit());
  const count = webConcurrency(env);
  if (count > 1) {
    runPrimary(count);
  } else await serve();
} else await serve();
