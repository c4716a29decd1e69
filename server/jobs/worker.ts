import { randomUUID } from "node:crypto";
import type { Db } from "../infra/db/index.ts";
import { logger } from "../infra/logger/index.ts";
import { claim, claimByKey, complete, DEFAULT_RETRY, fail, releaseStale, type OutboxJob, type RetryPolicy } from "./outbox.ts";

/** A handler must be idempotent: a job can run more than once (crash after work, before complete). */
export type JobHandler = (db: Db, payload: Record<string, unknown>, job: OutboxJob) => Promise<void>;

/** The jobs of a batch that failed, each with its error; every other job of the batch is done. */
export type BatchOutcome = Map<string, unknown>;

/**
 * A handler for many due jobs of one topic at once (e.g. one vendor request for many records).
 * Idempotent like a JobHandler. Throwing fails (and retries) every job of the batch.
 */
export type BatchJobHandler = (db: Db, jobs: OutboxJob[]) => Promise<BatchOutcome>;

export interface HandlerOptions {
  /** How long failed jobs of this topic wait between attempts (default: 5 s doubling to 1 h). */
  retry?: RetryPolicy;
}

type Entry =
  | { kind: "single"; handler: JobHandler; retry: RetryPolicy }
  | { kind: "batch"; handler: BatchJobHandler; retry: RetryPolicy; maxBatch: number };

const KEY = Symbol.for("platen.jobHandlers");
type G = typeof globalThis & { [KEY]?: Map<string, Entry> };
function registry(): Map<string, Entry> {
  const g = globalThis as G;
  g[KEY] ??= new Map();
  return g[KEY];
}

export function registerHandler(topic: string, handler: JobHandler, options: HandlerOptions = {}): void {
  registry().set(topic, { kind: "single", handler, retry: options.retry ?? DEFAULT_RETRY });
}

/** Register a handler that gets every due job of `topic` together, up to `maxBatch` at a time. */
export function registerBatchHandler(topic: string, handler: BatchJobHandler, options: HandlerOptions & { maxBatch?: number } = {}): void {
  registry().set(topic, { kind: "batch", handler, retry: options.retry ?? DEFAULT_RETRY, maxBatch: options.maxBatch ?? 500 });
}

export function registeredTopics(): string[] {
  return [...registry().keys()];
}

async function settle(db: Db, job: OutboxJob, error: unknown, retry: RetryPolicy): Promise<void> {
  if (error === undefined) {
    await complete(db, job.id);
    return;
  }
  const outcome = await fail(db, job, error, retry);
  logger().warn({ jobId: job.id, topic: job.topic, attempts: job.attempts, outcome, err: error }, "outbox job failed");
}

/** Claim and run one batch of due jobs. Returns how many ran. */
export async function runDueJobs(db: Db, workerId = `worker-${process.pid}`, limit = 10): Promise<number> {
  const topics = registeredTopics();
  if (topics.length === 0) return 0;
  const jobs = await claim(db, workerId, limit, topics);
  let ran = jobs.length;
  const batches = new Map<string, OutboxJob[]>();
  for (const job of jobs) {
    const entry = registry().get(job.topic);
    if (entry?.kind === "batch") {
      batches.set(job.topic, [...(batches.get(job.topic) ?? []), job]);
      continue;
    }
    let error: unknown = undefined;
    try {
      if (!entry) throw new Error(`No handler for topic ${job.topic}`);
      await entry.handler(db, job.payload, job);
    } catch (e) {
      error = e ?? new Error("Job failed");
    }
    await settle(db, job, error, entry?.retry ?? DEFAULT_RETRY);
  }
  for (const [topic, group] of batches) {
    const entry = registry().get(topic) as Extract<Entry, { kind: "batch" }>;
    // The rest of the topic's due jobs join this batch.
    if (group.length < entry.maxBatch) {
      const more = await claim(db, workerId, entry.maxBatch - group.length, [topic]);
      group.push(...more);
      ran += more.length;
    }
    let outcome: BatchOutcome;
    try {
      outcome = await entry.handler(db, group);
    } catch (error) {
      outcome = new Map(group.map((j) => [j.id, error ?? new Error("Batch failed")]));
    }
    for (const job of group) await settle(db, job, outcome.get(job.id), entry.retry);
  }
  return ran;
}

/**
 * Run the job enqueued under `dedupeKey` now, in this process, instead of waiting for a worker's
 * next poll: a request that just committed a durable step runs its first attempt at once, so the
 * page it answers with shows the outcome. A failure is settled as any other (retried with backoff
 * by the worker). Returns false when the job was not pending (a worker has it, or it is done).
 */
export async function runJobNow(db: Db, dedupeKey: string): Promise<boolean> {
  const job = await claimByKey(db, `now-${process.pid}`, dedupeKey);
  if (!job) return false;
  const entry = registry().get(job.topic);
  let error: unknown = undefined;
  try {
    if (!entry || entry.kind !== "single") throw new Error(`No handler for topic ${job.topic}`);
    await entry.handler(db, job.payload, job);
  } catch (e) {
    error = e ?? new Error("Job failed");
  }
  await settle(db, job, error, entry?.retry ?? DEFAULT_RETRY);
  return error === undefined;
}

/** Run every due job until none is left (tests and CLI). */
export async function drain(db: Db, maxRounds = 100): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxRounds; i++) {
    const n = await runDueJobs(db, "drain", 50);
    total += n;
    if (n === 0) break;
  }
  return total;
}

export interface WorkerHandle {
  stop(): Promise<void>;
}

/** Poll the outbox until stopped. */
export function startWorker(db: Db, options: { intervalMs?: number } = {}): WorkerHandle {
  const workerId = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  const interval = options.intervalMs ?? 1000;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let ticks = 0;
  const tick = () => {
    if (stopped) return;
    running = (async () => {
      try {
        if (ticks++ % 60 === 0) await releaseStale(db);
        while (!stopped && (await runDueJobs(db, workerId)) > 0) {
          /* keep going while there is work */
        }
      } catch (error) {
        logger().error({ err: error }, "outbox worker tick failed");
      }
    })();
    void running.then(() => {
      if (!stopped) timer = setTimeout(tick, interval);
    });
  };
  timer = setTimeout(tick, 10);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
