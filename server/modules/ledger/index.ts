// Public API of the ledger module: double-entry journals for orders, the parties' shares and
// balances (ADR 0012). Use the module only through this file (browser code: `types.ts`).
export * from "./types.ts";
export { computeOrderShares, LedgerError } from "./shares.ts";
export {
  assertBalanced,
  postOrderPaid,
  postOrderRefund,
  postRefundPaidOut,
  postLatePayment,
  postGroupDelivered,
  postReprint,
  orderJournals,
  partyBalance,
  lineEarnings,
  fulfillerEarnings,
  orderBreakdown,
  trialBalance,
} from "./service.ts";
export { partyDailyShares, payableSchedule, partyLineEntriesSql, type LedgerParty } from "./analytics.ts";
