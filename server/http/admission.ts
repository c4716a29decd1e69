// Admission control for rendered requests (issue 24, "fair latency under overload"). Without it,
// every request that misses the page cache starts rendering at once: under a load the process
// cannot keep up with, fifty renders share the CPU, each takes fifty times longer, and the event
// loop serves them in no particular order, so some wait ten seconds while others are served in
// milliseconds (ADR 0019). Here at most RENDER_CONCURRENCY renders run at a time (1 on the embedded database,
// 4 on a PostgreSQL server); the others wait in a
// first-come, first-served queue, and a page request that cannot start within RENDER_MAX_WAIT_MS
// is answered at once with 503 and Retry-After (a browser or a load balancer tries again) instead of
// waiting behind work it would only add to. Only page views (GET, HEAD) are gated: form posts and
// uploads (a payment, an order, artwork) pass straight through (server/http/react-router.ts), as do
// cached pages, files and health checks. The gate can also queue `urgent` work ahead of page
// views, never turning it away.

export interface GateOptions {
  /** Renders at a time. */
  concurrency: number;
  /** How long a page view may wait for its turn before it is answered 503. */
  maxWaitMs: number;
  /** Page views waiting at most; one more is answered 503 at once. */
  maxQueue: number;
}

export interface GateStats {
  active: number;
  waiting: number;
  admitted: number;
  shed: number;
}

/** Why a request was not admitted. */
export class Overloaded extends Error {
  constructor(readonly reason: "queue-full" | "waited-too-long" | "gone") {
    super(`not admitted: ${reason}`);
  }
}

interface Waiter {
  admit: () => void;
  refuse: (e: Overloaded) => void;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * A counting gate with a FIFO queue: `enter()` resolves with a release function, or rejects
 * Overloaded. A turn always starts on a later turn of the event loop (setImmediate), never in the
 * same run of promise callbacks: a render on the embedded database is one long chain of promise
 * callbacks, and without that pause Node would parse no other request and fire no timer until the
 * chain ends, so requests would wait unseen in their sockets instead of in this queue, where they
 * are counted, served in order, and turned away when they have waited too long.
 */
export class RenderGate {
  private active = 0;
  private readonly priority: Waiter[] = [];
  private readonly queue: Waiter[] = [];
  private admitted = 0;
  private shed = 0;

  constructor(readonly options: GateOptions) {}

  stats(): GateStats {
    return { active: this.active, waiting: this.priority.length + this.queue.length, admitted: this.admitted, shed: this.shed };
  }

  /**
   * Waits for a turn. `urgent` requests (form posts) go ahead of page views and are never refused
   * for waiting; `signal` (the client went away) takes a waiting request out of the queue.
   */
  enter(opts: { urgent?: boolean; signal?: AbortSignal } = {}): Promise<() => void> {
    if (this.active < this.options.concurrency && !this.priority.length && !this.queue.length) {
      const release = this.take();
      return new Promise((resolve) => setImmediate(resolve, release));
    }
    if (!opts.urgent && this.queue.length >= this.options.maxQueue) {
      this.shed++;
      return Promise.reject(new Overloaded("queue-full"));
    }
    return new Promise((resolve, reject) => {
      const line = opts.urgent ? this.priority : this.queue;
      const leave = () => {
        const i = line.indexOf(waiter);
        if (i >= 0) line.splice(i, 1);
        if (waiter.timer) clearTimeout(waiter.timer);
        opts.signal?.removeEventListener("abort", gone);
      };
      const waiter: Waiter = {
        admit: () => {
          leave();
          const release = this.take();
          setImmediate(resolve, release);
        },
        refuse: (e) => {
          leave();
          this.shed++;
          reject(e);
        },
      };
      const gone = () => waiter.refuse(new Overloaded("gone"));
      if (!opts.urgent) {
        waiter.timer = setTimeout(() => waiter.refuse(new Overloaded("waited-too-long")), this.options.maxWaitMs);
        waiter.timer.unref?.();
      }
      opts.signal?.addEventListener("abort", gone, { once: true });
      line.push(waiter);
    });
  }

  private take(): () => void {
    this.active++;
    this.admitted++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      const next = this.priority[0] ?? this.queue[0];
      if (next && this.active < this.options.concurrency) next.admit();
    };
  }
}

let gate: RenderGate | null = null;

/**
 * The process's gate, from the environment (RENDER_CONCURRENCY, default 1 on the embedded database
 * and 4 on PostgreSQL; RENDER_MAX_WAIT_MS, default 800; RENDER_MAX_QUEUE, default 64).
 */
export function renderGate(): RenderGate {
  const num = (raw: string | undefined, fallback: number) => (raw === undefined || raw === "" ? fallback : Number(raw));
  return (gate ??= new RenderGate({
    // On the embedded database a render never waits for a network: one at a time uses the CPU as
    // well as four do, and four interleaved stretch every one of them (measured: a tail past 2 s
    // under overload at 4, none at 1). A database server's round trips leave room for others.
    concurrency: num(process.env.RENDER_CONCURRENCY, process.env.DATABASE_URL ? 4 : 1),
    maxWaitMs: num(process.env.RENDER_MAX_WAIT_MS, 800),
    maxQueue: num(process.env.RENDER_MAX_QUEUE, 64),
  }));
}

/** For tests: a gate of their own (undefined: the environment's again). */
export function setRenderGate(next: RenderGate | undefined): void {
  gate = next ?? null;
}
