// Durable steps: how the money path (and every later call to the outside world: Printify orders,
// payouts) talks to a provider (ADR 0017). A step is requested inside the caller's transaction,
// with the state change it belongs to, under a stable key that is also the provider's idempotency
// key; it runs after the commit (at once, with `runStepNow`, and again by the outbox worker with
// backoff when it fails), its outcome recorded by its own handler; on its last failure the handler
// compensates or marks what failed for an admin, who can ask again.
import type { Db } from "../infra/db/index.ts";
import { logger } from "../infra/logger/index.ts";
import { enqueue, type OutboxJob, type RetryPolicy } from "./outbox.ts";
import { registerHandler, runJobNow } from "./worker.ts";

/** 30 s, doubling, capped at 4 h: 15 attempts span about a day (a provider's long outage). */
export const STEP_RETRY: RetryPolicy = { baseDelayMs: 30_000, maxDelayMs: 4 * 3_600_000 };
export const STEP_MAX_ATTEMPTS = 15;

export interface StepRun<P> {
  payload: P;
  /** The step's key (the provider's idempotency key is derived from it). */
  key: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** No attempt follows this one: a handler records a final failure now instead of throwing. */
  lastAttempt: boolean;
}

/**
 * A step's handler: idempotent (it may run again after a crash between its work and its record).
 * Throwing retries it with backoff; a `PermanentJobError` (or an error with `permanent: true`)
 * stops it at once. Either way the outbox row keeps the error for the admin's overview.
 */
export type StepHandler<P> = (db: Db, run: StepRun<P>) => Promise<void>;

const topicOf = (kind: string) => `step:${kind}`;
const dedupeKeyOf = (kind: string, key: string) => `step:${kind}:${key}`;

/** Register a step kind (once per process, with the job handlers). */
export function registerStep<P extends Record<string, unknown>>(
  kind: string,
  handler: StepHandler<P>,
  options: { retry?: RetryPolicy } = {},
): void {
  registerHandler(
    topicOf(kind),
    async (db, payload, job: OutboxJob) => {
      const { key, ...rest } = payload as { key: string } & P;
      await handler(db, { payload: rest as unknown as P, key, attempt: job.attempts, lastAttempt: job.attempts >= job.maxAttempts });
    },
    { retry: options.retry ?? STEP_RETRY },
  );
}

/**
 * Request a step in the caller's transaction (pass it as `db`): it runs only if that transaction
 * commits, once per `key` (a second request with the same key adds nothing).
 */
export async function requestStep<P extends Record<string, unknown>>(
  db: Db,
  kind: string,
  key: string,
  payload: P,
  options: { maxAttempts?: number } = {},
): Promise<void> {
  await enqueue(
    db,
    topicOf(kind),
    { ...payload, key },
    { dedupeKey: dedupeKeyOf(kind, key), maxAttempts: options.maxAttempts ?? STEP_MAX_ATTEMPTS },
  );
}

/**
 * After the commit: run the step's first attempt now, in this process (a worker would pick it up
 * within a second anyway, and does when this attempt fails). Never throws: a failure is recorded
 * and retried. Returns whether this attempt succeeded.
 */
export async function runStepNow(db: Db, kind: string, key: string): Promise<boolean> {
  try {
    return await runJobNow(db, dedupeKeyOf(kind, key));
  } catch (error) {
    // The step is still in the outbox (claimed rows go back to pending when stale): the worker runs it.
    logger().warn({ err: error, kind, key }, "a step could not be run at once; the worker will");
    return false;
  }
}

/** The topic of a step kind's jobs (for the admin's overview of failed steps). */
export const stepTopic = topicOf;
