// Cases on a real database (PGlite, and PostgreSQL with TEST_DB_ENGINE=postgres): a shopper reports
// a problem with lines of a delivered shipment, the thread and the transition table, who pays per
// fault code in the ledger, a reprint as a new routed shipment, a partial refund, and the refusals
// (someone else's line, a second open case on a line, fake or oversized photos) with nothing written.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeFulfillerWithBlank, makeProduct, makeUser, solidPng, type UserActor } from "../../../tests/support/factories.ts";
import { manualClock } from "../../contracts/clock.ts";
import { anonymous, AppError, createCtx, type Actor } from "../../kernel/index.ts";
import { getProductPage } from "../catalog/index.ts";
import { saveShippingRate, saveShippingZone, type FulfillerRow } from "../fulfillment/index.ts";
import { orderJournals, trialBalance } from "../ledger/index.ts";
import { emailMessages } from "../notifications/schema.ts";
import {
  deliverGroup,
  getOrder,
  listFulfillerGroups,
  payOrderWithCard,
  placeOrder,
  quoteCheckout,
  shipGroup,
  startGroupProduction,
  type OrderAddress,
} from "../orders/index.ts";
import {
  askCase,
  caseHoldsForPrintShop,
  closeCase,
  countPrintShopCases,
  getCase,
  listCases,
  listPrintShopCases,
  openCase,
  postCaseMessage,
  reportableLines,
  resolveCase,
  CASE_TRANSITIONS,
} from "./index.ts";
import { cases } from "./schema.ts";

const t = useTestDatabase();
const clock = manualClock("2026-06-01T10:00:00Z");
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

let admin: UserActor & { email: string };
let shopper: UserActor & { email: string };
let other: UserActor & { email: string };
let shopOwner: UserActor;
let shop: FulfillerRow;
let variants: Record<string, string> = {};
let productId = "";
let key = 0;
let photo: Buffer;

const as = (a: Actor) => createCtx(t.db, a, { clock });

beforeAll(async () => {
  admin = await makeUser(t.db, { roles: ["admin", "shopper"] });
  shopper = await makeUser(t.db, { email: `maya-${process.pid}@example.com` });
  other = await makeUser(t.db);
  const f = await makeFulfillerWithBlank(t.db);
  shopOwner = f.owner;
  shop = f.fulfiller;
  const owner = as(f.owner);
  const zone = await saveShippingZone(owner, { fulfillerId: f.fulfiller.id, name: "United States", regions: ["US"] });
  await saveShippingRate(owner, {
    fulfillerId: f.fulfiller.id,
    zoneId: zone.id,
    category: f.blank.category,
    firstItemMinor: 500,
    additionalItemMinor: 200,
    minDays: 3,
    maxDays: 5,
  });
  const p = await makeProduct(t.db, { blank: f.blank, input: { priceMinor: 2500 } });
  productId = p.product.id;
  const page = await getProductPage(as(admin), productId);
  variants = Object.fromEntries(page.variants.map((v) => [`${v.color}/${v.size}`, v.id]));
  photo = await solidPng("#cc3333", 800, 600);
});

/** A paid order of `who` with two lines (2 × White/S, 1 × Navy/S), shipped and delivered. */
async function deliveredOrder(who: Actor = shopper) {
  const ctx = as(who);
  const req = {
    lines: [
      { productId, variantId: variants["White/S"]!, quantity: 2 },
      { productId, variantId: variants["Navy/S"]!, quantity: 1 },
    ],
    address,
  };
  const quote = await quoteCheckout(ctx, req);
  const placed = await placeOrder(ctx, {
    ...req,
    email: "maya@example.com",
    placeKey: `test-cases-key-${process.pid}-${++key}`,
    seenTotalMinor: quote.totals.totalMinor,
  });
  if (!placed.ok) throw new Error(placed.message);
  const { orderId, token } = placed;
  await payOrderWithCard(ctx, { orderId, token, card, attemptKey: `a-${orderId}` });
  const g = (await getOrder(as(admin), { orderId })).groups[0]!;
  await startGroupProduction(as(shopOwner), g.id);
  await shipGroup(as(shopOwner), { groupId: g.id, carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
  clock.advance(2 * 86_400_000);
  await deliverGroup(as(shopOwner), g.id);
  const order = await getOrder(as(admin), { orderId });
  const [twoShirts, navy] = [order.groups[0]!.lines.find((l) => l.quantity === 2)!, order.groups[0]!.lines.find((l) => l.quantity === 1)!];
  return { orderId, token, order, groupId: g.id, twoShirts, navy };
}

const caseCount = async () => Number((await t.db.select({ n: count() }).from(cases))[0]!.n);
const mailsTo = async (email: string) => t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, email));
const expectBalanced = async () => {
  const tb = await trialBalance(as(admin));
  expect(Object.values(tb).reduce((a, b) => a + b, 0)).toBe(0);
};
async function refusal(p: () => Promise<unknown>): Promise<AppError> {
  try {
    await p();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the transition table", () => {
  it("open and waiting states go to each other and to resolved; resolved only to closed; closed nowhere", () => {
    expect(CASE_TRANSITIONS.open).toEqual(["waiting_on_print_shop", "waiting_on_shopper", "resolved"]);
    expect(CASE_TRANSITIONS.resolved).toEqual(["closed"]);
    expect(CASE_TRANSITIONS.closed).toEqual([]);
  });
});

describe("reporting a problem", () => {
  it("the shopper opens a case with a photo: open, due in 48 h, the shipment held, every party e-mailed", async () => {
    const o = await deliveredOrder();
    const before = (await mailsTo(admin.email)).length;
    const report = await reportableLines(as(shopper), { orderId: o.orderId });
    expect(report.canReport).toBe(true);
    expect(report.lines.every((l) => l.blockedBy === null)).toBe(true);
    const made = await openCase(as(shopper), {
      orderId: o.orderId,
      lines: [{ lineId: o.twoShirts.id, quantity: 1 }],
      kind: "damaged",
      description: "One shirt arrived with a long tear on the sleeve.",
      photos: [photo],
    });
    expect(made.ref).toMatch(/^C-\d+$/);
    const c = await getCase(as(admin), { caseId: made.id, as: "admin" });
    expect(c.status).toBe("open");
    expect(c.photoCount).toBe(1);
    expect(c.lines).toEqual([expect.objectContaining({ lineId: o.twoShirts.id, quantity: 1 })]);
    expect(c.firstResponseDueAt.getTime() - c.openedAt.getTime()).toBe(48 * 3_600_000);
    expect(c.can).toMatchObject({ ask: true, resolve: true, close: false });
    const holds = await caseHoldsForPrintShop(as(shopOwner), shop.id);
    expect(holds.map((h) => h.groupId)).toContain(o.groupId);
    expect((await mailsTo("maya@example.com")).some((m) => m.subject.includes(made.ref))).toBe(true);
    expect((await mailsTo(admin.email)).length).toBeGreaterThan(before);
    // One open case per line: the same line again is refused, naming the case; nothing written.
    const n = await caseCount();
    const again = await refusal(() =>
      openCase(as(shopper), {
        orderId: o.orderId,
        lines: [{ lineId: o.twoShirts.id, quantity: 1 }],
        kind: "misprint",
        description: "The print is also blurred on it.",
      }),
    );
    expect(again.status).toBe(409);
    expect(again.message).toContain(made.ref);
    expect(await caseCount()).toBe(n);
    // The print shop sees it on its list; another shopper sees nothing.
    expect((await listPrintShopCases(as(shopOwner), { fulfillerId: shop.id })).map((r) => r.id)).toContain(made.id);
    // Its analytics count it in the window it was opened in, and only there; nobody else counts them.
    const around = { fulfillerId: shop.id, from: new Date(c.openedAt.getTime() - 1000), to: new Date(c.openedAt.getTime() + 1000) };
    expect(await countPrintShopCases(as(shopOwner), around)).toBe(1);
    expect(await countPrintShopCases(as(admin), { ...around, from: around.to, to: new Date(around.to.getTime() + 60_000) })).toBe(0);
    await expect(countPrintShopCases(as(other), around)).rejects.toMatchObject({ status: 404 });
    await expect(getCase(as(other), { caseId: made.id, as: "shopper" })).rejects.toMatchObject({ status: 404 });
    await expect(getCase(as(other), { caseId: made.id, as: "admin" })).rejects.toMatchObject({ status: 404 });
    await expect(getCase(as(other), { caseId: made.id, as: "print_shop" })).rejects.toMatchObject({ status: 404 });
    // The shopper's page never shows the fault code or internal notes.
    await postCaseMessage(as(admin), { caseId: made.id, as: "admin", body: "Batch 12 had a bad press.", internal: true });
    const mine = await getCase(as(shopper), { caseId: made.id, as: "shopper" });
    expect(mine.messages.some((m) => m.internal)).toBe(false);
    expect(mine.shopperEmail).toBeNull();
  });

  it("refuses a line of someone else's order, another shopper, fake and oversized photos, each with nothing written", async () => {
    const mine = await deliveredOrder();
    const theirs = await deliveredOrder(other);
    const n = await caseCount();
    const base = { kind: "damaged", description: "It arrived torn on one side." };
    const foreignLine = await refusal(() =>
      openCase(as(shopper), { orderId: mine.orderId, lines: [{ lineId: theirs.navy.id, quantity: 1 }], ...base }),
    );
    expect(foreignLine.status).toBe(404);
    const otherShopper = await refusal(() =>
      openCase(as(shopper), { orderId: theirs.orderId, lines: [{ lineId: theirs.navy.id, quantity: 1 }], ...base }),
    );
    expect(otherShopper.status).toBe(404);
    const fake = await refusal(() =>
      openCase(as(shopper), {
        orderId: mine.orderId,
        lines: [{ lineId: mine.navy.id, quantity: 1 }],
        ...base,
        photos: [Buffer.from("this is not an image at all, just text pretending to be a photo")],
      }),
    );
    expect(fake.field).toBe("photos");
    expect(fake.status).toBeGreaterThanOrEqual(400);
    expect(fake.status).toBeLessThan(500);
    const big = await refusal(() =>
      openCase(as(shopper), {
        orderId: mine.orderId,
        lines: [{ lineId: mine.navy.id, quantity: 1 }],
        ...base,
        photos: [Buffer.concat([photo, Buffer.alloc(9 * 1024 * 1024)])],
      }),
    );
    expect(big.field).toBe("photos");
    expect(big.message).toMatch(/MB/);
    const tooMany = await refusal(() =>
      openCase(as(shopper), {
        orderId: mine.orderId,
        lines: [{ lineId: mine.navy.id, quantity: 1 }],
        ...base,
        photos: [photo, photo, photo, photo, photo],
      }),
    );
    expect(tooMany.field).toBe("photos");
    const short = await refusal(() =>
      openCase(as(shopper), {
        orderId: mine.orderId,
        lines: [{ lineId: mine.navy.id, quantity: 1 }],
        kind: "damaged",
        description: "torn",
      }),
    );
    expect(short.field).toBe("description");
    const tooManyUnits = await refusal(() =>
      openCase(as(shopper), { orderId: mine.orderId, lines: [{ lineId: mine.navy.id, quantity: 2 }], ...base }),
    );
    expect(tooManyUnits.status).toBe(422);
    const adminOpens = await refusal(() =>
      openCase(as(admin), { orderId: mine.orderId, lines: [{ lineId: mine.navy.id, quantity: 1 }], ...base }),
    );
    expect(adminOpens.status).toBe(403);
    expect(await caseCount()).toBe(n);
  });
});

describe("a guest's report through the delivered e-mail", () => {
  it("the e-mail's 'Report a problem' link is the problem page with the order's signed link, and that token opens a case", async () => {
    const o = await deliveredOrder();
    const mail = (await mailsTo("maya@example.com")).find(
      (m) => m.template === "order-shipment-delivered" && String(m.params.caseUrl).includes(o.orderId),
    )!;
    const caseUrl = String(mail.params.caseUrl);
    const url = new URL(caseUrl);
    expect(url.pathname).toBe(`/shop/orders/${o.orderId}/problem`);
    const token = url.searchParams.get("token");
    expect(token).toBeTruthy();
    const visitor = createCtx(t.db, anonymous(), { clock });
    await expect(reportableLines(visitor, { orderId: o.orderId })).rejects.toMatchObject({ status: 404 });
    const { canReport } = await reportableLines(visitor, { orderId: o.orderId, token });
    expect(canReport).toBe(true);
    const made = await openCase(visitor, {
      orderId: o.orderId,
      token,
      lines: [{ lineId: o.navy.id, quantity: 1 }],
      kind: "not_delivered",
      description: "Tracking says delivered but nothing came.",
    });
    const seen = await getCase(visitor, { caseId: made.id, as: "shopper", token });
    expect(seen.status).toBe("open");
    await expect(getCase(visitor, { caseId: made.id, as: "shopper" })).rejects.toMatchObject({ status: 404 });
    await postCaseMessage(visitor, { caseId: made.id, as: "shopper", token, body: "The neighbours have nothing either." });
  });
});

describe("working on a case", () => {
  it("ask the print shop, it answers; ask the shopper, they answer; illegal moves are clear errors", async () => {
    const o = await deliveredOrder();
    const { id } = await openCase(as(shopper), {
      orderId: o.orderId,
      lines: [{ lineId: o.navy.id, quantity: 1 }],
      kind: "misprint",
      description: "The print is cut off at the bottom.",
    });
    await expect(closeCase(as(admin), { caseId: id })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/Resolve/) });
    await expect(askCase(as(shopOwner), { caseId: id, who: "shopper", body: "Hi" })).rejects.toMatchObject({ status: 403 });
    await askCase(as(admin), { caseId: id, who: "print_shop", body: "Can you check the batch?" });
    expect((await getCase(as(admin), { caseId: id, as: "admin" })).status).toBe("waiting_on_print_shop");
    await postCaseMessage(as(shopOwner), { caseId: id, as: "print_shop", fulfillerId: shop.id, body: "Yes: the screen slipped." });
    let c = await getCase(as(admin), { caseId: id, as: "admin" });
    expect(c.status).toBe("open");
    expect(c.firstResponseAt).not.toBeNull();
    await askCase(as(admin), { caseId: id, who: "shopper", body: "Could you send a photo?" });
    expect((await getCase(as(admin), { caseId: id, as: "admin" })).status).toBe("waiting_on_shopper");
    await expect(postCaseMessage(as(shopper), { caseId: id, as: "shopper", body: "A note", internal: true })).rejects.toMatchObject({
      status: 403,
    });
    await postCaseMessage(as(shopper), { caseId: id, as: "shopper", body: "It is cut off by two centimetres." });
    c = await getCase(as(admin), { caseId: id, as: "admin" });
    expect(c.status).toBe("open");
    expect(c.history.map((h) => h.to)).toEqual(["waiting_on_print_shop", "open", "waiting_on_shopper", "open"]);
    // A rejection with the print shop at fault, or a reprint for the shopper's error, is refused.
    await expect(
      resolveCase(as(admin), { caseId: id, resolution: "rejected", faultCode: "print_shop_misprint", note: "No" }),
    ).rejects.toMatchObject({ status: 422, field: "faultCode" });
    await expect(
      resolveCase(as(admin), { caseId: id, resolution: "reprint", faultCode: "shopper_error", note: "No" }),
    ).rejects.toMatchObject({ status: 422, field: "faultCode" });
    await expect(
      resolveCase(as(shopOwner), { caseId: id, resolution: "rejected", faultCode: "shopper_error", note: "No" }),
    ).rejects.toMatchObject({ status: 403 });
    await resolveCase(as(admin), { caseId: id, resolution: "rejected", faultCode: "shopper_error", note: "The print matches the design." });
    await expect(
      resolveCase(as(admin), { caseId: id, resolution: "rejected", faultCode: "shopper_error", note: "Again" }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(askCase(as(admin), { caseId: id, who: "shopper", body: "?" })).rejects.toMatchObject({ status: 409 });
    await closeCase(as(admin), { caseId: id, note: "Thank you." });
    expect((await getCase(as(admin), { caseId: id, as: "admin" })).status).toBe("closed");
    await expect(postCaseMessage(as(shopper), { caseId: id, as: "shopper", body: "Hello?" })).rejects.toMatchObject({ status: 409 });
    await expect(closeCase(as(admin), { caseId: id })).rejects.toMatchObject({ status: 409 });
    // The line is free again: a new case may be opened about it.
    const { canReport, lines } = await reportableLines(as(shopper), { orderId: o.orderId });
    expect(canReport).toBe(true);
    expect(lines.find((l) => l.lineId === o.navy.id)!.blockedBy).toBeNull();
    const queue = await listCases(as(admin), { status: "all" });
    expect(queue.rows.map((r) => r.id)).toContain(id);
    await expect(listCases(as(shopper))).rejects.toMatchObject({ status: 403 });
  });
});

describe("resolving: who pays", () => {
  it("a reprint for a print shop's misprint: a new routed group at no charge, charged to the print shop's balance", async () => {
    const o = await deliveredOrder();
    const { id } = await openCase(as(shopper), {
      orderId: o.orderId,
      lines: [{ lineId: o.twoShirts.id, quantity: 2 }],
      kind: "misprint",
      description: "Both shirts have the print upside down.",
      photos: [photo],
    });
    const out = await resolveCase(as(admin), {
      caseId: id,
      resolution: "reprint",
      faultCode: "print_shop_misprint",
      note: "We make both again.",
    });
    expect(out.reprintGroupId).toMatch(/^sgr_/);
    const order = await getOrder(as(shopper), { orderId: o.orderId });
    const reprint = order.groups.find((g) => g.id === out.reprintGroupId)!;
    expect(reprint).toMatchObject({ reprintOf: o.groupId, status: "pending", shippingMinor: 0 });
    expect(reprint.lines).toEqual([expect.objectContaining({ quantity: 2, itemsMinor: 0 })]);
    expect(order.status).toBe("partially_shipped");
    expect(order.totals.refundedMinor).toBe(0);
    // Routed: the print shop's orders list it as a reprint.
    const { rows } = await listFulfillerGroups(as(shopOwner), { fulfillerId: shop.id });
    expect(rows.find((r) => r.groupId === out.reprintGroupId)).toMatchObject({ reprintOf: o.groupId });
    // The ledger: the print shop earns the base cost (pending) and pays it from its payable now.
    const journal = (await orderJournals(as(admin), o.orderId)).find((j) => j.kind === "reprint")!;
    const cost = 2 * 900;
    expect(journal.entries.map((e) => [e.account, e.amountMinor])).toEqual(
      expect.arrayContaining([
        [`fulfiller_pending:${shop.id}`, -cost],
        [`fulfiller_payable:${shop.id}`, cost],
      ]),
    );
    expect(journal.entries.some((e) => e.account === "platform_revenue")).toBe(false);
    const c = await getCase(as(admin), { caseId: id, as: "admin" });
    expect(c).toMatchObject({
      status: "resolved",
      resolution: "reprint",
      faultCode: "print_shop_misprint",
      reprintGroupId: out.reprintGroupId,
    });
    expect((await getCase(as(shopper), { caseId: id, as: "shopper" })).faultCode).toBeNull();
    expect(await caseHoldsForPrintShop(as(shopOwner), shop.id)).not.toContainEqual(expect.objectContaining({ caseId: id }));
    await expectBalanced();
  });

  it("a reprint for a carrier's loss is paid by the platform", async () => {
    const o = await deliveredOrder();
    const { id } = await openCase(as(shopper), {
      orderId: o.orderId,
      lines: [{ lineId: o.navy.id, quantity: 1 }],
      kind: "damaged",
      description: "The parcel was crushed and the mug... the shirt is soaked.",
    });
    await resolveCase(as(admin), { caseId: id, resolution: "reprint", faultCode: "carrier_loss", note: "Sending another." });
    const journal = (await orderJournals(as(admin), o.orderId)).find((j) => j.kind === "reprint")!;
    expect(journal.entries.map((e) => [e.account, e.amountMinor])).toEqual(
      expect.arrayContaining([
        [`fulfiller_pending:${shop.id}`, -1000],
        ["platform_revenue", 1000],
      ]),
    );
    await expectBalanced();
  });

  it("a partial refund for damage in packing: one unit refunded, charged to the print shop; the store keeps its share", async () => {
    const o = await deliveredOrder();
    const { id } = await openCase(as(shopper), {
      orderId: o.orderId,
      lines: [{ lineId: o.twoShirts.id, quantity: 2 }],
      kind: "damaged",
      description: "Both shirts have a stain from the packing tape.",
    });
    const out = await resolveCase(as(admin), {
      caseId: id,
      resolution: "refund",
      faultCode: "print_shop_damage",
      note: "We refund one of the two.",
      refund: { lines: [{ lineId: o.twoShirts.id, quantity: 1 }] },
    });
    const order = await getOrder(as(admin), { orderId: o.orderId });
    expect(out.refundMinor).toBeGreaterThan(0);
    expect(order.totals.refundedMinor).toBe(out.refundMinor);
    expect(order.status).toBe("delivered");
    const journal = (await orderJournals(as(admin), o.orderId)).find((j) => j.kind === "order_refunded")!;
    expect(journal.memo).toMatch(/print shop/);
    expect(journal.entries.some((e) => e.account.startsWith("store_") && e.amountMinor > 0)).toBe(false);
    const charged = journal.entries.filter((e) => e.account === `fulfiller_payable:${shop.id}`).reduce((a, e) => a + e.amountMinor, 0);
    expect(charged).toBeGreaterThan(0);
    expect((await getCase(as(admin), { caseId: id, as: "admin" })).refundMinor).toBe(out.refundMinor);
    // More than the case is about is refused.
    const o2 = await deliveredOrder();
    const second = await openCase(as(shopper), {
      orderId: o2.orderId,
      lines: [{ lineId: o2.navy.id, quantity: 1 }],
      kind: "damaged",
      description: "A hole in the front of the shirt.",
    });
    await expect(
      resolveCase(as(admin), {
        caseId: second.id,
        resolution: "refund",
        faultCode: "platform_error",
        note: "Refund",
        refund: { lines: [{ lineId: o2.twoShirts.id, quantity: 1 }] },
      }),
    ).rejects.toMatchObject({ status: 422 });
    // An amount, paid by the platform.
    const byAmount = await resolveCase(as(admin), {
      caseId: second.id,
      resolution: "refund",
      faultCode: "platform_error",
      note: "Refund 10.00",
      refund: { amountMinor: 1000 },
    });
    expect(byAmount.refundMinor).toBe(1000);
    const j2 = (await orderJournals(as(admin), o2.orderId)).find((j) => j.kind === "order_refunded")!;
    expect(j2.memo).toMatch(/Platen/);
    expect(j2.entries.filter((e) => e.account === "platform_revenue").reduce((a, e) => a + e.amountMinor, 0)).toBeGreaterThan(0);
    await expectBalanced();
  });
});
