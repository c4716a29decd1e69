// Domain events through the outbox. A module announces what happened with `publish(db, type,
// payload)` inside the transaction that made the change; it is written with the change or not at
// all. A dispatch job then gives each subscriber a job of its own (`event:<subscriber>`), so one
// failing subscriber is retried with backoff without holding up the others. Subscribers must be
// idempotent: a job can run more than once.
import { eq } from "drizzle-orm";
import type { DomainEvent, DomainEventMap, DomainEventType } from "../contracts/events.ts";
import { newId, type Db } from "../infra/db/index.ts";
import { systemCtx, type Actor, type Ctx } from "../kernel/context.ts";
import { enqueue } from "./outbox.ts";
import { domainEvents } from "./schema.ts";
import { registerHandler } from "./worker.ts";

export const EVENT_DISPATCH_TOPIC = "events.dispatch";
const subscriberTopic = (name: string) => `event:${name}`;

export type EventHandler<T extends DomainEventType> = (ctx: Ctx, event: DomainEvent<T>) => Promise<void>;

interface Subscriber {
  name: string;
  types: ReadonlySet<string>;
  handler: EventHandler<DomainEventType>;
}

const KEY = Symbol.for("platen.eventSubscribers");
type G = typeof globalThis & { [KEY]?: Map<string, Subscriber> };
function subscribers(): Map<string, Subscriber> {
  const g = globalThis as G;
  g[KEY] ??= new Map();
  return g[KEY];
}

const actorText = (actor: Actor | undefined): string =>
  !actor
    ? "system:unknown"
    : actor.kind === "user"
      ? `user:${actor.userId}`
      : actor.kind === "system"
        ? `system:${actor.reason}`
        : "anonymous";

/**
 * Announce an event in the caller's transaction (pass the transaction as `db`). Returns the
 * event id. Nothing is delivered unless the transaction commits.
 */
export async function publish<T extends DomainEventType>(
  db: Db,
  type: T,
  payload: DomainEventMap[T],
  options: { actor?: Actor; at?: Date } = {},
): Promise<string> {
  const id = newId("evt");
  await db.insert(domainEvents).values({
    id,
    type,
    payload: payload as unknown as Record<string, unknown>,
    actor: actorText(options.actor),
    ...(options.at ? { occurredAt: options.at } : {}),
  });
  await enqueue(db, EVENT_DISPATCH_TOPIC, { eventId: id }, { dedupeKey: `${EVENT_DISPATCH_TOPIC}:${id}` });
  return id;
}

/**
 * Register a subscriber (once per process, at start-up: server/job-handlers.ts). `name` is its
 * stable identity: jobs are keyed by it, so renaming a subscriber orphans its queued jobs.
 */
export function subscribe<T extends DomainEventType>(name: string, types: T | readonly T[], handler: EventHandler<T>): void {
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(name)) throw new Error(`Invalid subscriber name ${name}`);
  const list = (typeof types === "string" ? [types] : types) as readonly string[];
  subscribers().set(name, { name, types: new Set(list), handler: handler as EventHandler<DomainEventType> });
  registerHandler(subscriberTopic(name), async (db, payload) => {
    const event = await loadEvent(db, String(payload.eventId ?? ""));
    if (!event) return; // deleted by retention: nothing left to do
    const sub = subscribers().get(name);
    if (!sub) throw new Error(`Subscriber ${name} is no longer registered`);
    await sub.handler(systemCtx(db, `event ${event.type} -> ${name}`), event);
  });
  registerEventDispatch();
}

/** The dispatch job's handler (registered with the others at start-up, even with no subscriber yet). */
export function registerEventDispatch(): void {
  registerHandler(EVENT_DISPATCH_TOPIC, dispatch);
}

/** The names of the subscribers to `type` (for tests and the admin overview). */
export function subscribersOf(type: DomainEventType): string[] {
  return [...subscribers().values()].filter((s) => s.types.has(type)).map((s) => s.name);
}

async function loadEvent(db: Db, id: string): Promise<DomainEvent | null> {
  const [row] = await db.select().from(domainEvents).where(eq(domainEvents.id, id)).limit(1);
  if (!row) return null;
  return { id: row.id, type: row.type as DomainEventType, payload: row.payload as never, actor: row.actor, occurredAt: row.occurredAt };
}

/** One job per subscriber of the event (deduplicated, so a repeated dispatch adds nothing). */
async function dispatch(db: Db, payload: Record<string, unknown>): Promise<void> {
  const event = await loadEvent(db, String(payload.eventId ?? ""));
  if (!event) return;
  for (const sub of subscribers().values()) {
    if (!sub.types.has(event.type)) continue;
    await enqueue(db, subscriberTopic(sub.name), { eventId: event.id, type: event.type }, { dedupeKey: `${event.id}:${sub.name}` });
  }
}
