// `npm run db:seed`: migrate, then add the demo data (idempotent: a second run adds nothing).
// Refused in production, like SEED_DEMO.
import path from "node:path";
import { loadEnvOrExit, configurePorts } from "../boot.ts";
import { setEnv } from "../config/env.ts";
import { openDatabase } from "../infra/db/index.ts";
import { seedDemoSerialised } from "../seed/index.ts";

const env = loadEnvOrExit();
if (env.PLATEN_ENV === "production") {
  console.error("Refusing to seed demo data in production (PLATEN_ENV=production).");
  process.exit(78);
}
setEnv(env);
configurePorts();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, "pglite") });
await database.migrate();
// Every step runs (not only a first time): demo rows deleted since are put back.
console.log(await seedDemoSerialised(database, undefined, { force: true }));
await database.close();
