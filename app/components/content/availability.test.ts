import { describe, expect, it } from "vitest";
import { BUYING_STEPS, CHECKOUT_SOON, FEATURES, HOME_POINTS, TAX_NOTE, taxFaqAnswer, taxNoteFor, totalNoteFor } from "./availability.ts";
import { FAQ_GROUPS, faqJsonLd, visibleFaqGroups } from "./faqs.ts";

/** Every sentence a shopper reads about buying, on the home page, "How buying works" and the FAQs. */
function sentences(): string[] {
  return [
    ...HOME_POINTS.shoppers,
    HOME_POINTS.sellText,
    ...HOME_POINTS.sell,
    ...HOME_POINTS.printShops,
    ...HOME_POINTS.printJoin,
    BUYING_STEPS.pay.title,
    BUYING_STEPS.pay.text,
    ...(BUYING_STEPS.track ? [BUYING_STEPS.track.title, BUYING_STEPS.track.text] : []),
    BUYING_STEPS.reportProblem,
    ...visibleFaqGroups().flatMap((g) => g.items.flatMap((f) => [f.question, ...f.answer])),
  ];
}

describe("copy promises only what exists", () => {
  it("says nothing of guest checkout, tracking, batches, labels or manifests until they exist", () => {
    const text = sentences().join("\n");
    if (!FEATURES.guestCheckout) expect(text).not.toMatch(/as a guest/i);
    if (!FEATURES.payouts) expect(text).not.toMatch(/Paid out to/i);
    if (!FEATURES.tracking) expect(text).not.toMatch(/tracking(?! cookies)/i);
    if (!FEATURES.fulfillmentTools) expect(text).not.toMatch(/(batches|labels|manifests)(,| and| in one place| built in)/i);
    if (!FEATURES.checkout) {
      expect(text).not.toMatch(/your card is charged|order confirmation e-mail|We handle printing, shipping, payments/i);
      // Where an order would be placed, it says that checkout is still to come.
      expect(BUYING_STEPS.pay.title).toBe("Checkout opens soon");
      expect(visibleFaqGroups()[0]!.items.find((f) => f.id === "order-now")!.answer[0]).toMatch(/^Not yet: checkout opens soon/);
      expect(CHECKOUT_SOON).toMatch(/opens soon/);
    }
  });

  it("says one thing about taxes: added at checkout, never included", () => {
    expect(TAX_NOTE).toMatch(/added at checkout/);
    const text = sentences().join("\n");
    expect(text).not.toMatch(/include[sd]? (applicable )?tax/i);
    expect(visibleFaqGroups().flatMap((g) => g.items).find((f) => f.id === "taxes")!.answer[0]).toContain(TAX_NOTE);
  });

  it("follows the tax mode when prices include tax (EU style), in the footer, cart, FAQ and how buying works", () => {
    const note = taxNoteFor(true);
    expect(note).toMatch(/include the tax/);
    expect(note).not.toMatch(/tax or VAT .* added at checkout/);
    expect(taxNoteFor(false)).toBe(TAX_NOTE);
    const faq = visibleFaqGroups(undefined, { pricesIncludeTax: true })
      .flatMap((g) => g.items)
      .find((f) => f.id === "taxes")!;
    expect(faq.answer[0]).toBe(taxFaqAnswer(true));
    expect(faq.answer[0]).toContain(note);
    expect(faq.answer[0]).not.toMatch(/^No\./);
    expect(totalNoteFor(true)).toContain(note);
    expect(totalNoteFor(false)).toContain(TAX_NOTE);
    // Nothing else in the FAQs changes with the tax mode.
    const ids = (include: boolean) => visibleFaqGroups(undefined, { pricesIncludeTax: include }).flatMap((g) => g.items.map((f) => f.id));
    expect(ids(true)).toEqual(ids(false));
  });

  it("keeps the answers about features to come, ready for when they land", () => {
    const all = FAQ_GROUPS.flatMap((g) => g.items);
    expect(all.find((f) => f.id === "guest-checkout")?.requires).toBe("guestCheckout");
    expect(all.find((f) => f.id === "tracking")?.requires).toBe("tracking");
    const visible = new Set(visibleFaqGroups().flatMap((g) => g.items.map((f) => f.id)));
    for (const f of all) expect(visible.has(f.id)).toBe(!f.requires || FEATURES[f.requires]);
    // The structured data shows the same questions as the page.
    expect(faqJsonLd().mainEntity).toHaveLength(visible.size);
  });
});
