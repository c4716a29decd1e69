import { describe, expect, it } from "vitest";
import { VersionedMemo } from "./memo.server.ts";

describe("VersionedMemo", () => {
  it("reuses a value for the same version and reloads for a new one", async () => {
    const memo = new VersionedMemo<number>(10);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await memo.get("k", "v1", load)).toBe(1);
    expect(await memo.get("k", "v1", load)).toBe(1);
    expect(await memo.get("k", "v2", load)).toBe(2);
  });

  it("keeps at most `max` keys, evicting the least recently used", async () => {
    const memo = new VersionedMemo<string>(2);
    let loads = 0;
    const load = (v: string) => () => {
      loads++;
      return Promise.resolve(v);
    };
    await memo.get("a", "v", load("a"));
    await memo.get("b", "v", load("b"));
    await memo.get("a", "v", load("a")); // a is now the most recent
    await memo.get("c", "v", load("c")); // evicts b
    expect(loads).toBe(3);
    await memo.get("a", "v", load("a"));
    expect(loads).toBe(3);
    await memo.get("b", "v", load("b"));
    expect(loads).toBe(4);
  });

  it("forgets a failed load so the next call tries again", async () => {
    const memo = new VersionedMemo<string>(10);
    await expect(memo.get("k", "v", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(memo.get("k", "v", () => Promise.resolve("up"))).resolves.toBe("up");
  });
});
