import { carrierProvider } from "./infra/carriers/index.ts";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigError, parseEnv, setEnv, type Env } from "./config/env.ts";
import { DataDirLockedError, openDatabase, setDatabase, type Database } from "./infra/db/index.ts";
import { emailProvider } from "./infra/email/index.ts";
import { logger } from "./infra/logger/index.ts";
import { paymentProvider } from "./infra/payments/index.ts";
import { storage, warnIfMediaMissing } from "./infra/storage/index.ts";
import { setDefaultPorts } from "./kernel/index.ts";
import { registerJobHandlers } from "./job-handlers.ts";
import { registerOrderSteps } from "./modules/orders/index.ts";
import { startWorker, type WorkerHandle } from "./jobs/index.ts";
import { sampleMediaKeys } from "./modules/catalog/index.ts";
import { sealSigningKeys, SigningKeySecretError } from "./modules/identity/index.ts";
import { seedDemoSerialised } from "./seed/index.ts";

export interface Booted {
  env: Env;
  database: Database;
  worker?: WorkerHandle;
  shutdown(): Promise<void>;
}

/** Reads and validates the configuration; exits with a message naming the bad variable. */
export function loadEnvOrExit(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

/** Outside production a missing SESSION_SECRET is generated once and kept in the data directory. */
export function ensureSessionSecret(env: Env): Env {
  if (env.SESSION_SECRET) return env;
  const file = path.resolve(env.DATA_DIR, "session-secret");
  mkdirSync(path.dirname(file), { recursive: true });
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString("hex"), { mode: 0o600 });
  return { ...env, SESSION_SECRET: readFileSync(file, "utf8").trim() };
}

/**
 * The demo's image files into local storage: hard links where the file system allows (instant, no
 * second copy on disk; storage replaces files by renaming, never writes into them), else copies.
 * Files already there are kept.
 */
function linkOrCopyTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkOrCopyTree(source, target);
    else if (entry.isFile() && !existsSync(target)) {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/**
 * A brand-new embedded database starts from a snapshot the build made (see
 * scripts/make-db-template.ts) instead of running initdb and every migration: the demo snapshot
 * (seeded, with its files copied into local storage) when the demo data is wanted, else the
 * migrated empty template.
 */
function freshDataDirTemplate(env: Env, dataDir: string): { path: string } | undefined {
  const template = process.env.PLATEN_DB_TEMPLATE;
  if (!template || !existsSync(template) || existsSync(path.join(dataDir, "PG_VERSION"))) return undefined;
  const demo = path.join(path.dirname(template), "pglite-demo.tar");
  const demoFiles = path.join(path.dirname(template), "demo-files");
  if (env.SEED_DEMO && env.STORAGE_PROVIDER === "local" && existsSync(demo) && existsSync(demoFiles)) {
    linkOrCopyTree(demoFiles, env.STORAGE_DIR ?? path.join(env.DATA_DIR, "files"));
    return { path: demo };
  }
  return { path: template };
}

/**
 * The identity service's private signing keys are kept encrypted with SESSION_SECRET: keys stored
 * in plain text by an earlier version are encrypted now. A SESSION_SECRET that cannot open them
 * stops the start (exit 78) with a message saying what to do.
 */
async function sealKeysOrExit(database: Database): Promise<void> {
  try {
    const sealed = await sealSigningKeys(database.db);
    if (sealed) logger().info({ sealed }, "signing keys encrypted at rest");
  } catch (error) {
    if (error instanceof SigningKeySecretError) {
      console.error(error.message);
      await database.close();
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

/**
 * The composition root's ports: services reach the configured storage and e-mail provider
 * through `ctx.ports` (built lazily), and the money path's durable steps are registered (a refund
 * granted by a service is made by its step). Every process that runs services calls this once:
 * the server (boot), the CLIs and the build's demo snapshot.
 */
export function configurePorts(): void {
  setDefaultPorts(() => ({ storage: storage(), email: emailProvider(), payments: paymentProvider(), carriers: carrierProvider() }));
  registerOrderSteps();
}

export async function boot(options: { worker?: boolean } = {}): Promise<Booted> {
  const env = ensureSessionSecret(loadEnvOrExit());
  setEnv(env);
  configurePorts();
  const log = logger();
  const t0 = Date.now();
  const dataDir = path.join(env.DATA_DIR, "pglite");
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    loadDataDir: env.DATABASE_URL ? undefined : freshDataDirTemplate(env, dataDir),
  }).catch((error: unknown) => {
    // A second process on the same embedded database: refuse clearly (exit 75, EX_TEMPFAIL).
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(error.exitCode);
    }
    throw error;
  });
  await database.migrate();
  await sealKeysOrExit(database);
  setDatabase(database);
  log.info({ engine: database.engine, ms: Date.now() - t0 }, "database ready");
  if (env.SEED_DEMO) await seedDemoSerialised(database);
  void warnIfMediaMissing(() => sampleMediaKeys(database.db), env); // S3 only: images the bucket lacks (README, "Moving to S3")
  registerJobHandlers();
  const worker = (options.worker ?? env.OUTBOX_WORKER) ? startWorker(database.db) : undefined;
  return {
    env,
    database,
    worker,
    async shutdown() {
      await worker?.stop();
      await database.close();
      setDatabase(undefined);
    },
  };
}
