import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";
import { auditPage } from "./support/a11y.ts";
import {
  addToCart,
  CARDS,
  fillAddress,
  fillCard,
  hiddenValue,
  orderLinkFromMailbox,
  pickVariant,
  setAddress,
  US_ADDRESS,
} from "./support/checkout.ts";
import { freshEmail, signUpInBrowser } from "./support/shoppers.ts";

/**
 * The shopper's checkout journeys of issue 8: guest checkout over two warehouses, declined and
 * authenticated cards, double clicks, a signed-in fan-club member, cancelling, and the whole flow
 * without JavaScript. Every test uses a fresh visitor or shopper; demo accounts are only read.
 */

/** The demo fan club's perk code (server/seed/stores.ts). */
const FAN_CLUB_CODE = "INKWELL10";

/** A mug of @inkwell (made only in Leipzig) and a T-shirt of @print-works-studio (made in Portland). */
async function twoStoreLines(page: Page) {
  const mug = await pickVariant(page.request, "/shop/partners/@inkwell/products/mugs");
  const tee = await pickVariant(page.request, "/shop/partners/@print-works-studio/products/t-shirts");
  return { mug, tee };
}

async function oneTee(page: Page) {
  return pickVariant(page.request, "/shop/partners/@print-works-studio/products/t-shirts");
}

/** Checkout as a visitor up to the payment page (address typed in the browser). */
async function guestToPayment(page: Page, email = freshEmail("guest")) {
  await page.goto("/checkout");
  await fillAddress(page, US_ADDRESS, email);
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page.getByTestId("checkout-email")).toHaveText(email);
  await expect(page.getByTestId("place-order")).toBeEnabled();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/payment\?order=[^&]+&token=/);
  return email;
}

async function adminMailbox(browser: Browser, baseURL: string | undefined) {
  const ctx = await browser.newContext({ baseURL });
  const admin = await ctx.newPage();
  await signInAs(admin, "admin", "/admin");
  return { ctx, request: admin.request };
}

test("a visitor buys from two stores shipped from two warehouses as a guest, pays with 4242 and opens the order from the e-mail", async ({
  page,
  browser,
  baseURL,
}) => {
  // The longest guest journey: four browser contexts, three axe audits, a payment and the mailbox.
  // It took 50-65 s on a busy 2-core machine, past the 60 s default (as the other long journeys).
  test.setTimeout(120_000);
  const { mug, tee } = await twoStoreLines(page);
  await addToCart(page.request, mug, 1);
  await addToCart(page.request, tee, 2);

  // the cart's Checkout button leads to the checkout
  await page.goto("/cart");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText("Have an account?")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" }).last()).toHaveAttribute("href", "/login?next=%2Fcheckout");

  const email = freshEmail("two-stores");
  await fillAddress(page, US_ADDRESS, email);
  await page.getByRole("button", { name: "Use this address" }).click();

  // two shipment groups, each with its own shipping and delivery estimate
  const groups = page.getByTestId("shipment-group");
  await expect(groups).toHaveCount(2);
  await expect(page.getByText("Ships from Leipzig")).toBeVisible();
  await expect(page.getByText("Ships from Portland, OR")).toBeVisible();
  for (const g of await groups.all()) {
    await expect(g.getByTestId("group-arrives")).toHaveText(/^Arrives \d{1,2}/);
    await expect(g.getByTestId("group-shipping")).toContainText("Shipping");
  }
  await expect(page.getByTestId("checkout-total")).toBeVisible();
  // the visitor's address is mirrored to userData for the next visit
  const userData = await page.evaluate(
    () => JSON.parse(localStorage.getItem("userData") ?? "{}") as { selectedShippingInfo: { city?: string } },
  );
  expect(userData.selectedShippingInfo.city).toBe("Portland");
  await auditPage(page, "/checkout with two shipments");

  // changing a quantity re-prices at once
  const total = await page.getByTestId("checkout-total").textContent();
  const teeLine = page.getByTestId("checkout-line").filter({ has: page.locator(`input[value="${tee.variantId}"]`) });
  await teeLine.getByRole("button", { name: /^One less/ }).click();
  await expect(teeLine.getByTestId("checkout-quantity")).toHaveValue("1");
  await expect(page.getByTestId("checkout-total")).not.toHaveText(total ?? "");

  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/payment\?order=[^&]+&token=/);
  await expect(page.getByTestId("test-cards")).toContainText("4242 4242 4242 4242");
  await expect(page.getByLabel("Card number")).toHaveAttribute("autocomplete", "cc-number");
  await expect(page.getByLabel("Card number")).toHaveAttribute("inputmode", "numeric");
  await auditPage(page, "/payment");
  await fillCard(page, CARDS.pays);
  await page.getByTestId("pay").click();

  await expect(page).toHaveURL(/\/shop\/orders\/[^?]+\?token=[^&]+&placed=1$/);
  const thanks = page.getByTestId("order-thanks");
  await expect(thanks).toContainText(/Thank you! Your order PL-[\w-]+ is confirmed\./);
  await expect(thanks).toContainText(`We sent a confirmation to ${email}.`);
  await expect(page.getByTestId("order-group")).toHaveCount(2);
  await expect(page.getByTestId("order-card")).toHaveText("Visa •••• 4242");
  await expect(page.getByTestId("order-signup").getByRole("link", { name: "Create an account to follow your orders" })).toHaveAttribute(
    "href",
    new RegExp(`^/signup\\?email=${encodeURIComponent(email).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}&next=`),
  );
  await auditPage(page, "/shop/orders/:id after paying");
  const number = (await page.getByRole("heading", { level: 1 }).textContent())!.replace("Order ", "");
  const orderUrl = page.url();

  // the cart is empty now
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-empty")).toBeVisible();

  // the confirmation e-mail's link opens the order in another browser
  const admin = await adminMailbox(browser, baseURL);
  const link = await orderLinkFromMailbox(admin.request, email);
  await admin.ctx.close();
  const other = await browser.newContext({ baseURL });
  const reader = await other.newPage();
  await reader.goto(link);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
  await expect(reader.getByTestId("order-status")).toHaveText("Paid");
  await expect(reader.getByTestId("order-timeline")).toContainText("Paid");
  // without the token it is a 404 to that browser
  const bare = await reader.goto(link.split("?")[0]!);
  expect(bare?.status()).toBe(404);
  await other.close();

  // the guest creates an account with the order's e-mail and adds the order to it
  await page.goto(orderUrl);
  await page.getByRole("link", { name: "Create an account to follow your orders" }).click();
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await page.getByLabel("Your name").fill("Sam Shopper");
  await page.getByLabel("Password", { exact: true }).fill("velvet-otter-lantern");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\/[^?]+\?token=/);
  await page.getByTestId("claim-order").click();
  await expect(page.getByTestId("order-notice")).toContainText("This order is now on your account");
  await expect(page).toHaveURL(/notice=claimed$/);
});

test("at 360 px the checkout and the payment page fit the screen with whole labels; after paying the cart badge is empty", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await addToCart(page.request, await oneTee(page), 2);
  await page.goto("/cart"); // the browser's mirror of the cart (the badge's count) follows the server's
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.goto("/checkout");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(await overflow(), "/checkout at 360 px").toBeLessThanOrEqual(0);
  await guestToPayment(page);
  expect(await overflow(), "/payment at 360 px").toBeLessThanOrEqual(0);
  for (const label of ["Expiry (MM / YY)", "Security code (CVC)"]) {
    const el = page.locator("label", { hasText: label });
    const cut = await el.evaluate((e) => e.scrollWidth > e.clientWidth + 1);
    expect(cut, `${label} is cut`).toBe(false);
  }
  await fillCard(page, CARDS.pays);
  await page.getByTestId("pay").click();
  await expect(page).toHaveURL(/placed=1$/);
  await expect(page.getByRole("link", { name: /^Cart/ }).first()).toHaveAttribute("aria-label", "Cart");
});

test("a declined card (0002) says so next to the card number, charges nothing and keeps the cart", async ({ page }) => {
  await addToCart(page.request, await oneTee(page), 1);
  await guestToPayment(page);
  await fillCard(page, CARDS.declined);
  await page.getByTestId("pay").click();
  const number = page.getByLabel("Card number");
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#card-number-helper-text")).toContainText(/declined/i);
  await expect(page.getByTestId("cart-kept")).toHaveText("Nothing was charged, and your cart is kept. Try again or use another card.");
  await expect(page).toHaveURL(/\/payment\?/);

  // insufficient funds (9995) is refused the same way, with its own message
  await fillCard(page, CARDS.insufficient);
  await page.getByTestId("pay").click();
  await expect(page.locator("#card-number-helper-text")).toContainText(/insufficient funds/i);

  await page.goto("/cart");
  await expect(page.getByTestId("cart-page-line")).toHaveCount(1);
});

test("a card that asks for authentication (3155) shows the bank's page; approving pays the order", async ({ page }) => {
  await addToCart(page.request, await oneTee(page), 1);
  await guestToPayment(page);
  await fillCard(page, CARDS.authenticate);
  await page.getByTestId("pay").click();
  await expect(page).toHaveURL(/\/payment\/authenticate\?order=/);
  await expect(page.getByTestId("bank-question")).toHaveText(/^Platen Test Bank — approve this payment of \$[\d,.]+ to Platen\?$/);
  await auditPage(page, "/payment/authenticate");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\/.+placed=1$/);
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
});

test("failing the authentication goes back to the payment page with the cart kept", async ({ page }) => {
  await addToCart(page.request, await oneTee(page), 1);
  await guestToPayment(page);
  await fillCard(page, CARDS.authenticate);
  await page.getByTestId("pay").click();
  await page.getByRole("button", { name: "Fail" }).click();
  await expect(page).toHaveURL(/\/payment\?order=.+failed=1/);
  await expect(page.getByRole("alert").first()).toContainText("your cart is kept");
  await page.goto("/cart");
  await expect(page.getByTestId("cart-page-line")).toHaveCount(1);
});

test("a double click on Continue and on Pay makes one order and one charge", async ({ page }) => {
  await addToCart(page.request, await oneTee(page), 1);
  const email = freshEmail("double");
  await page.goto("/checkout");
  await fillAddress(page, US_ADDRESS, email);
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page.getByTestId("place-order")).toBeEnabled();

  // the same checkout page posted twice (a double click without JavaScript, a refresh of the POST)
  const html = await page.content();
  const form = { intent: "place", placeKey: hiddenValue(html, "placeKey"), seenTotalMinor: hiddenValue(html, "seenTotalMinor") };
  const first = await page.request.post("/checkout", { form, maxRedirects: 0 });
  const second = await page.request.post("/checkout", { form, maxRedirects: 0 });
  expect(first.status()).toBe(302);
  const orderOf = (location: string | undefined) => new URL(location ?? "", "http://x").searchParams.get("order");
  expect(orderOf(second.headers().location)).toBe(orderOf(first.headers().location));

  // the button itself: a double click submits once
  await page.getByTestId("place-order").dblclick();
  await expect(page).toHaveURL(/\/payment\?order=/);
  const paymentUrl = page.url();
  expect(new URL(paymentUrl).searchParams.get("order")).toBe(orderOf(first.headers().location));

  // Pay: the button is disabled at once, and the server takes one charge per attempt key
  // (React Router moves the URL a moment before it renders the new page: wait for the form itself.)
  const attemptKey = await page.locator('input[name="attemptKey"]').inputValue();
  await fillCard(page, CARDS.pays);
  await page.getByTestId("pay").dblclick();
  await expect(page).toHaveURL(/\/shop\/orders\/.+placed=1$/);
  const again = await page.request.post(paymentUrl, {
    form: { cardNumber: CARDS.pays, expiry: "12 / 34", cvc: "123", attemptKey },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  expect(again.headers().location).toMatch(/placed=1$/);
  // one payment on the timeline
  await page.reload();
  const timeline = page.getByTestId("order-timeline");
  await expect(timeline.locator("li").filter({ hasText: /^Paid/ })).toHaveCount(1);
  await expect(page.getByTestId("order-total")).toBeVisible();
});

test("a signed-in fan-club member checks out with a saved address and the fan-club code, then cancels before production", async ({
  page,
}) => {
  const shopper = await signUpInBrowser(page, "fan-checkout", "/account");
  // join the @inkwell fan club (its members may use the perk code)
  const join = await page.request.post("/shop/partners/@inkwell/fanClub", { form: { intent: "join" }, maxRedirects: 0 });
  expect(join.status()).toBeLessThan(400);
  const { mug, tee } = await twoStoreLines(page);
  await addToCart(page.request, mug, 1);
  await addToCart(page.request, tee, 1);
  // a saved address (added inline at checkout, saved to the account)
  await setAddress(page.request, US_ADDRESS);

  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-email")).toContainText(shopper.email);
  await expect(page.getByRole("link", { name: "Sign out" })).toBeVisible();
  await expect(page.getByTestId("checkout-address").first()).toContainText("1200 SW Main Street");
  // the account's address is mirrored to userData
  await expect
    .poll(async () =>
      page.evaluate(() => (JSON.parse(localStorage.getItem("userData") ?? "{}") as { shippingInfo: unknown[] }).shippingInfo.length),
    )
    .toBe(1);

  // a wrong code is refused next to the field
  await page.getByLabel("Discount code").fill("NOT-A-CODE");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("discount-message")).toBeVisible();
  await page.getByRole("button", { name: "Remove code" }).click();

  const before = await page.getByTestId("checkout-total").textContent();
  await page.getByLabel("Discount code").fill(FAN_CLUB_CODE.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("discount-code")).toHaveText(FAN_CLUB_CODE);
  await expect(page.getByTestId("checkout-discount")).toBeVisible();
  await expect(page.getByTestId("checkout-total")).not.toHaveText(before ?? "");
  // the code applies to @inkwell's line only
  const mugLine = page.getByTestId("checkout-line").filter({ has: page.locator(`input[value="${mug.variantId}"]`) });
  const teeLine = page.getByTestId("checkout-line").filter({ has: page.locator(`input[value="${tee.variantId}"]`) });
  await expect(mugLine).toContainText("Discount −");
  await expect(teeLine).not.toContainText("Discount −");

  await page.getByTestId("place-order").click();
  await fillCard(page, CARDS.pays);
  await page.getByTestId("pay").click();
  await expect(page).toHaveURL(/\/shop\/orders\/.+placed=1$/);
  await expect(page.getByTestId("order-discount")).toBeVisible();
  // a signed-in buyer is not asked to create an account
  await expect(page.getByTestId("order-signup")).toHaveCount(0);

  // cancel before production: a confirm step, then the order is cancelled and refunded
  const cancel = page.getByTestId("cancel-order");
  await cancel.getByText("Cancel this order").click();
  await cancel.getByRole("button", { name: "Cancel order" }).click();
  // the browser's own check asks for the box first
  await expect(page).not.toHaveURL(/notice=cancelled/);
  await cancel.getByLabel("Yes, cancel the whole order").check();
  await cancel.getByRole("button", { name: "Cancel order" }).click();
  await expect(page).toHaveURL(/notice=cancelled/);
  await expect(page.getByTestId("order-notice")).toContainText("Your order has been cancelled");
  await expect(page.getByTestId("order-status")).toHaveText(/Cancelled|Refunded/);
  await expect(page.getByTestId("cancel-order")).toHaveCount(0);
  await expect(page.getByTestId("order-timeline")).toContainText(/Cancelled|Refunded/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor checks out from the cart to the confirmation with plain form posts", async ({ page }) => {
    // (the product page's own no-JavaScript form is covered by shopping.spec.ts)
    await addToCart(page.request, await oneTee(page), 1);

    await page.goto("/cart");
    await page.getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId("place-order")).toBeDisabled();
    await expect(page.getByTestId("place-blocked")).toHaveText("Add your e-mail address and shipping address first.");

    // a bad postal code is refused next to the field, with what was typed kept
    const email = freshEmail("nojs");
    await fillAddress(page, { ...US_ADDRESS, postalCode: "ABC" }, email);
    await page.getByRole("button", { name: "Use this address" }).click();
    await expect(page.locator("#ship-postalCode-helper-text")).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue(email);
    await page.getByLabel("Postal code").fill(US_ADDRESS.postalCode);
    await page.getByRole("button", { name: "Use this address" }).click();
    await expect(page.getByTestId("checkout-email")).toHaveText(email);

    // quantity: one more, re-priced by the server
    await page.getByRole("button", { name: /^One more/ }).click();
    await expect(page.getByTestId("checkout-quantity")).toHaveValue("2");
    await page.getByTestId("checkout-quantity").fill("1");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("checkout-quantity")).toHaveValue("1");

    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/payment\?order=/);
    await fillCard(page, CARDS.pays);
    await page.getByTestId("pay").click();
    await expect(page).toHaveURL(/\/shop\/orders\/.+placed=1$/);
    await expect(page.getByTestId("order-thanks")).toContainText(`We sent a confirmation to ${email}.`);
  });
});
