// The order's whole life on a real database (PGlite, and PostgreSQL with TEST_DB_ENGINE=postgres):
// checkout → place → pay (test processor) → production → ship → deliver, cancellation, refunds,
// expiry, idempotency, access, and the ledger balancing at every step.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeFulfillerWithBlank, makeProduct, makeStore, makeUser, type UserActor } from "../../../tests/support/factories.ts";
import { manualClock } from "../../contracts/clock.ts";
import { anonymous, AppError, createCtx, type Actor } from "../../kernel/index.ts";
import { getProductPage } from "../catalog/index.ts";
import { addToCart, getCartLines } from "../shopping/index.ts";
import {
  createWarehouse,
  saveShippingRate,
  saveShippingZone,
  setBlankWarehouses,
  setStock,
  stockLevels,
  type BlankRow,
} from "../fulfillment/index.ts";
import { orderBreakdown, orderJournals, partyBalance, trialBalance } from "../ledger/index.ts";
import {
  cancelOrder,
  claimOrder,
  completeOrderAuthentication,
  deliverGroup,
  expireOrder,
  getOrder,
  getPaymentPage,
  listFulfillerGroups,
  listMyOrders,
  listStoreOrders,
  orderStatusOverview,
  payOrderWithCard,
  placeOrder,
  quoteCheckout,
  refundOrder,
  shipGroup,
  startGroupProduction,
  type OrderAddress,
} from "./index.ts";

const t = useTestDatabase();
const clock = manualClock("2026-06-01T10:00:00Z");
const admin: Actor = { kind: "user", userId: "usr_admin", roles: ["admin"] };
const address: OrderAddress = {
  fullName: "Maya Chen",
  line1: "2150 Shattuck Avenue",
  line2: "",
  city: "Berkeley",
  region: "CA",
  postalCode: "94704",
  country: "US",
  phone: "",
};
const card = (number = "4242424242424242") => ({ number, expMonth: 12, expYear: 2030, cvc: "123" });

let fulfillerOwner: UserActor;
let blank: BlankRow;
let east: string;
let variants: Record<string, string> = {};
let productId = "";
let storeA: Awaited<ReturnType<typeof makeStore>>;
let variantsB: Record<string, string> = {};
let productB = "";
let key = 0;
const placeKey = () => `test-place-key-${process.pid}-${++key}`;

beforeAll(async () => {
  const f = await makeFulfillerWithBlank(t.db);
  fulfillerOwner = f.owner;
  blank = f.blank;
  const owner = createCtx(t.db, f.owner, { clock });
  const wh2 = await createWarehouse(owner, { fulfillerId: f.fulfiller.id, name: "East", country: "US", region: "NY", city: "Albany" });
  east = wh2.id;
  const zone = await saveShippingZone(owner, { fulfillerId: f.fulfiller.id, name: "United States", regions: ["US"] });
  await saveShippingRate(owner, {
    fulfillerId: f.fulfiller.id,
    zoneId: zone.id,
    category: blank.category,
    firstItemMinor: 500,
    additionalItemMinor: 200,
    minDays: 3,
    maxDays: 5,
  });
  storeA = await makeStore(t.db);
  const a = await makeProduct(t.db, { store: storeA, blank, input: { priceMinor: 2500 } });
  productId = a.product.id;
  const page = await getProductPage(t.ctx(anonymous()), productId);
  variants = Object.fromEntries(page.variants.map((v) => [`${v.color}/${v.size}`, v.id]));
  const b = await makeProduct(t.db, { blank, input: { priceMinor: 3000 } });
  productB = b.product.id;
  const pageB = await getProductPage(t.ctx(anonymous()), productB);
  variantsB = Object.fromEntries(pageB.variants.map((v) => [`${v.color}/${v.size}`, v.id]));
});

const guest = () => createCtx(t.db, anonymous(), { clock });
const asAdmin = () => createCtx(t.db, admin, { clock });

async function buy(ctx = guest(), lines = [{ productId: "", variantId: "", quantity: 1 }]) {
  const req = { lines, address };
  const quote = await quoteCheckout(ctx, req);
  expect(quote.canPlace, JSON.stringify(quote.lines.map((l) => l.problem))).toBe(true);
  const placed = await placeOrder(ctx, {
    ...req,
    email: "maya@example.com",
    placeKey: placeKey(),
    seenTotalMinor: quote.totals.totalMinor,
  });
  if (!placed.ok) throw new Error(placed.message);
  return { quote, ...placed };
}

const lineOf = (v: string, q = 1, p = productId) => ({ productId: p, variantId: v, quantity: q });

async function expectLedgerBalanced() {
  const tb = await trialBalance(asAdmin());
  expect(Object.values(tb).reduce((a, b) => a + b, 0)).toBe(0);
}

describe("checkout", () => {
  it("prices two stores' lines in one shipment group with Printify's shipping rule and US tax", async () => {
    const q = await quoteCheckout(guest(), {
      lines: [lineOf(variants["White/S"]!, 2), lineOf(variantsB["Navy/S"]!, 1, productB)],
      address,
    });
    expect(q.canPlace).toBe(true);
    expect(q.groups).toHaveLength(1);
    expect(q.groups[0]!.shippingMinor).toBe(500 + 200 + 200);
    expect(q.totals.itemsMinor).toBe(2 * 2500 + 3000);
    expect(q.taxRatePercent).toBe(7.25);
    expect(q.totals.totalMinor).toBe(q.totals.itemsMinor + q.totals.shippingMinor + q.totals.taxMinor);
  });

  it("asks for an address first and refuses destinations no fulfiller ships to, on the line", async () => {
    const none = await quoteCheckout(guest(), { lines: [lineOf(variants["White/S"]!)], address: null });
    expect(none.canPlace).toBe(false);
    expect(none.addressProblem).toMatch(/shipping address/);
    const de = await quoteCheckout(guest(), {
      lines: [lineOf(variants["White/S"]!)],
      address: { ...address, country: "DE", region: "", postalCode: "10119", city: "Berlin" },
    });
    expect(de.canPlace).toBe(false);
    expect(de.lines[0]!.problem?.kind).toBe("no_shipping");
  });

  it("says on the line when the price changed since it went into the cart, and refuses a price the shopper did not see", async () => {
    const shopper = await makeUser(t.db);
    const ctx = createCtx(t.db, shopper, { clock });
    await addToCart(ctx, lineOf(variants["White/M"]!));
    const [stored] = await getCartLines(ctx);
    expect(stored).toMatchObject({ variantId: variants["White/M"], addedPriceMinor: 2500 });
    // Today's price is what the cart remembers: nothing to say.
    const same = await quoteCheckout(ctx, { lines: [stored!], address });
    expect(same.lines[0]!.priceWhenAddedMinor).toBeNull();
    // The store changed the price after the shopper added it (here: it was 20.00 then).
    const cheaper = await quoteCheckout(ctx, { lines: [{ ...stored!, addedPriceMinor: 2000 }], address });
    expect(cheaper.lines[0]!.priceWhenAddedMinor).toBe(2000);
    expect(cheaper.lines[0]!.unitPriceMinor).toBe(2500);
    expect(cheaper.canPlace).toBe(true);
    // A page shown at the old price: nothing is placed, and the line says why.
    const placed = await placeOrder(ctx, {
      lines: [stored!],
      address,
      email: "maya@example.com",
      placeKey: placeKey(),
      seenTotalMinor: same.totals.totalMinor,
      seenUnitPrices: { [variants["White/M"]!]: 2000 },
    });
    expect(placed.ok).toBe(false);
    if (!placed.ok) {
      expect(placed.quote.lines[0]!.problem?.message).toMatch(/price changed from \$20\.00 to \$25\.00/);
    }
    expect((await listMyOrders(ctx)).length).toBe(0);
  });

  it("refuses quantities over 99 with a clear 4xx", async () => {
    await expect(quoteCheckout(guest(), { lines: [lineOf(variants["White/S"]!, 100)], address })).rejects.toMatchObject({ status: 422 });
  });

  it("placing is idempotent on the form's key and refuses a total that changed", async () => {
    const ctx = guest();
    const req = { lines: [lineOf(variants["White/M"]!)], address };
    const q = await quoteCheckout(ctx, req);
    const k = placeKey();
    const [a, b] = await Promise.all([
      placeOrder(ctx, { ...req, email: "twice@example.com", placeKey: k, seenTotalMinor: q.totals.totalMinor }),
      placeOrder(ctx, { ...req, email: "twice@example.com", placeKey: k, seenTotalMinor: q.totals.totalMinor }),
    ]);
    expect(a.ok && b.ok && a.orderId === b.orderId).toBe(true);
    const changed = await placeOrder(ctx, {
      ...req,
      email: "x@example.com",
      placeKey: placeKey(),
      seenTotalMinor: q.totals.totalMinor - 1,
    });
    expect(changed.ok).toBe(false);
    if (!changed.ok) expect(changed.message).toMatch(/total changed/);
  });
});

describe("paying and the order's life", () => {
  it("a guest pays with 4242: paid, journal balanced, e-mail queued, then production, ship, deliver", async () => {
    const { orderId, token } = await buy(guest(), [lineOf(variants["White/S"]!, 2)]);
    const page = await getPaymentPage(guest(), { orderId, token });
    expect(page.provider).toBe("test");
    expect(page.order.status).toBe("pending_payment");
    const paid = await payOrderWithCard(guest(), { orderId, token, card: card(), attemptKey: `attempt-${orderId}` });
    expect(paid.outcome).toBe("paid");
    // A double click: the same attempt again is not a second charge.
    expect((await payOrderWithCard(guest(), { orderId, token, card: card(), attemptKey: `attempt-${orderId}` })).outcome).toBe("paid");
    const order = await getOrder(guest(), { orderId, token });
    expect(order.status).toBe("paid");
    expect(order.payment).toMatchObject({ cardBrand: "visa", cardLast4: "4242" });
    const journals = await orderJournals(asAdmin(), orderId);
    expect(journals.map((j) => j.kind)).toEqual(["order_paid"]);
    expect(journals[0]!.entries.reduce((a, e) => a + e.amountMinor, 0)).toBe(0);
    await expectLedgerBalanced();

    const ful = createCtx(t.db, fulfillerOwner, { clock });
    const g = order.groups[0]!;
    await startGroupProduction(ful, g.id);
    expect((await getOrder(asAdmin(), { orderId })).status).toBe("in_production");
    await expect(cancelOrder(guest(), { orderId, token })).rejects.toMatchObject({ status: 409 });
    await shipGroup(ful, { groupId: g.id, carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    const shipped = await getOrder(asAdmin(), { orderId });
    expect(shipped.status).toBe("shipped");
    expect(shipped.groups[0]!.trackingUrl).toContain("1Z999AA10123456784");
    clock.advance(3 * 86_400_000);
    await deliverGroup(ful, g.id);
    expect((await getOrder(asAdmin(), { orderId })).status).toBe("delivered");
    const bal = await partyBalance(asAdmin(), { kind: "store", id: storeA.store.id });
    expect(bal.heldMinor).toBeGreaterThan(0);
    clock.advance(15 * 86_400_000);
    const later = await partyBalance(asAdmin(), { kind: "store", id: storeA.store.id });
    expect(later.availableMinor).toBe(bal.heldMinor + bal.availableMinor);
    const timeline = (await getOrder(asAdmin(), { orderId })).timeline.map((e) => e.to);
    expect(timeline).toEqual(expect.arrayContaining(["pending_payment", "paid", "in_production", "shipped", "delivered"]));
    await expectLedgerBalanced();
  });

  it("two warehouses: the order is partially shipped while one group is out, shipped when both are", async () => {
    const owner = createCtx(t.db, fulfillerOwner, { clock });
    const asShop = () => createCtx(t.db, fulfillerOwner, { clock });
    // The blank is made at both warehouses; White/M is in stock at East only, Navy/S at the first
    // warehouse only: two shipments.
    const [first] = (await listWarehousesOf()).filter((w) => w !== east);
    await setBlankWarehouses(owner, blank.id, [first!, east]);
    const m = (await blankVariantOf(variants["White/M"]!))!;
    const navy = (await blankVariantOf(variantsB["Navy/S"]!))!;
    await setStock(owner, { warehouseId: east, blankVariantId: m, onHand: 50 });
    await setStock(owner, { warehouseId: first!, blankVariantId: m, onHand: 0 });
    await setStock(owner, { warehouseId: first!, blankVariantId: navy, onHand: 50 });
    await setStock(owner, { warehouseId: east, blankVariantId: navy, onHand: 0 });
    try {
      const { orderId, token } = await buy(guest(), [lineOf(variants["White/M"]!), lineOf(variantsB["Navy/S"]!, 1, productB)]);
      await payOrderWithCard(guest(), { orderId, token, card: card(), attemptKey: `two-${orderId}` });
      const o = await getOrder(asAdmin(), { orderId });
      expect(o.groups.map((g) => g.warehouseId).sort()).toEqual([east, first!].sort());
      for (const g of o.groups) await startGroupProduction(asShop(), g.id);
      await shipGroup(asShop(), { groupId: o.groups[0]!.id, carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
      expect((await getOrder(asAdmin(), { orderId })).status).toBe("partially_shipped");
      await shipGroup(asShop(), { groupId: o.groups[1]!.id, carrier: "USPS", trackingNumber: "9400100000000000000000" });
      expect((await getOrder(asAdmin(), { orderId })).status).toBe("shipped");
    } finally {
      for (const w of [east, first!])
        for (const bv of [m, navy]) await setStock(owner, { warehouseId: w, blankVariantId: bv, onHand: null });
      await setBlankWarehouses(owner, blank.id, [first!]);
    }
  });

  it("a declined card keeps the order pending; 3155 asks for authentication", async () => {
    const { orderId, token } = await buy(guest(), [lineOf(variants["Navy/S"]!)]);
    const declined = await payOrderWithCard(guest(), { orderId, token, card: card("4000000000000002"), attemptKey: `d-${orderId}` });
    expect(declined).toEqual({ outcome: "failed", message: "Your card was declined." });
    expect((await getOrder(guest(), { orderId, token })).status).toBe("pending_payment");
    const auth = await payOrderWithCard(guest(), { orderId, token, card: card("4000002500003155"), attemptKey: `a-${orderId}` });
    expect(auth.outcome).toBe("requires_action");
    expect((await completeOrderAuthentication(guest(), { orderId, token, approve: true })).outcome).toBe("paid");
  });

  it("the shopper cancels before production: full refund, reversal journal, stock back", async () => {
    const owner = createCtx(t.db, fulfillerOwner, { clock });
    const navy = (await blankVariantOf(variants["Navy/S"]!))!;
    for (const w of await listWarehousesOf()) await setStock(owner, { warehouseId: w, blankVariantId: navy, onHand: 10 });
    const left = async () => (await stockLevels(asAdmin(), [navy])).get(navy);
    const before = await left();
    const { orderId, token } = await buy(guest(), [lineOf(variants["Navy/S"]!, 3)]);
    await payOrderWithCard(guest(), { orderId, token, card: card(), attemptKey: `c-${orderId}` });
    expect(await left()).toBe(before! - 3);
    const cancelled = await cancelOrder(guest(), { orderId, token });
    expect(await left()).toBe(before);
    for (const w of await listWarehousesOf()) await setStock(owner, { warehouseId: w, blankVariantId: navy, onHand: null });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.totals.refundedMinor).toBe(cancelled.totals.totalMinor);
    const b = await orderBreakdown(asAdmin(), orderId);
    expect(b.charged - b.refunded).toBe(0);
    expect(b.tax).toBe(0);
    expect(Object.values(b.stores).every((v) => v === 0)).toBe(true);
    await expectLedgerBalanced();
  });

  it("an admin refunds one item: the journal reverses exactly that line", async () => {
    const { orderId, token } = await buy(guest(), [lineOf(variants["White/S"]!, 2), lineOf(variantsB["Navy/S"]!, 1, productB)]);
    await payOrderWithCard(guest(), { orderId, token, card: card(), attemptKey: `r-${orderId}` });
    const before = await getOrder(asAdmin(), { orderId });
    const line = before.groups[0]!.lines.find((l) => l.quantity === 2)!;
    const after = await refundOrder(asAdmin(), {
      orderId,
      request: { lines: [{ lineId: line.id, quantity: 1 }], reason: "A smudge on one shirt" },
    });
    const perUnit = Math.round((line.itemsMinor - line.discountMinor + line.taxMinor) / 2);
    expect(after.totals.refundedMinor).toBe(perUnit);
    // The reversal touches that line only: no entry of another line, no shipping entry.
    const lineJournal = (await orderJournals(asAdmin(), orderId)).find((j) => j.kind === "order_refunded")!;
    const parties = lineJournal.entries.filter((e) => e.account !== "refunds");
    expect(parties.every((e) => e.lineId === line.id)).toBe(true);
    expect(parties.reduce((a, e) => a + e.amountMinor, 0)).toBe(perUnit);
    expect(after.status).toBe("paid");
    const journals = await orderJournals(asAdmin(), orderId);
    // The refund's reversal, then the provider's payout of it (its step ran after the commit).
    expect(journals.map((j) => j.kind)).toEqual(["order_paid", "order_refunded", "refund_paid_out"]);
    expect(journals[1]!.entries.reduce((a, e) => a + e.amountMinor, 0)).toBe(0);
    expect(journals[2]!.entries.map((e) => [e.account, e.amountMinor])).toEqual(
      expect.arrayContaining([
        ["refunds", perUnit],
        ["payments_clearing", -perUnit],
      ]),
    );
    await expect(
      refundOrder(asAdmin(), { orderId, request: { amountMinor: before.totals.totalMinor, reason: "too much" } }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(refundOrder(guest(), { orderId, request: { amountMinor: 1, reason: "x" } })).rejects.toMatchObject({ status: 404 });
    const rest = await refundOrder(asAdmin(), {
      orderId,
      request: { amountMinor: before.totals.totalMinor - perUnit, reason: "Goodwill" },
    });
    expect(rest.status).toBe("refunded");
    await expectLedgerBalanced();
  });

  it("an unpaid order expires after its deadline and gives its stock back", async () => {
    const owner = createCtx(t.db, fulfillerOwner, { clock });
    const bv = (await blankVariantOf(variantsB["White/S"]!))!;
    for (const w of (await listWarehousesOf()).map((x) => x)) await setStock(owner, { warehouseId: w, blankVariantId: bv, onHand: 1 });
    const { orderId } = await buy(guest(), [lineOf(variantsB["White/S"]!, 1, productB)]);
    expect(await expireOrder(asAdmin(), orderId)).toBe("skipped");
    clock.advance(31 * 60_000);
    expect(await expireOrder(asAdmin(), orderId)).toBe("expired");
    expect((await getOrder(asAdmin(), { orderId })).status).toBe("cancelled");
    const q = await quoteCheckout(guest(), { lines: [lineOf(variantsB["White/S"]!, 1, productB)], address });
    expect(q.canPlace).toBe(true);
    for (const w of await listWarehousesOf()) await setStock(owner, { warehouseId: w, blankVariantId: bv, onHand: null });
  });
});

describe("access", () => {
  it("the buyer, an admin and the signed link see an order; anyone else gets a 404", async () => {
    const buyer = await makeUser(t.db, { email: `buyer-${process.pid}@example.com` });
    const other = await makeUser(t.db);
    const ctx = createCtx(t.db, buyer, { clock });
    const { orderId, token } = await buy(ctx, [lineOf(variants["White/S"]!)]);
    await expect(getOrder(ctx, { orderId })).resolves.toMatchObject({ id: orderId });
    await expect(getOrder(asAdmin(), { orderId })).resolves.toMatchObject({ id: orderId });
    await expect(getOrder(guest(), { orderId, token })).resolves.toMatchObject({ id: orderId });
    for (const c of [createCtx(t.db, other, { clock }), guest()])
      await expect(getOrder(c, { orderId })).rejects.toMatchObject({ status: 404 });
    await expect(getOrder(guest(), { orderId, token: `${token}x` })).rejects.toBeInstanceOf(AppError);
    expect((await listMyOrders(ctx)).map((o) => o.id)).toContain(orderId);
    expect(await listMyOrders(createCtx(t.db, other, { clock }))).toEqual([]);
  });

  it("a guest who signs up with the order's address takes it over", async () => {
    const { orderId, token } = await buy(guest(), [lineOf(variants["White/S"]!)]);
    const maya = await makeUser(t.db, { email: "maya@example.com" });
    const ctx = createCtx(t.db, maya, { clock });
    await claimOrder(ctx, { orderId, token });
    expect((await listMyOrders(ctx)).map((o) => o.id)).toContain(orderId);
  });

  it("stores see their lines only; fulfillers their groups; others nothing", async () => {
    const { orderId, token } = await buy(guest(), [lineOf(variants["White/S"]!), lineOf(variantsB["Navy/S"]!, 1, productB)]);
    await payOrderWithCard(guest(), { orderId, token, card: card(), attemptKey: `s-${orderId}` });
    const mine = await listStoreOrders(createCtx(t.db, storeA.owner, { clock }), { storeId: storeA.store.id });
    const row = mine.rows.find((r) => r.orderId === orderId)!;
    expect(row.lines.every((l) => l.title)).toBe(true);
    expect(row.lines).toHaveLength(1);
    expect(row.lines[0]!.earningsMinor).toBeGreaterThan(0);
    expect(row).not.toHaveProperty("email");
    const outsider = await makeStore(t.db);
    await expect(listStoreOrders(createCtx(t.db, outsider.owner, { clock }), { storeId: storeA.store.id })).rejects.toMatchObject({
      status: 404,
    });
    const groups = await listFulfillerGroups(createCtx(t.db, fulfillerOwner, { clock }), { fulfillerId: blank.fulfillerId, status: "all" });
    expect(groups.rows.some((g) => g.orderId === orderId)).toBe(true);
    // a page at a time: the same rows in the same order; past the last page, the last page; the search in the database
    const asFulfiller = createCtx(t.db, fulfillerOwner, { clock });
    const paged = [];
    for (let page = 1; ; page++) {
      const r = await listFulfillerGroups(asFulfiller, { fulfillerId: blank.fulfillerId, status: "all", page, pageSize: 2 });
      expect([r.total, r.page]).toEqual([groups.rows.length, page]);
      paged.push(...r.rows);
      if (page * 2 >= r.total) break;
    }
    expect(paged).toEqual(groups.rows);
    const last = Math.max(1, Math.ceil(groups.rows.length / 2));
    expect((await listFulfillerGroups(asFulfiller, { fulfillerId: blank.fulfillerId, status: "all", page: 999, pageSize: 2 })).page).toBe(
      last,
    );
    const needle = groups.rows.find((g) => g.orderId === orderId)!.orderNumber.slice(-3);
    const found = await listFulfillerGroups(asFulfiller, {
      fulfillerId: blank.fulfillerId,
      status: "all",
      orderNumber: needle.toLowerCase(),
      page: 1,
      pageSize: 100,
    });
    const matching = groups.rows.filter((g) => g.orderNumber.toUpperCase().includes(needle.toUpperCase()));
    expect(found.rows).toEqual(matching);
    expect([found.total, matching.some((g) => g.orderId === orderId)]).toEqual([matching.length, true]);
    const otherFul = await makeFulfillerWithBlank(t.db);
    await expect(listFulfillerGroups(createCtx(t.db, otherFul.owner, { clock }), { fulfillerId: blank.fulfillerId })).rejects.toMatchObject(
      { status: 404 },
    );
    await expect(startGroupProduction(createCtx(t.db, otherFul.owner, { clock }), groups.rows[0]!.groupId)).rejects.toMatchObject({
      status: 404,
    });
    const overview = await orderStatusOverview(asAdmin());
    expect(overview.total).toBeGreaterThan(0);
    await expect(orderStatusOverview(guest())).rejects.toMatchObject({ status: 403 });
  });
});

// ---- helpers that read through public APIs ----
import { getBlankDetail, listWarehouses } from "../fulfillment/index.ts";
async function blankVariantOf(variantId: string): Promise<string | undefined> {
  const page = await getProductPage(
    t.ctx(anonymous()),
    variantId === "" ? productId : Object.values(variants).includes(variantId) ? productId : productB,
  );
  const v = page.variants.find((x) => x.id === variantId) as { blankVariantId?: string; color: string; size: string } | undefined;
  if (v?.blankVariantId) return v.blankVariantId;
  const detail = await getBlankDetail(t.ctx(anonymous()), blank.id);
  return detail.variants.find((b) => b.color === v?.color && b.size === v?.size)?.id;
}
async function listWarehousesOf(): Promise<string[]> {
  return (await listWarehouses(t.ctx(admin), blank.fulfillerId)).map((w) => w.id);
}
