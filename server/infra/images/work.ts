import { availableParallelism } from "node:os";
import pLimit, { type LimitFunction } from "p-limit";
import { env } from "../../config/env.ts";
import { AppError } from "../../contracts/errors.ts";
import { configureSharp } from "./sharp.ts";

/**
 * Pixel work (decoding uploads, mockups, print files, hashes) runs through one queue per process,
 * so a burst of uploads cannot take every core and libuv thread from page rendering:
 * - at most `concurrency` jobs decode at once (default: the number of cores, kept below libuv's
 *   thread pool so file and network work always has a thread left);
 * - each job gets `sharp.concurrency(threads)` libvips threads (default: 1), so the jobs together
 *   use about `concurrency` threads;
 * - at most `queueMax` jobs wait (default: 4 per running job); one more is refused at once with
 *   503 "busy, try again" instead of piling up memory and latency.
 */
export interface ImageWorkOptions {
  concurrency: number;
  queueMax: number;
  /** libvips threads per job (`sharp.concurrency`). */
  threads: number;
}

/** Thrown when the image queue is full: answered as 503, the form shows it next to the file field. */
export class ImageBusyError extends AppError {
  constructor(field?: string) {
    // AppError's status type stops at 4xx; this refusal is the server's, not the request's, so 503.
    super("images-busy", "We are busy processing other images right now. Please try again in a minute.", 503, field);
  }
}

/** Defaults, then IMAGE_CONCURRENCY / IMAGE_QUEUE_MAX from the environment. */
export function defaultImageWorkOptions(): ImageWorkOptions {
  const cores = Math.max(1, availableParallelism());
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  const concurrency = env().IMAGE_CONCURRENCY ?? Math.max(1, Math.min(cores, pool - 1));
  return { concurrency, queueMax: env().IMAGE_QUEUE_MAX ?? concurrency * 4, threads: 1 };
}

let options: ImageWorkOptions | undefined;
let limit: LimitFunction = pLimit(1);

function current(): ImageWorkOptions {
  return options ?? configureImageWork({});
}

/** Set the limits (the first image job reads them from the environment; tests set small ones). */
export function configureImageWork(next: Partial<ImageWorkOptions>): ImageWorkOptions {
  options = { ...(options ?? defaultImageWorkOptions()), ...next };
  limit = pLimit(Math.max(1, options.concurrency));
  // sharp is loaded on first use (sharp.ts): its thread count and small cache apply when it loads.
  configureSharp({ threads: options.threads });
  return options;
}

/** Jobs running and waiting now (for tests and the health of the process). */
export function imageWorkStats(): { active: number; pending: number } & ImageWorkOptions {
  return { active: limit.activeCount, pending: limit.pendingCount, ...current() };
}

/**
 * Run `job` when a slot is free, or throw ImageBusyError (503, on `field`) at once when
 * `queueMax` jobs are already waiting. Never call it from inside a job (it would wait on itself).
 */
export function runImageWork<T>(job: () => Promise<T>, field?: string): Promise<T> {
  const o = current();
  if (limit.activeCount >= o.concurrency && limit.pendingCount >= o.queueMax) return Promise.reject(new ImageBusyError(field));
  return limit(job);
}
