// The admin order page (/admin/orders/:id) on a real database: what it shows for a paid order,
// and its actions (refund, hold, release, cancel) through the orders module, with refusals as 4xx
// field errors and never a thrown 500. The order is placed and paid the way a guest does it.
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOrderAction, adminOrderPage } from "./admin-order-page.server.ts";
import { refundQtyField } from "./admin-order-refund.ts";
import { LocalStorage, setStorage } from "#server/infra/storage/index.ts";
import { products, productVariants } from "#server/modules/catalog/schema.ts";
import { anonymous, type Ctx } from "#server/kernel/index.ts";
import { payOrderWithCard, placeOrder, quoteCheckout, type OrderAddress } from "#server/modules/orders/index.ts";
import { DEMO_STEPS, seedDemo } from "#server/seed/index.ts";
import { useTestDatabase } from "../../tests/support/db.ts";
import { makeUser } from "../../tests/support/factories.ts";

const t = useTestDatabase();
let admin: Ctx;

const ADDRESS: OrderAddress = {
  fullName: "Maya Chen",
  line1: "2150 Shattuck Avenue",
  line2: "",
  city: "Berkeley",
  region: "CA",
  postalCode: "94704",
  country: "US",
  phone: "",
};

/** A paid guest order of two demo products (two items of the first). */
async function paidOrder(key: string): Promise<string> {
  const guest = t.ctx(anonymous());
  const { catalogueVariants } = await demoVariants();
  const lines = catalogueVariants.slice(0, 2).map((v, i) => ({ ...v, quantity: i === 0 ? 2 : 1 }));
  const quote = await quoteCheckout(guest, { lines, address: ADDRESS });
  expect(quote.canPlace, JSON.stringify(quote.lines.map((l) => l.problem))).toBe(true);
  const placed = await placeOrder(guest, {
    lines,
    address: ADDRESS,
    email: `guest-${key}@example.com`,
    placeKey: `admin-page-test-${key}-0000`,
    seenTotalMinor: quote.totals.totalMinor,
  });
  if (!placed.ok) throw new Error(placed.message);
  const paid = await payOrderWithCard(guest, {
    orderId: placed.orderId,
    token: placed.token,
    card: { number: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123", name: "Maya Chen" },
    attemptKey: `admin-page-pay-${key}`,
  });
  expect(paid.outcome).toBe("paid");
  return placed.orderId;
}

/** Published demo variants, oldest product first (as the demo orders pick them). */
async function demoVariants() {
  const catalogueVariants = await t.db
    .select({ productId: productVariants.productId, variantId: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.status, "published"), eq(productVariants.enabled, true)))
    .orderBy(asc(products.publishedAt), asc(productVariants.id));
  // two different products, so the order has two lines
  const seen = new Set<string>();
  return { catalogueVariants: catalogueVariants.filter((v) => !seen.has(v.productId) && seen.add(v.productId)) };
}

const req = (id: string, qs = "") => new Request(`http://localhost/admin/orders/${id}${qs}`);
function form(fields: Record<string, string | string[]>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
  return f;
}
type Failure = { data: { ok: false; errors: Record<string, string> }; init: { status: number } };
const asFailure = (r: unknown) => r as Failure;

afterAll(() => setStorage(undefined));
beforeAll(async () => {
  setStorage(new LocalStorage(path.resolve("tmp/test-seed-files")));
  await seedDemo(
    t.db,
    DEMO_STEPS.filter((s) => s.name !== "orders" && s.name !== "job listings"),
  );
  const a = await makeUser(t.db, { roles: ["admin"] });
  admin = t.ctx(a);
}, 180_000);

describe("the admin order page", () => {
  it("shows a paid order: totals, groups, breakdown with names, and a balanced sale journal", async () => {
    const id = await paidOrder("show");
    const page = await adminOrderPage(admin, req(id), id);
    expect(page.number).toMatch(/^PL-\d+$/);
    expect(page.status).toBe("paid");
    expect(page.totals.total).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(page.groups.flatMap((g) => g.lines)).toHaveLength(2);
    expect(page.refundableMinor).toBeGreaterThan(0);
    expect(page.breakdown.map((b) => b.label)).toEqual(expect.arrayContaining(["Charged to the shopper", "Platform fee"]));
    expect(page.breakdown.some((b) => b.label.startsWith("Store: ") && !b.label.includes("str_"))).toBe(true);
    expect(page.journals.length).toBeGreaterThanOrEqual(1);
    for (const j of page.journals) {
      const debit = j.entries.reduce((s, e) => s + e.debitMinor, 0);
      const credit = j.entries.reduce((s, e) => s + e.creditMinor, 0);
      expect(debit, `journal ${j.kind} balances`).toBe(credit);
    }
    expect(page.timeline.length).toBeGreaterThan(0);
  });

  it("refuses a bad refund next to its fields and changes nothing", async () => {
    const id = await paidOrder("refuse");
    const before = await adminOrderPage(admin, req(id), id);
    const line = before.groups[0]!.lines[0]!;
    const r = asFailure(await adminOrderAction(admin, req(id), id, form({ intent: "refund", [refundQtyField(line.id)]: "9", reason: "" })));
    expect(r.init.status).toBe(400);
    expect(r.data.errors[refundQtyField(line.id)]).toMatch(/At most/);
    expect(r.data.errors.reason).toMatch(/Say why/);
    const after = await adminOrderPage(admin, req(id), id);
    expect(after.journals).toHaveLength(before.journals.length);
  });

  it("refunds one item of one line: a reversing journal, the refunded total, the line's refunded quantity", async () => {
    const id = await paidOrder("refund");
    const before = await adminOrderPage(admin, req(id), id);
    const line = before.groups.flatMap((g) => g.lines).find((l) => l.quantity === 2)!;
    const res = await adminOrderAction(admin, req(id), id, form({ intent: "refund", [refundQtyField(line.id)]: "1", reason: "Misprint" }));
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(302);
    expect((res as Response).headers.get("Location")).toBe(`/admin/orders/${id}?done=refunded`);
    const after = await adminOrderPage(admin, req(id, "?done=refunded"), id);
    expect(after.notice).toMatch(/recorded on the order and in the ledger/);
    expect(after.totals.refunded).toMatch(/^\$/);
    expect(after.refundableMinor).toBeLessThan(before.refundableMinor);
    // The reversal, then the provider's payout (the refund's step ran after the commit).
    expect(after.journals.map((j) => j.kind).slice(before.journals.length)).toEqual(["order_refunded", "refund_paid_out"]);
    for (const j of after.journals) expect(j.entries.reduce((s, e) => s + e.debitMinor - e.creditMinor, 0)).toBe(0);
    expect(after.refunds.map((r) => [r.statusLabel, r.reason, r.canRetry])).toEqual([["Refunded", "Misprint", false]]);
    expect(after.groups.flatMap((g) => g.lines).find((l) => l.id === line.id)!.refundedQuantity).toBe(1);

    // an amount above what is left is refused next to the field
    const tooMuch = asFailure(await adminOrderAction(admin, req(id), id, form({ intent: "refund", amount: "100000", reason: "x" })));
    expect(tooMuch.init.status).toBe(400);
    expect(tooMuch.data.errors.amount).toMatch(/can still be refunded/);
  });

  it("holds with a reason, releases, then cancels; cancelling again changes nothing, refunding after is refused", async () => {
    const id = await paidOrder("life");
    const noReason = asFailure(await adminOrderAction(admin, req(id), id, form({ intent: "hold", reason: " " })));
    expect(noReason.init.status).toBe(400);
    expect(noReason.data.errors.holdReason).toMatch(/Say why/);

    expect(((await adminOrderAction(admin, req(id), id, form({ intent: "hold", reason: "Address check" }))) as Response).status).toBe(302);
    let page = await adminOrderPage(admin, req(id), id);
    expect(page.status).toBe("on_hold");
    expect(page.canRelease).toBe(true);

    expect(((await adminOrderAction(admin, req(id), id, form({ intent: "release", reason: "" }))) as Response).status).toBe(302);
    page = await adminOrderPage(admin, req(id), id);
    expect(page.status).not.toBe("on_hold");

    expect(((await adminOrderAction(admin, req(id), id, form({ intent: "cancel", reason: "Duplicate order" }))) as Response).status).toBe(
      302,
    );
    page = await adminOrderPage(admin, req(id), id);
    expect(page.status).toBe("cancelled");
    expect(page.canCancel).toBe(false);

    // cancelling again is idempotent: nothing changes, no error
    const again = await adminOrderAction(admin, req(id), id, form({ intent: "cancel" }));
    const status = again instanceof Response ? again.status : asFailure(again).init.status;
    expect(status).toBeLessThan(500);
    const last = await adminOrderAction(admin, req(id), id, form({ intent: "refund", amount: "1.00", reason: "After cancel" }));
    expect(asFailure(last).init.status).toBe(400);
    expect((await adminOrderPage(admin, req(id), id)).journals).toHaveLength(page.journals.length);
  });

  it("answers an unknown order and an unknown action with 4xx", async () => {
    await expect(adminOrderPage(admin, req("ord_00000000000000000000000000"), "ord_00000000000000000000000000")).rejects.toMatchObject({
      init: { status: 404 },
    });
    const unknown = asFailure(await adminOrderAction(admin, req("x"), "ord_00000000000000000000000000", form({ intent: "probe" })));
    expect(unknown.init.status).toBe(400);
  });
});
