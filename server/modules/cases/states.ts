// A case's transition table (issue 23 §3): every move goes through the kernel's state machine, which
// checks it, writes it and records who, when and why (the case's history).
import { defineStateMachine } from "../../kernel/state-machine.ts";
import { cases } from "./schema.ts";
import type { CaseStatus } from "./types.ts";

/**
 * `open` is Platen's turn. Platen asks the print shop or the shopper (waiting on either, and from
 * one to the other); the party waited on answers and the case is Platen's turn again. Platen
 * resolves it from any of these (a reprint, a refund or a rejection, with a fault code), then
 * closes it. A closed case stays closed.
 */
export const CASE_TRANSITIONS = {
  open: ["waiting_on_print_shop", "waiting_on_shopper", "resolved"],
  waiting_on_print_shop: ["open", "waiting_on_shopper", "resolved"],
  waiting_on_shopper: ["open", "waiting_on_print_shop", "resolved"],
  resolved: ["closed"],
  closed: [],
} as const satisfies { readonly [K in CaseStatus]: readonly CaseStatus[] };

export const caseMachine = defineStateMachine<CaseStatus, typeof cases>({
  entity: "case",
  transitions: CASE_TRANSITIONS,
  table: cases,
  id: cases.id,
  state: cases.status,
});
