// Demo shopping activity: wishes, product views, a cart line and product requests, so trending,
// "for you", co-wished and the admin's most-wished lists are not empty on first start. Idempotent.
import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import type { Db } from "../infra/db/index.ts";
import { newId } from "../infra/db/index.ts";
import { products, productVariants } from "../modules/catalog/schema.ts";
import { users } from "../modules/identity/schema.ts";
import { cartItems, productRequestAnswers, productRequests, productViews, wishes } from "../modules/shopping/schema.ts";
import { stores } from "../modules/stores/schema.ts";

const DAY = 86_400_000;
const SHOPPER = "shopper@demo.platen.test";
const WISHERS = [
  "admin@demo.platen.test",
  "partner@demo.platen.test",
  "fulfiller@demo.platen.test",
  "mara@demo.platen.test",
  "kenji@demo.platen.test",
  "lumen@demo.platen.test",
  "fernwood@demo.platen.test",
];

/** A small deterministic PRNG, so every fresh start gets the same demo activity. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedDemoShopping(db: Db): Promise<number> {
  const published = await db
    .select({ id: products.id, storeId: products.storeId, category: products.category, title: products.title })
    .from(products)
    .where(eq(products.status, "published"))
    .orderBy(asc(products.publishedAt), asc(products.id));
  if (published.length < 10) return 0;
  const people = await db
    .select({ id: users.id, email: users.emailNormalized })
    .from(users)
    .where(inArray(users.emailNormalized, [SHOPPER, ...WISHERS]));
  const idOf = new Map(people.map((p) => [p.email, p.id]));
  const shopperId = idOf.get(SHOPPER);
  if (!shopperId) return 0;
  const now = Date.now();
  const rand = rng(20260301);
  let written = 0;

  // ---- wishes: the demo shopper likes hoodies and one store; partners wish across the catalogue.
  const existingWishes = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(wishes)
    .where(eq(wishes.userId, shopperId));
  if (Number(existingWishes[0]?.n ?? 0) === 0) {
    const hoodies = published.filter((p) => p.category === "hoodies").slice(0, 2);
    const mugs = published.filter((p) => p.category === "mugs").slice(0, 1);
    const rows: (typeof wishes.$inferInsert)[] = [...hoodies, ...mugs].map((p, i) => ({
      userId: shopperId,
      productId: p.id,
      createdAt: new Date(now - (i + 1) * DAY),
    }));
    // A few "hits" many people wished, and a spread of others (co-wished pairs appear naturally).
    const hits = [published[3]!, published[11]!, published[20 % published.length]!];
    for (const [wi, email] of WISHERS.entries()) {
      const uid = idOf.get(email);
      if (!uid) continue;
      const chosen = new Set<string>(hits.slice(0, 1 + (wi % 3)).map((p) => p.id));
      while (chosen.size < 5) chosen.add(published[Math.floor(rand() * published.length)]!.id);
      for (const pid of chosen) rows.push({ userId: uid, productId: pid, createdAt: new Date(now - Math.floor(rand() * 12 * DAY)) });
    }
    const inserted = await db.insert(wishes).values(rows).onConflictDoNothing().returning({ p: wishes.productId });
    written += inserted.length;
  }

  // ---- product views of the last 12 days from demo visitors (skewed towards a few products).
  const [seen] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productViews)
    .where(like(productViews.viewerKey, "v:demo-%"));
  if (Number(seen?.n ?? 0) === 0) {
    const rows: (typeof productViews.$inferInsert)[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < 320; i++) {
      const skew = Math.floor(Math.pow(rand(), 2.2) * published.length);
      const product = published[skew]!;
      const at = new Date(now - Math.floor(rand() * 12 * DAY));
      const viewer = `v:demo-${Math.floor(rand() * 90)}`;
      const day = at.toISOString().slice(0, 10);
      const k = `${product.id}|${viewer}|${day}`;
      if (keys.has(k)) continue;
      keys.add(k);
      rows.push({ productId: product.id, viewerKey: viewer, day, viewedAt: at });
    }
    // The demo shopper looked at a few t-shirts.
    for (const [i, p] of published
      .filter((x) => x.category === "t-shirts")
      .slice(0, 3)
      .entries()) {
      const at = new Date(now - (i + 2) * DAY);
      rows.push({ productId: p.id, viewerKey: `u:${shopperId}`, userId: shopperId, day: at.toISOString().slice(0, 10), viewedAt: at });
    }
    const inserted = await db.insert(productViews).values(rows).onConflictDoNothing().returning({ p: productViews.productId });
    written += inserted.length;
  }

  // ---- a cart line on the demo shopper's account (the merge on sign-in shows both).
  const [cartRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, shopperId));
  if (Number(cartRow?.n ?? 0) === 0) {
    const mug = published.find((p) => p.category === "mugs") ?? published[0]!;
    const [variant] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.productId, mug.id), eq(productVariants.enabled, true)))
      .orderBy(asc(productVariants.id))
      .limit(1);
    if (variant) {
      await db.insert(cartItems).values({ userId: shopperId, productId: mug.id, variantId: variant.id, quantity: 1 }).onConflictDoNothing();
      written++;
    }
  }

  // ---- product requests: two open, one answered by @inkwell.
  const [reqRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productRequests)
    .where(eq(productRequests.userId, shopperId));
  if (Number(reqRow?.n ?? 0) === 0) {
    const [inkwell] = await db
      .select({ id: stores.id, owner: stores.ownerUserId })
      .from(stores)
      .where(eq(stores.handle, "inkwell"))
      .limit(1);
    const answerWith = inkwell
      ? (published.find((p) => p.storeId === inkwell.id && p.category === "posters") ?? published.find((p) => p.storeId === inkwell.id))
      : undefined;
    const answered = newId("preq");
    await db.insert(productRequests).values([
      {
        id: newId("preq"),
        userId: shopperId,
        idea: "A tote bag with a hand-drawn map of my favourite hiking trails in the Cascades, in muted greens.",
        category: "tote-bags",
        budgetMinor: 3000,
        createdAt: new Date(now - 2 * DAY),
      },
      {
        id: newId("preq"),
        userId: shopperId,
        idea: "A phone case with a minimalist line drawing of a sleeping cat, black on cream.",
        category: "phone-cases",
        budgetMinor: null,
        createdAt: new Date(now - 1 * DAY),
      },
      {
        id: answered,
        userId: shopperId,
        idea: "A poster of a lighthouse at night for my kid's room, calm colours, nothing scary.",
        category: "posters",
        budgetMinor: 4000,
        status: answerWith ? "answered" : "open",
        createdAt: new Date(now - 6 * DAY),
      },
    ]);
    written += 3;
    if (inkwell && answerWith) {
      await db.insert(productRequestAnswers).values({
        id: newId("pra"),
        requestId: answered,
        storeId: inkwell.id,
        productId: answerWith.id,
        message: "Our lighthouse poster uses calm night blues, nothing scary. Happy to adjust the colours if you like!",
        answeredBy: inkwell.owner,
        createdAt: new Date(now - 5 * DAY),
      });
      written++;
    }
  }
  return written;
}
