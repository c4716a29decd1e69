import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { manualClock } from "../../contracts/clock.ts";
import { AppError, system, type Actor } from "../../kernel/index.ts";
import { lockoutFor, throttleDelayMs, takeRateLimit } from "./throttle.ts";

const t = useTestDatabase();
const anon = (ip: string): Actor => ({ kind: "anonymous", ip });
const HOUR = 60 * 60 * 1000;
const limitOf = (ip: string, now?: Date) =>
  takeRateLimit(t.ctx(anon(ip)), { kind: "job-application", limit: 5, windowMs: HOUR, message: (m) => `wait ${m}`, now });

describe("sign-in throttling", () => {
  it("waits 1, 2, 4, 8, then 15 minutes after the 5th, 6th, 7th, 8th and later failures", () => {
    expect([0, 1, 2, 3, 4].map(throttleDelayMs)).toEqual([0, 0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 50].map((n) => throttleDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 15, 15, 15]);
  });

  it("nothing recorded: no wait", async () => {
    expect(await lockoutFor(t.db, { emailNormalized: "nobody@example.test", ip: "192.0.2.1" })).toBeNull();
  });
});

describe("per-address rate limits (sign-ups, job applications)", () => {
  it("allows `limit` an hour per address, then refuses with the minutes to wait", async () => {
    const now = new Date();
    for (let i = 0; i < 5; i++) await limitOf("203.0.113.50", new Date(now.getTime() + i * 60_000));
    const refused = await limitOf("203.0.113.50", new Date(now.getTime() + 10 * 60_000)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "too-many-requests", status: 429, message: "wait 50" });
    await expect(limitOf("203.0.113.51", now)).resolves.toBeUndefined();
    await expect(limitOf("203.0.113.50", new Date(now.getTime() + HOUR + 1000))).resolves.toBeUndefined();
  });

  it("the window follows the context's clock: the wait elapses without sleeping", async () => {
    const clock = manualClock(new Date(Date.now() + 40 * 86_400_000));
    const take = () =>
      takeRateLimit(t.ctx(anon("203.0.113.70"), { clock }), {
        kind: "job-application",
        limit: 2,
        windowMs: HOUR,
        message: (m) => `wait ${m}`,
      });
    await take();
    clock.advance(30 * 60_000);
    await take();
    await expect(take()).rejects.toMatchObject({ status: 429, message: "wait 30" });
    clock.advance(30 * 60_000 + 1000);
    await expect(take()).resolves.toBeUndefined();
  });

  it("parallel requests cannot slip past the limit", async () => {
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => limitOf("203.0.113.60")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(results.filter((r) => r.status === "rejected").every((r) => (r as PromiseRejectedResult).reason instanceof AppError)).toBe(true);
  });

  it("system work is not limited", async () => {
    for (let i = 0; i < 8; i++)
      await takeRateLimit(t.ctx(system("test")), { kind: "job-application", limit: 5, windowMs: HOUR, message: () => "" });
  });
});
