import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, emailMessages, productRequestAnswers, productRequests, productViews, wishes } from "../../schema.ts";
import { AppError, anonymous, createCtx, stateHistory } from "../../kernel/index.ts";
import { getProductPage, saveProduct, takeDownProduct, type ProductInput } from "../catalog/index.ts";
import { acceptInvitation, inviteMember } from "../stores/index.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
import {
  makeFulfillerWithBlank,
  makeProduct,
  makeStore,
  makeUser,
  uniq,
  variantIdsOf,
  type UserActor,
} from "../../../tests/support/factories.ts";
import { manualClock } from "../../contracts/clock.ts";
import {
  addToCart,
  addWish,
  answerProductRequest,
  closeProductRequest,
  coBoughtProductIds,
  coWishedProductIds,
  createProductRequest,
  forYouProductIds,
  getCart,
  listMyRequests,
  listOpenRequests,
  mergeCart,
  mergeWishes,
  mostWishedProducts,
  newViewerId,
  recordProductView,
  removeFromCart,
  resolveCart,
  setCartQuantity,
  similarProductIds,
  toggleWish,
  trendingProductIds,
  adminListRequests,
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  clearTrendingCache,
  reopenProductRequest,
} from "./index.ts";

const t = useTestDatabase();
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

// Everything below is made through the modules' APIs (tests/support/factories.ts): six people, two
// stores (Alpha Studio with a team member allowed to manage products, Beta Prints), a print shop's
// tee (Black S, M) and mug, and seven products:
//   fox   Alpha  "Red fox in the forest"           S 25.00, M 28.00   tags fox, forest, animals
//   fox2  Alpha  "Red fox in the forest (again)"   S                  tags fox
//   owl   Alpha  "Night owl"                       S (M was offered, then removed by its partner)
//   wave  Beta   "Great wave"                      S                  tags sea
//   mug   Beta   "Forest fox mug" (mugs)           11 oz 16.00        tags fox
//   draft Alpha  "Draft fox"                       never published
//   down  Beta   "Taken down fox"                  taken down by an admin
let shopper: UserActor;
let shopper2: UserActor;
let partnerA: UserActor;
let partnerB: UserActor;
let worker: UserActor & { email: string };
let admin: UserActor;
const P = { fox: "", fox2: "", owl: "", wave: "", mug: "", draft: "", down: "" };
const V = { fs: "", fm: "", os: "", off: "", mug: "", draft: "" };
/** Each product's store and designer input, to save it again. */
const saved = new Map<string, { storeId: string; owner: UserActor; input: ProductInput }>();

async function expectAppError(p: Promise<unknown>, status: number, field?: string) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).status).toBe(status);
  if (field) expect((e as AppError).field).toBe(field);
}

beforeAll(async () => {
  const db = t.db;
  shopper = await makeUser(db, { email: "shopper@example.test", displayName: "Sam" });
  shopper2 = await makeUser(db, { email: "second@example.test", displayName: "Ada" });
  partnerA = await makeUser(db, { email: "pa@example.test", displayName: "Pat" });
  partnerB = await makeUser(db, { email: "pb@example.test", displayName: "Bea" });
  worker = await makeUser(db, { email: "worker@example.test", displayName: "Wes" });
  admin = await makeUser(db, { email: "admin@example.test", displayName: "Ann", roles: ["admin", "shopper"] });
  const alpha = await makeStore(db, { handle: `alpha-${uniq()}`, name: "Alpha Studio", owner: partnerA });
  const beta = await makeStore(db, { handle: `beta-${uniq()}`, name: "Beta Prints", owner: partnerB });
  partnerA = alpha.owner;
  partnerB = beta.owner;
  const { token } = await inviteMember(createCtx(db, partnerA), alpha.store.id, { email: worker.email, permissions: ["products"] });
  await acceptInvitation(createCtx(db, worker), token);

  const tag = uniq().toUpperCase();
  const { blank: tee } = await makeFulfillerWithBlank(db, {
    blank: {
      name: "Tee",
      colors: [{ name: "Black", hex: "#111111", templates: { front: { key: "templates/t/front-black.png" } } }],
      variants: [
        { color: "Black", size: "S", sku: `T-${tag}-S`, baseCostMinor: 900, weightGrams: 150 },
        { color: "Black", size: "M", sku: `T-${tag}-M`, baseCostMinor: 900, weightGrams: 150 },
      ],
    },
  });
  const { blank: mugBlank } = await makeFulfillerWithBlank(db, {
    blank: {
      name: "Mug",
      category: "mugs",
      colors: [{ name: "White", hex: "#ffffff", templates: { front: { key: "templates/t/front-white.png" } } }],
      variants: [{ color: "White", size: "11 oz", sku: `M-${tag}-11`, baseCostMinor: 500, weightGrams: 300 }],
    },
  });
  const make = async (
    key: keyof typeof P,
    store: typeof alpha,
    input: Partial<ProductInput>,
    opts: { blank?: typeof tee; publish?: boolean } = {},
  ) => {
    const made = await makeProduct(db, { store, blank: opts.blank ?? tee, publish: opts.publish, input });
    P[key] = made.product.id;
    saved.set(made.product.id, {
      storeId: store.store.id,
      owner: store.owner,
      input: {
        blankId: made.product.blankId,
        artworkId: made.product.artworkId!,
        title: made.product.title,
        description: made.product.description,
        tags: made.product.tags,
        category: made.product.category,
        priceMinor: made.product.priceMinor,
        colors: input.colors ?? [],
        sizes: input.sizes ?? [],
        placements: made.product.placements as ProductInput["placements"],
        variantPrices: input.variantPrices ?? {},
      },
    });
  };
  const tee1 = { colors: ["Black"], priceMinor: 2500 };
  await make("fox", alpha, {
    ...tee1,
    title: "Red fox in the forest",
    tags: ["fox", "forest", "animals"],
    sizes: ["S", "M"],
    variantPrices: { "Black|M": 2800 },
  });
  await make("fox2", alpha, { ...tee1, title: "Red fox in the forest (again)", tags: ["fox"], sizes: ["S"] });
  await make("owl", alpha, { ...tee1, title: "Night owl", tags: ["owl", "forest", "animals"], sizes: ["S", "M"] });
  await make("wave", beta, { ...tee1, title: "Great wave", tags: ["sea"], sizes: ["S"] });
  await make(
    "mug",
    beta,
    { title: "Forest fox mug", category: "mugs", tags: ["fox"], priceMinor: 1600, colors: ["White"], sizes: ["11 oz"] },
    { blank: mugBlank },
  );
  await make("draft", alpha, { ...tee1, title: "Draft fox", tags: ["fox"], sizes: ["S"] }, { publish: false });
  await make("down", beta, { ...tee1, title: "Taken down fox", tags: ["fox"], sizes: ["S"] });
  await takeDownProduct(createCtx(db, admin), P.down, "A copyright claim from the artist.");

  const one = async (productId: string, color: string, size: string) => (await variantIdsOf(db, productId, [color], [size]))[0]!;
  V.fs = await one(P.fox, "Black", "S");
  V.fm = await one(P.fox, "Black", "M");
  // The owl's partner stops offering size M: a cart line of it now names a variant no longer sold.
  V.off = await one(P.owl, "Black", "M");
  await saveAgain(P.owl, { sizes: ["S"] });
  V.os = await one(P.owl, "Black", "S");
  V.mug = await one(P.mug, "White", "11 oz");
  V.draft = await draftVariant();
});

/** Save a product again as its partner would in the designer, with some fields changed. */
async function saveAgain(productId: string, changes: Partial<ProductInput>): Promise<void> {
  const s = saved.get(productId)!;
  await saveProduct(createCtx(t.db, s.owner), s.storeId, { ...s.input, ...changes }, { productId, printFiles: false });
  saved.set(productId, { ...s, input: { ...s.input, ...changes } });
}

/** The draft's variant (its page is visible to its store's team, not to visitors). */
async function draftVariant(): Promise<string> {
  const page = await getProductPage(createCtx(t.db, partnerA), P.draft);
  return page.variants[0]!.id;
}

describe("cart", () => {
  it("adds, sums the same variant, caps at 10 and prices the lines", async () => {
    const ctx = t.ctx(shopper);
    await addToCart(ctx, { productId: P.fox, variantId: V.fs, quantity: 2 });
    await addToCart(ctx, { productId: P.fox, variantId: V.fm, quantity: "1" });
    let change = await addToCart(ctx, { productId: P.fox, variantId: V.fs, quantity: 3 });
    expect(change.cart.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [V.fs, 5],
      [V.fm, 1],
    ]);
    expect(change.cart.subtotalMinor).toBe(5 * 2500 + 2800);
    expect(change.cart.count).toBe(6);
    expect(change.cart.lines[1]!.variantLabel).toBe("Black / M");
    expect(change.message).toBeUndefined();
    change = await addToCart(ctx, { productId: P.fox, variantId: V.fs, quantity: 9 });
    expect(change.cart.lines[0]!.quantity).toBe(CART_MAX_QUANTITY);
    expect(change.message).toMatch(/at most 10/);
  });

  it("refuses bad input with a field message, never a crash", async () => {
    const ctx = t.ctx(shopper);
    await expectAppError(addToCart(ctx, { productId: P.fox, variantId: V.fs, quantity: 0 }), 422, "quantity");
    await expectAppError(addToCart(ctx, { productId: P.fox, variantId: V.fs, quantity: 11 }), 422, "quantity");
    await expectAppError(addToCart(ctx, { productId: P.fox, variantId: V.fs, quantity: "two" }), 422, "quantity");
    await expectAppError(addToCart(ctx, { productId: P.fox, variantId: "", quantity: 1 }), 422, "variantId");
    await expectAppError(addToCart(ctx, { productId: P.fox, variantId: V.os, quantity: 1 }), 422, "variantId"); // another product's variant
    await expectAppError(addToCart(ctx, { productId: P.owl, variantId: V.off, quantity: 1 }), 422, "variantId"); // no longer offered
    await expectAppError(addToCart(ctx, { productId: P.draft, variantId: V.draft, quantity: 1 }), 422, "variantId"); // not published
    await expectAppError(setCartQuantity(ctx, V.fs, 11), 422, "quantity");
    await expectAppError(setCartQuantity(ctx, "var_nope", 2), 404);
  });

  it("sets quantities, 0 removes, remove removes", async () => {
    const ctx = t.ctx(shopper);
    expect((await setCartQuantity(ctx, V.fs, 3)).cart.lines[0]!.quantity).toBe(3);
    expect((await setCartQuantity(ctx, V.fm, 0)).cart.lines.map((l) => l.variantId)).toEqual([V.fs]);
    expect((await removeFromCart(ctx, V.fs)).cart.lines).toEqual([]);
  });

  it("merges a visitor cart: sums, caps per line, skips unavailable lines, keeps the account's lines", async () => {
    const ctx = t.ctx(shopper2);
    await addToCart(ctx, { productId: P.fox, variantId: V.fs, quantity: 8 });
    await addToCart(ctx, { productId: P.owl, variantId: V.os, quantity: 1 });
    const r = await mergeCart(ctx, [
      { productId: P.fox, variantId: V.fs, quantity: 5 },
      { productId: P.mug, variantId: V.mug, quantity: 2 },
      { productId: P.mug, variantId: V.mug, quantity: 1 },
      { productId: P.draft, variantId: V.draft, quantity: 1 },
      { productId: P.fox, variantId: "var_nope", quantity: 1 },
      "garbage",
      { productId: P.owl, variantId: V.os, quantity: -3 },
    ]);
    expect(r.cart.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [V.fs, 10],
      [V.os, 1],
      [V.mug, 3],
    ]);
    expect(r.message).toMatch(/capped at 10/);
    expect(r.message).toMatch(/2 items were no longer available/);
    await expectAppError(mergeCart(ctx, "nope"), 400, "lines");
  });

  it("caps the cart at 50 lines", async () => {
    const many = await makeUser(t.db);
    const ctx = t.ctx(many);
    await t.db.insert(cartItems).values(
      Array.from({ length: CART_MAX_LINES }, (_, i) => ({
        userId: many.userId,
        productId: P.fox,
        variantId: `var_x${i}`,
        quantity: 1,
      })),
    );
    await expectAppError(addToCart(ctx, { productId: P.fox, variantId: V.fs, quantity: 1 }), 422, "_form");
    const merged = await mergeCart(ctx, [{ productId: P.fox, variantId: V.fs, quantity: 1 }]);
    expect(merged.cart.lines).toHaveLength(CART_MAX_LINES);
    expect(merged.message).toMatch(/did not fit/);
  });

  it("resolves a visitor's lines from localStorage without an account", async () => {
    const view = await resolveCart(t.ctx(anonymous()), [
      { productId: "prd_unknown", variantId: V.mug, quantity: 2 },
      { productId: "prd_unknown", variantId: V.draft, quantity: 1 },
    ]);
    expect(view.lines.map((l) => [l.productId, l.available])).toEqual([
      [P.mug, true],
      [P.draft, false],
    ]);
    expect(view.subtotalMinor).toBe(3200);
    expect(view.lines[0]!.card?.title).toBe("Forest fox mug");
  });
});

describe("wishes", () => {
  it("toggles, refuses unpublished products and merges as a union", async () => {
    const ctx = t.ctx(shopper);
    expect(await toggleWish(ctx, P.fox)).toEqual({ wished: true, productIds: [P.fox] });
    expect((await toggleWish(ctx, P.fox)).wished).toBe(false);
    await addWish(ctx, P.owl);
    await expectAppError(addWish(ctx, P.draft), 404, "productId");
    await expectAppError(addWish(t.ctx(anonymous()), P.fox), 401);
    const merged = await mergeWishes(ctx, [P.owl, P.wave, { productId: P.mug }, P.down, "nonsense id", P.wave]);
    expect(merged.added).toBe(2);
    expect([...merged.productIds].sort()).toEqual([P.mug, P.owl, P.wave].sort());
    // merging again adds nothing
    expect((await mergeWishes(ctx, [P.owl, P.wave])).added).toBe(0);
  });
  it("merged wishes are stamped with the context's clock, the visitor's first wish newest", async () => {
    await t.db.delete(wishes).where(eq(wishes.userId, shopper2.userId));
    const clock = manualClock("2030-02-01T12:00:00Z");
    expect((await mergeWishes(t.ctx(shopper2, { clock }), [P.owl, P.wave])).added).toBe(2);
    const rows = await t.db.select().from(wishes).where(eq(wishes.userId, shopper2.userId));
    expect(Object.fromEntries(rows.map((r) => [r.productId, r.createdAt.toISOString()]))).toEqual({
      [P.owl]: "2030-02-01T12:00:00.000Z",
      [P.wave]: "2030-02-01T11:59:59.999Z",
    });
    await t.db.delete(wishes).where(eq(wishes.userId, shopper2.userId));
  });
});

describe("views and recommendations", () => {
  it("a view is counted again on the context clock's next day", async () => {
    const clock = manualClock("2030-04-01T23:59:00Z");
    const v = t.ctx(anonymous("192.0.2.77"), { clock });
    const visitor = newViewerId();
    expect(await recordProductView(v, P.owl, visitor)).toBe(true);
    expect(await recordProductView(v, P.owl, visitor)).toBe(false);
    clock.advance(2 * 60_000); // past midnight UTC
    expect(await recordProductView(v, P.owl, visitor)).toBe(true);
    const days = await t.db.select({ day: productViews.day }).from(productViews).where(eq(productViews.productId, P.owl));
    expect(days.map((d) => String(d.day))).toEqual(expect.arrayContaining(["2030-04-01", "2030-04-02"]));
    await t.db.delete(productViews).where(eq(productViews.productId, P.owl));
  });

  it("records one view per viewer, product and day", async () => {
    const v = t.ctx(anonymous("192.0.2.1"));
    const visitor = newViewerId();
    expect(await recordProductView(v, P.wave, visitor)).toBe(true);
    expect(await recordProductView(v, P.wave, visitor)).toBe(false);
    expect(await recordProductView(v, P.wave, "bad key!")).toBe(false);
    expect(await recordProductView(v, P.wave, null)).toBe(false);
    expect(await recordProductView(t.ctx(shopper2), P.wave, "ignored-for-users")).toBe(true);
    expect(await recordProductView(v, P.wave, visitor, daysAgo(1))).toBe(true);
    const rows = await t.db.select().from(productViews).where(eq(productViews.productId, P.wave));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.userId === shopper2.userId)?.viewerKey).toBe(`u:${shopper2.userId}`);
  });

  it("trending weighs recent views and wishes with time decay, published only", async () => {
    await t.db.delete(productViews);
    await t.db.delete(wishes);
    // owl: 3 fresh views; mug: 1 fresh wish (x3) + 1 view; wave: 6 views 12 days ago; down: many views but taken down.
    const views = [
      ...["a1", "a2", "a3"].map((k) => ({ productId: P.owl, viewerKey: k, day: "d0", viewedAt: daysAgo(0.1) })),
      { productId: P.mug, viewerKey: "b1", day: "d0", viewedAt: daysAgo(0.2) },
      ...["c1", "c2", "c3", "c4", "c5", "c6"].map((k) => ({ productId: P.wave, viewerKey: k, day: "d12", viewedAt: daysAgo(12) })),
      ...["e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8"].map((k) => ({
        productId: P.down,
        viewerKey: k,
        day: "d0",
        viewedAt: daysAgo(0),
      })),
      { productId: P.fox, viewerKey: "old", day: "d20", viewedAt: daysAgo(20) },
    ];
    await t.db.insert(productViews).values(views);
    await t.db.insert(wishes).values({ userId: shopper2.userId, productId: P.mug, createdAt: daysAgo(0.1) });
    clearTrendingCache(t.db);
    const ids = await trendingProductIds(t.ctx(anonymous()), 10);
    expect(ids).toEqual([P.mug, P.owl, P.wave]);
  });

  it("similar: same category, shared tags, title similarity; not itself, not drafts", async () => {
    const ids = await similarProductIds(t.ctx(anonymous()), P.fox, 10);
    expect(ids[0]).toBe(P.fox2);
    expect(ids).toContain(P.owl);
    expect(ids).toContain(P.mug);
    expect(ids).not.toContain(P.fox);
    expect(ids).not.toContain(P.draft);
    expect(ids).not.toContain(P.down);
    expect(ids.indexOf(P.owl)).toBeLessThan(ids.indexOf(P.wave) === -1 ? 99 : ids.indexOf(P.wave));
  });

  it("similar leaves out other colours of the same design (same artwork)", async () => {
    // The partner saves the second fox with the first one's artwork (another colourway of it).
    const own = saved.get(P.fox2)!.input.artworkId;
    await saveAgain(P.fox2, { artworkId: saved.get(P.fox)!.input.artworkId });
    expect(await similarProductIds(t.ctx(anonymous()), P.fox, 10)).not.toContain(P.fox2);
    await saveAgain(P.fox2, { artworkId: own });
    expect(await similarProductIds(t.ctx(anonymous()), P.fox, 10)).toContain(P.fox2);
  });

  it("co-wished: what people who wished this also wished, most shared first", async () => {
    await t.db.delete(wishes);
    await t.db.insert(wishes).values([
      { userId: "u1", productId: P.fox },
      { userId: "u1", productId: P.owl },
      { userId: "u1", productId: P.wave },
      { userId: "u2", productId: P.fox },
      { userId: "u2", productId: P.owl },
      { userId: "u2", productId: P.down },
      { userId: "u3", productId: P.mug },
    ]);
    expect(await coWishedProductIds(t.ctx(anonymous()), P.fox, 5)).toEqual([P.owl, P.wave]);
    expect(await coBoughtProductIds(t.ctx(anonymous()), P.fox)).toEqual([]);
  });

  it("for you: from the shopper's wishes and views, not already wished; visitors get trending", async () => {
    await t.db.delete(wishes);
    await t.db.delete(productViews);
    await t.db.insert(wishes).values({ userId: shopper.userId, productId: P.mug }); // mugs + store b + tag fox
    await t.db
      .insert(productViews)
      .values({ productId: P.owl, viewerKey: "u:usr_shopper", userId: shopper.userId, day: "d", viewedAt: daysAgo(1) });
    clearTrendingCache(t.db);
    const ids = await forYouProductIds(t.ctx(shopper), 5);
    expect(ids).not.toContain(P.mug);
    expect(ids[0]).toBe(P.wave); // same store as the wished mug (1.5 x 3)
    expect(ids).toEqual(expect.arrayContaining([P.fox, P.owl]));
    expect(ids).toHaveLength(4); // every published product but the wished one
    const visitor = await forYouProductIds(t.ctx(anonymous()), 3);
    expect(visitor[0]).toBe(P.mug); // trending (a fresh wish), then newest
    expect(visitor).toHaveLength(3);
  });

  it("most wished is for admins, with counts", async () => {
    await t.db.insert(wishes).values([
      { userId: "u7", productId: P.mug },
      { userId: "u8", productId: P.mug },
      { userId: "u7", productId: P.owl },
      { userId: "u7", productId: P.down },
    ]);
    const top = await mostWishedProducts(t.ctx(admin), 5);
    expect(top.map((r) => [r.productId, r.wishes])).toEqual([
      [P.mug, 3],
      [P.owl, 1],
    ]);
    expect(top[0]!.card?.title).toBe("Forest fox mug");
    await expectAppError(mostWishedProducts(t.ctx(shopper), 5), 403);
  });
});

describe("product requests", () => {
  let requestId = "";
  it("a shopper asks; bad input is refused next to the field", async () => {
    await expectAppError(createProductRequest(t.ctx(shopper), { idea: "short", category: "mugs" }), 422, "idea");
    await expectAppError(
      createProductRequest(t.ctx(shopper), { idea: "A mug with a sleepy red fox curled up", category: "spoons" }),
      422,
      "category",
    );
    await expectAppError(
      createProductRequest(t.ctx(shopper), { idea: "A mug with a sleepy red fox curled up", category: "mugs", budget: "-4" }),
      422,
      "budget",
    );
    await expectAppError(
      createProductRequest(t.ctx(anonymous()), { idea: "A mug with a sleepy red fox curled up", category: "mugs" }),
      401,
    );
    const bad = new File([Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'></svg>")], "x.svg", { type: "image/svg+xml" });
    await expectAppError(
      createProductRequest(t.ctx(shopper), { idea: "A mug with a sleepy red fox curled up", category: "mugs" }, bad),
      415,
      "image",
    );
    ({ id: requestId } = await createProductRequest(t.ctx(shopper), {
      idea: "A mug with a sleepy red fox curled up",
      category: "mugs",
      budget: "18.50",
    }));
    const [row] = await t.db.select().from(productRequests).where(eq(productRequests.id, requestId));
    expect(row).toMatchObject({ status: "open", budgetMinor: 1850, category: "mugs" });
  });

  it("only partners browse open requests", async () => {
    await expectAppError(listOpenRequests(t.ctx(shopper2)), 403);
    const open = await listOpenRequests(t.ctx(partnerB));
    expect(open.map((r) => r.id)).toContain(requestId);
    expect(open[0]!.authorName).toBe("Sam");
    expect((await listOpenRequests(t.ctx(worker))).length).toBeGreaterThan(0);
  });

  it("a shopper cannot answer; a partner answers only with their own store's published product", async () => {
    await expectAppError(answerProductRequest(t.ctx(shopper2), { requestId, productId: P.mug, message: "" }), 403);
    await expectAppError(answerProductRequest(t.ctx(partnerA), { requestId, productId: P.mug, message: "" }), 403, "productId"); // store b's product
    await expectAppError(answerProductRequest(t.ctx(partnerA), { requestId, productId: P.draft, message: "" }), 422, "productId");
    await expectAppError(answerProductRequest(t.ctx(partnerB), { requestId: "preq_nope", productId: P.mug, message: "" }), 404);
    await answerProductRequest(t.ctx(partnerB), { requestId, productId: P.mug, message: "Our fox mug might be just it." });
    await expectAppError(answerProductRequest(t.ctx(partnerB), { requestId, productId: P.mug, message: "" }), 409, "productId");
    // a team member with the products permission answers for their store
    await answerProductRequest(t.ctx(worker), { requestId, productId: P.fox, message: "" });
  });

  it("the shopper gets a notice e-mail and sees the answers", async () => {
    const mails = await t.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.toAddress, "shopper@example.test"), eq(emailMessages.template, "notice")));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toMatch(/Beta Prints answered your product request/);
    expect(String((mails[0]!.params as Record<string, unknown>).actionUrl)).toMatch(/\/product-request#request-preq_/);
    const mine = await listMyRequests(t.ctx(shopper));
    expect(mine[0]!.status).toBe("answered");
    expect(mine[0]!.answers.map((a) => [a.storeName, a.product?.title, a.message])).toEqual([
      ["Beta Prints", "Forest fox mug", "Our fox mug might be just it."],
      ["Alpha Studio", "Red fox in the forest", ""],
    ]);
    expect(await t.db.select().from(productRequestAnswers)).toHaveLength(2);
  });

  it("closing: the author or an admin; a closed request takes no answers", async () => {
    await expectAppError(closeProductRequest(t.ctx(shopper2), requestId), 403);
    await closeProductRequest(t.ctx(shopper), requestId);
    await expectAppError(closeProductRequest(t.ctx(admin), requestId), 409);
    await expectAppError(answerProductRequest(t.ctx(partnerA), { requestId, productId: P.owl, message: "" }), 409);
    expect((await adminListRequests(t.ctx(admin), "closed")).map((r) => r.id)).toEqual([requestId]);
    await expectAppError(adminListRequests(t.ctx(partnerA)), 403);
  });

  it("reopening a closed request with answers goes through its table (closed -> open -> answered), each move recorded", async () => {
    await expectAppError(reopenProductRequest(t.ctx(shopper), requestId), 403);
    await reopenProductRequest(t.ctx(admin), requestId);
    const [row] = await t.db.select().from(productRequests).where(eq(productRequests.id, requestId));
    expect(row!.status).toBe("answered");
    const history = await stateHistory(t.db, "product request", requestId);
    expect(history.map((h) => [h.from, h.to, h.actor.kind === "user" ? h.actor.userId : h.actor.kind])).toEqual([
      ["open", "answered", partnerB.userId],
      ["answered", "answered", worker.userId],
      ["answered", "closed", shopper.userId],
      ["closed", "open", admin.userId],
      ["open", "answered", admin.userId],
    ]);
    // Not closed: nothing to reopen.
    await expectAppError(reopenProductRequest(t.ctx(admin), requestId), 409);
  });
});

describe("cart for the account", () => {
  it("a visitor without a cart cookie sees an empty cart, never an account's", async () => {
    expect((await getCart(t.ctx(anonymous()))).lines).toEqual([]);
  });
});
