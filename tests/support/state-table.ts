// The table test every writing state machine gets (ADR 0010): for each pair of states, an
// allowed move writes the new state and records who, when and why; any other move is refused
// with IllegalTransitionError (409) and writes nothing.
import { expect } from "vitest";
import { manualClock } from "../../server/contracts/clock.ts";
import { IllegalTransitionError, stateHistory, type Ctx } from "../../server/kernel/index.ts";
import type { Transitions } from "../../server/kernel/transitions.ts";

interface Machine<S extends string> {
  entity: string;
  table: Transitions<S>;
  transition(ctx: Pick<Ctx, "db" | "actor" | "clock">, id: string, to: S, options?: { reason?: string }): Promise<{ from: S; to: S }>;
}

export interface TableTestOptions<S extends string> {
  /** A context on the test database; the helper gives it a manual clock. */
  ctx: Ctx;
  /** Creates a row in state `state` and returns its id. */
  create(state: S): Promise<string>;
  /** The row's state now. */
  read(id: string): Promise<S>;
}

/** Tries every move of `machine`'s table and checks what was written. Returns the number of moves tried. */
export async function checkTransitionTable<S extends string>(machine: Machine<S>, options: TableTestOptions<S>): Promise<number> {
  const states = Object.keys(machine.table) as S[];
  const clock = manualClock("2026-05-04T09:30:00Z");
  const ctx = { ...options.ctx, clock };
  let tried = 0;
  for (const from of states) {
    for (const to of states) {
      tried++;
      const id = await options.create(from);
      const move = `${machine.entity}: ${from} -> ${to}`;
      if (machine.table[from].includes(to)) {
        const result = await machine.transition(ctx, id, to, { reason: `table test ${from}->${to}` });
        expect(result, move).toMatchObject({ from, to });
        expect(await options.read(id), move).toBe(to);
        const history = await stateHistory(ctx.db, machine.entity, id);
        expect(
          history.map((h) => ({ from: h.from, to: h.to, reason: h.reason, at: h.at.toISOString(), actor: h.actor.kind })),
          move,
        ).toEqual([{ from, to, reason: `table test ${from}->${to}`, at: "2026-05-04T09:30:00.000Z", actor: ctx.actor.kind }]);
      } else {
        const error = await machine.transition(ctx, id, to).catch((e: unknown) => e);
        expect(error, move).toBeInstanceOf(IllegalTransitionError);
        expect((error as IllegalTransitionError).status, move).toBe(409);
        expect(await options.read(id), move).toBe(from);
        expect(await stateHistory(ctx.db, machine.entity, id), move).toEqual([]);
      }
    }
  }
  return tried;
}
