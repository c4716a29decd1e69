import { carrierProvider } from "../../server/infra/carriers/index.ts";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database, type Db } from "../../server/infra/db/index.ts";
import { emailProvider } from "../../server/infra/email/index.ts";
import { paymentProvider } from "../../server/infra/payments/index.ts";
import { registerOrderSteps } from "../../server/modules/orders/index.ts";
import { storage } from "../../server/infra/storage/index.ts";
import { setDefaultPorts } from "../../server/kernel/index.ts";
import { TEMPLATE_DB } from "./global-setup.ts";

// The configured adapters and the money path's steps (as server/boot.ts's configurePorts); a test
// passes its own ports through `t.ctx(actor, { ports })`.
setDefaultPorts(() => ({ storage: storage(), email: emailProvider(), payments: paymentProvider(), carriers: carrierProvider() }));
registerOrderSteps();
import { createCtx, type Actor, type Ctx, type CtxOptions } from "../../server/kernel/index.ts";

const SNAPSHOT_FILE = path.resolve("tmp/test-pglite-snapshot.tar");

export const testEngine = (): "pglite" | "postgres" => (process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite");

/**
 * A fresh, migrated database of its own for one test file: PGlite from the snapshot made in
 * global setup (~0.3 s), or on PostgreSQL a new database cloned from the migrated template.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testEngine() === "pglite") {
    const snapshot = new Blob([readFileSync(SNAPSHOT_FILE)]);
    return openDatabase({ dataDir: "memory://", loadDataDir: snapshot });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `platen_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 4 });
  const close = database.close.bind(database);
  return {
    ...database,
    async close() {
      await close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await a.end();
    },
  };
}

/** In a test file: `const t = useTestDatabase();` then `t.db` inside tests. */
export function useTestDatabase() {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get db(): Db {
      if (!database) throw new Error("test database not ready");
      return database.db;
    },
    get database(): Database {
      if (!database) throw new Error("test database not ready");
      return database;
    },
    /** A service context on this database; pass a clock or ports to replace the configured ones. */
    ctx(actor: Actor, options?: CtxOptions): Ctx {
      return createCtx(this.db, actor, options);
    },
  };
}
