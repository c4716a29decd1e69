// Lifecycles of the fulfillment module: each move is checked, written and recorded in one call.
import { defineStateMachine } from "../../kernel/index.ts";
import { blanks, fulfillers } from "./schema.ts";
import type { BlankStatus, FulfillerStatus } from "./types.ts";

/** A fulfillment business: admins suspend and reinstate it. */
export const fulfillerStates = defineStateMachine<FulfillerStatus, typeof fulfillers>({
  entity: "fulfillment business",
  transitions: { active: ["suspended"], suspended: ["active"] },
  table: fulfillers,
  id: fulfillers.id,
  state: fulfillers.status,
});

/** A blank: its fulfiller retires it (no new products on it) and may offer it again. */
export const blankStates = defineStateMachine<BlankStatus, typeof blanks>({
  entity: "blank",
  transitions: { active: ["retired"], retired: ["active"] },
  table: blanks,
  id: blanks.id,
  state: blanks.status,
});
