import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { formatDate, formatMoney, renderTemplate } from "./render.ts";
import { sampleParams } from "./samples.ts";
import { TEMPLATE_NAMES, TEMPLATE_PARAMS, type TemplateName } from "./templates.ts";

const BASE = "https://shop.example.com";
const EVIL = `<script>alert("x")</script>"><img src=x onerror=alert(1)>&`;

/** Every string param replaced by a hostile value (URLs by a javascript: link). */
function poison(value: unknown, key = ""): unknown {
  if (typeof value === "string" && key === "currency") return value;
  if (typeof value === "string") return /url$/i.test(key) ? "javascript:alert(1)//" : `${EVIL}${value}`;
  if (Array.isArray(value)) return value.map((v) => poison(v, key));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k)]));
  return value;
}

describe("every template", () => {
  it.each(TEMPLATE_NAMES)("%s renders a subject, a mail-client-safe HTML part and a text part", (name) => {
    const out = renderTemplate(name, sampleParams(name, BASE), BASE);
    expect(out.subject.length).toBeGreaterThan(5);
    expect(out.subject).not.toMatch(/[<>\n]/);
    // layout: 600px table, brand header, hidden preheader, footer with reason and contact link
    expect(out.html).toMatch(/^<!DOCTYPE html>/);
    expect(out.html).toContain('width="600"');
    expect(out.html).toContain("max-width:600px");
    expect(out.html).toMatch(/>Platen<\/a>/);
    expect(out.html).toContain("display:none");
    expect(out.html).toContain("You received this e-mail because");
    expect(out.html).toContain(`href="${BASE}/contact"`);
    // inline styles only; no scripts
    expect(out.html).not.toMatch(/<style|class=|<script|<link/i);
    // every link is absolute
    const hrefs = [...out.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(1);
    for (const h of hrefs) expect(h).toMatch(/^https?:\/\//);
    // text part: real content and the footer, no markup
    expect(out.text.length).toBeGreaterThan(80);
    expect(out.text).not.toMatch(/<[a-z]/i);
    expect(out.text).toContain(`${BASE}/contact`);
  });

  it.each(TEMPLATE_NAMES)("%s escapes every param and refuses unsafe links", (name) => {
    const params = poison(sampleParams(name, BASE)) as Record<string, unknown>;
    // z.url() accepts javascript: URLs; the renderer must neutralise them itself
    expect(TEMPLATE_PARAMS[name].safeParse(params).success).toBe(true);
    const out = renderTemplate(name, params, BASE);
    expect(out.html).not.toContain("<script>");
    expect(out.html).not.toContain("<img src=x");
    expect(out.html).not.toContain("javascript:");
    expect(out.html).toContain("&lt;script&gt;");
    expect(out.subject).not.toContain("\n");
  });

  it.each(TEMPLATE_NAMES)("%s refuses missing params", (name) => {
    expect(() => renderTemplate(name as TemplateName, {}, BASE)).toThrow(ZodError);
  });
});

describe("order templates", () => {
  it("order-success lists items, quantities, line prices, totals and the address", () => {
    const out = renderTemplate("order-success", sampleParams("order-success", BASE), BASE);
    expect(out.subject).toBe("Your Platen order PL-10482 is confirmed");
    for (const s of [
      "Night Bloom Heavyweight Tee",
      "Black · M",
      "× 2",
      "$56.00",
      "$28.00 each",
      "$16.50",
      "$96.50",
      "−$9.65",
      "$6.99",
      "$7.90",
      "$101.74",
      "Berkeley, CA 94704",
      "Visa ending in 4242",
    ])
      expect(out.html).toContain(s);
    expect(out.html).toContain(`href="${BASE}/shop/orders/`);
    expect(out.text).toContain("2 × Night Bloom Heavyweight Tee (Black · M, by Juniper Ink Studio)  $56.00");
    expect(out.text).toContain("Total: $101.74");
    // the address already starts with the name: it is not repeated
    expect(out.text).toContain("SHIPPING TO\nMaya Chen\n2150 Shattuck Avenue, Apt 4B\n");
    const other = renderTemplate(
      "order-success",
      { ...sampleParams("order-success", BASE), shippingAddress: "1 Main St\nSpringfield" },
      BASE,
    );
    expect(other.html).toContain("<strong>Maya Chen</strong><br>1 Main St<br>Springfield");
  });

  it("order-shipment-created shows carrier, tracking link and the items in the package", () => {
    const out = renderTemplate("order-shipment-created", sampleParams("order-shipment-created", BASE), BASE);
    expect(out.subject).toBe("Part of your order PL-10482 has shipped");
    expect(out.html).toContain("UPS · Ground");
    expect(out.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(out.html).toContain("Track your package");
    expect(out.html).toContain("March 19, 2026");
    expect(out.text).toContain("Tracking number: 1Z999AA10123456784");
  });

  it("order-shipment-delivered has the delivered notice and a report-a-problem link", () => {
    const p = sampleParams("order-shipment-delivered", BASE);
    const out = renderTemplate("order-shipment-delivered", p, BASE);
    expect(out.subject).toBe("Your order PL-10482 was delivered");
    expect(out.html).toContain("delivered on March 19, 2026");
    expect(out.html).toContain(`href="${p.caseUrl.replace(/&/g, "&amp;")}"`);
    expect(out.html).toContain("Report a problem with this order");
    expect(out.text).toContain(`Report a problem: ${p.caseUrl}`);
  });

  it("order-shipment-delivered of one package of two names the package and says the rest is coming (issue 22)", () => {
    const p = { ...sampleParams("order-shipment-delivered", BASE), parcel: "Package 1 of 2, from Leipzig", stillComing: 1 };
    const out = renderTemplate("order-shipment-delivered", p, BASE);
    expect(out.subject).toBe("A package of your order PL-10482 was delivered");
    expect(out.text).toContain("one of your packages (package 1 of 2, from Leipzig) was delivered on March 19, 2026");
    expect(out.text).toContain("One more package is on the way");
    expect(out.text).not.toContain("Delivered: your order");
  });
});

describe("formatting", () => {
  it("formats minor units with the currency's own decimals", () => {
    expect(formatMoney(10174, "USD")).toBe("$101.74");
    expect(formatMoney(1200, "JPY")).toBe("¥1,200");
    expect(formatMoney(999, "eur")).toBe("€9.99");
    expect(formatMoney(0, "USD")).toBe("$0.00");
  });

  it("formats ISO dates and keeps phrases", () => {
    expect(formatDate("2026-03-19")).toBe("March 19, 2026");
    expect(formatDate("next Tuesday")).toBe("next Tuesday");
  });
});
