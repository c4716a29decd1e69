import { LRUCache } from "lru-cache";
import type { Db } from "./types.ts";

// Reads that stay valid until the next write, for the embedded engine only.
//
// PGlite lives inside this process and its data directory is locked to it (lock.ts), so every
// write to the database goes through the one client opened in client.ts. That client counts its
// writes: any statement that is not a plain SELECT, any multi-statement `exec`, and the end of any
// transaction. A read remembered at write generation g is still what the database holds as long
// as the count is g. On PostgreSQL other processes write too, so nothing is remembered there, and
// nothing is remembered inside a transaction (a `Tx` has no counter): a transaction must read its
// own writes.
//
// The counter sits on the database handle under a `Symbol.for` key, because the HTTP server and
// the SSR bundle each load their own copy of this module but share one handle.

const GENERATION = Symbol.for("platen.db.writeGeneration");
interface Counter {
  generation: number;
}
type Counted = { [GENERATION]?: Counter };

/** A PGlite client's entry points that can change data (the methods are replaced in place). */
export interface WritableClient {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  transaction: (...args: never[]) => Promise<unknown>;
}

const READ_ONLY = /^\s*\(?\s*select\b/i;

/**
 * Counts the writes made through `client`, and exposes the count on `db` (the drizzle handle over
 * it). A SELECT that called a function writing data would not count; Platen issues none (order
 * numbers come from `nextval`, which changes no row any page reads).
 */
export function countWrites(client: WritableClient, db: Db): void {
  const counter: Counter = { generation: 0 };
  const bumpAfter =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>, isWrite: (...args: A) => boolean) =>
    async (...args: A): Promise<R> => {
      try {
        return await run(...args);
      } finally {
        if (isWrite(...args)) counter.generation++;
      }
    };
  const target = client as unknown as Record<keyof WritableClient, (...args: unknown[]) => Promise<unknown>>;
  const query = target.query.bind(client);
  const exec = target.exec.bind(client);
  const transaction = target.transaction.bind(client);
  target.query = bumpAfter(query, (text: unknown) => typeof text !== "string" || !READ_ONLY.test(text));
  target.exec = bumpAfter(exec, () => true);
  target.transaction = bumpAfter(transaction, () => true);
  (db as unknown as Counted)[GENERATION] = counter;
}

const counterOf = (db: Db): Counter | undefined => (db as unknown as Counted)[GENERATION];

/** The number of writes made so far through `db`, or undefined when they cannot be counted. */
export function writeGeneration(db: Db): number | undefined {
  return counterOf(db)?.generation;
}

/**
 * Remembers the promise `load` returns, per key, until the next write to the database. Where
 * writes are not counted (PostgreSQL, transactions) it simply calls `load`. A failed load is not
 * remembered.
 */
export class UntilWriteMemo<T> {
  private readonly entries: LRUCache<string, { counter: Counter; generation: number; value: Promise<T> }>;
  constructor(max = 10_000) {
    this.entries = new LRUCache({ max });
  }

  get(db: Db, key: string, load: () => Promise<T>): Promise<T> {
    // The generation is taken before the read starts: a write that lands meanwhile makes the
    // entry stale at once, so a value read before a write is never served after it.
    // An entry also names its database's counter: tests open many databases in one process.
    const counter = counterOf(db);
    if (counter === undefined) return load();
    const { generation } = counter;
    const hit = this.entries.get(key);
    if (hit && hit.counter === counter && hit.generation === generation) return hit.value;
    const value = load();
    const entry = { counter, generation, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
