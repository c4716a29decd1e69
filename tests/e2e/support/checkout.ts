import { expect, type APIRequestContext, type Page } from "@playwright/test";

/**
 * Checkout over plain HTTP form posts (what a browser without JavaScript sends): fill a cart,
 * give an address, place the order, pay with a test card.
 */

export const US_ADDRESS = {
  fullName: "Sam Shopper",
  line1: "1200 SW Main Street",
  line2: "",
  city: "Portland",
  region: "OR",
  postalCode: "97205",
  country: "US",
  phone: "",
} as const;

export const DE_ADDRESS = {
  fullName: "Sam Shopper",
  line1: "Karl-Liebknecht-Straße 10",
  line2: "",
  city: "Leipzig",
  region: "",
  postalCode: "04107",
  country: "DE",
  phone: "",
} as const;

export const CARDS = {
  pays: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  insufficient: "4000 0000 0000 9995",
  authenticate: "4000 0025 0000 3155",
} as const;

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

/** The value of a hidden input in server-rendered HTML. */
export function hiddenValue(html: string, name: string): string {
  const m =
    new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html) ??
    new RegExp(`<input[^>]*value="([^"]*)"[^>]*name="${name}"`).exec(html);
  if (!m) throw new Error(`no hidden input ${name}`);
  return decode(m[1]!);
}

/** A product and variant from a catalogue page (`/shop/products/<category>` or a store's products). */
export async function pickVariant(request: APIRequestContext, listPath: string): Promise<{ productId: string; variantId: string }> {
  const html = await (await request.get(listPath)).text();
  const href = /href="(\/shop\/product\/[^"?#]+)"/.exec(html)?.[1];
  if (!href) throw new Error(`no product on ${listPath}`);
  const page = await (await request.get(href)).text();
  const productId = /name="productId" value="(prd_[A-Za-z0-9_-]+)"/.exec(page)?.[1];
  const variantId = /name="variantId"[^>]*value="(var_[A-Za-z0-9_-]+)"(?![^>]*disabled)/.exec(page)?.[1];
  if (!productId || !variantId) throw new Error(`no product or variant on ${href}`);
  return { productId, variantId };
}

/** Add a line to this context's cart (a visitor's cart cookie is set on the first add). */
export async function addToCart(request: APIRequestContext, line: { productId: string; variantId: string }, quantity = 1) {
  const res = await request.post("/api/cart", {
    form: { intent: "add", ...line, quantity: String(quantity), redirectTo: "/cart" },
    maxRedirects: 0,
  });
  expect(res.status(), "add to cart").toBe(302);
}

/** Give the checkout an address (a visitor's contact e-mail with it). */
export async function setAddress(request: APIRequestContext, address: Record<string, string> = US_ADDRESS, email?: string) {
  const res = await request.post("/checkout", { form: { intent: "address", ...address, ...(email ? { email } : {}) }, maxRedirects: 0 });
  expect(res.status(), `checkout address: ${res.status() === 302 ? "" : await res.text()}`).toBe(302);
}

/** Place the order from this context's checkout; returns the payment page's path and the order's access. */
export async function placeOrder(request: APIRequestContext): Promise<{ paymentPath: string; orderId: string; token: string }> {
  const html = await (await request.get("/checkout")).text();
  const placeKey = hiddenValue(html, "placeKey");
  const seenTotalMinor = hiddenValue(html, "seenTotalMinor");
  const res = await request.post("/checkout", { form: { intent: "place", placeKey, seenTotalMinor }, maxRedirects: 0 });
  expect(res.status(), "place the order").toBe(302);
  const paymentPath = res.headers().location ?? "";
  const url = new URL(paymentPath, "http://x");
  expect(url.pathname).toBe("/payment");
  return { paymentPath, orderId: url.searchParams.get("order")!, token: url.searchParams.get("token")! };
}

/** Pay on the payment page with a test card; returns where the server sends the shopper. */
export async function payWithCard(request: APIRequestContext, paymentPath: string, number: string = CARDS.pays) {
  const html = await (await request.get(paymentPath)).text();
  const attemptKey = hiddenValue(html, "attemptKey");
  return request.post(paymentPath, {
    form: { cardNumber: number, expiry: "12 / 34", cvc: "123", name: "Sam Shopper", attemptKey },
    maxRedirects: 0,
  });
}

/** Fill the card form in the browser. */
export async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill("Sam Shopper");
}

/** Fill the checkout's address form in the browser (a visitor's form has the e-mail too). */
export async function fillAddress(page: Page, address: Record<string, string> = US_ADDRESS, email?: string) {
  if (email) await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Full name").fill(address.fullName!);
  await page.getByLabel("Street address").fill(address.line1!);
  await page.getByLabel("City").fill(address.city!);
  await page.getByLabel("State, province or region").fill(address.region ?? "");
  await page.getByLabel("Postal code").fill(address.postalCode!);
  await page.getByLabel("Country").selectOption(address.country!);
}

/** The link to an order from its e-mail in the admin mailbox (`/shop/orders/<id>?token=...`). */
export async function orderLinkFromMailbox(admin: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await admin.get(`/admin/brevo?q=${encodeURIComponent(email)}`)).text();
        for (const id of html.match(/eml_[0-9a-z]{26}/g) ?? []) {
          const msg = decode(await (await admin.get(`/admin/brevo/messages/${id}`)).text());
          link = /\/shop\/orders\/[A-Za-z0-9_-]+\?token=[A-Za-z0-9._~-]+/.exec(msg)?.[0];
          if (link) return true;
        }
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return link!;
}
