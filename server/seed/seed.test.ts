import path from "node:path";
import { and, count, countDistinct, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { blanks, jobListings, productMockups, products, stores, users } from "../schema.ts";
import { LocalStorage, setStorage, storage } from "../infra/storage/index.ts";
import { CATEGORIES } from "../modules/catalog/types.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { DEMO_STORE_ACCOUNTS } from "./stores.ts";
import { seedDemo } from "./index.ts";

const t = useTestDatabase();

// Mockups are stored under content-hash keys, so a storage directory kept between runs (PGlite, then
// PostgreSQL) renders each image once.
beforeAll(() => setStorage(new LocalStorage(path.resolve("tmp/test-seed-files"))));
afterAll(() => setStorage(undefined));

describe("demo data", () => {
  it("seeds accounts, jobs, blanks, >= 5 stores and >= 80 published products with mockups, once", { timeout: 600_000 }, async () => {
    const first = await seedDemo(t.db);
    expect(first["demo accounts"]).toBe(DEMO_ACCOUNTS.length);
    const [u1] = await t.db.select({ n: count() }).from(users);
    expect(u1!.n).toBe(DEMO_ACCOUNTS.length + DEMO_STORE_ACCOUNTS.length);
    const [j1] = await t.db.select({ n: count() }).from(jobListings);
    expect(j1!.n).toBeGreaterThan(0);

    const [b] = await t.db.select({ n: count(), categories: countDistinct(blanks.category) }).from(blanks);
    expect(b!.n).toBeGreaterThanOrEqual(12);
    expect(b!.categories).toBe(CATEGORIES.length);

    const [s] = await t.db.select({ n: count() }).from(stores).where(eq(stores.status, "active"));
    expect(s!.n).toBeGreaterThanOrEqual(5);

    const published = await t.db
      .select({ id: products.id, category: products.category, storeId: products.storeId })
      .from(products)
      .where(eq(products.status, "published"));
    expect(published.length).toBeGreaterThanOrEqual(80);
    expect(new Set(published.map((p) => p.category)).size).toBe(CATEGORIES.length);
    expect(new Set(published.map((p) => p.storeId)).size).toBeGreaterThanOrEqual(5);

    // Every published product has at least one mockup, and the files exist.
    const [withoutMockup] = await t.db
      .select({ n: count() })
      .from(products)
      .where(
        and(eq(products.status, "published"), sql`not exists (select 1 from ${productMockups} m where m.product_id = ${products.id})`),
      );
    expect(withoutMockup!.n).toBe(0);
    const [mockup] = await t.db.select().from(productMockups).limit(1);
    expect(await storage().exists(`mockups/${mockup!.hash}-320.webp`)).toBe(true);

    const second = await seedDemo(t.db);
    expect(second).toEqual(Object.fromEntries(Object.keys(second).map((k) => [k, 0])));
    const [u2] = await t.db.select({ n: count() }).from(users);
    expect(u2!.n).toBe(u1!.n);
    const [p2] = await t.db.select({ n: count() }).from(products);
    expect(p2!.n).toBeGreaterThanOrEqual(published.length);
  });
});
