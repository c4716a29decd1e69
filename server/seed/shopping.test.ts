import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, productRequestAnswers, productRequests, productViews, wishes } from "../schema.ts";
import { anonymous, createCtx, type Actor } from "../kernel/index.ts";
import { uploadArtwork } from "../modules/catalog/index.ts";
import { forYouProductIds, mostWishedProducts, trendingProductIds } from "../modules/shopping/index.ts";
import { useTestDatabase } from "../../tests/support/db.ts";
import { makeFulfillerWithBlank, makeProduct, makeStore, makeUser, patternPng, type UserActor } from "../../tests/support/factories.ts";
import { seedDemoShopping } from "./shopping.ts";

const t = useTestDatabase();
const NAMES = ["shopper", "admin", "partner", "fulfiller", "mara", "kenji", "lumen", "fernwood"];
const CATS = ["t-shirts", "hoodies", "mugs", "posters", "stickers", "tote-bags", "phone-cases"] as const;

// The demo's people and two of its stores, one blank per category and 21 published products,
// made through the modules' APIs (tests/support/factories.ts); then the shopping seed runs on them.
const people = new Map<string, UserActor>();
let inkwellId = "";

beforeAll(async () => {
  for (const name of NAMES)
    people.set(
      name,
      await makeUser(t.db, { email: `${name}@demo.platen.test`, roles: name === "admin" ? ["admin", "shopper"] : ["shopper"] }),
    );
  const inkwell = await makeStore(t.db, { handle: "inkwell", name: "Inkwell Studio", owner: people.get("partner") });
  const works = await makeStore(t.db, { handle: "print-works-studio", name: "Print Works Studio", owner: people.get("fulfiller") });
  inkwellId = inkwell.store.id;
  const blanks = [];
  for (const c of CATS) blanks.push((await makeFulfillerWithBlank(t.db, { blank: { name: c, category: c } })).blank);
  // One artwork per store, shared by its products (their mockups render once per blank).
  const artworkOf = new Map<string, string>();
  for (const s of [inkwell, works])
    artworkOf.set(
      s.store.id,
      (await uploadArtwork(createCtx(t.db, s.owner), s.store.id, { name: "art.png", bytes: await patternPng(s === inkwell ? 11 : 12) }))
        .artworkId,
    );
  for (let n = 0; n < 21; n++) {
    const store = n % 2 ? inkwell : works;
    await makeProduct(t.db, {
      store,
      blank: blanks[n % 7]!,
      artworkId: artworkOf.get(store.store.id),
      input: { title: `Demo ${CATS[n % 7]} ${n}`, priceMinor: 2000, category: CATS[n % 7]!, colors: ["White"], sizes: ["S"] },
    });
  }
});

describe("seedDemoShopping", () => {
  it("adds wishes, views, a cart line and requests once; a second run adds nothing", async () => {
    const first = await seedDemoShopping(t.db);
    expect(first).toBeGreaterThan(50);
    expect(await seedDemoShopping(t.db)).toBe(0);
    const shopper = people.get("shopper")!.userId;
    expect((await t.db.select().from(wishes).where(eq(wishes.userId, shopper))).length).toBe(3);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, shopper))).toHaveLength(1);
    const requests = await t.db.select().from(productRequests);
    expect(requests.map((r) => r.status).sort()).toEqual(["answered", "open", "open"]);
    const [answer] = await t.db.select().from(productRequestAnswers);
    expect(answer?.storeId).toBe(inkwellId);
    expect((await t.db.select().from(productViews)).length).toBeGreaterThan(50);
  });

  it("makes trending, for-you and most-wished non-empty", async () => {
    const shopper: Actor = people.get("shopper")!;
    const admin: Actor = people.get("admin")!;
    expect((await trendingProductIds(t.ctx(anonymous()), 12)).length).toBe(12);
    expect((await forYouProductIds(t.ctx(shopper), 8)).length).toBe(8);
    const top = await mostWishedProducts(t.ctx(admin), 5);
    expect(top[0]!.wishes).toBeGreaterThanOrEqual(3);
  });
});
