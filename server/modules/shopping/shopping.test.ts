import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  blankColors,
  blankPrintAreas,
  blanks,
  blankVariants,
  cartItems,
  emailMessages,
  fulfillers,
  productRequestAnswers,
  productRequests,
  products,
  productVariants,
  productViews,
  storeMembers,
  stores,
  users,
  wishes,
} from "../../infra/db/schema.ts";
import { AppError, anonymous, stateHistory, type Actor } from "../../kernel/index.ts";
import type { Role } from "../identity/index.ts";
import { useTestDatabase } from "../../../tests/support/db.ts";
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
const user = (userId: string, roles: Role[] = []): Actor => ({ kind: "user", userId, roles });
const shopper = user("usr_shopper");
const shopper2 = user("usr_shopper2");
const partnerA = user("usr_pa", ["partner"]);
const partnerB = user("usr_pb", ["partner"]);
const worker = user("usr_worker");
const admin = user("usr_admin", ["admin"]);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

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
  await db.insert(users).values(
    [
      ["usr_shopper", "shopper@example.test", "Sam"],
      ["usr_shopper2", "second@example.test", "Ada"],
      ["usr_pa", "pa@example.test", "Pat"],
      ["usr_pb", "pb@example.test", "Bea"],
      ["usr_worker", "worker@example.test", "Wes"],
      ["usr_admin", "admin@example.test", "Ann"],
    ].map(([id, email, firstName]) => ({ id: id!, email: email!, emailNormalized: email!, firstName: firstName! })),
  );
  await db.insert(fulfillers).values({ id: "ful_a", handle: "ful", name: "Ful", ownerUserId: "usr_f" });
  await db.insert(blanks).values([
    { id: "blk_tee", fulfillerId: "ful_a", name: "Tee", category: "t-shirts" },
    { id: "blk_mug", fulfillerId: "ful_a", name: "Mug", category: "mugs" },
  ]);
  await db.insert(blankPrintAreas).values({
    id: "bpa_f",
    blankId: "blk_tee",
    key: "front",
    label: "Front",
    widthIn: 12,
    heightIn: 16,
    templateWidth: 100,
    templateHeight: 100,
    templateRect: { x: 1, y: 1, w: 10, h: 10 },
  });
  await db.insert(blankColors).values([
    { blankId: "blk_tee", name: "Black", hex: "#111111" },
    { blankId: "blk_mug", name: "White", hex: "#ffffff" },
  ]);
  await db.insert(blankVariants).values([
    { id: "bvr_s", blankId: "blk_tee", color: "Black", size: "S", sku: "T-S", baseCostMinor: 900, weightGrams: 150 },
    { id: "bvr_m", blankId: "blk_tee", color: "Black", size: "M", sku: "T-M", baseCostMinor: 900, weightGrams: 150 },
    { id: "bvr_mug", blankId: "blk_mug", color: "White", size: "11 oz", sku: "M-11", baseCostMinor: 500, weightGrams: 300 },
  ]);
  await db.insert(stores).values([
    { id: "sto_a", handle: "alpha", name: "Alpha Studio", ownerUserId: "usr_pa" },
    { id: "sto_b", handle: "beta", name: "Beta Prints", ownerUserId: "usr_pb" },
  ]);
  await db.insert(storeMembers).values({
    id: "smb_w",
    storeId: "sto_a",
    userId: "usr_worker",
    email: "worker@example.test",
    permissions: ["products"],
    status: "active",
  });
  const p = (id: string, storeId: string, title: string, extra: Partial<typeof products.$inferInsert> = {}) => ({
    id,
    storeId,
    blankId: "blk_tee",
    title,
    slug: id,
    category: "t-shirts" as const,
    priceMinor: 2500,
    status: "published" as const,
    publishedAt: daysAgo(30),
    primaryColor: "Black",
    ...extra,
  });
  await db
    .insert(products)
    .values([
      p("prd_fox", "sto_a", "Red fox in the forest", { tags: ["fox", "forest", "animals"] }),
      p("prd_fox2", "sto_a", "Red fox in the forest (again)", { tags: ["fox"] }),
      p("prd_owl", "sto_a", "Night owl", { tags: ["owl", "forest", "animals"] }),
      p("prd_wave", "sto_b", "Great wave", { tags: ["sea"] }),
      p("prd_mug", "sto_b", "Forest fox mug", { blankId: "blk_mug", category: "mugs", tags: ["fox"], priceMinor: 1600 }),
      p("prd_draft", "sto_a", "Draft fox", { status: "draft", publishedAt: null, tags: ["fox"] }),
      p("prd_down", "sto_b", "Taken down fox", { status: "taken_down", tags: ["fox"] }),
    ]);
  await db.insert(productVariants).values([
    { id: "var_fs", productId: "prd_fox", blankVariantId: "bvr_s", color: "Black", size: "S" },
    { id: "var_fm", productId: "prd_fox", blankVariantId: "bvr_m", color: "Black", size: "M", priceMinor: 2800 },
    { id: "var_os", productId: "prd_owl", blankVariantId: "bvr_s", color: "Black", size: "S" },
    { id: "var_off", productId: "prd_owl", blankVariantId: "bvr_m", color: "Black", size: "M", enabled: false },
    { id: "var_mug", productId: "prd_mug", blankVariantId: "bvr_mug", color: "White", size: "11 oz" },
    { id: "var_draft", productId: "prd_draft", blankVariantId: "bvr_s", color: "Black", size: "S" },
  ]);
});

describe("cart", () => {
  it("adds, sums the same variant, caps at 10 and prices the lines", async () => {
    const ctx = t.ctx(shopper);
    await addToCart(ctx, { productId: "prd_fox", variantId: "var_fs", quantity: 2 });
    await addToCart(ctx, { productId: "prd_fox", variantId: "var_fm", quantity: "1" });
    let change = await addToCart(ctx, { productId: "prd_fox", variantId: "var_fs", quantity: 3 });
    expect(change.cart.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      ["var_fs", 5],
      ["var_fm", 1],
    ]);
    expect(change.cart.subtotalMinor).toBe(5 * 2500 + 2800);
    expect(change.cart.count).toBe(6);
    expect(change.cart.lines[1]!.variantLabel).toBe("Black / M");
    expect(change.message).toBeUndefined();
    change = await addToCart(ctx, { productId: "prd_fox", variantId: "var_fs", quantity: 9 });
    expect(change.cart.lines[0]!.quantity).toBe(CART_MAX_QUANTITY);
    expect(change.message).toMatch(/at most 10/);
  });

  it("refuses bad input with a field message, never a crash", async () => {
    const ctx = t.ctx(shopper);
    await expectAppError(addToCart(ctx, { productId: "prd_fox", variantId: "var_fs", quantity: 0 }), 422, "quantity");
    await expectAppError(addToCart(ctx, { productId: "prd_fox", variantId: "var_fs", quantity: 11 }), 422, "quantity");
    await expectAppError(addToCart(ctx, { productId: "prd_fox", variantId: "var_fs", quantity: "two" }), 422, "quantity");
    await expectAppError(addToCart(ctx, { productId: "prd_fox", variantId: "", quantity: 1 }), 422, "variantId");
    await expectAppError(addToCart(ctx, { productId: "prd_fox", variantId: "var_os", quantity: 1 }), 422, "variantId"); // another product's variant
    await expectAppError(addToCart(ctx, { productId: "prd_owl", variantId: "var_off", quantity: 1 }), 422, "variantId"); // disabled
    await expectAppError(addToCart(ctx, { productId: "prd_draft", variantId: "var_draft", quantity: 1 }), 422, "variantId"); // not published
    await expectAppError(setCartQuantity(ctx, "var_fs", 11), 422, "quantity");
    await expectAppError(setCartQuantity(ctx, "var_nope", 2), 404);
  });

  it("sets quantities, 0 removes, remove removes", async () => {
    const ctx = t.ctx(shopper);
    expect((await setCartQuantity(ctx, "var_fs", 3)).cart.lines[0]!.quantity).toBe(3);
    expect((await setCartQuantity(ctx, "var_fm", 0)).cart.lines.map((l) => l.variantId)).toEqual(["var_fs"]);
    expect((await removeFromCart(ctx, "var_fs")).cart.lines).toEqual([]);
  });

  it("merges a visitor cart: sums, caps per line, skips unavailable lines, keeps the account's lines", async () => {
    const ctx = t.ctx(shopper2);
    await addToCart(ctx, { productId: "prd_fox", variantId: "var_fs", quantity: 8 });
    await addToCart(ctx, { productId: "prd_owl", variantId: "var_os", quantity: 1 });
    const r = await mergeCart(ctx, [
      { productId: "prd_fox", variantId: "var_fs", quantity: 5 },
      { productId: "prd_mug", variantId: "var_mug", quantity: 2 },
      { productId: "prd_mug", variantId: "var_mug", quantity: 1 },
      { productId: "prd_draft", variantId: "var_draft", quantity: 1 },
      { productId: "prd_fox", variantId: "var_nope", quantity: 1 },
      "garbage",
      { productId: "prd_owl", variantId: "var_os", quantity: -3 },
    ]);
    expect(r.cart.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      ["var_fs", 10],
      ["var_os", 1],
      ["var_mug", 3],
    ]);
    expect(r.message).toMatch(/capped at 10/);
    expect(r.message).toMatch(/2 items were no longer available/);
    await expectAppError(mergeCart(ctx, "nope"), 400, "lines");
  });

  it("caps the cart at 50 lines", async () => {
    const ctx = t.ctx(user("usr_many"));
    await t.db.insert(cartItems).values(
      Array.from({ length: CART_MAX_LINES }, (_, i) => ({
        userId: "usr_many",
        productId: "prd_fox",
        variantId: `var_x${i}`,
        quantity: 1,
      })),
    );
    await expectAppError(addToCart(ctx, { productId: "prd_fox", variantId: "var_fs", quantity: 1 }), 422, "_form");
    const merged = await mergeCart(ctx, [{ productId: "prd_fox", variantId: "var_fs", quantity: 1 }]);
    expect(merged.cart.lines).toHaveLength(CART_MAX_LINES);
    expect(merged.message).toMatch(/did not fit/);
  });

  it("resolves a visitor's lines from localStorage without an account", async () => {
    const view = await resolveCart(t.ctx(anonymous()), [
      { productId: "prd_unknown", variantId: "var_mug", quantity: 2 },
      { productId: "prd_unknown", variantId: "var_draft", quantity: 1 },
    ]);
    expect(view.lines.map((l) => [l.productId, l.available])).toEqual([
      ["prd_mug", true],
      ["prd_draft", false],
    ]);
    expect(view.subtotalMinor).toBe(3200);
    expect(view.lines[0]!.card?.title).toBe("Forest fox mug");
  });
});

describe("wishes", () => {
  it("toggles, refuses unpublished products and merges as a union", async () => {
    const ctx = t.ctx(shopper);
    expect(await toggleWish(ctx, "prd_fox")).toEqual({ wished: true, productIds: ["prd_fox"] });
    expect((await toggleWish(ctx, "prd_fox")).wished).toBe(false);
    await addWish(ctx, "prd_owl");
    await expectAppError(addWish(ctx, "prd_draft"), 404, "productId");
    await expectAppError(addWish(t.ctx(anonymous()), "prd_fox"), 401);
    const merged = await mergeWishes(ctx, ["prd_owl", "prd_wave", { productId: "prd_mug" }, "prd_down", "nonsense id", "prd_wave"]);
    expect(merged.added).toBe(2);
    expect([...merged.productIds].sort()).toEqual(["prd_mug", "prd_owl", "prd_wave"]);
    // merging again adds nothing
    expect((await mergeWishes(ctx, ["prd_owl", "prd_wave"])).added).toBe(0);
  });
  it("merged wishes are stamped with the context's clock, the visitor's first wish newest", async () => {
    await t.db.delete(wishes).where(eq(wishes.userId, "usr_shopper2"));
    const clock = manualClock("2030-02-01T12:00:00Z");
    expect((await mergeWishes(t.ctx(shopper2, { clock }), ["prd_owl", "prd_wave"])).added).toBe(2);
    const rows = await t.db.select().from(wishes).where(eq(wishes.userId, "usr_shopper2"));
    expect(Object.fromEntries(rows.map((r) => [r.productId, r.createdAt.toISOString()]))).toEqual({
      prd_owl: "2030-02-01T12:00:00.000Z",
      prd_wave: "2030-02-01T11:59:59.999Z",
    });
    await t.db.delete(wishes).where(eq(wishes.userId, "usr_shopper2"));
  });
});

describe("views and recommendations", () => {
  it("a view is counted again on the context clock's next day", async () => {
    const clock = manualClock("2030-04-01T23:59:00Z");
    const v = t.ctx(anonymous("192.0.2.77"), { clock });
    const visitor = newViewerId();
    expect(await recordProductView(v, "prd_owl", visitor)).toBe(true);
    expect(await recordProductView(v, "prd_owl", visitor)).toBe(false);
    clock.advance(2 * 60_000); // past midnight UTC
    expect(await recordProductView(v, "prd_owl", visitor)).toBe(true);
    const days = await t.db.select({ day: productViews.day }).from(productViews).where(eq(productViews.productId, "prd_owl"));
    expect(days.map((d) => String(d.day))).toEqual(expect.arrayContaining(["2030-04-01", "2030-04-02"]));
    await t.db.delete(productViews).where(eq(productViews.productId, "prd_owl"));
  });

  it("records one view per viewer, product and day", async () => {
    const v = t.ctx(anonymous("192.0.2.1"));
    const visitor = newViewerId();
    expect(await recordProductView(v, "prd_wave", visitor)).toBe(true);
    expect(await recordProductView(v, "prd_wave", visitor)).toBe(false);
    expect(await recordProductView(v, "prd_wave", "bad key!")).toBe(false);
    expect(await recordProductView(v, "prd_wave", null)).toBe(false);
    expect(await recordProductView(t.ctx(shopper2), "prd_wave", "ignored-for-users")).toBe(true);
    expect(await recordProductView(v, "prd_wave", visitor, daysAgo(1))).toBe(true);
    const rows = await t.db.select().from(productViews).where(eq(productViews.productId, "prd_wave"));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.userId === "usr_shopper2")?.viewerKey).toBe("u:usr_shopper2");
  });

  it("trending weighs recent views and wishes with time decay, published only", async () => {
    await t.db.delete(productViews);
    await t.db.delete(wishes);
    // prd_owl: 3 fresh views; prd_mug: 1 fresh wish (x3) + 1 view; prd_wave: 6 views 12 days ago; prd_down: many views but taken down.
    const views = [
      ...["a1", "a2", "a3"].map((k) => ({ productId: "prd_owl", viewerKey: k, day: "d0", viewedAt: daysAgo(0.1) })),
      { productId: "prd_mug", viewerKey: "b1", day: "d0", viewedAt: daysAgo(0.2) },
      ...["c1", "c2", "c3", "c4", "c5", "c6"].map((k) => ({ productId: "prd_wave", viewerKey: k, day: "d12", viewedAt: daysAgo(12) })),
      ...["e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8"].map((k) => ({
        productId: "prd_down",
        viewerKey: k,
        day: "d0",
        viewedAt: daysAgo(0),
      })),
      { productId: "prd_fox", viewerKey: "old", day: "d20", viewedAt: daysAgo(20) },
    ];
    await t.db.insert(productViews).values(views);
    await t.db.insert(wishes).values({ userId: "usr_shopper2", productId: "prd_mug", createdAt: daysAgo(0.1) });
    clearTrendingCache(t.db);
    const ids = await trendingProductIds(t.ctx(anonymous()), 10);
    expect(ids).toEqual(["prd_mug", "prd_owl", "prd_wave"]);
  });

  it("similar: same category, shared tags, title similarity; not itself, not drafts", async () => {
    const ids = await similarProductIds(t.ctx(anonymous()), "prd_fox", 10);
    expect(ids[0]).toBe("prd_fox2");
    expect(ids).toContain("prd_owl");
    expect(ids).toContain("prd_mug");
    expect(ids).not.toContain("prd_fox");
    expect(ids).not.toContain("prd_draft");
    expect(ids).not.toContain("prd_down");
    expect(ids.indexOf("prd_owl")).toBeLessThan(ids.indexOf("prd_wave") === -1 ? 99 : ids.indexOf("prd_wave"));
  });

  it("similar leaves out other colours of the same design (same artwork)", async () => {
    await t.db.execute(
      `insert into artworks (id, store_id, storage_key, preview_key, mime, bytes, width, height, sha256, phash) values ('art_1', 'sto_a', 'k', 'k', 'image/png', 1, 1, 1, 'x', 0)` as never,
    );
    await t.db.update(products).set({ artworkId: "art_1" }).where(eq(products.id, "prd_fox"));
    await t.db.update(products).set({ artworkId: "art_1" }).where(eq(products.id, "prd_fox2"));
    expect(await similarProductIds(t.ctx(anonymous()), "prd_fox", 10)).not.toContain("prd_fox2");
    await t.db.update(products).set({ artworkId: null }).where(eq(products.id, "prd_fox2"));
  });

  it("co-wished: what people who wished this also wished, most shared first", async () => {
    await t.db.delete(wishes);
    await t.db.insert(wishes).values([
      { userId: "u1", productId: "prd_fox" },
      { userId: "u1", productId: "prd_owl" },
      { userId: "u1", productId: "prd_wave" },
      { userId: "u2", productId: "prd_fox" },
      { userId: "u2", productId: "prd_owl" },
      { userId: "u2", productId: "prd_down" },
      { userId: "u3", productId: "prd_mug" },
    ]);
    expect(await coWishedProductIds(t.ctx(anonymous()), "prd_fox", 5)).toEqual(["prd_owl", "prd_wave"]);
    expect(await coBoughtProductIds(t.ctx(anonymous()), "prd_fox")).toEqual([]);
  });

  it("for you: from the shopper's wishes and views, not already wished; visitors get trending", async () => {
    await t.db.delete(wishes);
    await t.db.delete(productViews);
    await t.db.insert(wishes).values({ userId: "usr_shopper", productId: "prd_mug" }); // mugs + store b + tag fox
    await t.db
      .insert(productViews)
      .values({ productId: "prd_owl", viewerKey: "u:usr_shopper", userId: "usr_shopper", day: "d", viewedAt: daysAgo(1) });
    clearTrendingCache(t.db);
    const ids = await forYouProductIds(t.ctx(shopper), 5);
    expect(ids).not.toContain("prd_mug");
    expect(ids[0]).toBe("prd_wave"); // same store as the wished mug (1.5 x 3)
    expect(ids).toEqual(expect.arrayContaining(["prd_fox", "prd_owl"]));
    expect(ids).toHaveLength(4); // every published product but the wished one
    const visitor = await forYouProductIds(t.ctx(anonymous()), 3);
    expect(visitor[0]).toBe("prd_mug"); // trending (a fresh wish), then newest
    expect(visitor).toHaveLength(3);
  });

  it("most wished is for admins, with counts", async () => {
    await t.db.insert(wishes).values([
      { userId: "u7", productId: "prd_mug" },
      { userId: "u8", productId: "prd_mug" },
      { userId: "u7", productId: "prd_owl" },
      { userId: "u7", productId: "prd_down" },
    ]);
    const top = await mostWishedProducts(t.ctx(admin), 5);
    expect(top.map((r) => [r.productId, r.wishes])).toEqual([
      ["prd_mug", 3],
      ["prd_owl", 1],
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
    await expectAppError(answerProductRequest(t.ctx(shopper2), { requestId, productId: "prd_mug", message: "" }), 403);
    await expectAppError(answerProductRequest(t.ctx(partnerA), { requestId, productId: "prd_mug", message: "" }), 403, "productId"); // store b's product
    await expectAppError(answerProductRequest(t.ctx(partnerA), { requestId, productId: "prd_draft", message: "" }), 422, "productId");
    await expectAppError(answerProductRequest(t.ctx(partnerB), { requestId: "preq_nope", productId: "prd_mug", message: "" }), 404);
    await answerProductRequest(t.ctx(partnerB), { requestId, productId: "prd_mug", message: "Our fox mug might be just it." });
    await expectAppError(answerProductRequest(t.ctx(partnerB), { requestId, productId: "prd_mug", message: "" }), 409, "productId");
    // a team member with the products permission answers for their store
    await answerProductRequest(t.ctx(worker), { requestId, productId: "prd_fox", message: "" });
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
    await expectAppError(answerProductRequest(t.ctx(partnerA), { requestId, productId: "prd_owl", message: "" }), 409);
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
      ["open", "answered", "usr_pb"],
      ["answered", "answered", "usr_worker"],
      ["answered", "closed", "usr_shopper"],
      ["closed", "open", "usr_admin"],
      ["open", "answered", "usr_admin"],
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
