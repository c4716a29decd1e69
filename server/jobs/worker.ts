import { randomUUID } from "node:crypto";
import type { Db } from "../infra/db/index.ts";
import { logger } from "../infra/logger/index.ts";
import { claim, complete, fail, releaseStale, type OutboxJob } from "./outbox.ts";

/** A handler must be idempotent: a job can run more than once (crash after work, before complete). */
export type JobHandler = (db: Db, payload: Record<string, unknown>, job: OutboxJob) => Promise<void>;

const KEY = Symbol.for("platen.jobHandlers");
type G = typeof globalThis & { [KEY]?: Map<string, JobHandler> };
function registry(): Map<string, JobHandler> {
  const g = globalThis as G;
  g[KEY] ??= new Map();
  return g[KEY];
}

export function registerHandler(topic: string, handler: JobHandler): void {
  registry().set(topic, handler);
}

export function registeredTopics(): string[] {
  return [...registry().keys()];
}

/** Claim and run one batch of due jobs. Returns how many ran. */
export async function runDueJobs(db: Db, workerId = `worker-${process.pid}`, limit = 10): Promise<number> {
  const topics = registeredTopics();
  if (topics.length === 0) return 0;
  const jobs = await claim(db, workerId, limit, topics);
  for (const job of jobs) {
    const handler = registry().get(job.topic);
    try {
      if (!handler) throw new Error(`No handler for topic ${job.topic}`);
      await handler(db, job.payload, job);
      await complete(db, job.id);
    } catch (error) {
      const outcome = await fail(db, job, error);
      logger().warn({ jobId: job.id, topic: job.topic, attempts: job.attempts, outcome, err: error }, "outbox job failed");
    }
  }
  return jobs.length;
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
