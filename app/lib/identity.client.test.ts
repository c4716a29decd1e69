import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOKEN_REFRESH_LEAD_MS, TOKEN_REFRESH_RETRY_MAX_MS, TOKEN_REFRESH_RETRY_MIN_MS } from "./constants.ts";
import { IdentityError, identityErrorMessage, toIdentityError } from "./identity-errors.ts";
import { refreshDelay, retryDelay, TokenRefreshScheduler } from "./identity.client.ts";

const MIN = 60 * 1000;
const HOUR = 60 * MIN;

describe("refresh timing", () => {
  it("refreshes 5 minutes before expiry", () => {
    expect(TOKEN_REFRESH_LEAD_MS).toBe(5 * MIN);
    expect(refreshDelay(1_000_000 + HOUR, 1_000_000)).toBe(55 * MIN);
    expect(refreshDelay(1_000_000 + MIN, 1_000_000)).toBe(0);
  });

  it("backs off from 30 s doubling up to 16 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => retryDelay(n))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000, 960_000,
    ]);
    expect(TOKEN_REFRESH_RETRY_MIN_MS).toBe(30_000);
    expect(TOKEN_REFRESH_RETRY_MAX_MS).toBe(16 * MIN);
  });
});

describe("TokenRefreshScheduler (fake timers)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-01T10:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("refreshes at once on start, then 5 minutes before each token expires", async () => {
    const refresh = vi.fn(async () => ({ expiresAt: Date.now() + HOUR }));
    const s = new TokenRefreshScheduler(refresh);
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(s.nextRunAt).toBe(Date.now() + 55 * MIN);
    await vi.advanceTimersByTimeAsync(55 * MIN - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(55 * MIN);
    expect(refresh).toHaveBeenCalledTimes(3);
    s.stop();
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it("starting with a known expiry waits until it is due", async () => {
    const refresh = vi.fn(async () => ({ expiresAt: Date.now() + HOUR }));
    const s = new TokenRefreshScheduler(refresh);
    s.start(Date.now() + 20 * MIN);
    await vi.advanceTimersByTimeAsync(15 * MIN - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    s.stop();
  });

  it("after failures retries after 30 s, 60 s, 2, 4, 8, 16, 16 min, and resets after a success", async () => {
    let fail = 7;
    const calls: number[] = [];
    const onError = vi.fn();
    const refresh = vi.fn(async () => {
      calls.push(Date.now());
      if (fail-- > 0) throw new IdentityError("network-request-failed");
      return { expiresAt: Date.now() + HOUR };
    });
    const s = new TokenRefreshScheduler(refresh, { onError });
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    for (const ms of [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000]) await vi.advanceTimersByTimeAsync(ms);
    const gaps = calls.slice(1).map((t, i) => t - calls[i]!);
    expect(gaps).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000]);
    expect(onError).toHaveBeenCalledTimes(7);
    expect(s.failures).toBe(0);
    expect(s.nextRunAt).toBe(calls.at(-1)! + 55 * MIN);
    // A later failure starts again from 30 s.
    fail = 1;
    await vi.advanceTimersByTimeAsync(55 * MIN);
    expect(s.nextRunAt).toBe(Date.now() + 30_000);
    s.stop();
  });

  it("stops on a fatal error (the identity session is over)", async () => {
    const onFatal = vi.fn();
    const refresh = vi.fn(async () => {
      throw new IdentityError("invalid-credential");
    });
    const s = new TokenRefreshScheduler(refresh, { onFatal });
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onFatal).toHaveBeenCalledTimes(1);
    expect(s.isRunning).toBe(false);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe("identity errors", () => {
  it("maps fetch failures to network-request-failed and every code to a message", () => {
    expect(toIdentityError(new TypeError("Failed to fetch")).code).toBe("network-request-failed");
    expect(identityErrorMessage("invalid-credential")).toBe("The e-mail or password is incorrect.");
    expect(identityErrorMessage("made-up")).toMatch(/Something went wrong/);
  });
});
