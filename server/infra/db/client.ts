import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { queriesInOneTrip } from "./pglite-one-trip.ts";
import { acquireDataDirLock } from "./lock.ts";
import { untarInto } from "./untar.ts";
import { countWrites } from "./write-generation.ts";
import type { Db } from "./types.ts";

export const MIGRATIONS_FOLDER = path.resolve(process.env.PLATEN_MIGRATIONS_DIR ?? "drizzle");

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  /** Apply committed migrations (idempotent; serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** A cheap round trip, for readiness checks. */
  ping(): Promise<void>;
  /**
   * Run `fn` while holding the named lock: on PostgreSQL a session advisory lock on a connection of
   * its own, so every process sharing the database waits its turn (`fn` itself uses the pool); on
   * PGlite (one process per data directory) a lock within this process.
   */
  withLock<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: a checkpointed snapshot of the data directory (tests start from a migrated one). */
  dumpDataDir?(): Promise<Blob>;
}

export interface OpenOptions {
  /** PostgreSQL server URL; when absent the embedded PGlite engine is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir?: string;
  /**
   * A PGlite data-dir snapshot (from `dumpDataDir`) to start from: in memory (tests), or the path
   * of the tar file (the build's template, read once: a 70 MB demo snapshot copied into a Blob and
   * then an ArrayBuffer cost the start 140 MB of memory that the process kept).
   */
  loadDataDir?: Blob | File | { path: string };
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? "./data/pglite", options.loadDataDir);
}

/** PGlite's own start parameters (its `defaultStartParams`), to which ours are added. */
const PGLITE_START_PARAMS: readonly string[] = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? [];
const PGLITE_SHARED_BUFFERS = "32MB";

async function openPglite(dataDir: string, loadDataDir?: Blob | File | { path: string }): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  // One process per data directory (throws DataDirLockedError): a second one would lose writes.
  const lock = inMemory ? undefined : acquireDataDirLock(dataDir);
  let client: PGlite;
  try {
    // A snapshot for a new data directory on disk is unpacked natively first (much faster than
    // PGlite's loadDataDir); in memory, PGlite loads it itself.
    let load = loadDataDir;
    if (load && !inMemory && !existsSync(path.join(dataDir, "PG_VERSION"))) {
      // Unpacked beside it, then moved into place: a crash half-way never leaves half a database.
      const unpacking = `${path.resolve(dataDir)}.unpacking`;
      rmSync(unpacking, { recursive: true, force: true });
      await untarInto("path" in load ? readFileSync(load.path) : Buffer.from(await load.arrayBuffer()), unpacking);
      rmSync(dataDir, { recursive: true, force: true });
      renameSync(unpacking, dataDir);
      load = undefined;
    }
    client = await PGlite.create(inMemory ? undefined : dataDir, {
      extensions: { pg_trgm },
      // PGlite's WebAssembly memory only grows: PostgreSQL's default 128 MB of shared buffers
      // filled up under load and stayed resident. A data directory on disk is read through the
      // operating system's page cache anyway, so smaller buffers cost little (bench: memory).
      ...(inMemory ? {} : { startParams: [...PGLITE_START_PARAMS, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`] }),
      ...(load ? { loadDataDir: "path" in load ? new Blob([readFileSync(load.path)]) : load } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  // A query with plain parameters goes into the engine in one trip, not six (pglite-one-trip.ts).
  if (process.env.PLATEN_PGLITE_ONE_TRIP !== "off") queriesInOneTrip(client);
  const db = drizzlePglite(client, { casing: "snake_case" }) as unknown as Db;
  // One process owns this database: its writes can be counted, so reads may be kept until the next.
  countWrites(client, db);
  let queue: Promise<unknown> = Promise.resolve();
  return {
    db,
    engine: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite(client, { casing: "snake_case" }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async ping() {
      await client.query("select 1");
    },
    withLock<T>(_lockId: number, fn: () => Promise<T>): Promise<T> {
      const run = queue.then(fn, fn);
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
    async dumpDataDir() {
      // A checkpoint first: a snapshot whose changes are all in the table files opens without
      // replaying WAL (the demo snapshot: ~0.65 s to open before, ~0.5 s after; issue 9, cold start).
      await client.exec("checkpoint");
      return client.dumpDataDir("none");
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // Loaded only for PostgreSQL: the embedded engine (the default) starts about 50 ms sooner.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on("error", () => {
    /* an idle client died; the pool replaces it */
  });
  const db = drizzlePg(pool, { casing: "snake_case" }) as unknown as Db;
  return {
    db,
    engine: "postgres",
    async migrate() {
      // One process migrates at a time: others wait on the advisory lock, then find nothing to do.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(7274736)");
        await migratePg(drizzlePg(client, { casing: "snake_case" }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query("select pg_advisory_unlock(7274736)").catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async withLock<T>(lockId: number, fn: () => Promise<T>): Promise<T> {
      // A connection outside the pool, so `fn` has every pooled connection (even with a pool of one).
      const client = new pg.Client({ connectionString: url });
      client.on("error", () => {
        /* the lock ends with the connection; fn's own queries report their errors */
      });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [lockId]);
        return await fn();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [lockId]).catch(() => undefined);
        await client.end().catch(() => undefined);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
