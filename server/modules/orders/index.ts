// Public API of the orders module: checkout, payment, the order's life and its views (ADR 0012).
// Use the module only through this file (browser code: `types.ts`).
export * from "./types.ts";
export * from "./api-draft.ts";
