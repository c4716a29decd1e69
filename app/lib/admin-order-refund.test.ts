import { describe, expect, it } from "vitest";
import { parseRefundForm, refundQtyField, type RefundableOrder } from "./admin-order-refund.ts";

const order: RefundableOrder = {
  currency: "USD",
  refundableMinor: 5_000,
  lines: [
    { id: "oln_a", title: "Tee", quantity: 3, refundedQuantity: 1 },
    { id: "oln_b", title: "Mug", quantity: 1, refundedQuantity: 1 },
  ],
  groups: [{ id: "grp_1", shippingMinor: 599, status: "pending" }],
};

function form(fields: [string, string][]): FormData {
  const f = new FormData();
  for (const [k, v] of fields) f.append(k, v);
  return f;
}

describe("the admin refund form", () => {
  it("refunds chosen quantities and shipping, with the reason", () => {
    const r = parseRefundForm(
      form([
        [refundQtyField("oln_a"), "2"],
        [refundQtyField("oln_b"), ""],
        ["group", "grp_1"],
        ["reason", " Misprint "],
      ]),
      order,
    );
    expect(r).toEqual({ ok: true, request: { reason: "Misprint", lines: [{ lineId: "oln_a", quantity: 2 }], groupIds: ["grp_1"] } });
  });

  it("refunds an amount typed in the order's currency, in minor units", () => {
    expect(
      parseRefundForm(
        form([
          ["amount", "$12.50"],
          ["reason", "Goodwill"],
        ]),
        order,
      ),
    ).toEqual({
      ok: true,
      request: { reason: "Goodwill", amountMinor: 1250 },
    });
  });

  it("puts each refusal next to its field", () => {
    const r = parseRefundForm(
      form([
        [refundQtyField("oln_a"), "3"],
        [refundQtyField("oln_b"), "1"],
        ["amount", "12.345"],
        ["group", "grp_other"],
      ]),
      order,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[refundQtyField("oln_a")]).toBe("At most 2 items of this line can be refunded.");
    expect(r.errors[refundQtyField("oln_b")]).toBe("Every item of this line is already refunded.");
    expect(r.errors.amount).toBe("Use at most 2 decimals for USD.");
    expect(r.errors.group).toMatch(/not part of this order/);
    expect(r.errors.reason).toMatch(/Say why/);
  });

  it("refuses an amount above what is left, zero, and a form with nothing chosen", () => {
    const over = parseRefundForm(
      form([
        ["amount", "50.01"],
        ["reason", "x"],
      ]),
      order,
    );
    expect(over).toEqual({ ok: false, errors: { amount: "At most $50.00 can still be refunded." } });
    const zero = parseRefundForm(
      form([
        ["amount", "0"],
        ["reason", "x"],
      ]),
      order,
    );
    expect(zero).toEqual({ ok: false, errors: { amount: "Enter an amount above zero." } });
    const nothing = parseRefundForm(form([["reason", "x"]]), order);
    expect(nothing).toEqual({ ok: false, errors: { _refund: "Choose the items or shipping to refund, or enter an amount." } });
  });

  it("refuses items and an amount together, and non-numbers", () => {
    const both = parseRefundForm(
      form([
        [refundQtyField("oln_a"), "1"],
        ["amount", "5"],
        ["reason", "x"],
      ]),
      order,
    );
    expect(both.ok === false && both.errors.amount).toMatch(/not both/);
    const bad = parseRefundForm(
      form([
        [refundQtyField("oln_a"), "1.5"],
        ["reason", "x"],
      ]),
      order,
    );
    expect(bad.ok === false && bad.errors[refundQtyField("oln_a")]).toBe("Enter a whole number of items.");
  });
});
