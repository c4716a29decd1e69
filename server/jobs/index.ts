export { enqueue, retryFailed, countByStatus, listFailed, backoffMs, type EnqueueOptions, type OutboxJob } from "./outbox.ts";
export { registerHandler, runDueJobs, drain, startWorker, type JobHandler, type WorkerHandle } from "./worker.ts";
export { publish, subscribe, registerEventDispatch, subscribersOf, EVENT_DISPATCH_TOPIC, type EventHandler } from "./events.ts";
