import { expect, test } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";
import { waitForHydration } from "./support/a11y.ts";
import { photoPng, reportableOrders } from "./support/cases.ts";

/**
 * Cases (issue 23 §3, the second §5 journey). The demo shopper reports a damaged item of a
 * delivered order from its page: a fake photo, then one too large, are refused next to the field;
 * with a real photo the case opens and the shipment shows on hold. An admin finds it in the queue
 * and resolves it by a reprint at the print shop's cost; the reprint is in the print shop's orders
 * and on the shopper's order. A second case is resolved by a partial refund, which the admin's
 * ledger view of the order shows charged to the print shop.
 */
test("a damaged item: case with a photo, reprint, then a partial refund charged to the print shop", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInAs(page, "shopper", "/account");
  const orders = await reportableOrders(page.request);
  expect(orders.length, "a delivered order of the demo shopper").toBeGreaterThan(0);
  const { orderId, lineIds } = orders[0]!;

  // the shopper reports a problem from the order's page
  await page.goto(`/shop/orders/${orderId}`);
  const orderNumber = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").replace(/^Order\s+/, "").trim();
  await page.getByTestId("report-problem").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report a problem");
  await page.locator(`input[name="line"][value="${lineIds[0]}"]`).check();
  await page.getByLabel(/Arrived damaged/).check();
  await page.getByLabel("Describe the problem").fill("The shirt arrived with a long tear along the left sleeve.");

  // a fake photo is refused next to the field
  await page
    .locator("#case-photos")
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page.getByTestId("error-photos")).toContainText(/not an image|PNG, JPEG or WebP/);
  // so is one over 8 MB (the form kept the chosen item and the text)
  await expect(page.locator(`input[name="line"][value="${lineIds[0]}"]`)).toBeChecked();
  const big = Buffer.concat([await photoPng(), Buffer.alloc(9 * 1024 * 1024)]);
  await page.locator("#case-photos").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page.getByTestId("error-photos")).toContainText("larger than 8 MB");

  // with a real photo the case opens
  await page.locator("#case-photos").setInputFiles({ name: "tear.png", mimeType: "image/png", buffer: await photoPng() });
  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Your case C-\d+$/);
  const ref = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").replace("Your case ", "").trim();
  await expect(page.getByTestId("case-status")).toHaveText("Open");
  await expect(page.getByTestId("case-photo")).toHaveCount(1);
  await expect(page.getByTestId("case-photo")).toHaveJSProperty("complete", true);
  expect(await page.getByTestId("case-photo").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // the order page shows the shipment on hold and the case
  await page.goto(`/shop/orders/${orderId}`);
  await expect(page.getByTestId("group-on-hold").first()).toHaveText(`On hold: case ${ref} open`);
  await expect(page.getByTestId("order-case").filter({ hasText: ref })).toBeVisible();

  // an admin resolves it by a reprint, the print shop at fault
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, "admin", "/admin/cases");
  await expect(admin.getByRole("link", { name: /^Cases \(\d+ pending\)$/ })).toBeVisible();
  await admin.locator(`[data-testid="case-row"][data-case-ref="${ref}"]`).getByRole("link", { name: ref }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`Case ${ref}`);
  await expect(admin.getByTestId("case-shipment")).toBeVisible();
  await admin.getByLabel("Message or internal note").fill("Checked the batch: the press tore it.");
  await admin.getByLabel("Internal note (never shown to the shopper)").check();
  await admin.getByRole("button", { name: "Send" }).click();
  await expect(admin.getByTestId("case-message").filter({ hasText: "the press tore it" })).toHaveAttribute("data-internal", "true");
  await waitForHydration(admin);
  await admin.getByLabel("Reprinted at no charge").check();
  await admin.getByLabel("Fault (who pays)").selectOption("print_shop_misprint");
  await admin.getByLabel(/What was decided/).fill("We make the shirt again at no charge.");
  await admin.getByRole("button", { name: "Resolve" }).click();
  await expect(admin.getByTestId("case-notice")).toHaveText("Resolved: every party was e-mailed.");
  await expect(admin.getByTestId("case-status")).toHaveText("Resolved");
  await expect(admin.getByTestId("case-reprint")).toContainText("Reprint");

  // the reprint is in the print shop's orders, and on the shopper's order
  const shopContext = await browser.newContext();
  const shop = await shopContext.newPage();
  await signInAs(shop, "fulfiller", "/fulfillment/@print-works/administration/orders");
  await shop.goto(`/fulfillment/@print-works/administration/orders?${new URLSearchParams({ q: orderNumber }).toString()}`);
  // the reprint: a new shipment of the order, waiting to be made
  const reprint = shop.locator(`[data-testid="fulfiller-group"][data-order-number="${orderNumber}"][data-group-status="pending"]`);
  await expect(reprint).toHaveCount(1);
  await expect(reprint.getByTestId("group-reprint")).toHaveText("Reprint at no charge");
  await shop.goto("/fulfillment/@print-works/administration/cases");
  await expect(shop.locator(`[data-testid="case-row"][data-case-ref="${ref}"]`)).toBeVisible();
  await page.goto(`/shop/orders/${orderId}`);
  await expect(page.getByTestId("group-reprint")).toHaveCount(1);
  await expect(page.getByTestId("group-on-hold")).toHaveCount(0);
  await page.goto(
    `/shop/orders/${orderId}/cases/${/cas_[0-9a-z]+/.exec((await page.getByTestId("order-case").filter({ hasText: ref }).getByRole("link").getAttribute("href")) ?? "")?.[0]}`,
  );
  await expect(page.getByTestId("case-message").filter({ hasText: "the press tore it" })).toHaveCount(0);

  // another case, resolved by a partial refund at the print shop's cost
  const more = (await reportableOrders(page.request)).filter((o) => o.lineIds.length);
  const second = more.find((o) => o.orderId !== orderId) ?? more[0]!;
  const opened = await page.request.post(`/shop/orders/${second.orderId}/problem`, {
    multipart: {
      line: second.lineIds[0]!,
      [`qty.${second.lineIds[0]!}`]: "1",
      kind: "misprint",
      description: "The print is smudged across the front.",
    },
    maxRedirects: 0,
  });
  expect(opened.status()).toBe(302);
  const secondCase = /cas_[0-9a-z]{26}/.exec(opened.headers()["location"] ?? "")![0];
  await admin.goto(`/admin/cases/${secondCase}`);
  // the resolution's choices are React state: pick one once the page has hydrated, or hydration undoes it
  await waitForHydration(admin);
  await admin.getByLabel("Refunded", { exact: true }).check();
  await admin.getByLabel("Fault (who pays)").selectOption("print_shop_damage");
  await admin.getByLabel(/Or an amount/).fill("5.00");
  await admin.getByLabel(/What was decided/).fill("We refund part of the price for the smudge.");
  await admin.getByRole("button", { name: "Resolve" }).click();
  await expect(admin.getByTestId("case-resolution")).toContainText("Refunded");
  await admin.goto(`/admin/orders/${second.orderId}`);
  await expect(admin.getByTestId("ledger-journal").filter({ hasText: "Refund charged to the print shop" })).toBeVisible();

  await adminContext.close();
  await shopContext.close();
});
