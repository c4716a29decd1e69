import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./types.ts";

export interface TransactionOptions {
  /** How many times the whole transaction may run; serialization failures and deadlocks retry. */
  maxAttempts?: number;
  isolationLevel?: "read committed" | "repeatable read" | "serializable";
  /** First backoff in ms; doubles each retry, with jitter. */
  baseDelayMs?: number;
  /**
   * When `db` is already a transaction, run `fn` in it as it is instead of in a savepoint (two
   * statements fewer). Only for work whose SQL errors fail the caller's transaction anyway: a
   * savepoint is what lets a caller catch an SQL error (a unique violation) and go on.
   */
  join?: boolean;
}

const RETRYABLE = new Set(["40001", "40P01"]); // serialization_failure, deadlock_detected

/** The SQLSTATE of a database error, looking through driver and ORM wrappers. */
export function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === "object"; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (sqlState(error) !== "23505") return false;
  if (!constraint) return true;
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === "object"; depth++) {
    if ((e as { constraint?: unknown }).constraint === constraint) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return String(error).includes(constraint);
}

/**
 * Run `fn` in a transaction, retrying the whole of it on serialization failures and deadlocks
 * with exponential backoff. Any other error rolls back and is rethrown at once.
 */
export async function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  if (options.join && db instanceof PgTransaction) return fn(db as Tx);
  const maxAttempts = options.maxAttempts ?? 3;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error("Max attempts must be at least 1");
  const base = options.baseDelayMs ?? 10;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn, options.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined);
    } catch (error) {
      const code = sqlState(error);
      if (!code || !RETRYABLE.has(code) || attempt >= maxAttempts) throw error;
      const delay = base * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
