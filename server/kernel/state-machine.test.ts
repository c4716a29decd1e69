import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { manualClock } from "../contracts/clock.ts";
import { useTestDatabase } from "../../tests/support/db.ts";
import { newId, transaction } from "../infra/db/index.ts";
import { outbox } from "../jobs/schema.ts";
import { system, withDb } from "./context.ts";
import { IllegalTransitionError } from "./errors.ts";
import { defineStateMachine, stateHistory } from "./state-machine.ts";

const t = useTestDatabase();

// The writer is generic over tables: a toy machine over the outbox's status column shows it.
type S = "pending" | "processing" | "done" | "failed";
const machine = defineStateMachine<S, typeof outbox>({
  entity: "test job",
  transitions: { pending: ["processing"], processing: ["done", "failed"], done: [], failed: ["pending"] },
  table: outbox,
  id: outbox.id,
  state: outbox.status,
});

async function job(): Promise<string> {
  const id = newId("obx");
  await t.db.insert(outbox).values({ id, topic: "test.machine", payload: {} });
  return id;
}

describe("defineStateMachine", () => {
  it("checks the move, writes the state and other columns, and records who, when and why", async () => {
    const clock = manualClock("2026-03-01T10:00:00Z");
    const ctx = t.ctx({ kind: "user", userId: "usr_test", roles: ["admin"] }, { clock });
    const id = await job();
    const r = await machine.transition(ctx, id, "processing", { reason: "picked up", set: { lockedBy: "w1" } });
    expect(r.from).toBe("pending");
    expect(r.row.status).toBe("processing");
    expect(r.row.lockedBy).toBe("w1");
    clock.advance(60_000);
    await machine.transition(ctx, id, "done", { set: (row) => ({ lastError: `was ${row.status}` }) });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.status).toBe("done");
    expect(row!.lastError).toBe("was processing");
    const history = await stateHistory(t.db, "test job", id);
    expect(history.map((h) => [h.from, h.to, h.reason, h.at.toISOString()])).toEqual([
      ["pending", "processing", "picked up", "2026-03-01T10:00:00.000Z"],
      ["processing", "done", "", "2026-03-01T10:01:00.000Z"],
    ]);
    expect(history[0]!.actor).toMatchObject({ kind: "user", userId: "usr_test" });
  });

  it("refuses an illegal move with a 409 and writes nothing", async () => {
    const id = await job();
    const err = await machine.transition(t.ctx(system("test")), id, "done").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IllegalTransitionError);
    expect((err as IllegalTransitionError).status).toBe(409);
    expect((err as Error).message).toBe('A test job cannot go from "pending" to "done".');
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.status).toBe("pending");
    expect(await stateHistory(t.db, "test job", id)).toEqual([]);
  });

  it("answers 404 for a missing row and 409 when the state is not the expected one", async () => {
    await expect(machine.transition(t.ctx(system("test")), "obx_missing", "processing")).rejects.toMatchObject({ status: 404 });
    const id = await job();
    await expect(machine.transition(t.ctx(system("test")), id, "processing", { expectFrom: "failed" })).rejects.toMatchObject({
      status: 409,
      code: "conflict",
    });
  });

  it("writes in the caller's transaction: a rollback undoes the move and its record", async () => {
    const id = await job();
    await expect(
      transaction(t.db, async (tx) => {
        await machine.transition(withDb(t.ctx(system("test")), tx), id, "processing");
        throw new Error("later step failed");
      }),
    ).rejects.toThrow("later step failed");
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.status).toBe("pending");
    expect(await stateHistory(t.db, "test job", id)).toEqual([]);
  });

  it("lets only one of two concurrent moves from the same state win", async () => {
    const id = await job();
    const results = await Promise.allSettled([
      machine.transition(t.ctx(system("a")), id, "processing"),
      machine.transition(t.ctx(system("b")), id, "processing"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as { status: number }).status).toBe(409);
    expect(await stateHistory(t.db, "test job", id)).toHaveLength(1);
  });
});
