import { describe, expect, it } from "vitest";
import type { Overloaded } from "./admission.ts";
import { RenderGate } from "./admission.ts";

const settled = async <T>(p: Promise<T>) => {
  let state: "pending" | "admitted" | "refused" = "pending";
  let reason: unknown;
  p.then(
    () => (state = "admitted"),
    (e: unknown) => {
      state = "refused";
      reason = e;
    },
  );
  await new Promise((r) => setImmediate(r));
  return { state, reason };
};

describe("the render gate", () => {
  it("admits up to its concurrency at once, then first come, first served as turns are released", async () => {
    const gate = new RenderGate({ concurrency: 2, maxWaitMs: 10_000, maxQueue: 10 });
    const a = await gate.enter();
    const b = await gate.enter();
    const order: string[] = [];
    const c = gate.enter().then((r) => (order.push("c"), r));
    const d = gate.enter().then((r) => (order.push("d"), r));
    expect(gate.stats()).toMatchObject({ active: 2, waiting: 2 });
    a();
    a(); // a second release of the same turn changes nothing
    const rc = await c;
    expect(order).toEqual(["c"]);
    expect(gate.stats()).toMatchObject({ active: 2, waiting: 1 });
    b();
    const rd = await d;
    expect(order).toEqual(["c", "d"]);
    rc();
    rd();
    expect(gate.stats()).toMatchObject({ active: 0, waiting: 0, admitted: 4, shed: 0 });
  });

  it("answers a page view that waited too long, and one over a full queue at once", async () => {
    const gate = new RenderGate({ concurrency: 1, maxWaitMs: 30, maxQueue: 1 });
    const held = await gate.enter();
    const waiting = gate.enter();
    const over = await settled(gate.enter());
    expect(over.state).toBe("refused");
    expect((over.reason as Overloaded).reason).toBe("queue-full");
    await expect(waiting).rejects.toMatchObject({ reason: "waited-too-long" });
    expect(gate.stats()).toMatchObject({ active: 1, waiting: 0, shed: 2 });
    held();
    expect(gate.stats().active).toBe(0);
  });

  it("lets form posts go first and never turns them away for waiting", async () => {
    const gate = new RenderGate({ concurrency: 1, maxWaitMs: 20, maxQueue: 0 });
    const held = await gate.enter();
    const post = gate.enter({ urgent: true });
    await new Promise((r) => setTimeout(r, 60));
    expect((await settled(post)).state).toBe("pending");
    expect((await settled(gate.enter())).state).toBe("refused"); // a page view over the (empty) queue
    held();
    const release = await post;
    expect(gate.stats()).toMatchObject({ active: 1, waiting: 0 });
    release();
  });

  it("takes a waiting request out of the queue when its client goes away", async () => {
    const gate = new RenderGate({ concurrency: 1, maxWaitMs: 10_000, maxQueue: 5 });
    const held = await gate.enter();
    const client = new AbortController();
    const waiting = gate.enter({ signal: client.signal });
    client.abort();
    await expect(waiting).rejects.toMatchObject({ reason: "gone" });
    expect(gate.stats().waiting).toBe(0);
    held();
    expect(gate.stats().active).toBe(0);
  });
});
