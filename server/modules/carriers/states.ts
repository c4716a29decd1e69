// Lifecycle of a carrier account: its print shop deactivates it (no quotes, no new labels) and may
// activate it again. Each move is checked, written and recorded in one call.
import { defineStateMachine } from "../../kernel/index.ts";
import { carrierAccounts } from "./schema.ts";
import type { CarrierAccountStatus } from "./types.ts";

export const carrierAccountStates = defineStateMachine<CarrierAccountStatus, typeof carrierAccounts>({
  entity: "carrier",
  transitions: { active: ["inactive"], inactive: ["active"] },
  table: carrierAccounts,
  id: carrierAccounts.id,
  state: carrierAccounts.status,
});
