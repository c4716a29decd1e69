// Lifecycles of the fulfillment module: each move is checked, written and recorded in one call.
import { defineStateMachine } from "../../kernel/index.ts";
import { blanks, fulfillerApplications, fulfillers } from "./schema.ts";
import type { BlankStatus, FulfillerApplicationStatus, FulfillerStatus } from "./types.ts";

/**
 * A fulfillment business: admins suspend it (no new lines are routed to it, its blanks leave the
 * designer, its open lines are held: `fulfillment.fulfiller_suspended`) and reinstate it.
 */
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

/** A partner's application to print: an admin approves it (a print shop opens) or rejects it; both are final. */
export const fulfillerApplicationStates = defineStateMachine<FulfillerApplicationStatus, typeof fulfillerApplications>({
  entity: "print shop application",
  transitions: { pending: ["approved", "rejected"], approved: [], rejected: [] },
  table: fulfillerApplications,
  id: fulfillerApplications.id,
  state: fulfillerApplications.status,
});
