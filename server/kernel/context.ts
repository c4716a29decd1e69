import type { Clock } from "../contracts/clock.ts";
import { systemClock } from "../contracts/clock.ts";
import type { Ports } from "../contracts/ports.ts";
import type { Role } from "../contracts/roles.ts";
import { db as processDb, type Db, type UntilWriteMemo } from "../infra/db/index.ts";
import { forbidden } from "./errors.ts";

/** Who is acting: every service function receives it, so permission is checked in one place. */
export type Actor =
  | { kind: "anonymous"; ip?: string }
  | { kind: "system"; reason: string }
  | {
      kind: "user";
      userId: string;
      roles: readonly Role[];
      sessionId?: string;
      authTime?: Date;
      ip?: string;
      /** The print shops (fulfiller ids) whose floor the user works, once a page looked it up (fulfillment's floorContext). */
      floorOf?: readonly string[];
    };

/**
 * What a service function is given: the database (or the caller's transaction), who acts, the
 * clock and the outside services. Nothing in a module reaches for a process-wide singleton, so a
 * test can swap any port and move time.
 */
export interface Ctx {
  db: Db;
  actor: Actor;
  clock: Clock;
  ports: Ports;
  /** One page request's reads, shared by its loaders (see `readOnce`); absent for writes, jobs and tests. */
  reads?: ReadMemo;
}

/**
 * The reads of one page request (a GET: its loaders run side by side and each checks the same
 * business, store or warehouse), kept so that a row is read once per request instead of once per
 * service call. Bound to one database handle: a context on a transaction (`withDb`) reads afresh.
 */
export interface ReadMemo {
  readonly db: Db;
  readonly entries: Map<string, Promise<unknown>>;
}

/** A request's read memo on `db` (the process's database unless given another). */
export function readMemo(db: Db = processDb()): ReadMemo {
  return { db, entries: new Map() };
}

/**
 * `load()`, once per `key` within the context's request read memo (the same promise to every
 * caller); without a memo, or on another handle (a transaction), just `load()`. A failed read is
 * forgotten, so the next caller tries again. Callers treat the row as read-only.
 */
export function readOnce<T>(ctx: { db: Db; reads?: ReadMemo }, key: string, load: () => Promise<T>): Promise<T> {
  const memo = ctx.reads;
  if (!memo || memo.db !== ctx.db) return load();
  let hit = memo.entries.get(key) as Promise<T> | undefined;
  if (!hit) {
    // One promise, settled once: a query builder is a thenable that runs its query on every `then`.
    hit = Promise.resolve(load());
    memo.entries.set(key, hit);
    hit.catch(() => memo.entries.delete(key));
  }
  return hit;
}

/**
 * `readOnce`, and across requests `kept` (an `UntilWriteMemo`: on the embedded engine, until the
 * next write; ADR 0016): a row a page request reads once and the next request may find kept.
 */
export function readOnceKept<T>(
  ctx: { db: Db; reads?: ReadMemo },
  kept: UntilWriteMemo<T>,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  return readOnce(ctx, key, () => kept.get(ctx.db, key, load));
}

/** Tells the context's read memo what `key` reads as (a row found by another key: a handle, then its id). */
export function rememberRead<T>(ctx: { db: Db; reads?: ReadMemo }, key: string, value: T): void {
  const memo = ctx.reads;
  if (memo && memo.db === ctx.db && !memo.entries.has(key)) memo.entries.set(key, Promise.resolve(value));
}

export const anonymous = (ip?: string): Actor => ({ kind: "anonymous", ip });
export const system = (reason: string): Actor => ({ kind: "system", reason });

// ---- the composition root's defaults ------------------------------------------------------

// Set once by the composition root (server/boot.ts, tests/support) with lazily built adapters.
// Kept on globalThis because the server and the SSR bundle may load separate module copies.
const KEY = Symbol.for("platen.defaultPorts");
type G = typeof globalThis & { [KEY]?: () => Ports };

/** The composition root tells the kernel how to build the configured ports (lazily). */
export function setDefaultPorts(factory: (() => Ports) | undefined): void {
  (globalThis as G)[KEY] = factory;
}

function defaultPorts(): Ports {
  const factory = (globalThis as G)[KEY];
  if (!factory) throw new Error("No ports configured: server/boot.ts (or tests/support) calls setDefaultPorts first");
  return factory();
}

export interface CtxOptions {
  clock?: Clock;
  ports?: Partial<Ports>;
  /** A page request's read memo (`readMemo`), shared by the contexts of its loaders. */
  reads?: ReadMemo;
}

/** A context with the configured ports and the system clock, unless given others. */
export function createCtx(db: Db, actor: Actor, options: CtxOptions = {}): Ctx {
  const ctx: Ctx = { db, actor, clock: options.clock ?? systemClock, ports: lazyPorts(options.ports) };
  if (options.reads) ctx.reads = options.reads;
  return ctx;
}

/**
 * A context on the process's database (opened at boot) for `actor`: how the web layer reaches the
 * modules. No file under app/ imports the database handle or a driver (the boundary check refuses
 * it); a route gets its context here, or from the request's session.
 */
export function contextFor(actor: Actor, options: CtxOptions = {}): Ctx {
  return createCtx(processDb(), actor, options);
}

function lazyPorts(overrides: Partial<Ports> = {}): Ports {
  let defaults: Ports | undefined;
  const get = <K extends keyof Ports>(key: K): Ports[K] => overrides[key] ?? (defaults ??= defaultPorts())[key];
  return {
    get storage() {
      return get("storage");
    },
    get email() {
      return get("email");
    },
    get payments() {
      return get("payments");
    },
    get carriers() {
      return get("carriers");
    },
  };
}

/** A context for work no user started (jobs, seeds, CLIs). */
export const systemCtx = (db: Db, reason: string, options?: CtxOptions): Ctx => createCtx(db, system(reason), options);

/** The same context on another handle (the caller's transaction). */
export const withDb = (ctx: Ctx, db: Db): Ctx => (ctx.db === db ? ctx : { ...ctx, db });

/** The same context acting as the system (a module doing its own bookkeeping). */
export const asSystem = (ctx: Ctx, reason: string): Ctx => ({ ...ctx, actor: system(reason) });

export function hasRole(actor: Actor, role: Role): boolean {
  return actor.kind === "system" || (actor.kind === "user" && actor.roles.includes(role));
}

/** The signed-in user's id, or null for visitors and the system (e.g. `createdBy` columns). */
export function actorUserId(actor: Actor): string | null {
  return actor.kind === "user" ? actor.userId : null;
}

/** Refuse (403, with `message`) unless the actor holds `role`: the one permission check of services. */
export function assertRole(ctx: Ctx, role: Role, message?: string): void {
  if (!hasRole(ctx.actor, role)) throw forbidden(message);
}
