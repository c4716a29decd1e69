import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { newId, type Db } from "../infra/db/index.ts";
import { outbox } from "./schema.ts";

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** Idempotency key: a second enqueue with the same key is a no-op. */
  dedupeKey?: string;
}

/** Write a job in the caller's transaction; it runs only if that transaction commits. */
export async function enqueue(db: Db, topic: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<string> {
  const id = newId("obx");
  await db
    .insert(outbox)
    .values({ id, topic, payload, runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts ?? 8, dedupeKey: options.dedupeKey })
    .onConflictDoNothing({ target: outbox.dedupeKey });
  return id;
}

export type OutboxJob = typeof outbox.$inferSelect;

/** Claim up to `limit` due jobs for this worker; safe with many workers (SKIP LOCKED). One statement. */
export async function claim(db: Db, workerId: string, limit = 10, topics?: readonly string[]): Promise<OutboxJob[]> {
  const topicFilter = topics?.length
    ? sql`and topic in (${sql.join(
        topics.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql``;
  // Nothing due is answered by a read. On the embedded engine any statement but a SELECT counts as
  // a write (server/infra/db/write-generation.ts, ADR 0016), and an empty claim on every poll would
  // end the reads kept until the next write (sessions, the catalogue's version, cart counts) once a
  // second on an idle server. A job made due meanwhile is claimed at the next poll, as before.
  const [anyDue] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(eq(outbox.status, "pending"), lte(outbox.runAt, sql`now()`), topics?.length ? inArray(outbox.topic, [...topics]) : undefined),
    )
    .limit(1);
  if (!anyDue) return [];
  const due = sql`(
    select id from outbox
    where status = 'pending' and run_at <= now() ${topicFilter}
    order by run_at, id
    limit ${limit}
    for update skip locked
  )`;
  const rows = await db
    .update(outbox)
    .set({ status: "processing", lockedAt: sql`now()`, lockedBy: workerId, attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning();
  return rows.sort((x, y) => x.runAt.getTime() - y.runAt.getTime() || x.id.localeCompare(y.id));
}

/** Claim the pending job enqueued under `dedupeKey`, due or not (to run it now); null when another worker has it or it is done. */
export async function claimByKey(db: Db, workerId: string, dedupeKey: string): Promise<OutboxJob | null> {
  const [row] = await db
    .update(outbox)
    .set({ status: "processing", lockedAt: sql`now()`, lockedBy: workerId, attempts: sql`${outbox.attempts} + 1` })
    .where(and(eq(outbox.dedupeKey, dedupeKey), eq(outbox.status, "pending")))
    .returning();
  return row ?? null;
}

export async function complete(db: Db, id: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: "done", completedAt: new Date(), lockedAt: null, lockedBy: null, lastError: null })
    .where(eq(outbox.id, id));
}

/**
 * How a topic's failed jobs wait before the next attempt: `baseDelayMs` after the first failure,
 * doubling, capped at `maxDelayMs`, each with ±20 % jitter. (How many attempts a job gets is its
 * row's `max_attempts`, set when it is enqueued.)
 */
export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

/** The default: 5 s, 10 s, 20 s ... capped at 1 h (8 attempts span about 11 minutes). */
export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 5_000, maxDelayMs: 3_600_000 };

/** The planned wait after `attempts` failed attempts, before jitter. */
export function plannedDelayMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  return Math.min(policy.baseDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
}

/** The waits between `maxAttempts` attempts (before jitter): what an outage the jobs survive looks like. */
export function retrySchedule(maxAttempts: number, policy: RetryPolicy = DEFAULT_RETRY): number[] {
  return Array.from({ length: Math.max(0, maxAttempts - 1) }, (_, i) => plannedDelayMs(i + 1, policy));
}

/** Exponential backoff with jitter (±20 %). */
export function backoffMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  return Math.round(plannedDelayMs(attempts, policy) * (0.8 + Math.random() * 0.4));
}

/**
 * A failure that another attempt cannot fix (a vendor's 4xx refusal): the job is marked failed at
 * once, for an admin to see and retry after fixing the cause.
 */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
  readonly permanent = true;
}

const isPermanent = (error: unknown) =>
  error instanceof PermanentJobError ||
  (typeof error === "object" && error !== null && (error as { permanent?: unknown }).permanent === true);

export async function fail(db: Db, job: OutboxJob, error: unknown, policy: RetryPolicy = DEFAULT_RETRY): Promise<"retry" | "failed"> {
  const message =
    error instanceof PermanentJobError ? error.message : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const finalFailure = job.attempts >= job.maxAttempts || isPermanent(error);
  await db
    .update(outbox)
    .set({
      status: finalFailure ? "failed" : "pending",
      runAt: finalFailure ? job.runAt : new Date(Date.now() + backoffMs(job.attempts, policy)),
      lockedAt: null,
      lockedBy: null,
      lastError: message.slice(0, 4000),
    })
    .where(eq(outbox.id, job.id));
  return finalFailure ? "failed" : "retry";
}

/** Jobs stuck in `processing` (their worker died) go back to pending after `staleMs`. */
export async function releaseStale(db: Db, staleMs = 5 * 60_000): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ status: "pending", lockedAt: null, lockedBy: null })
    .where(and(eq(outbox.status, "processing"), lte(outbox.lockedAt, new Date(Date.now() - staleMs))))
    .returning({ id: outbox.id });
  return rows.length;
}

/** An admin sends a failed job back to the queue. */
export async function retryFailed(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status: "pending", runAt: new Date(), attempts: 0, lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, "failed")))
    .returning({ id: outbox.id });
  return rows.length === 1;
}

export async function countByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: outbox.status, n: sql<number>`count(*)::int` })
    .from(outbox)
    .groupBy(outbox.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export async function listFailed(db: Db, limit = 50): Promise<OutboxJob[]> {
  return db.select().from(outbox).where(eq(outbox.status, "failed")).orderBy(desc(outbox.createdAt)).limit(limit);
}

/**
 * The job of `topic` still waiting or running whose payload has `field` = `value` (e.g. the
 * e-mail job of one message), for showing when the next attempt is due. Only pending and
 * processing jobs are looked at (the status index keeps that small).
 */
export async function activeJobFor(db: Db, topic: string, field: string, value: string): Promise<OutboxJob | null> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(inArray(outbox.status, ["pending", "processing"]), eq(outbox.topic, topic), sql`${outbox.payload}->>${field} = ${value}`))
    .orderBy(sql`${outbox.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

/** The job enqueued under `dedupeKey` (any status), or null. */
export async function jobByDedupeKey(db: Db, dedupeKey: string): Promise<OutboxJob | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.dedupeKey, dedupeKey)).limit(1);
  return row ?? null;
}

/** Send every failed job of `topic` back to the queue; returns how many. */
export async function retryFailedByTopic(db: Db, topic: string): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ status: "pending", runAt: new Date(), attempts: 0, lastError: null })
    .where(and(eq(outbox.status, "failed"), eq(outbox.topic, topic)))
    .returning({ id: outbox.id });
  return rows.length;
}

export interface TopicOverview {
  /** Jobs not yet done: waiting for their first attempt, waiting to retry, running, failed for good. */
  waiting: number;
  retrying: number;
  running: number;
  failed: number;
  /** The newest jobs with an error (retrying or failed), newest first. */
  failing: OutboxJob[];
}

/** Where one topic's unfinished jobs stand (reads pending, processing and failed rows only). */
export async function topicOverview(db: Db, topic: string, limit = 10): Promise<TopicOverview> {
  const open = and(eq(outbox.topic, topic), inArray(outbox.status, ["pending", "processing", "failed"]));
  const [counts] = await db
    .select({
      waiting: sql<number>`(count(*) filter (where ${outbox.status} = 'pending' and ${outbox.lastError} is null))::int`,
      retrying: sql<number>`(count(*) filter (where ${outbox.status} = 'pending' and ${outbox.lastError} is not null))::int`,
      running: sql<number>`(count(*) filter (where ${outbox.status} = 'processing'))::int`,
      failed: sql<number>`(count(*) filter (where ${outbox.status} = 'failed'))::int`,
    })
    .from(outbox)
    .where(open);
  const failing = await db
    .select()
    .from(outbox)
    .where(and(open, sql`${outbox.lastError} is not null`))
    .orderBy(sql`${outbox.createdAt} desc`, sql`${outbox.id} desc`)
    .limit(limit);
  return {
    waiting: Number(counts?.waiting ?? 0),
    retrying: Number(counts?.retrying ?? 0),
    running: Number(counts?.running ?? 0),
    failed: Number(counts?.failed ?? 0),
    failing,
  };
}
