import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { transaction, writeGeneration } from "../infra/db/index.ts";
import { outbox } from "./schema.ts";
import {
  countByStatus,
  drain,
  enqueue,
  registerBatchHandler,
  registerHandler,
  retryFailed,
  retrySchedule,
  runDueJobs,
  type OutboxJob,
} from "./index.ts";
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

  it("an empty claim only reads: on the embedded engine, what is kept until the next write stays kept", async () => {
    await drain(t.db);
    const before = writeGeneration(t.db);
    expect(await claim(t.db, "idle", 10, ["test.nothing-due"])).toEqual([]);
    expect(await runDueJobs(t.db, "idle")).toBe(0);
    expect(writeGeneration(t.db)).toBe(before);
    await enqueue(t.db, "test.nothing-due", { later: true }, { runAt: new Date(Date.now() + 60_000) });
    const queued = writeGeneration(t.db);
    expect(await claim(t.db, "idle", 10, ["test.nothing-due"])).toEqual([]);
    expect(writeGeneration(t.db)).toBe(queued);
  });

  it("never hands the same job to two workers", async () => {
    for (let i = 0; i < 20; i++) await enqueue(t.db, "test.claim", { i });
    const [a, b] = await Promise.all([claim(t.db, "a", 15, ["test.claim"]), claim(t.db, "b", 15, ["test.claim"])]);
    const ids = [...a, ...b].map((j) => j.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(20);
  });

  it("waits between attempts as the topic's retry policy says", async () => {
    const policy = { baseDelayMs: 60_000, maxDelayMs: 3_600_000 };
    registerHandler(
      "test.slow-vendor",
      async () => {
        throw new Error("vendor down");
      },
      { retry: policy },
    );
    const id = await enqueue(t.db, "test.slow-vendor", {}, { maxAttempts: 5 });
    const before = Date.now();
    await runDueJobs(t.db);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    const wait = row!.runAt.getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(48_000); // 60 s less 20 % jitter
    expect(wait).toBeLessThanOrEqual(72_000 + 5_000);
    expect(retrySchedule(5, policy)).toEqual([60_000, 120_000, 240_000, 480_000]);
  });

  it("hands every due job of a batch topic to one call, and settles each job on its own", async () => {
    const calls: string[][] = [];
    registerBatchHandler("test.batch", async (_db, jobs: OutboxJob[]) => {
      calls.push(jobs.map((j) => String(j.payload.n)));
      // Job 3 fails; the others are done.
      return new Map(jobs.filter((j) => j.payload.n === 3).map((j) => [j.id, new Error("record 3 refused")]));
    });
    const ids: string[] = [];
    for (let n = 0; n < 25; n++) ids.push(await enqueue(t.db, "test.batch", { n }));
    await runDueJobs(t.db, "w", 10); // claims 10, then the batch takes the other 15
    expect(calls).toHaveLength(1);
    expect(calls[0]!.sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 25 }, (_, n) => String(n)));
    const rows = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.topic} = 'test.batch'`);
    expect(rows.filter((r) => r.status === "done")).toHaveLength(24);
    const failed = rows.find((r) => r.payload.n === 3)!;
    expect(failed.status).toBe("pending");
    expect(failed.lastError).toContain("record 3 refused");

    // A batch handler that throws fails (and retries) the whole batch.
    registerBatchHandler("test.batch-down", async () => {
      throw new Error("vendor down");
    });
    await enqueue(t.db, "test.batch-down", { n: 1 });
    await enqueue(t.db, "test.batch-down", { n: 2 });
    await runDueJobs(t.db);
    const down = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.topic} = 'test.batch-down'`);
    expect(down.map((r) => r.status)).toEqual(["pending", "pending"]);
    expect(down.every((r) => r.lastError?.includes("vendor down"))).toBe(true);
  });
});
