import { describe, expect, it } from "vitest";
import type { Db } from "../infra/db/index.ts";
import { readMemo, readOnce, rememberRead, withDb, type Ctx } from "./context.ts";

// Two stand-ins for database handles: the memo compares handles, it never queries.
const processDb = { name: "process" } as unknown as Db;
const tx = { name: "transaction" } as unknown as Db;
const ctxOn = (db: Db, reads = readMemo(processDb)) => ({ db, reads }) as Pick<Ctx, "db" | "reads">;

describe("a page request's read memo", () => {
  it("reads a key once and hands every caller the same row", async () => {
    const ctx = ctxOn(processDb);
    let reads = 0;
    const load = async () => ({ id: "ful_1", n: ++reads });
    const [a, b] = await Promise.all([readOnce(ctx, "fulfiller:ful_1", load), readOnce(ctx, "fulfiller:ful_1", load)]);
    expect(b).toBe(a);
    expect(await readOnce(ctx, "fulfiller:ful_1", load)).toBe(a);
    expect(reads).toBe(1);
    expect(await readOnce(ctx, "fulfiller:ful_2", load)).toEqual({ id: "ful_1", n: 2 });
  });

  it("reads afresh without a memo, and on another handle (a transaction sees its own writes)", async () => {
    let reads = 0;
    const load = async () => ++reads;
    await readOnce({ db: processDb }, "k", load);
    await readOnce({ db: processDb }, "k", load);
    const ctx = { ...ctxOn(processDb), actor: { kind: "system", reason: "test" } } as Ctx;
    await readOnce(ctx, "k", load);
    await readOnce(withDb(ctx, tx), "k", load);
    await readOnce(withDb(ctx, tx), "k", load);
    expect(reads).toBe(5);
    expect(await readOnce(ctx, "k", load)).toBe(3);
  });

  it("keeps the result, not the query: a query builder runs again on every then", async () => {
    const ctx = ctxOn(processDb);
    let runs = 0;
    const builder = { then: (ok: (v: number) => void) => ok(++runs) } as unknown as Promise<number>;
    const first = await readOnce(ctx, "k", () => builder);
    expect([first, await readOnce(ctx, "k", () => builder), await readOnce(ctx, "k", () => builder)]).toEqual([1, 1, 1]);
    expect(runs).toBe(1);
  });

  it("forgets a failed read, so the next caller tries again", async () => {
    const ctx = ctxOn(processDb);
    let calls = 0;
    const load = async () => {
      if (++calls === 1) throw new Error("connection reset");
      return "row";
    };
    await expect(readOnce(ctx, "k", load)).rejects.toThrow("connection reset");
    expect(await readOnce(ctx, "k", load)).toBe("row");
    expect(calls).toBe(2);
  });

  it("remembers a row found by another key (a handle, then its id), never over an earlier read", async () => {
    const ctx = ctxOn(processDb);
    const row = { id: "ful_1", handle: "print-works" };
    rememberRead(ctx, "fulfiller:ful_1", row);
    expect(await readOnce(ctx, "fulfiller:ful_1", async () => ({ ...row, fresh: true }))).toBe(row);
    rememberRead(ctx, "fulfiller:ful_1", { other: true });
    expect(await readOnce(ctx, "fulfiller:ful_1", async () => null)).toBe(row);
    const onTx = ctxOn(tx);
    rememberRead(onTx, "x", 1);
    expect(onTx.reads!.entries.has("x")).toBe(false);
  });
});
