// The shopping module's writing state machines (ADR 0010): each move is checked against its
// table, written and recorded (who, when, why) in one transaction.
import { defineStateMachine, defineTransitions } from "../../kernel/index.ts";
import { productRequests } from "./schema.ts";
import type { RequestStatus } from "./types.ts";

/** A product request: open until a partner answers; more answers may follow; closed by its author or an admin; reopened by an admin. */
export const requestTransitions = defineTransitions<RequestStatus>("product request", {
  open: ["answered", "closed"],
  answered: ["answered", "closed"],
  closed: ["open"],
});

export const productRequestMachine = defineStateMachine<RequestStatus, typeof productRequests>({
  entity: requestTransitions.entity,
  transitions: requestTransitions.table,
  table: productRequests,
  id: productRequests.id,
  state: productRequests.status,
});
