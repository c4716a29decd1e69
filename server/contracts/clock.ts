// Time as a dependency: services read "now" from the context's clock, so a test can move time.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and moves only when told. */
export interface ManualClock extends Clock {
  set(at: Date | string | number): void;
  advance(ms: number): Date;
}

export function manualClock(start: Date | string | number = "2026-01-01T12:00:00Z"): ManualClock {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set(at) {
      t = new Date(at).getTime();
    },
    advance(ms) {
      t += ms;
      return new Date(t);
    },
  };
}
