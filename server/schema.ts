// The one PostgreSQL schema of Platen: every module's tables, listed for drizzle-kit (migrations)
// and test set-up. It sits in the composition root, beside what it wires: no code imports it
// (`npm run lint` checks), a module imports its own schema.ts, and the database handle (`Db`)
// knows no tables.
export * from "./modules/identity/schema.ts";
export * from "./modules/platform/schema.ts";
export * from "./modules/notifications/schema.ts";
export * from "./modules/support/schema.ts";
export * from "./modules/careers/schema.ts";
export * from "./jobs/schema.ts";
export * from "./modules/stores/schema.ts";
export * from "./modules/fulfillment/schema.ts";
export * from "./modules/catalog/schema.ts";
export * from "./modules/search/schema.ts";
export * from "./modules/shopping/schema.ts";
export * from "./kernel/schema.ts";
export * from "./modules/orders/schema.ts";
export * from "./modules/payments/schema.ts";
export * from "./modules/ledger/schema.ts";
export * from "./seed/schema.ts";
export * from "./modules/production/schema.ts";
export * from "./modules/carriers/schema.ts";
export * from "./modules/shipping/schema.ts";
export * from "./modules/cases/schema.ts";
