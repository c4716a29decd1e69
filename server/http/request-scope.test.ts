import { describe, expect, it } from "vitest";
import { getCtx, getSession } from "../../app/lib/session.server.ts";
import { database, setDatabase, type Database, type Db } from "../infra/db/index.ts";
import { oncePerRequest, runInRequestScope, scopedToRequest } from "./request-scope.ts";

describe("request scope", () => {
  it("computes once per key within a request, and every time outside one", async () => {
    let calls = 0;
    const compute = () => ++calls;
    expect([oncePerRequest("k", compute), oncePerRequest("k", compute)]).toEqual([1, 2]);
    const inside = runInRequestScope(() => [oncePerRequest("k", compute), oncePerRequest("k", compute), oncePerRequest("j", compute)]);
    expect(inside).toEqual([3, 3, 4]);
    // Scopes do not leak into each other, across awaits either.
    const [a, b] = await Promise.all([
      runInRequestScope(async () => {
        await Promise.resolve();
        return oncePerRequest("k", compute);
      }),
      runInRequestScope(async () => oncePerRequest("k", compute)),
    ]);
    expect(new Set([a, b]).size).toBe(2);
  });

  it("the root's and the page's loaders (each with its own Request) share one session lookup", async () => {
    const request = () => new Request("http://platen.test/shop", { headers: { Cookie: "theme=myDarkTheme" } });
    const [first, second] = runInRequestScope(() => [getSession(request()), getSession(request())]);
    expect(second).toBe(first);
    expect(await first).toBeNull();
    // Outside a scope (actions, tests), each Request looks up on its own.
    expect(getSession(request())).not.toBe(getSession(request()));
  });

  it("a GET request's loaders share one read memo; an action's request (no scope) has none", async () => {
    const request = () => new Request("http://platen.test/fulfillment/@print-works/administration/orders");
    let before: Database | undefined;
    try {
      before = database();
    } catch {
      before = undefined;
    }
    // A visitor's context needs no query: a stand-in handle is enough (put back below).
    setDatabase({ db: { name: "stand-in" } as unknown as Db } as Database);
    try {
      const [first, second] = await runInRequestScope(() => Promise.all([getCtx(request()), getCtx(request())]));
      expect(first.reads).toBeDefined();
      expect(first.reads!.db).toBe(first.db);
      expect(second.reads).toBe(first.reads);
      const [third] = await runInRequestScope(() => Promise.all([getCtx(request())]));
      expect(third.reads).not.toBe(first.reads);
      expect((await getCtx(request())).reads).toBeUndefined();
    } finally {
      setDatabase(before);
    }
    expect(scopedToRequest("k", () => 1)).toBeUndefined();
    expect(runInRequestScope(() => [scopedToRequest("k", () => 1), scopedToRequest("k", () => 2)])).toEqual([1, 1]);
  });

  it("a second copy of the module (the SSR bundle's, in a production build) shares the scope the server entry runs", async () => {
    const copyPath = "./request-scope.ts?second-copy"; // another module id: a fresh copy of the module
    const copy = (await import(copyPath)) as { oncePerRequest: typeof oncePerRequest };
    expect(copy.oncePerRequest).not.toBe(oncePerRequest);
    let calls = 0;
    const compute = () => ++calls;
    const seen = runInRequestScope(() => [oncePerRequest("k", compute), copy.oncePerRequest("k", compute)]);
    expect(seen).toEqual([1, 1]);
  });
});
