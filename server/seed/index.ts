import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Db } from "../infra/db/index.ts";
import { logger } from "../infra/logger/index.ts";
import { seedDemoAccounts, seedDemoShopperAddress } from "./demo-accounts.ts";
import { seedDemoJobs } from "./jobs.ts";
import { seedDemoBlanks, seedDemoProducts } from "./catalog.ts";
import { seedDemoStores } from "./stores.ts";
export { DEMO_DISCOUNT_CODE, DEMO_DISCOUNT_STORE_HANDLE } from "./stores.ts";
import { seedDemoShipping } from "./shipping.ts";
import { seedDemoWarehouseDetails, seedDemoWarehouseStock } from "./warehouses.ts";
import { seedDemoCarriers } from "./carriers.ts";
export { DEMO_SCARCE_SKU, DEMO_SOLD_OUT_SKU } from "./shipping.ts";
import { seedDemoShopping } from "./shopping.ts";
import { seedDemoOrders } from "./orders.ts";
import { seedDemoPrintShops } from "./print-shops.ts";
import { seedDemoFloorStaff } from "./floor-staff.ts";
import { seedDemoCases } from "./cases.ts";
import { demoSeedRuns } from "./schema.ts";

/** A seeding step: idempotent (a second run adds nothing). */
export type SeedStep = { name: string; run: (db: Db) => Promise<number> };

// Each feature adds its demo data here.
export const DEMO_STEPS: SeedStep[] = [
  { name: "demo accounts", run: seedDemoAccounts },
  { name: "job listings", run: seedDemoJobs },
  { name: "fulfiller and blanks", run: seedDemoBlanks },
  { name: "shipping rates and stock", run: seedDemoShipping },
  { name: "warehouse addresses and boxes", run: seedDemoWarehouseDetails },
  { name: "carrier rate tables", run: seedDemoCarriers },
  { name: "partner stores", run: seedDemoStores },
  { name: "products", run: seedDemoProducts },
  { name: "shopping activity", run: seedDemoShopping },
  { name: "orders", run: seedDemoOrders },
  { name: "warehouse stock and bins", run: seedDemoWarehouseStock },
  { name: "cases", run: seedDemoCases },
  { name: "print shop applications", run: seedDemoPrintShops },
  { name: "print shop floor staff and a second print shop", run: seedDemoFloorStaff },
  { name: "demo shopper's address", run: seedDemoShopperAddress },
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
 * Bump when a step's data changes without its name changing, so that databases seeded before run
 * the steps again at their next start (the steps are idempotent: they add only what is missing).
 */
export const SEED_DATA_VERSION = 1;

/** The key of a set of steps in `demo_seed_runs`. */
export function seedStepsKey(steps: readonly SeedStep[]): string {
  return createHash("sha256")
    .update(JSON.stringify([SEED_DATA_VERSION, steps.map((s) => s.name)]))
    .digest("hex")
    .slice(0, 32);
}

/**
 * Seed the demo data once per database however many processes start at the same moment: each
 * takes the seeding lock in turn; the first runs the steps and records them in `demo_seed_runs`,
 * the others (and every later start) find the record and add nothing. `force` runs the steps even
 * so (`npm run db:seed`: it puts back demo rows deleted since). Boot and `npm run db:seed` call
 * this; `seedDemo` alone is for a database no one else uses.
 */
export async function seedDemoSerialised(
  database: Database,
  steps: readonly SeedStep[] = DEMO_STEPS,
  options: { force?: boolean } = {},
): Promise<Record<string, number>> {
  const key = seedStepsKey(steps);
  return database.withLock(SEED_LOCK_ID, async () => {
    const db = database.db;
    if (!options.force) {
      const [done] = await db.select({ at: demoSeedRuns.completedAt }).from(demoSeedRuns).where(eq(demoSeedRuns.stepsKey, key));
      if (done) {
        logger().info({ seededAt: done.at }, "demo data present");
        return Object.fromEntries(steps.map((s) => [s.name, 0]));
      }
    }
    const summary = await seedDemo(db, steps);
    await db
      .insert(demoSeedRuns)
      .values({ stepsKey: key, summary })
      .onConflictDoUpdate({ target: demoSeedRuns.stepsKey, set: { summary, completedAt: new Date() } });
    return summary;
  });
}
