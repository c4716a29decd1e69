import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { transaction } from "../infra/db/index.ts";
import type { DomainEvent } from "../contracts/events.ts";
import { drain, publish, subscribe, subscribersOf } from "./index.ts";
import { outbox } from "./schema.ts";

const t = useTestDatabase();

describe("domain events through the outbox", () => {
  it("delivers an event to every subscriber once the transaction commits, never after a rollback", async () => {
    const seenA: DomainEvent<"store.suspended">[] = [];
    const seenB: string[] = [];
    subscribe("test.a", "store.suspended", async (_ctx, e) => void seenA.push(e));
    subscribe("test.b", ["store.suspended", "store.reinstated"], async (_ctx, e) => void seenB.push(`${e.type}:${e.payload.storeId}`));
    expect(subscribersOf("store.suspended")).toEqual(expect.arrayContaining(["test.a", "test.b"]));

    await expect(
      transaction(t.db, async (tx) => {
        await publish(tx, "store.suspended", { storeId: "sto_rolled_back", reason: "x" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await transaction(t.db, (tx) => publish(tx, "store.suspended", { storeId: "sto_1", reason: "copyright" }));
    await transaction(t.db, (tx) => publish(tx, "store.reinstated", { storeId: "sto_1" }));
    await drain(t.db);

    expect(seenA.map((e) => e.payload)).toEqual([{ storeId: "sto_1", reason: "copyright" }]);
    expect(seenB.sort()).toEqual(["store.reinstated:sto_1", "store.suspended:sto_1"]);
    expect(seenA[0]!.actor).toBe("system:unknown");
  });

  it("retries a failing subscriber on its own while the others run once", async () => {
    let failures = 1;
    const ok: string[] = [];
    const flaky: string[] = [];
    subscribe("test.ok", "store.renamed", async (_ctx, e) => void ok.push(e.payload.name));
    subscribe("test.flaky", "store.renamed", async (_ctx, e) => {
      if (failures-- > 0) throw new Error("search is down");
      flaky.push(e.payload.name);
    });
    await transaction(t.db, (tx) => publish(tx, "store.renamed", { storeId: "sto_2", name: "New", previousName: "Old" }));
    await drain(t.db);
    expect(ok).toEqual(["New"]);
    expect(flaky).toEqual([]);
    const [job] = await t.db.select().from(outbox).where(eq(outbox.topic, "event:test.flaky"));
    expect(job).toMatchObject({ status: "pending", attempts: 1, lastError: "Error: search is down" });
    // Its backoff has passed: run it again.
    await t.db
      .update(outbox)
      .set({ runAt: new Date(0) })
      .where(eq(outbox.id, job!.id));
    await drain(t.db);
    expect(flaky).toEqual(["New"]);
    expect(ok).toEqual(["New"]);
  });
});
