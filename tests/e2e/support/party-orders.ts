import { expect, type APIRequestContext } from "@playwright/test";

/**
 * A paid order made over plain HTTP form posts (what a browser without JavaScript sends), for
 * the journeys of the pages that come after paying: the fulfiller's, the partner's and the
 * account's. The request context must be signed in as the buying shopper.
 */

export const PORTLAND = {
  fullName: "Robin Buyer",
  line1: "1200 SW Main Street",
  line2: "",
  city: "Portland",
  region: "OR",
  postalCode: "97205",
  country: "US",
  phone: "",
} as const;

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

function hidden(html: string, name: string): string {
  const m =
    new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html) ??
    new RegExp(`<input[^>]*value="([^"]*)"[^>]*name="${name}"`).exec(html);
  if (!m) throw new Error(`no hidden input ${name}`);
  return decode(m[1]!);
}

/** The first product and a buyable variant of a catalogue page. */
export async function firstVariant(request: APIRequestContext, listPath: string): Promise<{ productId: string; variantId: string }> {
  const html = await (await request.get(listPath)).text();
  const href = /href="(\/shop\/product\/[^"?#]+)"/.exec(html)?.[1];
  if (!href) throw new Error(`no product on ${listPath}`);
  const page = await (await request.get(href)).text();
  const productId = /name="productId" value="(prd_[A-Za-z0-9_-]+)"/.exec(page)?.[1];
  const variantId = /name="variantId"[^>]*value="(var_[A-Za-z0-9_-]+)"(?![^>]*disabled)/.exec(page)?.[1];
  if (!productId || !variantId) throw new Error(`no product or variant on ${href}`);
  return { productId, variantId };
}

/**
 * Buy a mug of @inkwell (made in Leipzig) and a T-shirt of @print-works-studio (made in
 * Portland): one order in two shipment groups, both routed to the demo fulfiller @print-works.
 * Returns the order's id and the path of its page.
 */
export async function buyTwoGroups(request: APIRequestContext): Promise<{ orderId: string; orderPath: string }> {
  return buyFirstProducts(request, ["/shop/partners/@inkwell/products/mugs", "/shop/partners/@print-works-studio/products/t-shirts"]);
}

/**
 * Buy the first product of each catalogue page (one of each), shipped to Portland, OR, and pay
 * with the test card. Returns the order's id and the path of its page.
 */
export async function buyFirstProducts(
  request: APIRequestContext,
  listPaths: readonly string[],
): Promise<{ orderId: string; orderPath: string }> {
  const { orderId, paymentPath } = await placeFirstProducts(request, listPaths);
  const payment = await (await request.get(paymentPath)).text();
  const paid = await request.post(paymentPath, {
    form: {
      cardNumber: "4242 4242 4242 4242",
      expiry: "12 / 34",
      cvc: "123",
      name: "Robin Buyer",
      attemptKey: hidden(payment, "attemptKey"),
    },
    maxRedirects: 0,
  });
  expect(paid.status(), "pay").toBe(302);
  expect(paid.headers().location ?? "").toContain(`/shop/orders/${orderId}`);
  return { orderId, orderPath: `/shop/orders/${orderId}` };
}

/**
 * Place an order of the first product of each catalogue page (one of each), shipped to Portland,
 * OR, without paying it: the order waits for its payment at `paymentPath`.
 */
export async function placeFirstProducts(
  request: APIRequestContext,
  listPaths: readonly string[],
): Promise<{ orderId: string; paymentPath: string }> {
  const lines = [];
  for (const path of listPaths) lines.push(await firstVariant(request, path));
  for (const line of lines) {
    const res = await request.post("/api/cart", { form: { intent: "add", ...line, quantity: "1", redirectTo: "/cart" }, maxRedirects: 0 });
    expect(res.status(), "add to cart").toBe(302);
  }
  const address = await request.post("/checkout", { form: { intent: "address", ...PORTLAND }, maxRedirects: 0 });
  expect(address.status(), `checkout address: ${address.status() === 302 ? "" : await address.text()}`).toBe(302);

  const checkout = await (await request.get("/checkout")).text();
  const placed = await request.post("/checkout", {
    form: { intent: "place", placeKey: hidden(checkout, "placeKey"), seenTotalMinor: hidden(checkout, "seenTotalMinor") },
    maxRedirects: 0,
  });
  expect(placed.status(), "place the order").toBe(302);
  const paymentPath = placed.headers().location ?? "";
  const orderId = new URL(paymentPath, "http://x").searchParams.get("order")!;
  expect(orderId).toBeTruthy();
  return { orderId, paymentPath };
}

/** The order's number as its page shows it ("Order PL-…" heading). */
export async function orderNumberOf(request: APIRequestContext, orderPath: string): Promise<string> {
  // React's server render separates text pieces with empty comments ("Order <!-- -->PL-…").
  const html = (await (await request.get(orderPath)).text()).replace(/<!-- -->/g, "");
  const m = /<h1[^>]*>Order ([^<]+)<\/h1>/.exec(html);
  if (!m) throw new Error(`no order heading on ${orderPath}`);
  return decode(m[1]!.trim());
}
