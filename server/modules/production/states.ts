// The production floor's transition tables (ADR 0018). A line accepted by its print shop is
// printed, then packed; a misprint caught at the press goes back to accepted (print it again), a
// parcel opened again puts its lines back to printed. A rejected line may be accepted after all
// (once Platen has sorted out why). A batch's status follows its lines (`batchStatusOf`).
import { defineStateMachine } from "../../kernel/state-machine.ts";
import { productionBatches, productionLines } from "./schema.ts";
import type { BatchStatus, ProductionLineStatus } from "./types.ts";

export const LINE_TRANSITIONS = {
  accepted: ["printed"],
  printed: ["packed", "accepted"],
  packed: ["printed"],
  rejected: ["accepted"],
} as const satisfies { readonly [K in ProductionLineStatus]: readonly ProductionLineStatus[] };

export const lineMachine = defineStateMachine<ProductionLineStatus, typeof productionLines>({
  entity: "production line",
  transitions: LINE_TRANSITIONS,
  table: productionLines,
  id: productionLines.orderLineId,
  state: productionLines.status,
});

export const BATCH_TRANSITIONS = {
  open: ["printing", "printed", "packed", "cancelled"],
  printing: ["open", "printed", "packed", "cancelled"],
  printed: ["printing", "packed", "open"],
  packed: ["printed", "printing"],
  cancelled: [],
} as const satisfies { readonly [K in BatchStatus]: readonly BatchStatus[] };

export const batchMachine = defineStateMachine<BatchStatus, typeof productionBatches>({
  entity: "batch",
  transitions: BATCH_TRANSITIONS,
  table: productionBatches,
  id: productionBatches.id,
  state: productionBatches.status,
});

/**
 * A batch's status from its live lines (Odoo computes a batch's state from its members): none
 * left → cancelled; all packed → packed; all printed or packed → printed; some printed →
 * printing; else open.
 */
export function batchStatusOf(lines: readonly ProductionLineStatus[]): BatchStatus {
  if (lines.length === 0) return "cancelled";
  if (lines.every((s) => s === "packed")) return "packed";
  if (lines.every((s) => s === "printed" || s === "packed")) return "printed";
  if (lines.some((s) => s === "printed" || s === "packed")) return "printing";
  return "open";
}
