// What one GET request computes once and shares between its loaders (the root's and the page's
// each ask who is signed in). React Router hands every loader its own Request object, so a memo
// keyed by the Request misses; an AsyncLocalStorage scope around the handler does not.
//
// Only requests without a body get a scope: after an action (sign-out, a profile change) the
// loaders of the same request must see what the action changed, so nothing is shared there.
import { AsyncLocalStorage } from "node:async_hooks";

// One instance per process: in development the server (tsx) runs the scope and Vite's SSR modules
// read it, each with its own copy of this module. (The production build bundles both once.)
const KEY = Symbol.for("platen.requestScope");
type G = typeof globalThis & { [KEY]?: AsyncLocalStorage<Map<string, unknown>> };
const scope = ((globalThis as G)[KEY] ??= new AsyncLocalStorage<Map<string, unknown>>());

/** Run `fn` (one GET or HEAD request's handling) with a fresh scope. */
export function runInRequestScope<T>(fn: () => T): T {
  return scope.run(new Map(), fn);
}

/** `compute()` at most once per request scope and key; outside a scope, every call computes. */
export function oncePerRequest<T>(key: string, compute: () => T): T {
  const store = scope.getStore();
  if (!store) return compute();
  if (store.has(key)) return store.get(key) as T;
  const value = compute();
  store.set(key, value);
  return value;
}

/** Like `oncePerRequest`, but outside a request scope (an action, a job) there is nothing: undefined. */
export function scopedToRequest<T>(key: string, compute: () => T): T | undefined {
  return scope.getStore() ? oncePerRequest(key, compute) : undefined;
}
