// Part of `npm run build` (scripts/build.mjs): two PGlite data directories saved next to the build.
//  1. pglite-template.tar: migrated and empty. A first start on a fresh machine loads it (~0.7 s)
//     instead of running initdb and every migration (~2.2 s).
//  2. pglite-demo.tar + demo-files/: migrated AND seeded with the demo data (stores, blanks,
//     products with their mockups). A first start with SEED_DEMO on the embedded database and local
//     storage loads it and copies the files, instead of rendering ~100 products' mockups at boot.
//     It holds no key material: signing keys, sessions and tokens are removed before the dump.
// Later migrations and seed steps still apply on top at boot (both are idempotent).
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { parseEnv, setEnv } from "../server/config/env.ts";
import { openDatabase } from "../server/infra/db/index.ts";
import { configurePorts } from "../server/boot.ts";
import { LocalStorage, setStorage } from "../server/infra/storage/index.ts";
import { seedDemoSerialised } from "../server/seed/index.ts";

// Where the snapshots go: the build folder, or the staging folder `npm run build` (scripts/build.mjs)
// gives while the web build runs beside it.
const outDir = path.resolve(process.env.PLATEN_DB_SNAPSHOT_DIR ?? process.env.PLATEN_BUILD_DIR ?? "build");
// A composition root of its own (as server/boot.ts): the seed's services reach storage through ctx.ports.
configurePorts();

async function dump(file: string, seed: boolean): Promise<void> {
  const started = performance.now();
  const database = await openDatabase({ dataDir: "memory://" });
  await database.migrate();
  if (seed) {
    const filesDir = path.join(outDir, "demo-files");
    rmSync(filesDir, { recursive: true, force: true });
    setEnv(
      parseEnv({ ...process.env, PLATEN_ENV: "local", DATA_DIR: path.join(outDir, "demo-data"), SEED_DEMO: "true", LOG_LEVEL: "warn" }),
    );
    setStorage(new LocalStorage(filesDir));
    await seedDemoSerialised(database); // recorded in demo_seed_runs: a start from this snapshot skips the checks
    // No secrets and nothing queued in the snapshot: every install makes its own keys.
    await database.db.execute(sql`delete from signing_keys`);
    await database.db.execute(sql`delete from refresh_tokens`);
    await database.db.execute(sql`delete from sessions`);
    await database.db.execute(sql`delete from verification_tokens`);
    await database.db.execute(sql`delete from outbox`);
    await database.db.execute(sql`delete from email_messages`);
    setStorage(undefined);
  }
  const blob = await database.dumpDataDir!();
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  console.log(
    `database ${seed ? "demo snapshot" : "template"} ${path.relative(process.cwd(), file)} (${Math.round(blob.size / 1e6)} MB) in ${Math.round(performance.now() - started)} ms`,
  );
}

// `--only=template` or `--only=demo`: one of the two (`npm run build` makes them in two processes,
// side by side); both by default.
const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
if (only !== "demo") await dump(path.join(outDir, "pglite-template.tar"), false);
if (only !== "template" && process.env.PLATEN_DEMO_SNAPSHOT !== "off") await dump(path.join(outDir, "pglite-demo.tar"), true);
