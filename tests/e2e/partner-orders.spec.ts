import { expect, test } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";
import { auditPage } from "./support/a11y.ts";
import { buyTwoGroups, orderNumberOf } from "./support/party-orders.ts";
import { signInShopper, signUpRequest } from "./support/shoppers.ts";

/**
 * After a fresh shopper buys from @inkwell and @print-works-studio: the demo partner sees the
 * order's @inkwell line (only) with its earnings and the buyer's name and city; the shopper sees
 * the order in /account and in `userData.orders`.
 */
test("the partner sees the store's line with its earnings; the shopper sees the order in the account", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const shopperCtx = await browser.newContext({ baseURL });
  const shopper = await signUpRequest(shopperCtx.request, "partner-journey", "Robin Buyer");
  const { orderId, orderPath } = await buyTwoGroups(shopperCtx.request);
  const number = await orderNumberOf(shopperCtx.request, orderPath);

  // the partner's store orders: only @inkwell's line, the buyer's name and city, and the earnings
  const path = "/shop/partners/@inkwell/administration/orders";
  await signInAs(page, "partner", path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Orders" }).first()).toBeVisible();
  await expect(page.getByTestId("party-balance")).toBeVisible();
  const lines = page.getByTestId("store-order-line").and(page.locator(`[data-order-number="${number}"]`));
  await expect(lines).toHaveCount(1);
  await expect(lines).toContainText("Robin Buyer");
  await expect(lines).toContainText("Portland");
  await expect(lines).not.toContainText("1200 SW Main Street");
  await expect(lines.getByTestId("line-earnings")).toHaveText(/\d/);
  await expect(page.getByTestId("store-orders")).not.toContainText(shopper.email);
  await auditPage(page, `${path} with an order`);

  // the shopper's account lists it, and userData.orders mirrors it
  await shopperCtx.close();
  const ctx = await browser.newContext({ baseURL });
  const mine = await ctx.newPage();
  await signInShopper(mine, shopper, "/account");
  const row = mine.getByTestId("account-order").and(mine.locator(`[data-order-id="${orderId}"]`));
  await expect(row).toContainText(`Order ${number}`);
  await expect(row).toContainText("Paid");
  await expect(row.getByRole("link")).toHaveAttribute("href", orderPath);
  await expect
    .poll(async () =>
      mine.evaluate(() => {
        const data = JSON.parse(localStorage.getItem("userData") ?? "{}") as {
          orders?: { id: string; status: string; totalMinor: number }[];
        };
        return data.orders ?? [];
      }),
    )
    .toEqual(expect.arrayContaining([expect.objectContaining({ id: orderId, number, status: "paid" })]));
  await auditPage(mine, "/account with an order");
  await ctx.close();
});

test("a new shopper's account shows the empty orders state linking to the shop", async ({ page }) => {
  await signUpRequest(page.request, "no-orders");
  await page.goto("/account");
  await expect(page.getByTestId("orders-empty")).toContainText("You have not ordered anything yet.");
  await expect(page.getByTestId("orders-empty").getByRole("link", { name: "Browse the shop" })).toHaveAttribute("href", "/shop");
  // The account page mirrors its (empty) order list into userData.orders once it has hydrated.
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem("userData") ?? "{}") as { orders?: unknown[] }).orders))
    .toEqual([]);
});
