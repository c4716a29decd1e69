import { type PGlite, type QueryOptions, type Results, type Transaction, protocol, types } from "@electric-sql/pglite";

// A query with parameters in one trip through PGlite's engine instead of six (issue 24, ADR 0028).
//
// PGlite's `query` sends PostgreSQL's extended protocol one message per call into the WebAssembly
// engine: Parse, Describe (statement), Bind, Describe (portal), Execute, Sync, each a separate
// pass with its own buffers and parsing, and it asks for the parameters' types only to choose how
// to write each value as text. For a value of a primitive type the text does not depend on that
// choice (PGlite writes a number, a bigint or a string the same whatever the type; a boolean as
// 't'/'f' for a boolean column, `toString()` elsewhere, and PostgreSQL reads 'true'/'false' as a
// boolean too). So when every parameter is a string, number, bigint, boolean, null or undefined,
// the messages go in one buffer with Parse's types left to the server (as PGlite leaves them), and
// the answer is parsed as PGlite's result parser does it. Anything else (a Date, an array, an object,
// bytes, a COPY blob, custom serializers or parameter types) takes PGlite's own path unchanged.
//
// Locking is PGlite's: outside a transaction the query holds the transaction mutex and the query
// mutex, then syncs the file system as PGlite does; inside one (a transaction holds the former) it
// takes the query mutex only.

const { serialize } = protocol;

type Param = string | number | bigint | boolean | null | undefined;
const isPrimitive = (v: unknown): v is Param =>
  v === null || v === undefined || typeof v === "string" || typeof v === "number" || typeof v === "bigint" || typeof v === "boolean";

function oneTripEligible(params: unknown[] | undefined, options: QueryOptions | undefined): params is Param[] | undefined {
  if (options && (options.blob || options.paramTypes || options.serializers || options.onNotice)) return false;
  return params === undefined || params.every(isPrimitive);
}

/** Statements kept prepared in the engine's session (it has one, for the life of the client). */
const MAX_STATEMENTS = 500;
/** What is worth keeping prepared: the application's reads and writes, not DDL or session commands. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * The engine's named statements, by query text, least recently used first. A statement is parsed
 * (and analysed) once, and PostgreSQL's plan cache may keep its plan: the trips after the first
 * are Bind, Describe, Execute, Sync. Statements outlive transactions (a rollback keeps them); one
 * a failed trip may have made half-way is closed at the start of the next trip, as is the least
 * recently used one past MAX_STATEMENTS.
 */
class Statements {
  private readonly names = new Map<string, string>();
  private toClose: string[] = [];
  private made = 0;

  /** The name for `query` (and whether the trip must parse it), or null for the unnamed statement. */
  use(query: string): { name: string; fresh: boolean } | null {
    const known = this.names.get(query);
    if (known !== undefined) {
      this.names.delete(query);
      this.names.set(query, known);
      return { name: known, fresh: false };
    }
    if (!PREPARABLE.test(query)) return null;
    const name = `platen_${(this.made++).toString(36)}`;
    this.names.set(query, name);
    if (this.names.size > MAX_STATEMENTS) {
      const [oldest, oldName] = this.names.entries().next().value as [string, string];
      this.names.delete(oldest);
      this.toClose.push(oldName);
    }
    return { name, fresh: true };
  }

  /** After a failed trip: the statement is parsed again next time, and closed in case it exists. */
  forget(query: string, name: string): void {
    if (this.names.get(query) === name) this.names.delete(query);
    this.toClose.push(name);
  }

  /** Close messages for statements given up since the last trip. */
  closing(): Uint8Array[] {
    if (!this.toClose.length) return [];
    const out = this.toClose.map((name) => serialize.close({ type: "S", name }));
    this.toClose = [];
    return out;
  }
}

function message(
  statements: Statements,
  query: string,
  params: Param[] | undefined,
  named: { name: string; fresh: boolean } | null,
): Uint8Array {
  const values = (params ?? []).map((v) => (v === null || v === undefined ? null : String(v)));
  const name = named?.name ?? "";
  return Buffer.concat([
    ...statements.closing(),
    ...(named === null || named.fresh ? [serialize.parse({ name, text: query, types: [] })] : []),
    serialize.bind({ statement: name, values }),
    serialize.describe({ type: "P" }),
    serialize.execute({}),
    serialize.sync(),
  ]);
}

/** PostgreSQL's refusal of a kept statement whose result columns changed with the schema. */
const isStalePlan = (error: unknown) =>
  error instanceof Error && (error as { code?: unknown }).code === "0A000" && /cached plan must not change result type/.test(error.message);

/** PGlite's error, with the query on it as PGlite's own path puts it. */
function withQuery(error: unknown, query: string, params: unknown[] | undefined, options: QueryOptions | undefined): unknown {
  if (error instanceof Error && "code" in error) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

interface Engine {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

type Parser = (x: string, typeId: number) => unknown;
type Messages = Awaited<ReturnType<PGlite["execProtocolStream"]>>;

/**
 * PGlite's `parseResults` for the one statement of a trip, without its per-query copy of every
 * parser: PGlite spreads its table of parsers (one per type and array type of the database, a few
 * hundred) and the query's own (Drizzle passes a few on every query) into a new object for each
 * query. Here each column's parser is looked up once, in the same order of precedence: the query's,
 * the client's, PGlite's defaults.
 */
function parseResult<T>(messages: Messages, clientParsers: Record<number | string, Parser>, options: QueryOptions | undefined): Results<T> {
  const own = options?.parsers as Record<number | string, Parser | undefined> | undefined;
  const defaults = types.parsers as Record<number | string, Parser | undefined>;
  const arrays = options?.rowMode === "array";
  let fields: { name: string; dataTypeID: number }[] = [];
  let columnParsers: (Parser | undefined)[] = [];
  let rows: unknown[] = [];
  let affectedRows = 0;
  let result: Results<T> | null = null;
  for (const message of messages) {
    if (message.name === "rowDescription") {
      fields = (message as unknown as { fields: { name: string; dataTypeID: number }[] }).fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
      columnParsers = fields.map(
        (f) => (own && f.dataTypeID in own ? own[f.dataTypeID] : clientParsers[f.dataTypeID]) ?? defaults[f.dataTypeID],
      );
    } else if (message.name === "dataRow") {
      const values = (message as unknown as { fields: (string | null)[] }).fields;
      const parsed = values.map((x, i) => {
        if (x === null) return null;
        const parser = columnParsers[i];
        return parser ? parser(x, fields[i]!.dataTypeID) : x;
      });
      if (arrays) rows.push(parsed);
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < parsed.length; i++) row[fields[i]!.name] = parsed[i];
        rows.push(row);
      }
    } else if (message.name === "commandComplete" && result === null) {
      const parts = (message as unknown as { text: string }).text.split(" ");
      const command = parts[0]!;
      const rowCount = parseInt(parts[parts.length - 1]!, 10);
      if (command === "INSERT" || command === "UPDATE" || command === "DELETE" || command === "COPY" || command === "MERGE")
        affectedRows += rowCount;
      result = { rows: rows as T[], fields, command, affectedRows } as Results<T>;
      if (!Number.isNaN(rowCount)) (result as { rowCount?: number }).rowCount = rowCount;
      fields = [];
      rows = [];
    }
  }
  return result ?? ({ affectedRows: 0, rows: [], fields: [] } as Results<T>);
}

async function run<T>(
  client: PGlite,
  statements: Statements,
  query: string,
  params: Param[] | undefined,
  options: QueryOptions | undefined,
): Promise<Results<T>> {
  const named = statements.use(query);
  try {
    const messages = await client.execProtocolStream(message(statements, query, params, named), { syncToFs: false });
    return parseResult<T>(messages, client.parsers as Record<number | string, Parser>, options);
  } catch (error) {
    // A syntax error stops at Parse, a constraint at Execute: whether a fresh statement exists is
    // not known, so it is closed; a kept one whose result type changed cannot be used again.
    if (named && (named.fresh || isStalePlan(error))) statements.forget(query, named.name);
    throw withQuery(error, query, params, options);
  }
}

/**
 * Replaces `client.query` and `client.transaction` (in place, before anything else wraps them)
 * with versions that send an eligible query in one trip. The rest is PGlite's.
 */
export function queriesInOneTrip(client: PGlite): void {
  const engine = client as unknown as Engine;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const statements = new Statements();

  client.query = async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (!oneTripEligible(params, options)) return query<T>(text, params, options);
    await client.waitReady;
    return engine._runExclusiveTransaction(() =>
      engine._runExclusiveQuery(async () => {
        let result: Results<T>;
        try {
          result = await run<T>(client, statements, text, params, options);
        } catch (error) {
          // Outside a transaction a statement the schema made stale is prepared again, once.
          if (!isStalePlan(error)) throw error;
          result = await run<T>(client, statements, text, params, options);
        }
        await client.syncToFs();
        return result;
      }),
    );
  };

  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      // Everything else, `closed` included, is the transaction's own (through the prototype).
      const fast: Transaction = Object.create(tx) as Transaction;
      fast.query = async <R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
        if (!oneTripEligible(params, options)) return txQuery<R>(text, params, options);
        if (tx.closed) throw new Error("Transaction is closed");
        return engine._runExclusiveQuery(() => run<R>(client, statements, text, params, options));
      };
      return callback(fast);
    });
}
