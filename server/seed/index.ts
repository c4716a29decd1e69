import type { Database, Db } from "../infra/db/index.ts";
import { logger } from "../infra/logger/index.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";
import { seedDemoJobs } from "./jobs.ts";
import { seedDemoBlanks, seedDemoProducts } from "./catalog.ts";
import { seedDemoStores } from "./stores.ts";
export { DEMO_DISCOUNT_CODE, DEMO_DISCOUNT_STORE_HANDLE } from "./stores.ts";
import { seedDemoShipping } from "./shipping.ts";
export { DEMO_SCARCE_SKU, DEMO_SOLD_OUT_SKU } from "./shipping.ts";
import { seedDemoShopping } from "./shopping.ts";
import { seedDemoOrders } from "./orders.ts";

/** A seeding step: idempotent (a second run adds nothing). */
export type SeedStep = { name: string; run: (db: Db) => Promise<number> };

// Each feature adds its demo data here.
export const DEMO_STEPS: SeedStep[] = [
  { name: "demo accounts", run: seedDemoAccounts },
  { name: "job listings", run: seedDemoJobs },
  { name: "fulfiller and blanks", run: seedDemoBlanks },
  { name: "shipping rates and stock", run: seedDemoShipping },
  { name: "partner stores", run: seedDemoStores },
  { name: "products", run: seedDemoProducts },
  { name: "shopping activity", run: seedDemoShopping },
  { name: "orders", run: seedDemoOrders },
];

export async function seedDemo(db: Db, steps: readonly SeedStep[] = DEMO_STEPS): Promise<Record<string, number>> {
  const summary: Record<string, number> = {};
  for (const step of steps) {
    summary[step.name] = await step.run(db);
  }
  logger().info({ seeded: summary }, "demo data checked");
  return summary;
}

/** The advisory lock id seeding holds (migrations hold 7274736). */
export const SEED_LOCK_ID = 7274737;

/**
 * Seed the demo data once per database however many processes start at the same moment: each
 * takes the seeding lock in turn, and the steps (idempotent) find nothing left to add after the
 * first. Boot and `npm run db:seed` call this; `seedDemo` alone is for a database no one else uses.
 */
export async function seedDemoSerialised(database: Database, steps: readonly SeedStep[] = DEMO_STEPS): Promise<Record<string, number>> {
  return database.withLock(SEED_LOCK_ID, () => seedDemo(database.db, steps));
}
