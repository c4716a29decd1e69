// Product views feed trending: a visitor id must be one Platen signed, and one address counts only so much.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productViews } from "../../schema.ts";
import { anonymous, type Actor } from "../../kernel/index.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeProducts } from "../../../tests/support/factories.ts";
import {
  clearTrendingCache,
  newViewerId,
  recordProductView,
  trendingProductIds,
  VIEWS_PER_ADDRESS_HOUR,
  VIEWS_PER_ADDRESS_PRODUCT_DAY,
} from "./index.ts";

const t = useTestDatabase();
const forged = () => randomBytes(16).toString("base64url");
const visitor = (ip: string): Actor => anonymous(ip);

// 73 published products of one store, made through the modules' APIs (tests/support/factories.ts).
const ids = new Map<string, string>();
/** The product made for a name of this file ("top", "second", "target", "h0".."h69"). */
const prd = (name: string): string => ids.get(name)!;

beforeAll(async () => {
  const names = ["top", "second", "target", ...Array.from({ length: 70 }, (_, i) => `h${i}`)];
  const { products } = await makeProducts(t.db, names.length, { input: (i) => ({ title: `Views ${names[i]}` }) });
  names.forEach((name, i) => ids.set(name, products[i]!.id));
  // Honest traffic: 12 visitors from 12 addresses looked at prd_top, 8 at prd_second.
  for (let i = 0; i < 12; i++) await recordProductView(t.ctx(visitor(`10.0.0.${i}`)), prd("top"), newViewerId());
  for (let i = 0; i < 8; i++) await recordProductView(t.ctx(visitor(`10.0.1.${i}`)), prd("second"), newViewerId());
});

const trending = async () => {
  clearTrendingCache(t.db);
  return trendingProductIds(t.ctx(anonymous()), 5);
};

describe("product views", () => {
  it("counts a signed visitor id once per product and day, and ignores unsigned or forged ones", async () => {
    const ctx = t.ctx(visitor("10.9.9.9"));
    const id = newViewerId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/); // a cookie value the page can send as is
    expect(await recordProductView(ctx, prd("h1"), id)).toBe(true);
    expect(await recordProductView(ctx, prd("h1"), id)).toBe(false);
    expect(await recordProductView(ctx, prd("h1"), forged())).toBe(false);
    expect(await recordProductView(ctx, prd("h1"), `${id.slice(0, 22)}${forged().slice(0, 22)}`)).toBe(false); // another signature
    expect(await recordProductView(ctx, prd("h1"), "bad key!")).toBe(false);
    expect(await recordProductView(ctx, prd("h1"), null)).toBe(false);
    const rows = await t.db
      .select()
      .from(productViews)
      .where(eq(productViews.productId, prd("h1")));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.viewerKey).not.toContain("10.9.9.9");
  });

  it("400 requests with invented visitor ids do not move a product in trending", async () => {
    const before = await trending();
    expect(before.slice(0, 2)).toEqual([prd("top"), prd("second")]);
    await Promise.all(
      Array.from({ length: 400 }, (_, i) => recordProductView(t.ctx(visitor(`203.0.113.${i % 250}`)), prd("target"), forged())),
    );
    expect(await trending()).toEqual(before);
    expect(
      await t.db
        .select()
        .from(productViews)
        .where(eq(productViews.productId, prd("target"))),
    ).toHaveLength(0);
  });

  it(`one address counts at most ${VIEWS_PER_ADDRESS_PRODUCT_DAY} views of a product a day, even with valid ids`, async () => {
    // An attacker can collect genuinely signed ids (each first visit gets one) and replay them from one address.
    const ids = Array.from({ length: 400 }, () => newViewerId());
    const ctx = t.ctx(visitor("198.51.100.7"));
    const results = await Promise.all(ids.map((id) => recordProductView(ctx, prd("target"), id)));
    expect(results.filter(Boolean)).toHaveLength(VIEWS_PER_ADDRESS_PRODUCT_DAY);
    expect((await trending()).indexOf(prd("target"))).toBeGreaterThan(1);
    // another day is another allowance
    expect(await recordProductView(ctx, prd("target"), ids[0]!, new Date(Date.now() + 86_400_000))).toBe(true);
  });

  it(`one address counts at most ${VIEWS_PER_ADDRESS_HOUR} views an hour across products`, async () => {
    const ctx = t.ctx(visitor("198.51.100.99"));
    const id = newViewerId();
    let counted = 0;
    for (let i = 0; i < 70; i++) if (await recordProductView(ctx, prd(`h${i}`), id)) counted++;
    expect(counted).toBe(VIEWS_PER_ADDRESS_HOUR);
    // other addresses are not affected
    expect(await recordProductView(t.ctx(visitor("198.51.100.100")), prd("h69"), newViewerId())).toBe(true);
  });

  it("signed-in viewers are counted by account, within the same address limits", async () => {
    const ip = "192.0.2.50";
    const users = Array.from({ length: 6 }, (_, i): Actor => ({ kind: "user", userId: `usr_v${i}`, roles: [], ip }));
    const results: boolean[] = [];
    for (const u of users) results.push(await recordProductView(t.ctx(u), prd("second"), null));
    expect(results.filter(Boolean)).toHaveLength(VIEWS_PER_ADDRESS_PRODUCT_DAY);
    const rows = await t.db.select().from(productViews).where(eq(productViews.userId, "usr_v0"));
    expect(rows[0]!.viewerKey).toBe("u:usr_v0");
  });
});
