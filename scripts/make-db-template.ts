// Part of `npm run build`: a migrated, empty PGlite data directory saved next to the build, so
// that the first start on a fresh machine loads it (~0.7 s) instead of running initdb and every
// migration (~2.2 s). Later migrations still apply on top at boot.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../server/infra/db/index.ts";

const out = path.resolve(process.env.PLATEN_BUILD_DIR ?? "build", "pglite-template.tar");
const started = performance.now();
const database = await openDatabase({ dataDir: "memory://" });
await database.migrate();
const blob = await database.dumpDataDir!();
writeFileSync(out, Buffer.from(await blob.arrayBuffer()));
await database.close();
console.log(`database template ${path.relative(process.cwd(), out)} (${Math.round(blob.size / 1e6)} MB) in ${Math.round(performance.now() - started)} ms`);
