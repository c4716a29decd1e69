// Money leaving orders through durable steps (ADR 0017), against a payment provider stand-in that
// fails a call once (as if it could not be reached), then answers: nothing is lost, the ledger
// ends equal to the provider, and every order ends in its right state. PGlite, and PostgreSQL with
// TEST_DB_ENGINE=postgres (where the two concurrent refunds really race).
import { carrierProvider } from "../../infra/carriers/index.ts";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { checkTransitionTable } from "../../../tests/support/state-table.ts";
import { makeFulfillerWithBlank, makeProduct, makeStore, makeUser, type UserActor } from "../../../tests/support/factories.ts";
import { env, setEnv } from "../../config/env.ts";
import { manualClock } from "../../contracts/clock.ts";
import { PaymentProviderError, type PaymentProvider } from "../../contracts/ports.ts";
import { emailProvider } from "../../infra/email/index.ts";
import { createTestProcessor } from "../../infra/payments/test-processor.ts";
import { storage } from "../../infra/storage/index.ts";
import { drain } from "../../jobs/index.ts";
import { outbox } from "../../jobs/schema.ts";
import { anonymous, createCtx, setDefaultPorts, system, type Actor } from "../../kernel/index.ts";
import { getProductPage } from "../catalog/index.ts";
import { createFanClubPerk, joinFanClub } from "../stores/index.ts";
import { fanClubPerks } from "../stores/schema.ts";
import { productVariants } from "../catalog/schema.ts";
import { createWarehouse, saveShippingRate, saveShippingZone, setStock, stockLevels, type BlankRow } from "../fulfillment/index.ts";
import { orderBreakdown, trialBalance } from "../ledger/index.ts";
import { emailMessages } from "../notifications/schema.ts";
import {
  getPayment,
  listRefunds,
  payWithCard,
  PAYMENT_TRANSITIONS,
  paymentStates,
  REFUND_TRANSITIONS,
  refundStates,
} from "../payments/index.ts";
import { paymentRefunds, payments, paymentTestProcessorRecords } from "../payments/schema.ts";
import {
  cancelOrder,
  expireOrder,
  getAdminOrder,
  getOrder,
  getPaymentPage,
  GROUP_TRANSITIONS,
  groupMachine,
  listFulfillerGroups,
  ORDER_TRANSITIONS,
  orderActions,
  orderMachine,
  payOrderWithCard,
  placeOrder,
  quoteCheckout,
  refundOrder,
  retryOrderRefund,
  startGroupProduction,
  type OrderAddress,
  type OrderStatus,
} from "./index.ts";
import { orders, shipmentGroups } from "./schema.ts";

// ---- the provider stand-in ------------------------------------------------------------------

const failNext = new Set<string>();
const refuseNext = new Set<string>();
function flaky(p: PaymentProvider): PaymentProvider {
  return new Proxy(p, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop === "withStore") return (store: Parameters<NonNullable<PaymentProvider["withStore"]>>[0]) => flaky(target.withStore!(store));
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        const name = String(prop);
        if (failNext.delete(name))
          throw new PaymentProviderError("api_connection_error", "The payment service could not be reached.", undefined, true);
        if (refuseNext.delete(name)) throw new PaymentProviderError("charge_disputed", "This charge is disputed and cannot be refunded.");
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
const provider = flaky(createTestProcessor());
setDefaultPorts(() => ({ storage: storage(), email: emailProvider(), payments: provider, carriers: carrierProvider() }));

// ---- a small catalogue ----------------------------------------------------------------------

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
const card = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" };
let owner: UserActor;
let blank: BlankRow;
let variants: Record<string, string> = {};
let productId = "";
let shop: Awaited<ReturnType<typeof makeStore>>;
let n = 0;

beforeAll(async () => {
  const f = await makeFulfillerWithBlank(t.db);
  owner = f.owner;
  blank = f.blank;
  const ctx = createCtx(t.db, f.owner, { clock });
  await createWarehouse(ctx, { fulfillerId: f.fulfiller.id, name: "East", country: "US", region: "NY", city: "Albany" });
  const zone = await saveShippingZone(ctx, { fulfillerId: f.fulfiller.id, name: "United States", regions: ["US"] });
  await saveShippingRate(ctx, {
    fulfillerId: f.fulfiller.id,
    zoneId: zone.id,
    category: blank.category,
    firstItemMinor: 500,
    additionalItemMinor: 200,
    minDays: 3,
    maxDays: 5,
  });
  shop = await makeStore(t.db);
  productId = (await makeProduct(t.db, { store: shop, blank, input: { priceMinor: 2500 } })).product.id;
  const page = await getProductPage(t.ctx(anonymous()), productId);
  variants = Object.fromEntries(page.variants.map((v) => [`${v.color}/${v.size}`, v.id]));
});

beforeEach(() => {
  failNext.clear();
  refuseNext.clear();
});

const guest = () => createCtx(t.db, anonymous(), { clock });
const rd = () => ({ db: t.db });
const asAdmin = () => createCtx(t.db, admin, { clock });
const asOwner = () => createCtx(t.db, owner, { clock });

async function placed(
  lines: { variant: string; quantity: number }[] = [{ variant: "White/S", quantity: 2 }],
  as = guest(),
  discountCode?: string,
) {
  const req = { lines: lines.map((l) => ({ productId, variantId: variants[l.variant]!, quantity: l.quantity })), address, discountCode };
  const quote = await quoteCheckout(as, req);
  const out = await placeOrder(as, {
    ...req,
    email: "maya@example.com",
    placeKey: `money-steps-${process.pid}-${++n}`,
    seenTotalMinor: quote.totals.totalMinor,
  });
  if (!out.ok) throw new Error(out.message);
  return out;
}

async function paid(lines?: { variant: string; quantity: number }[]) {
  const o = await placed(lines);
  const r = await payOrderWithCard(guest(), { orderId: o.orderId, token: o.token, card, attemptKey: `pay-${o.orderId}` });
  expect(r.outcome).toBe("paid");
  return o;
}

/** What the worker would do once the steps' backoff has passed: run every pending step now. */
async function runDueSteps() {
  await t.db
    .update(outbox)
    .set({ runAt: new Date(0) })
    .where(eq(outbox.status, "pending"));
  await drain(t.db);
}

/** The provider's own books for the order's intent (the test processor keeps them in the database). */
async function providerIntent(orderId: string): Promise<{ chargedMinor: number; refundedMinor: number; status: string }> {
  const p = await getPayment(rd(), orderId);
  const [row] = await t.db
    .select({ data: paymentTestProcessorRecords.data })
    .from(paymentTestProcessorRecords)
    .where(and(eq(paymentTestProcessorRecords.kind, "intent"), eq(paymentTestProcessorRecords.id, p!.intentId)));
  const d = row!.data as { chargedMinor?: number; refundedMinor?: number; status: string };
  return { chargedMinor: d.chargedMinor ?? 0, refundedMinor: d.refundedMinor ?? 0, status: d.status };
}

/** The ledger says what the provider did: paid out = refunded at the provider; owed = granted, not made yet. */
async function expectLedgerEqualsProvider(orderId: string, owed = 0) {
  const b = await orderBreakdown(asAdmin(), orderId);
  const intent = await providerIntent(orderId);
  expect(b.charged).toBe(intent.chargedMinor);
  expect(b.refunded).toBe(intent.refundedMinor);
  expect(b.refundPending).toBe(owed);
  const tb = await trialBalance(asAdmin());
  expect(Object.values(tb).reduce((a, v) => a + v, 0)).toBe(0);
}

const mailsTo = async (subject: RegExp) =>
  (await t.db.select({ subject: emailMessages.subject }).from(emailMessages)).filter((m) => subject.test(m.subject));

describe("cancelling", () => {
  it("an admin cancels an order in production: refunded, reversed, stock freed, the print shop told, its queue empty; the provider fails once", async () => {
    const o = await paid();
    const view = await getOrder(asAdmin(), { orderId: o.orderId });
    for (const g of view.groups) await startGroupProduction(asOwner(), g.id);
    expect((await getAdminOrder(asAdmin(), o.orderId)).actions).toMatchObject({ cancel: true, refund: true });
    const open = async () =>
      (await listFulfillerGroups(asOwner(), { fulfillerId: view.groups[0]!.fulfillerId, status: "open" })).rows.filter(
        (r) => r.orderId === o.orderId,
      );
    expect(await open()).toHaveLength(1);

    failNext.add("refund");
    const cancelled = await cancelOrder(asAdmin(), { orderId: o.orderId, reason: "The shopper's address is a fraud." });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.groups.every((g) => g.status === "cancelled")).toBe(true);
    expect(await open()).toEqual([]);
    const [refund] = await listRefunds(rd(), o.orderId);
    expect(refund).toMatchObject({ status: "requested", amountMinor: cancelled.totals.totalMinor, attempts: 1 });
    expect(refund!.lastError).toMatch(/could not be reached/);
    // Granted and reversed, owed to the shopper until the provider makes it.
    await expectLedgerEqualsProvider(o.orderId, cancelled.totals.totalMinor);
    expect(await mailsTo(/is cancelled$/)).not.toEqual([]);

    await runDueSteps();
    expect((await listRefunds(rd(), o.orderId))[0]).toMatchObject({ status: "succeeded", attempts: 2 });
    await expectLedgerEqualsProvider(o.orderId);
    expect((await providerIntent(o.orderId)).refundedMinor).toBe(cancelled.totals.totalMinor);
    expect(await mailsTo(/don't make or ship it/)).toEqual([]); // the print shop's e-mail is the subscriber's (events run by the server)
    const [event] = await t.db
      .execute<{ payload: { fulfillerIds: string[] } }>(
        sql`select payload from domain_events where type = 'order.cancelled' and payload->>'orderId' = ${o.orderId}`,
      )
      .then((r) => (r as unknown as { rows?: { payload: { fulfillerIds: string[] } }[] }).rows ?? (r as never));
    expect(event!.payload.fulfillerIds).toEqual([view.groups[0]!.fulfillerId]);
  });

  it("the shopper cancels before production: the stock goes back at once, the refund is made after the commit", async () => {
    const [{ blankVariantId }] = (await t.db
      .select({ blankVariantId: productVariants.blankVariantId })
      .from(productVariants)
      .where(eq(productVariants.id, variants["Navy/S"]!))) as [{ blankVariantId: string }];
    const wh = (await getOrder(asAdmin(), { orderId: (await placed([{ variant: "Navy/S", quantity: 1 }])).orderId })).groups[0]!;
    await setStock(asOwner(), { warehouseId: wh.warehouseId, blankVariantId, onHand: 5 });
    const o = await paid([{ variant: "Navy/S", quantity: 2 }]);
    const before = (await stockLevels(asAdmin(), [blankVariantId])).get(blankVariantId);
    const cancelled = await cancelOrder(guest(), { orderId: o.orderId, token: o.token });
    expect(cancelled.status).toBe("cancelled");
    expect((await stockLevels(asAdmin(), [blankVariantId])).get(blankVariantId)).toBe(before! + 2);
    await expectLedgerEqualsProvider(o.orderId);
  });

  it("an unpaid order's intent is cancelled after the commit; the provider fails once", async () => {
    const o = await placed();
    await getPaymentPage(guest(), { orderId: o.orderId, token: o.token });
    failNext.add("cancelIntent");
    expect((await cancelOrder(guest(), { orderId: o.orderId, token: o.token })).status).toBe("cancelled");
    expect((await getPayment(rd(), o.orderId))!.status).toBe("requires_payment_method");
    await runDueSteps();
    expect((await getPayment(rd(), o.orderId))!.status).toBe("canceled");
  });

  it("an unpaid order the provider has in fact charged (a crash before the record) is paid, then refunded, when the shopper cancels", async () => {
    const o = await placed();
    await getPaymentPage(guest(), { orderId: o.orderId, token: o.token });
    await payWithCard(createCtx(t.db, system("test"), { clock }), { orderId: o.orderId, card, attemptKey: `crash-${o.orderId}` });
    // The charge is at the provider; the crash lost its record.
    await t.db.update(payments).set({ status: "requires_payment_method" }).where(eq(payments.orderId, o.orderId));
    const cancelled = await cancelOrder(guest(), { orderId: o.orderId, token: o.token });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.totals.refundedMinor).toBe(cancelled.totals.totalMinor);
    expect((await providerIntent(o.orderId)).refundedMinor).toBe(cancelled.totals.totalMinor);
    await expectLedgerEqualsProvider(o.orderId);
  });

  it("a payment that arrives after its order expired is refunded in full, in the ledger and at the provider", async () => {
    const o = await placed();
    await getPaymentPage(guest(), { orderId: o.orderId, token: o.token });
    clock.advance(31 * 60_000);
    failNext.add("retrieveIntent"); // the expiry's last look fails: the order closes all the same
    failNext.add("cancelIntent"); // and its intent's cancellation waits for the retry
    expect(await expireOrder(createCtx(t.db, system("expiry"), { clock }), o.orderId)).toBe("expired");
    // Meanwhile the shopper's bank confirms the payment.
    await payWithCard(createCtx(t.db, system("test"), { clock }), { orderId: o.orderId, card, attemptKey: `late-${o.orderId}` });
    await runDueSteps();
    const order = await getOrder(asAdmin(), { orderId: o.orderId });
    expect(order.status).toBe("cancelled");
    const [refund] = await listRefunds(rd(), o.orderId);
    expect(refund).toMatchObject({ status: "succeeded", amountMinor: order.totals.totalMinor });
    const intent = await providerIntent(o.orderId);
    expect(intent.refundedMinor).toBe(intent.chargedMinor);
    await expectLedgerEqualsProvider(o.orderId);
    expect(await mailsTo(/was refunded$/)).not.toEqual([]);
  });
});

describe("refunding", () => {
  it("a refund of one item and one by amount, the provider failing once each: both made, the ledger equal to the provider", async () => {
    const o = await paid();
    const view = await getOrder(asAdmin(), { orderId: o.orderId });
    const line = view.groups[0]!.lines[0]!;
    failNext.add("refund");
    const one = await refundOrder(asAdmin(), {
      orderId: o.orderId,
      request: { lines: [{ lineId: line.id, quantity: 1 }], reason: "Smudge" },
    });
    expect(one.status).toBe("paid");
    await expectLedgerEqualsProvider(o.orderId, one.totals.refundedMinor);
    failNext.add("refund");
    const two = await refundOrder(asAdmin(), { orderId: o.orderId, request: { amountMinor: 300, reason: "Late" } });
    await runDueSteps();
    expect((await listRefunds(rd(), o.orderId)).map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
    expect((await providerIntent(o.orderId)).refundedMinor).toBe(two.totals.refundedMinor);
    await expectLedgerEqualsProvider(o.orderId);
  });

  it("a refund the provider refuses is failed for an admin, stays owed in the ledger, and is made when asked again", async () => {
    const o = await paid();
    refuseNext.add("refund");
    await refundOrder(asAdmin(), { orderId: o.orderId, request: { amountMinor: 500, reason: "Goodwill" } });
    const [failed] = await listRefunds(rd(), o.orderId);
    expect(failed).toMatchObject({ status: "failed", lastError: "This charge is disputed and cannot be refunded." });
    await expectLedgerEqualsProvider(o.orderId, 500);
    const page = await getAdminOrder(asAdmin(), o.orderId);
    expect(page.refunds.map((r) => r.status)).toEqual(["failed"]);
    await retryOrderRefund(asAdmin(), { orderId: o.orderId, refundId: failed!.id });
    expect((await listRefunds(rd(), o.orderId))[0]).toMatchObject({ status: "succeeded" });
    await expectLedgerEqualsProvider(o.orderId);
  });

  it("two refunds of the same line at once: one is made, the other refused before any money moves", async () => {
    const o = await paid([{ variant: "White/M", quantity: 3 }]);
    const line = (await getOrder(asAdmin(), { orderId: o.orderId })).groups[0]!.lines[0]!;
    const results = await Promise.allSettled([
      refundOrder(asAdmin(), { orderId: o.orderId, request: { lines: [{ lineId: line.id, quantity: 2 }], reason: "A" } }),
      refundOrder(asAdmin(), { orderId: o.orderId, request: { lines: [{ lineId: line.id, quantity: 2 }], reason: "B" } }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 422, message: expect.stringMatching(/at most 1/) });
    const after = await getOrder(asAdmin(), { orderId: o.orderId });
    expect(after.groups[0]!.lines[0]!.refundedQuantity).toBe(2);
    expect((await providerIntent(o.orderId)).refundedMinor).toBe(after.totals.refundedMinor);
    await expectLedgerEqualsProvider(o.orderId);
  });

  it("a full refund by amount takes the order's unshipped work out of the print shop's queue", async () => {
    const o = await paid();
    const view = await getOrder(asAdmin(), { orderId: o.orderId });
    const refunded = await refundOrder(asAdmin(), { orderId: o.orderId, request: { amountMinor: view.totals.totalMinor, reason: "Lost" } });
    expect(refunded.status).toBe("refunded");
    expect(refunded.groups.map((g) => g.status)).toEqual(["cancelled"]);
    const rows = (await listFulfillerGroups(asOwner(), { fulfillerId: view.groups[0]!.fulfillerId, status: "open" })).rows;
    expect(rows.filter((r) => r.orderId === o.orderId)).toEqual([]);
  });
});

describe("discount codes", () => {
  const usedCount = async (perkId: string) =>
    (await t.db.select({ n: fanClubPerks.usedCount }).from(fanClubPerks).where(eq(fanClubPerks.id, perkId)))[0]!.n;

  it("a code the shopper may not use (a fan-club code, as a guest) never blocks the purchase: priced without it, said why", async () => {
    const perk = await createFanClubPerk(createCtx(t.db, shop.owner, { clock }), shop.store.id, {
      title: "Members' 10%",
      description: "",
      code: `guest${n}x`,
      discountKind: "percent",
      percentOff: 10,
    });
    const req = { lines: [{ productId, variantId: variants["White/S"]!, quantity: 1 }], address, discountCode: perk.code };
    const quote = await quoteCheckout(guest(), req);
    expect(quote.canPlace).toBe(true);
    expect(quote.discount).toMatchObject({ ok: false });
    expect(quote.discount!.message).toMatch(/fan club|member/i);
    expect(quote.totals.discountMinor).toBe(0);
    const o = await placed([{ variant: "White/S", quantity: 1 }], guest(), perk.code!);
    const order = await getOrder(asAdmin(), { orderId: o.orderId });
    expect(order.totals.totalMinor).toBe(quote.totals.totalMinor);
    expect(order.discountCode).toBeNull();
  });

  it("a limited code's use counts when the order is paid: unpaid orders never use it up", async () => {
    const member = await makeUser(t.db);
    await joinFanClub(createCtx(t.db, member), shop.store.id);
    const perk = await createFanClubPerk(createCtx(t.db, shop.owner, { clock }), shop.store.id, {
      title: "One use",
      description: "",
      code: `once${n}x`,
      discountKind: "percent",
      percentOff: 10,
      maxUses: 1,
    });
    const me = createCtx(t.db, member, { clock });
    const first = await placed([{ variant: "White/S", quantity: 1 }], me, perk.code!);
    const second = await placed([{ variant: "White/S", quantity: 1 }], me, perk.code!);
    expect(await usedCount(perk.id)).toBe(0);
    await payOrderWithCard(me, { orderId: first.orderId, card, attemptKey: `code-${first.orderId}` });
    expect(await usedCount(perk.id)).toBe(1);
    // The second was placed while the code still had its use: it pays the price it was shown.
    expect((await payOrderWithCard(me, { orderId: second.orderId, card, attemptKey: `code-${second.orderId}` })).outcome).toBe("paid");
    expect((await getOrder(asAdmin(), { orderId: second.orderId })).totals.discountMinor).toBeGreaterThan(0);
    expect(await usedCount(perk.id)).toBe(1);
  });
});

describe("unpaid orders hold stock briefly, and not too many", () => {
  it("a shopper may keep three unpaid orders; the fourth is refused until one is cancelled", async () => {
    const me = createCtx(t.db, await makeUser(t.db), { clock });
    const three = [await placed(undefined, me), await placed(undefined, me), await placed(undefined, me)];
    await expect(placed(undefined, me)).rejects.toMatchObject({ status: 429, code: "too-many-unpaid" });
    await cancelOrder(me, { orderId: three[0]!.orderId });
    await expect(placed(undefined, me)).resolves.toMatchObject({ ok: true });
  });

  it("one network address places at most ORDERS_MAX_PER_IP orders an hour (a script dropping its cookies)", async () => {
    const before = env();
    setEnv({ ...before, ORDERS_MAX_PER_IP: 2 });
    try {
      const from = () => createCtx(t.db, anonymous("203.0.113.7"), { clock });
      await placed(undefined, from());
      await placed(undefined, from());
      await expect(placed(undefined, from())).rejects.toMatchObject({ status: 429, message: expect.stringMatching(/from your network/) });
    } finally {
      setEnv(before);
    }
  });

  it("an unpaid order expires after 15 minutes by default, and gives its stock back", async () => {
    const o = await placed();
    const order = await getOrder(asAdmin(), { orderId: o.orderId });
    expect(order.expiresAt!.getTime() - clock.now().getTime()).toBe(15 * 60_000);
  });
});

describe("one authority on what may move", () => {
  it("the actions offered follow the transition table and its guards, for every status", () => {
    const statuses = Object.keys(ORDER_TRANSITIONS) as OrderStatus[];
    for (const status of statuses) {
      for (const groups of [[{ status: "pending" as const }], [{ status: "in_production" as const }], [{ status: "shipped" as const }]]) {
        if (status === "pending_payment" && groups[0]!.status !== "pending") continue; // nothing is made before payment
        const a = orderActions({ status, refundableMinor: 100, groups }, "admin");
        const s = orderActions({ status, refundableMinor: 100, groups }, "shopper");
        const can = (to: OrderStatus) => (ORDER_TRANSITIONS[status] as readonly string[]).includes(to);
        if (a.cancel) expect(can("cancelled"), `${status} admin cancel`).toBe(true);
        if (s.cancel) expect(a.cancel || status === "pending_payment", `${status} shopper cancel`).toBe(true);
        if (groups[0]!.status === "shipped") expect(a.cancel, `${status} shipped: no cancel`).toBe(false);
        if (groups[0]!.status === "in_production") expect(s.cancel, `${status} in production: the shopper may not cancel`).toBe(false);
        expect(a.refund).toBe(can("refunded"));
        expect(s.refund || s.hold || s.release).toBe(false);
      }
    }
    // The defect of issue 22: an order in production may be cancelled by an admin, and the table agrees.
    expect(orderActions({ status: "in_production", refundableMinor: 1, groups: [{ status: "in_production" }] }, "admin").cancel).toBe(true);
    expect(ORDER_TRANSITIONS.in_production).toContain("cancelled");
  });

  it("every pair of order states: the allowed moves are written and recorded, every other is refused and writes nothing", async () => {
    const template = await placed();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, template.orderId));
    let i = 0;
    const tried = await checkTransitionTable(orderMachine, {
      ctx: asAdmin(),
      create: async (state) => {
        const id = `ord_${String(++i).padStart(26, "0")}`;
        await t.db.insert(orders).values({ ...row!, id, number: `PL-T${i}`, placeKey: `table-${i}-${process.pid}`, status: state });
        return id;
      },
      read: async (id) => (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s,
    });
    expect(tried).toBe(Object.keys(ORDER_TRANSITIONS).length ** 2);
  });

  it("every pair of shipment-group states", async () => {
    const template = await placed();
    const [row] = await t.db.select().from(shipmentGroups).where(eq(shipmentGroups.orderId, template.orderId));
    let i = 0;
    const tried = await checkTransitionTable(groupMachine, {
      ctx: asAdmin(),
      create: async (state) => {
        const id = `sgr_${String(++i).padStart(26, "0")}`;
        await t.db.insert(shipmentGroups).values({ ...row!, id, status: state });
        return id;
      },
      read: async (id) => (await t.db.select({ s: shipmentGroups.status }).from(shipmentGroups).where(eq(shipmentGroups.id, id)))[0]!.s,
    });
    expect(tried).toBe(Object.keys(GROUP_TRANSITIONS).length ** 2);
  });

  it("every pair of payment states", async () => {
    let i = 0;
    const tried = await checkTransitionTable(paymentStates, {
      ctx: asAdmin(),
      create: async (state) => {
        const id = `pay_${String(++i).padStart(26, "0")}`;
        await t.db.insert(payments).values({
          id,
          orderId: `ord_tablepayment${i}`,
          provider: "test",
          intentId: `pi_table_${i}`,
          status: state,
          amountMinor: 1000,
          currency: "USD",
        });
        return id;
      },
      read: async (id) => (await t.db.select({ s: payments.status }).from(payments).where(eq(payments.id, id)))[0]!.s,
    });
    expect(tried).toBe(Object.keys(PAYMENT_TRANSITIONS).length ** 2);
  });

  it("every pair of refund states", async () => {
    await t.db.insert(payments).values({
      id: "pay_tablerefunds",
      orderId: "ord_tablerefunds",
      provider: "test",
      intentId: "pi_table_refunds",
      status: "succeeded",
      amountMinor: 1000,
      currency: "USD",
    });
    let i = 0;
    const tried = await checkTransitionTable(refundStates, {
      ctx: asAdmin(),
      create: async (state) => {
        const id = `ref_${String(++i).padStart(26, "0")}`;
        await t.db.insert(paymentRefunds).values({
          id,
          paymentId: "pay_tablerefunds",
          orderId: "ord_tablerefunds",
          amountMinor: 10,
          currency: "USD",
          status: state,
          idempotencyKey: `table-${i}`,
        });
        return id;
      },
      read: async (id) => (await t.db.select({ s: paymentRefunds.status }).from(paymentRefunds).where(eq(paymentRefunds.id, id)))[0]!.s,
    });
    expect(tried).toBe(Object.keys(REFUND_TRANSITIONS).length ** 2);
  });
});
