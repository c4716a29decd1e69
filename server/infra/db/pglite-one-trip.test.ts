import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queriesInOneTrip } from "./pglite-one-trip.ts";

// Two engines with the same table: PGlite's own `query` and the one-trip one must answer alike.
let own: PGlite;
let fast: PGlite;

const SETUP = `
  create table t (id int primary key, name text, flag boolean, amount bigint, ratio double precision,
    data jsonb, at timestamptz, tags text[], blob bytea);
  insert into t values (1, 'one', true, 9007199254740993, 0.5, '{"a":[1,2]}', '2026-11-29T05:00:00Z', '{x,"y z"}', '\\x0102');
`;

beforeAll(async () => {
  own = await PGlite.create();
  fast = await PGlite.create();
  queriesInOneTrip(fast);
  await own.exec(SETUP);
  await fast.exec(SETUP);
});
afterAll(async () => {
  await own.close();
  await fast.close();
});

async function both(query: string, params?: unknown[], options?: Parameters<PGlite["query"]>[2]) {
  const [a, b] = await Promise.all([own.query(query, params, options), fast.query(query, params, options)]);
  expect(b).toEqual(a);
  return b;
}

describe("queries in one trip", () => {
  it("answers every column type as PGlite does, in object and array rows", async () => {
    const r = await both("select * from t where id = $1", [1]);
    expect(r.rows).toHaveLength(1);
    await both("select * from t where id = $1", [1], { rowMode: "array" });
    await both("select id, name from t where id = $1 and name = $2", [2, "none"]);
  });

  it("applies a query's own parsers before the client's, as Drizzle passes them", async () => {
    const keep = (v: string) => v;
    const drizzleLike = { rowMode: "array" as const, parsers: { [types.TIMESTAMPTZ]: keep, [types.DATE]: keep, [1185]: keep } };
    await both("select at, at::date as d, array[at] as ats, id from t where id = $1", [1], drizzleLike);
    await both("select id, amount from t where id = $1", [1], { parsers: { [types.INT4]: (v: string) => Number(v) * 2 } });
    await both("select 1 as a, 2 as a, null::int as n where $1", [true]);
    await both("create table if not exists t2 (id int)", []);
    await both("update t set name = name where id = $1", [-1]);
  });

  it("goes into the engine once per query, where PGlite's own path goes six times", async () => {
    const trips = async (db: PGlite) => {
      const original = db.execProtocolStream.bind(db);
      let n = 0;
      db.execProtocolStream = (...args) => {
        n++;
        return original(...args);
      };
      await db.query("select name from t where id = $1", [1]);
      db.execProtocolStream = original;
      return n;
    };
    expect(await trips(fast)).toBe(1);
    expect(await trips(own)).toBe(6);
  });

  it("writes parameters of every primitive type as PGlite does", async () => {
    const values: unknown[][] = [
      [10, 'it\'s "quoted" – ünïcode ✓', false, 1234567890123456789n, 3.25, '{"k":"v"}'],
      [11, "", true, 0n, -0.001, "[]"],
      [12, null, null, null, null, null],
      [13, undefined, "true", "42", "1e3", '"text"'],
    ];
    for (const v of values) {
      await both("insert into t (id, name, flag, amount, ratio, data) values ($1, $2, $3, $4, $5, $6) returning *", v);
    }
    // A boolean where the server infers text, a number where it infers text, a bigint in a sum.
    await both("select $1::text as a, $2::text as b, $3::numeric + 1 as c, $4 = 'x' as d", [true, 7, 2n ** 70n, "x"]);
    await both("select count(*)::int as n from t where flag = $1", [true]);
  });

  it("takes PGlite's own path for dates, arrays, objects and bytes", async () => {
    const at = new Date("2026-11-29T05:00:00Z");
    await both("select id from t where at = $1", [at]);
    await both("select id from t where tags = $1", [["x", "y z"]]);
    await both("select id from t where data = $1", [{ a: [1, 2] }]);
    await both("select id from t where blob = $1", [new Uint8Array([1, 2])]);
  });

  it("throws PostgreSQL's error with its code and the query, and goes on working", async () => {
    const error = await fast.query("insert into t (id) values ($1)", [1]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "23505", query: "insert into t (id) values ($1)", params: [1] });
    await expect(fast.query("selec 1", [])).rejects.toMatchObject({ code: "42601" });
    await expect(fast.query("select $1::int", ["x"])).rejects.toMatchObject({ code: "22P02" });
    await both("select name from t where id = $1", [1]);
  });

  it("commits a transaction, rolls back a failed one, and keeps others out while one is open", async () => {
    await fast.transaction(async (tx) => {
      await tx.query("update t set name = $1 where id = $2", ["committed", 1]);
      expect((await tx.query<{ name: string }>("select name from t where id = $1", [1])).rows[0]?.name).toBe("committed");
    });
    expect((await fast.query<{ name: string }>("select name from t where id = $1", [1])).rows[0]?.name).toBe("committed");

    await expect(
      fast.transaction(async (tx) => {
        await tx.query("update t set name = $1 where id = $2", ["rolled back", 1]);
        await tx.query("insert into t (id) values ($1)", [1]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await fast.query<{ name: string }>("select name from t where id = $1", [1])).rows[0]?.name).toBe("committed");

    // A query from outside waits for the open transaction to end.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const tx = fast.transaction(async (t) => {
      await t.query("update t set name = $1 where id = $2", ["inside", 1]);
      await held;
      order.push("commit");
    });
    const outside = fast.query<{ name: string }>("select name from t where id = $1", [1]).then((r) => {
      order.push("outside");
      return r.rows[0]?.name;
    });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await tx;
    expect(await outside).toBe("inside");
    expect(order).toEqual(["commit", "outside"]);

    // A closed transaction refuses queries.
    let kept: { query: PGlite["query"] } | undefined;
    await fast.transaction(async (t) => {
      kept = t;
    });
    await expect(kept!.query("select 1", [])).rejects.toThrow("Transaction is closed");
  });

  it("parses a query once: later trips bind the engine's named statement, which outlives transactions", async () => {
    const sent: Uint8Array[] = [];
    const original = fast.execProtocolStream.bind(fast);
    fast.execProtocolStream = (message, ...rest) => {
      sent.push(message);
      return original(message, ...rest);
    };
    const q = "select id, amount from t where id = $1 and $2::text is not null";
    await both(q, [1, "a"]);
    await both(q, [1, "b"]);
    await fast
      .transaction(async (tx) => {
        await tx.query(q, [1, "c"]);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await both(q, [1, "d"]);
    fast.execProtocolStream = original;
    // Parse is message type "P" (0x50) at the start of a trip; only the first trip of q has it.
    const parses = sent.filter((m) => m[0] === 0x50).length;
    expect(parses).toBe(1);
    // DDL and session commands are not kept.
    await both("create table if not exists t3 (id int)", []);
    const names = (await fast.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map((r) => r.statement);
    expect(names).toContain(q);
    expect(names.some((n) => /create table/i.test(n))).toBe(false);
    // PGlite's own path leaves none.
    expect((await own.query("select statement from pg_prepared_statements")).rows).toEqual([]);
  });

  it("closes a statement a failed trip made, and prepares again a statement the schema made stale", async () => {
    await fast.exec("create table if not exists s (id int primary key)");
    const insert = "insert into s (id) values ($1)";
    await fast.query(insert, [1]);
    await expect(fast.query(insert, [1])).rejects.toMatchObject({ code: "23505" });
    await fast.query(insert, [2]);
    const bad = "select nope from s where id = $1";
    await expect(fast.query(bad, [1])).rejects.toMatchObject({ code: "42703" });
    await expect(fast.query(bad, [1])).rejects.toMatchObject({ code: "42703" });
    const statements = (await fast.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map(
      (r) => r.statement,
    );
    expect(statements).not.toContain(bad);

    const all = "select * from s where id > $1 order by id";
    expect((await fast.query(all, [0])).rows).toEqual([{ id: 1 }, { id: 2 }]);
    await fast.exec("alter table s add column label text default 'x'");
    expect((await fast.query(all, [0])).rows).toEqual([
      { id: 1, label: "x" },
      { id: 2, label: "x" },
    ]);
  });

  it("keeps at most 500 statements, closing the least recently used", async () => {
    for (let i = 0; i < 520; i++) await fast.query(`select ${i} as n where $1`, [true]);
    const n = (await fast.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where $1", [true])).rows[0]!.n;
    expect(n).toBeLessThanOrEqual(500);
    expect(n).toBeGreaterThan(400);
    expect((await fast.query<{ n: number }>("select 3 as n where $1", [true])).rows).toEqual([{ n: 3 }]);
  });
});
