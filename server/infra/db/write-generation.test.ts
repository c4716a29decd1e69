import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngine, useTestDatabase } from "../../../tests/support/db.ts";
import { transaction } from "./tx.ts";
import { UntilWriteMemo, writeGeneration } from "./write-generation.ts";

const t = useTestDatabase();
const embedded = testEngine() === "pglite";

async function probeValue(): Promise<number> {
  const result = (await t.db.execute(sql`select n from wg_probe where id = 1`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}

describe("reads kept until the next write", () => {
  beforeAll(async () => {
    await t.db.execute(sql`create table wg_probe (id int primary key, n int not null)`);
    await t.db.execute(sql`insert into wg_probe values (1, 0)`);
  });

  it.runIf(embedded)("counts writes on the embedded database, not reads", async () => {
    const start = writeGeneration(t.db)!;
    expect(start).toBeGreaterThan(0);
    await probeValue();
    await t.db.execute(sql`SELECT 1`);
    expect(writeGeneration(t.db)).toBe(start);

    await t.db.execute(sql`update wg_probe set n = n + 1 where id = 1`);
    expect(writeGeneration(t.db)).toBe(start + 1);
    await transaction(t.db, async (tx) => {
      await tx.execute(sql`select n from wg_probe`);
    });
    expect(writeGeneration(t.db)).toBe(start + 2);
    await expect(t.db.execute(sql`insert into wg_probe values (1, 0)`)).rejects.toThrow();
    expect(writeGeneration(t.db)).toBe(start + 3);
  });

  it.runIf(!embedded)("counts nothing on PostgreSQL, where other processes write too", () => {
    expect(writeGeneration(t.db)).toBeUndefined();
  });

  it("serves a read again until a write, then reads afresh (both engines)", async () => {
    const memo = new UntilWriteMemo<number>();
    let loads = 0;
    const read = () =>
      memo.get(t.db, "probe", () => {
        loads++;
        return probeValue();
      });
    const before = await read();
    expect(await read()).toBe(before);
    expect(loads).toBe(embedded ? 1 : 2);

    await t.db.execute(sql`update wg_probe set n = n + 10 where id = 1`);
    expect(await read()).toBe(before + 10);

    await transaction(t.db, async (tx) => {
      await tx.execute(sql`update wg_probe set n = n + 1 where id = 1`);
    });
    expect(await read()).toBe(before + 11);
  });

  it("never remembers inside a transaction, which must read its own writes", async () => {
    const memo = new UntilWriteMemo<number>();
    await transaction(t.db, async (tx) => {
      const readInTx = () =>
        memo.get(tx, "probe", async () => {
          const r = (await tx.execute(sql`select n from wg_probe where id = 1`)) as unknown as { rows: { n: number }[] };
          return Number(r.rows[0]?.n);
        });
      const first = await readInTx();
      await tx.execute(sql`update wg_probe set n = n + 1 where id = 1`);
      expect(await readInTx()).toBe(first + 1);
    });
  });

  it("keeps a value read before a write from being served after it", async () => {
    const memo = new UntilWriteMemo<number>();
    const pending = memo.get(t.db, "probe", probeValue);
    const write = t.db.execute(sql`update wg_probe set n = n + 5 where id = 1`);
    await Promise.all([pending, write]);
    expect(await memo.get(t.db, "probe", probeValue)).toBe(await probeValue());
  });

  it("forgets a failed read", async () => {
    const memo = new UntilWriteMemo<number>();
    await expect(memo.get(t.db, "k", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await memo.get(t.db, "k", () => Promise.resolve(7))).toBe(7);
  });

  it.runIf(embedded)("keeps each database's reads apart, even at the same write count", async () => {
    const other = await createTestDatabase();
    try {
      const memo = new UntilWriteMemo<string>();
      (other.db as unknown as Record<symbol, { generation: number }>)[Symbol.for("platen.db.writeGeneration")]!.generation =
        writeGeneration(t.db)!;
      expect(await memo.get(t.db, "k", () => Promise.resolve("first"))).toBe("first");
      expect(await memo.get(other.db, "k", () => Promise.resolve("second"))).toBe("second");
    } finally {
      await other.close();
    }
  });
});
