import type { Db } from "../infra/db/index.ts";
import { logger } from "../infra/logger/index.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";
import { seedDemoJobs } from "./jobs.ts";
import { seedDemoBlanks, seedDemoProducts } from "./catalog.ts";
import { seedDemoStores } from "./stores.ts";
import { seedDemoShopping } from "./shopping.ts";

/** A seeding step: idempotent (a second run adds nothing). */
export type SeedStep = { name: string; run: (db: Db) => Promise<number> };

// Each feature adds its demo data here.
export const DEMO_STEPS: SeedStep[] = [
  { name: "demo accounts", run: seedDemoAccounts },
  { name: "job listings", run: seedDemoJobs },
  { name: "fulfiller and blanks", run: seedDemoBlanks },
  { name: "partner stores", run: seedDemoStores },
  { name: "products", run: seedDemoProducts },
  { name: "shopping activity", run: seedDemoShopping },
];

export async function seedDemo(db: Db): Promise<Record<string, number>> {
  const summary: Record<string, number> = {};
  for (const step of DEMO_STEPS) {
    summary[step.name] = await step.run(db);
  }
  logger().info({ seeded: summary }, "demo data checked");
  return summary;
}
