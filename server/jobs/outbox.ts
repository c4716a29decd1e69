import { and, eq, inArray, lte, sql } from "drizzle-orm";
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

export async function complete(db: Db, id: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: "done", completedAt: new Date(), lockedAt: null, lockedBy: null, lastError: null })
    .where(eq(outbox.id, id));
}

/** Exponential backoff with jitter: 5 s, 10 s, 20 s ... capped at 1 h. */
export function backoffMs(attempts: number): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export async function fail(db: Db, job: OutboxJob, error: unknown): Promise<"retry" | "failed"> {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const finalFailure = job.attempts >= job.maxAttempts;
  await db
    .update(outbox)
    .set({
      status: finalFailure ? "failed" : "pending",
      runAt: finalFailure ? job.runAt : new Date(Date.now() + backoffMs(job.attempts)),
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
  return db.query.outbox.findMany({ where: (o, { eq }) => eq(o.status, "failed"), orderBy: (o, { desc }) => [desc(o.createdAt)], limit });
}
