// Public API of the cases module: a shopper's report on lines of a shipment, its thread, its
// transition table and its resolution by a reprint, a refund or a rejection with a fault code
// (issue 23 §3, ADR 0018). Use it only through this file (browser code: `types.ts`).
export * from "./types.ts";
export {
  getCase,
  casePhoto,
  listCases,
  countActiveCases,
  countPrintShopCases,
  listPrintShopCases,
  caseHoldsForPrintShop,
  casesOfOrder,
  reportableLines,
  openCase,
  postCaseMessage,
  askCase,
  resolveCase,
  closeCase,
  CASE_PAGE_SIZE,
  type CaseAccess,
  type CaseFilter,
  type OpenCaseInput,
  type ResolveInput,
} from "./service.ts";
export { caseMachine, CASE_TRANSITIONS } from "./states.ts";
