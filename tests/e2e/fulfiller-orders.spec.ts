import { expect, test, type Page } from "@playwright/test";
import { signInAs, signInRequest, DEMO } from "./support/accounts.ts";
import { auditPage } from "./support/a11y.ts";
import { buyTwoGroups, orderNumberOf } from "./support/party-orders.ts";
import { signUpRequest } from "./support/shoppers.ts";

/**
 * The fulfiller's side of an order (issue 8, section 4): a fresh shopper buys from two stores
 * (two shipment groups, both routed to the demo fulfiller @print-works); the fulfiller downloads
 * a print file, accepts both shipments and batches them (production starts), ships one group (the order is partially shipped, the shopper
 * gets the shipment e-mail and sees the tracking link), then the other (shipped), then delivers.
 */
const ORDERS = "/fulfillment/@print-works/administration/orders";

function groupsOf(page: Page, number: string) {
  return page.getByTestId("fulfiller-group").and(page.locator(`[data-order-number="${number}"]`));
}

test("the fulfiller makes, ships and delivers an order's two shipments; the shopper follows along", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  // the shopper buys (over HTTP, in a context of its own)
  const shopperCtx = await browser.newContext({ baseURL });
  const shopper = await signUpRequest(shopperCtx.request, "fulfiller-journey", "Robin Buyer");
  const { orderId, orderPath } = await buyTwoGroups(shopperCtx.request);
  const number = await orderNumberOf(shopperCtx.request, orderPath);

  // the fulfiller sees both shipments in "Open", with the ship-to address, items and payout
  await signInAs(page, "fulfiller", ORDERS);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders to make and ship");
  // the search finds the order among the demo orders
  await page.getByRole("textbox", { name: "Order number" }).fill(number);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${number}`));
  await expect(page.getByTestId("party-balance")).toContainText("Pending");
  const groups = groupsOf(page, number);
  await expect(groups).toHaveCount(2);
  for (const g of await groups.all()) {
    await expect(g.getByTestId("group-status")).toHaveText("Waiting for production");
    await expect(g).toContainText("Robin Buyer");
    await expect(g).toContainText("1200 SW Main Street");
    await expect(g.getByTestId("group-payout")).toContainText(/You will be paid \S*\d/);
    await expect(g.getByTestId("group-line").first()).toContainText("SKU");
  }
  await auditPage(page, `${ORDERS} with waiting shipments`);

  // a print file downloads as an attachment for the owner, and is a 404 to anyone else
  // (The demo catalogue is seeded without print files, to keep the demo snapshot quick to build:
  // a line shows that it has none. Products partners publish have them.)
  const links = groups.first().getByTestId("print-file");
  const otherCtx = await browser.newContext({ baseURL });
  await signInRequest(otherCtx.request, DEMO.partner);
  if ((await links.count()) > 0) {
    const fileHref = await links.first().getAttribute("href");
    const file = await page.request.get(fileHref!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="/);
    expect((await file.body()).byteLength).toBeGreaterThan(0);
    expect((await otherCtx.request.get(fileHref!, { maxRedirects: 0 })).status()).toBe(404);
    expect((await shopperCtx.request.get(fileHref!, { maxRedirects: 0 })).status()).toBe(404);
  } else await expect(groups.first().getByText("No print file for this line.").first()).toBeVisible();
  expect((await otherCtx.request.get(ORDERS, { maxRedirects: 0 })).status()).toBe(404);
  await otherCtx.close();

  // accept both shipments: each line waits for a batch, with the time it must ship by
  const acceptButtons = groupsOf(page, number).getByRole("button", { name: "Accept", exact: true });
  await expect(groupsOf(page, number).getByTestId("line-floor-status").first()).toHaveText("Waiting for you to accept");
  for (let i = 0; i < 2; i++) {
    await acceptButtons.first().click();
    await expect(page.getByTestId("group-notice")).toContainText("Accepted.");
    // The notice of the first click is still there at the second: wait for the list to follow.
    await expect(acceptButtons).toHaveCount(1 - i);
  }
  await expect(groupsOf(page, number).getByTestId("line-due").first()).toContainText("Due");
  // production starts with a batch of each warehouse
  for (let round = 0; round < 2 && (await groupsOf(page, number).getByTestId("group-waiting-batch").count()) > 0; round++) {
    await groupsOf(page, number).getByTestId("group-waiting-batch").first().getByRole("link", { name: "Open the batches" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Batches of");
    await page.getByRole("button", { name: "Make batch" }).click();
    await expect(page.getByTestId("batches-notice")).toContainText("Batch made");
    await expect(page.getByTestId("batch-lines")).toBeVisible();
    await page.goto(`${ORDERS}?q=${number}`);
  }
  await page.goto(`${ORDERS}?status=in_production&q=${number}`);
  await expect(groupsOf(page, number)).toHaveCount(2);

  // shipping needs a carrier and a tracking number: errors next to the fields
  const first = groupsOf(page, number).first();
  const firstGroupId = ((await first.getAttribute("id")) ?? "").replace("group-", "");
  await first.getByRole("button", { name: "Mark shipped" }).click();
  const refused = page.locator(`#group-${firstGroupId}`);
  await expect(refused.getByText("Choose the carrier.")).toBeVisible();
  await expect(refused.getByText("Enter the tracking number.")).toBeVisible();

  // ship one group
  await refused.getByLabel("Carrier").selectOption("UPS");
  await refused.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await refused.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByTestId("group-notice")).toContainText("Marked as shipped.");
  await page.goto(`${ORDERS}?status=shipped&q=${number}`);
  const shipped = page.locator(`#group-${firstGroupId}`);
  await expect(shipped.getByTestId("group-tracking")).toContainText("UPS");
  await expect(shipped.getByRole("link", { name: "1Z999AA10123456784" })).toHaveAttribute(
    "href",
    /ups\.com\/track\?tracknum=1Z999AA10123456784/,
  );

  // the shopper's order is partially shipped, with the tracking link
  const shopperPage = await shopperCtx.newPage();
  await shopperPage.goto(orderPath);
  await expect(shopperPage.getByTestId("order-status")).toHaveText("Partially shipped");
  await expect(shopperPage.getByTestId("group-tracking").getByRole("link")).toHaveAttribute("href", /1Z999AA10123456784/);

  // the shipment e-mail is in the outbox's mailbox
  const adminCtx = await browser.newContext({ baseURL });
  await signInRequest(adminCtx.request, DEMO.admin);
  await expect
    .poll(
      async () =>
        (await (await adminCtx.request.get(`/admin/brevo?q=${encodeURIComponent(shopper.email)}`)).text()).includes("Shipment created"),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);

  // ship the other group: the order is shipped
  await page.goto(`${ORDERS}?status=in_production&q=${number}`);
  const second = groupsOf(page, number);
  await expect(second).toHaveCount(1);
  await second.getByLabel("Carrier").selectOption("USPS");
  await second.getByLabel("Tracking number").fill("9400 1000 0000 0000 0000 00");
  await second.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByTestId("group-notice")).toContainText("Marked as shipped.");
  await shopperPage.reload();
  await expect(shopperPage.getByTestId("order-status")).toHaveText("Shipped");
  await expect(shopperPage.getByTestId("group-tracking")).toHaveCount(2);

  // delivered, both groups: the order is delivered
  await page.goto(`${ORDERS}?status=shipped&q=${number}`);
  const deliverButtons = groupsOf(page, number).getByRole("button", { name: "Mark delivered" });
  for (let i = 0; i < 2; i++) {
    await deliverButtons.first().click();
    await expect(page.getByTestId("group-notice")).toHaveText("Marked as delivered.");
    // The notice of the first click is still there at the second: wait for the list to follow.
    await expect(deliverButtons).toHaveCount(1 - i);
  }
  await page.goto(`${ORDERS}?status=delivered&q=${number}`);
  await expect(groupsOf(page, number)).toHaveCount(2);
  await shopperPage.reload();
  await expect(shopperPage.getByTestId("order-status")).toHaveText("Delivered");
  expect(orderId).toBeTruthy();
  await adminCtx.close();
  await shopperCtx.close();
});

test("the fulfiller's orders work without JavaScript", async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await ctx.newPage();
  await signInAs(page, "fulfiller", ORDERS);
  await page.getByTestId("tab-all").click();
  await expect(page).toHaveURL(/status=all/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders to make and ship");
  await ctx.close();
});
