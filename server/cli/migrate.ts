// `npm run db:migrate`: apply the committed migrations to the configured database
// (DATABASE_URL, else the embedded PGlite under DATA_DIR) and exit.
import path from "node:path";
import { loadEnvOrExit } from "../boot.ts";
import { setEnv } from "../config/env.ts";
import { openDatabase } from "../infra/db/index.ts";

const env = loadEnvOrExit();
setEnv(env);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, "pglite") });
await database.migrate();
await database.close();
console.log(`migrations applied (${database.engine})`);
