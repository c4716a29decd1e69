import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { boot } from "./boot.ts";
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

// Load the SSR bundle while the database opens and migrates (it touches nothing at import).
const buildLoading = import(serverEntry) as Promise<ServerBuild>;
buildLoading.catch(() => undefined);
const booted = await boot();
const build = await buildLoading;
const app = createHttpApp({ env: booted.env, build, clientDir: path.join(buildDir, "client") });
const server = app.listen(booted.env.PORT, booted.env.HOST, () => {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  logger().info(
    { port: booted.env.PORT, engine: booted.database.engine, bootMs: Math.round(ms) },
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
