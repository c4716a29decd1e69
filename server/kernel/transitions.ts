// Transition tables, pure and browser-safe (forms show the allowed next states). The writing
// state machine (`defineStateMachine`) lives in state-machine.ts and uses the database.
import { IllegalTransitionError } from "./errors.ts";

/** An explicit transition table: state -> states it may move to. */
export type Transitions<S extends string> = { readonly [K in S]: readonly S[] };

/** A transition table with its checks; writes nothing (see `defineStateMachine` for that). */
export function defineTransitions<S extends string>(entity: string, table: Transitions<S>) {
  return {
    entity,
    table,
    can(from: S, to: S): boolean {
      return table[from].includes(to);
    },
    /** Throws a clear error for an illegal move; never a silent write. */
    assert(from: S, to: S): void {
      if (!table[from].includes(to)) throw new IllegalTransitionError(entity, from, to);
    },
    next(from: S): readonly S[] {
      return table[from];
    },
  };
}
