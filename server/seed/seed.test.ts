import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db.ts";
import { jobListings, users } from "../infra/db/schema.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { seedDemo } from "./index.ts";

const t = useTestDatabase();

describe("demo data", () => {
  it("seeds the four demo accounts and the rest once; a second run adds nothing", async () => {
    const first = await seedDemo(t.db);
    expect(first["demo accounts"]).toBe(4);
    const [u1] = await t.db.select({ n: count() }).from(users);
    const [j1] = await t.db.select({ n: count() }).from(jobListings);
    expect(u1!.n).toBe(DEMO_ACCOUNTS.length);
    expect(j1!.n).toBeGreaterThan(0);

    const second = await seedDemo(t.db);
    expect(Object.values(second).every((n) => n === 0)).toBe(true);
    const [u2] = await t.db.select({ n: count() }).from(users);
    const [j2] = await t.db.select({ n: count() }).from(jobListings);
    expect(u2!.n).toBe(u1!.n);
    expect(j2!.n).toBe(j1!.n);
  });
});
