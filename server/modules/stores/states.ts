// The stores module's lifecycles, each a state machine that writes: one call checks the move
// against the table, writes the new state (compare-and-set) and records who, when and why in the
// kernel's `state_changes` table, in the caller's transaction.
import { defineStateMachine } from "../../kernel/state-machine.ts";
import { partnerApplications, storeMembers, stores } from "./schema.ts";
import type { PartnerApplicationStatus, StoreMemberStatus, StoreStatus } from "./types.ts";

/** A partner application: decided once, approved (a store opens) or rejected. */
export const applicationMachine = defineStateMachine<PartnerApplicationStatus, typeof partnerApplications>({
  entity: "partner application",
  transitions: { pending: ["approved", "rejected"], approved: [], rejected: [] },
  table: partnerApplications,
  id: partnerApplications.id,
  state: partnerApplications.status,
});

/** A store: an admin suspends it (its products leave the storefront) and reinstates it. */
export const storeMachine = defineStateMachine<StoreStatus, typeof stores>({
  entity: "store",
  transitions: { active: ["suspended"], suspended: ["active"] },
  table: stores,
  id: stores.id,
  state: stores.status,
});

/**
 * A team member: invited by e-mail, active once the invitation is accepted, removed (or the
 * invitation withdrawn); a removed member may be invited again (the same row).
 */
export const memberMachine = defineStateMachine<StoreMemberStatus, typeof storeMembers>({
  entity: "team member",
  transitions: { invited: ["active", "removed"], active: ["removed"], removed: ["invited"] },
  table: storeMembers,
  id: storeMembers.id,
  state: storeMembers.status,
});
