import { and, asc, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { newId, transaction, type Db } from "../infra/db/index.ts";
import type { Actor, Ctx } from "./context.ts";
import { actorUserId } from "./context.ts";
import { AppError } from "./errors.ts";
import { stateChanges } from "./schema.ts";
import { defineTransitions, type Transitions } from "./transitions.ts";

export { defineTransitions, type Transitions } from "./transitions.ts";

/** One recorded move of an entity. */
export interface StateChange<S extends string = string> {
  entity: string;
  entityId: string;
  from: S;
  to: S;
  actor: Actor;
  reason: string;
  at: Date;
}

/** A state machine over one table: `transition` checks the move, writes it and records it. */
export interface StateMachineSpec<S extends string, T extends PgTable> {
  /** Singular, lower case, as messages show it ("store", "team member"). */
  entity: string;
  transitions: Transitions<S>;
  table: T;
  /** The primary key column and the state column of `table`. */
  id: PgColumn;
  state: PgColumn;
  /**
   * Where the move is recorded. Default: the kernel's `state_changes` table. A module with a
   * history table of its own passes a function that inserts into it (same transaction).
   */
  record?: (db: Db, change: StateChange<S>) => Promise<void>;
}

export interface TransitionOptions<S extends string, Row> {
  /** Why (shown in the timeline; e.g. a suspension reason). */
  reason?: string;
  /** Other columns to write with the new state (computed from the current row if a function). */
  set?: Record<string, unknown> | ((row: Row, from: S) => Record<string, unknown>);
  /** Refuse unless the entity is in one of these states now (e.g. the state the page showed). */
  expectFrom?: S | readonly S[];
  /** Extra condition on the row (e.g. tenancy: `eq(stores.ownerUserId, userId)`). */
  where?: SQL;
}

export interface TransitionResult<S extends string, Row> {
  row: Row;
  from: S;
  to: S;
  at: Date;
}

/**
 * Define a state machine that writes: one call locks the row, checks the move against the
 * transition table, writes the new state (and `set` columns) and appends a history row (who,
 * when, why), all in one transaction (the caller's, when `ctx.db` is one). An illegal move is an
 * `IllegalTransitionError` (409); a missing row a 404.
 */
export function defineStateMachine<S extends string, T extends PgTable>(spec: StateMachineSpec<S, T>) {
  type Row = T["$inferSelect"];
  const table = defineTransitions<S>(spec.entity, spec.transitions);
  const stateKey = keyOf(spec);
  const record =
    spec.record ??
    (async (db: Db, c: StateChange<S>) => {
      await db.insert(stateChanges).values({
        id: newId("stc"),
        entity: c.entity,
        entityId: c.entityId,
        fromState: c.from,
        toState: c.to,
        actorKind: c.actor.kind,
        actorUserId: actorUserId(c.actor),
        reason: c.reason,
        at: c.at,
      });
    });

  async function transition(ctx: Pick<Ctx, "db" | "actor" | "clock">, id: string, to: S, options: TransitionOptions<S, Row> = {}) {
    return transaction(
      ctx.db,
      async (tx): Promise<TransitionResult<S, Row>> => {
        const condition = options.where ? and(eq(spec.id, id), options.where) : eq(spec.id, id);
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- drizzle's generic table types
        const [current] = (await (tx as any).select().from(spec.table).where(condition).for("update").limit(1)) as Row[];
        if (!current) throw new AppError("not-found", `${capitalise(spec.entity)} was not found.`, 404);
        const from = (current as Record<string, unknown>)[stateKey] as S;
        if (options.expectFrom !== undefined) {
          const allowed = (Array.isArray(options.expectFrom) ? options.expectFrom : [options.expectFrom]) as readonly S[];
          if (!allowed.includes(from))
            throw new AppError("conflict", `This ${spec.entity} was changed meanwhile (it is now "${from}"); reload and try again.`, 409);
        }
        table.assert(from, to);
        const at = ctx.clock.now();
        const extra = typeof options.set === "function" ? options.set(current, from) : (options.set ?? {});
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- drizzle's generic table types
        const [row] = (await (tx as any)
          .update(spec.table)
          .set({ ...extra, [stateKey]: to })
          .where(and(eq(spec.id, id), eq(spec.state, from)))
          .returning()) as Row[];
        if (!row) throw new AppError("conflict", `This ${spec.entity} was changed meanwhile; reload and try again.`, 409);
        await record(tx, { entity: spec.entity, entityId: id, from, to, actor: ctx.actor, reason: options.reason ?? "", at });
        return { row, from, to, at };
      },
      // Inside the caller's transaction, no savepoint: every failure above is either an error
      // before any write or an SQL error, which fails the caller's transaction in any case.
      { join: true },
    );
  }

  return { ...table, transition };
}

/** The property name of the state column in the table's row objects. */
function keyOf(spec: { table: PgTable; state: PgColumn }): string {
  for (const [key, value] of Object.entries(spec.table as unknown as Record<string, unknown>)) if (value === spec.state) return key;
  throw new Error(`The state column ${spec.state.name} is not a column of the given table`);
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** An entity's recorded moves, oldest first (the kernel's `state_changes` table). */
export async function stateHistory(db: Db, entity: string, entityId: string): Promise<StateChange[]> {
  const rows = await db
    .select()
    .from(stateChanges)
    .where(and(eq(stateChanges.entity, entity), eq(stateChanges.entityId, entityId)))
    .orderBy(asc(stateChanges.at), asc(stateChanges.id));
  return rows.map((r) => ({
    entity: r.entity,
    entityId: r.entityId,
    from: r.fromState,
    to: r.toState,
    actor:
      r.actorKind === "user" && r.actorUserId
        ? { kind: "user", userId: r.actorUserId, roles: [] }
        : r.actorKind === "anonymous"
          ? { kind: "anonymous" }
          : { kind: "system", reason: "" },
    reason: r.reason,
    at: r.at,
  }));
}
