// Public API of the production module: the print shop's floor (ADR 0018). Use it only through
// this file (browser code: `types.ts`).
export * from "./types.ts";
export {
  listFloor,
  floorLineLabels,
  floorStates,
  floorSummary,
  acceptLines,
  rejectLine,
  createBatch,
  parseBatchFilter,
  listBatches,
  getBatch,
  cancelBatch,
  refreshBatch,
  scanLine,
  markLinesPacked,
  followClosedOrder,
  getReleaseSettings,
  saveReleaseSettings,
  releaseAtCutoffHandler,
  pickListData,
  printSheetData,
  batchDocument,
  RELEASE_AT_CUTOFF_TOPIC,
  type FloorLine,
  type FloorLineLabel,
  type FloorState,
  type BatchView,
  type ScanResult,
} from "./service.ts";
export { dueAt, nextCutoff, localDate } from "./due.ts";
export { lineDueAtSql } from "./analytics.ts";
export { lineMachine, batchMachine, LINE_TRANSITIONS, BATCH_TRANSITIONS, batchStatusOf } from "./states.ts";
