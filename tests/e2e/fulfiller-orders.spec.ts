import { expect, test, type Page } from "@playwright/test";
import { signInAs, signInRequest, DEMO } from "./support/accounts.ts";
import { auditPage } from "./support/a11y.ts";
import { buyTwoGroups, orderNumberOf } from "./support/party-orders.ts";
import { buyCheapestLabel, codesOf, packableGroup, parcelOf, scanPrinted } from "./support/shipping.ts";
import { signUpRequest } from "./support/shoppers.ts";

/**
 * The fulfiller's side of an order (issues 8 and 23): a fresh shopper buys from two stores (two
 * shipment groups, both routed to the demo fulfiller @print-works); the fulfiller downloads a print
 * file, accepts both shipments, batches each warehouse's lines and scans them at the press (the
 * codes typed from the batch page into the scan station), packs one shipment on the packing table
 * and buys its label (the order is partially shipped, the shopper gets the shipment e-mail and sees
 * the carrier's tracking events), then packs and ships the other without JavaScript (shipped).
 * There is no "Mark shipped" or "Mark delivered" any more: a label ships a shipment, and the
 * carrier's tracking delivers it (days later, so the test stops at "Label created").
 */
const ORDERS = "/fulfillment/@print-works/administration/orders";

function groupsOf(page: Page, number: string) {
  return page.getByTestId("fulfiller-group").and(page.locator(`[data-order-number="${number}"]`));
}

test("the fulfiller makes, packs and ships an order's two shipments; the shopper follows the tracking", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
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
  // production: a batch of each warehouse, and each of the order's lines scanned at the press
  for (let round = 0; round < 2 && (await groupsOf(page, number).getByTestId("group-waiting-batch").count()) > 0; round++) {
    await groupsOf(page, number).getByTestId("group-waiting-batch").first().getByRole("link", { name: "Open the batches" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Batches of");
    await page.getByRole("button", { name: "Make batch" }).click();
    await expect(page.getByTestId("batches-notice")).toContainText("Batch made");
    await scanPrinted(page, await codesOf(page, number));
    await page.goto(`${ORDERS}?q=${number}`);
  }
  await page.goto(`${ORDERS}?status=in_production&q=${number}`);
  await expect(groupsOf(page, number)).toHaveCount(2);
  // the hand-typed "Mark shipped" form is gone: a shipment ships when its label is bought
  await expect(page.getByRole("button", { name: "Mark shipped" })).toHaveCount(0);
  await expect(page.getByLabel("Tracking number")).toHaveCount(0);

  // the first shipment goes to the packing table of its warehouse
  const first = groupsOf(page, number).first();
  await first.getByRole("link", { name: "Pack it on Parcels" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Parcels of");
  const table = packableGroup(page, number);
  await expect(table).toHaveCount(1);
  // refusals next to their fields: no line ticked, a weight that is not grams
  for (const box of await table.getByRole("checkbox").all()) await box.uncheck();
  await table.getByLabel("Weight on the scale (g)").fill("heavy");
  await table.getByRole("button", { name: "Pack parcel" }).click();
  await expect(table.getByText("Tick the lines that go into this parcel.")).toBeVisible();
  await expect(table.getByText("Enter the weight in whole grams, like 480")).toBeVisible();
  for (const box of await table.getByRole("checkbox").all()) await box.check();
  await table.getByLabel("Weight on the scale (g)").fill("");
  await table.getByRole("button", { name: "Pack parcel" }).click();
  await expect(page.getByTestId("parcels-notice")).toContainText("Parcel packed");
  await expect(parcelOf(page, number).getByTestId("parcel-status")).toHaveText("Waiting for a label");

  // its label: the cheapest service of the carrier's rate table
  await parcelOf(page, number).getByRole("link", { name: "Buy its label" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shipments");
  const firstTracking = await buyCheapestLabel(page, number);

  // the shopper's order is partially shipped, with the carrier's tracking: the label is created
  const shopperPage = await shopperCtx.newPage();
  await shopperPage.goto(orderPath);
  await expect(shopperPage.getByTestId("order-status")).toHaveText("Partially shipped");
  const tracked = shopperPage.getByTestId("shipment-tracking").and(shopperPage.locator(`[data-tracking-number="${firstTracking}"]`));
  await expect(tracked).toContainText("Platen Local Post");
  await expect(tracked.getByTestId("tracking-event").first()).toHaveAttribute("data-status", "pre_transit");
  await expect(tracked.getByTestId("tracking-event").first()).toContainText("Label created");
  await expect(shopperPage.getByTestId("group-tracking").first()).toContainText(firstTracking);

  // the shipment e-mail is in the outbox's mailbox
  const adminCtx = await browser.newContext({ baseURL });
  await signInRequest(adminCtx.request, DEMO.admin);
  await expect
    .poll(
      async () =>
        (await (await adminCtx.request.get(`/admin/brevo?q=${encodeURIComponent(shopper.email)}`)).text()).includes("Shipment created"),
      { timeout: 20_000 },
    )
    .toBe(true);

  // the other shipment, without JavaScript: packed and its label bought with plain form posts
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const noJs = await plain.newPage();
  await signInAs(noJs, "fulfiller", `${ORDERS}?status=in_production&q=${number}`);
  await expect(groupsOf(noJs, number)).toHaveCount(1);
  await groupsOf(noJs, number).getByRole("link", { name: "Pack it on Parcels" }).click();
  await expect(packableGroup(noJs, number)).toHaveCount(1);
  await packableGroup(noJs, number).getByRole("button", { name: "Pack parcel" }).click();
  await expect(noJs.getByTestId("parcels-notice")).toContainText("Parcel packed");
  await parcelOf(noJs, number).getByRole("link", { name: "Buy its label" }).click();
  const secondTracking = await buyCheapestLabel(noJs, number);
  expect(secondTracking).not.toBe(firstTracking);
  await plain.close();

  // both shipped: the order is shipped, and each shipment shows its own tracking
  await shopperPage.reload();
  await expect(shopperPage.getByTestId("order-status")).toHaveText("Shipped");
  await expect(shopperPage.getByTestId("shipment-tracking")).toHaveCount(2);
  for (const t of [firstTracking, secondTracking])
    await expect(
      shopperPage
        .getByTestId("shipment-tracking")
        .and(shopperPage.locator(`[data-tracking-number="${t}"]`))
        .getByTestId("tracking-event")
        .first(),
    ).toContainText("Label created");

  // the fulfiller's shipped tab shows the carrier and number, and no "Mark delivered" (the carrier's tracking delivers)
  await page.goto(`${ORDERS}?status=shipped&q=${number}`);
  await expect(groupsOf(page, number)).toHaveCount(2);
  await expect(groupsOf(page, number).getByTestId("group-tracking").first()).toContainText("Platen Local Post");
  await expect(page.getByRole("button", { name: "Mark delivered" })).toHaveCount(0);
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
