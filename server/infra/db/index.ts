import type { Database } from "./client.ts";
import type { Db } from "./types.ts";

export { openDatabase, MIGRATIONS_FOLDER, type Database, type OpenOptions } from "./client.ts";
export { DataDirLockedError } from "./lock.ts";
export { transaction, sqlState, isUniqueViolation, type TransactionOptions } from "./tx.ts";
export { newId, hasPrefix, type IdPrefix } from "./ids.ts";
export { UntilWriteMemo, writeGeneration } from "./write-generation.ts";
export type { Db, Tx } from "./types.ts";

// One database per process, shared by the HTTP server, the SSR bundle and the jobs even when
// they are loaded as separate module copies (tsx + Vite), hence a key on globalThis.
const KEY = Symbol.for("platen.database");
type G = typeof globalThis & { [KEY]?: Database };

export function setDatabase(database: Database | undefined): void {
  (globalThis as G)[KEY] = database;
}

export function database(): Database {
  const d = (globalThis as G)[KEY];
  if (!d) throw new Error("The database is not open yet (server/main.ts opens it at boot)");
  return d;
}

/** The process-wide database handle. */
export function db(): Db {
  return database().db;
}
