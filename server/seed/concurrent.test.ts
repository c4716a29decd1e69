import path from "node:path";
import { count, countDistinct } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngine } from "../../tests/support/db.ts";
import { openDatabase, type Database } from "../infra/db/index.ts";
import { blanks, blankVariants, jobListings, stores, users } from "../schema.ts";
import { LocalStorage, setStorage } from "../infra/storage/index.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { DEMO_JOBS } from "./jobs.ts";
import { DEMO_STORE_ACCOUNTS, DEMO_STORES } from "./stores.ts";
import { DEMO_STEPS, seedDemoSerialised, seedStepsKey } from "./index.ts";

// Two processes starting at once on one fresh database: each has its own connection pool (a
// second `openDatabase` on the same PostgreSQL database). On PGlite only one process can open a
// data directory, so both "processes" share the one handle.
let first: Database;
let second: Database;

beforeAll(async () => {
  setStorage(new LocalStorage(path.resolve("tmp/test-seed-files")));
  first = await createTestDatabase();
  if (testEngine() === "postgres") {
    const url = (first.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    second = await openDatabase({ databaseUrl: url, poolSize: 4 });
  } else second = first;
});

afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
  setStorage(undefined);
});

// Everything but the products (their mockups take a minute; seed.test.ts covers them) and the
// shopping activity that needs them.
const STEPS = DEMO_STEPS.filter((s) => s.name !== "products" && s.name !== "shopping activity");

describe("seeding from two processes at once", () => {
  it("neither crashes and every demo row exists once", { timeout: 120_000 }, async () => {
    const [a, b] = await Promise.all([seedDemoSerialised(first, STEPS), seedDemoSerialised(second, STEPS)]);
    // One of them did the work, the other found nothing to add.
    const totals = [a, b].map((summary) => Object.values(summary).reduce((n, v) => n + v, 0));
    expect(totals.filter((n) => n === 0)).toHaveLength(1);

    const db = first.db;
    const [u] = await db.select({ n: count(), emails: countDistinct(users.emailNormalized) }).from(users);
    expect(u).toEqual({ n: DEMO_ACCOUNTS.length + DEMO_STORE_ACCOUNTS.length, emails: DEMO_ACCOUNTS.length + DEMO_STORE_ACCOUNTS.length });
    const [j] = await db.select({ n: count(), titles: countDistinct(jobListings.title) }).from(jobListings);
    expect(j).toEqual({ n: DEMO_JOBS.length, titles: DEMO_JOBS.length });
    const [s] = await db.select({ n: count() }).from(stores);
    expect(s!.n).toBe(DEMO_STORES.length);
    const [bl] = await db.select({ n: count(), names: countDistinct(blanks.name) }).from(blanks);
    expect(bl!.n).toBe(bl!.names);
    const [v] = await db.select({ n: count(), skus: countDistinct(blankVariants.sku) }).from(blankVariants);
    expect(v!.n).toBeGreaterThan(0);
    expect(v!.n).toBe(v!.skus);
  });
});

describe("a later start", () => {
  it("finds the finished seed recorded and runs no step; a new step or `force` runs them again", async () => {
    let runs = 0;
    const counting = [{ name: "counted", run: async () => ++runs }];
    expect(await seedDemoSerialised(first, counting)).toEqual({ counted: 1 });
    // Every later start (from either process) skips the steps' checks.
    expect(await seedDemoSerialised(second, counting)).toEqual({ counted: 0 });
    expect(await seedDemoSerialised(first, counting)).toEqual({ counted: 0 });
    expect(runs).toBe(1);
    // A set with a new step is another seed: every step of it runs (each adds only what is missing).
    const more = [...counting, { name: "another", run: async () => 0 }];
    expect(await seedDemoSerialised(first, more)).toEqual({ counted: 2, another: 0 });
    // `npm run db:seed` forces the steps.
    expect(await seedDemoSerialised(first, counting, { force: true })).toEqual({ counted: 3 });
    expect(seedStepsKey(counting)).not.toBe(seedStepsKey(more));
  });
});
