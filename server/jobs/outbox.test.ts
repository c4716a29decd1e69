import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { transaction } from "../infra/db/index.ts";
import { outbox } from "./schema.ts";
import { countByStatus, drain, enqueue, registerHandler, retryFailed, runDueJobs } from "./index.ts";
import { claim } from "./outbox.ts";

const t = useTestDatabase();

describe("transaction helper", () => {
  it("refuses fewer than one attempt with the spec's message", async () => {
    await expect(transaction(t.db, async () => 1, { maxAttempts: 0 })).rejects.toThrow("Max attempts must be at least 1");
  });

  it("retries serialization failures and gives up after maxAttempts", async () => {
    let calls = 0;
    const failing = () => {
      calls++;
      const e = new Error("could not serialize access") as Error & { code: string };
      e.code = "40001";
      throw e;
    };
    await expect(transaction(t.db, async () => failing(), { maxAttempts: 3, baseDelayMs: 1 })).rejects.toThrow("serialize");
    expect(calls).toBe(3);
    calls = 0;
    let runs = 0;
    const value = await transaction(
      t.db,
      async () => {
        if (++runs < 2) failing();
        return "ok";
      },
      { maxAttempts: 3, baseDelayMs: 1 },
    );
    expect(value).toBe("ok");
    expect(runs).toBe(2);
  });

  it("does not retry other errors and rolls back", async () => {
    let calls = 0;
    await expect(
      transaction(t.db, async (tx) => {
        calls++;
        await enqueue(tx, "test.rollback", {});
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(calls).toBe(1);
    const rows = await t.db.select().from(outbox).where(eq(outbox.topic, "test.rollback"));
    expect(rows).toHaveLength(0);
  });
});

describe("outbox", () => {
  it("runs jobs written in a committed transaction, once, idempotently keyed", async () => {
    const seen: unknown[] = [];
    registerHandler("test.ok", async (_db, payload) => {
      seen.push(payload);
    });
    await transaction(t.db, async (tx) => {
      await enqueue(tx, "test.ok", { n: 1 }, { dedupeKey: "k1" });
      await enqueue(tx, "test.ok", { n: 1 }, { dedupeKey: "k1" });
    });
    await drain(t.db);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it("retries with backoff and marks a job failed for good after maxAttempts", async () => {
    registerHandler("test.fail", async () => {
      throw new Error("vendor down");
    });
    const id = await enqueue(t.db, "test.fail", {}, { maxAttempts: 2 });
    await runDueJobs(t.db);
    let [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.status).toBe("pending");
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(row!.lastError).toContain("vendor down");
    await t.db
      .update(outbox)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, id));
    await runDueJobs(t.db);
    [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.status).toBe("failed");
    expect((await countByStatus(t.db)).failed).toBeGreaterThanOrEqual(1);
    expect(await retryFailed(t.db, id)).toBe(true);
    [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.status).toBe("pending");
  });

  it("never hands the same job to two workers", async () => {
    for (let i = 0; i < 20; i++) await enqueue(t.db, "test.claim", { i });
    const [a, b] = await Promise.all([claim(t.db, "a", 15, ["test.claim"]), claim(t.db, "b", 15, ["test.claim"])]);
    const ids = [...a, ...b].map((j) => j.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(20);
  });
});
