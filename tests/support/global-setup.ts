import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../server/infra/db/index.ts";

export const SNAPSHOT_FILE = path.resolve("tmp/test-pglite-snapshot.tar");
/** One template per checkout, so several checkouts can run their tests against one server at once. */
export const TEMPLATE_DB = `platen_test_template_${createHash("sha256").update(path.resolve(".")).digest("hex").slice(0, 8)}`;

/** Once per test run: a migrated PGlite snapshot, and on PostgreSQL a migrated template database. */
export default async function setup() {
  mkdirSync(path.dirname(SNAPSHOT_FILE), { recursive: true });
  const lite = await openDatabase({ dataDir: "memory://" });
  await lite.migrate();
  const blob = await lite.dumpDataDir!();
  writeFileSync(SNAPSHOT_FILE, Buffer.from(await blob.arrayBuffer()));
  await lite.close();

  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_ENGINE === "postgres") {
    if (!url) throw new Error("TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL");
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${TEMPLATE_DB}' and pid <> pg_backend_pid()`,
      );
      await admin.query(`drop database if exists ${TEMPLATE_DB}`);
      await admin.query(`create database ${TEMPLATE_DB}`);
    } finally {
      await admin.end();
    }
    const u = new URL(url);
    u.pathname = `/${TEMPLATE_DB}`;
    const tpl = await openDatabase({ databaseUrl: u.toString(), poolSize: 1 });
    await tpl.migrate();
    await tpl.close();
  }
}
