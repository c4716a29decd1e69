import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { auditPage, waitForHydration } from "./support/a11y.ts";
import { signInAs } from "./support/accounts.ts";
import { artPng, uploadArt } from "./support/designer.ts";
import { applyAndApprove } from "./support/partners.ts";

/** Design a Classic tee in `handle`'s administration; returns the product's edit URL. */
async function designTee(page: Page, handle: string, png: Buffer, title: string, opts: { expectLowDpi?: Buffer } = {}) {
  await page.goto(`/shop/partners/@${handle}/administration/products/create`);
  await expect(page).toHaveTitle("Design a product · Platen");
  await page.getByTestId("blank-card").filter({ hasText: "Classic tee" }).click();
  await expect(page.getByText("Choose another blank")).toBeVisible();
  if (opts.expectLowDpi) {
    await uploadArt(page, opts.expectLowDpi, "small.png");
    await expect(page.getByTestId("preflight")).toContainText(/prints at \d+ DPI/);
    await expect(page.getByTestId("preflight-warning").or(page.getByTestId("preflight-error")).first()).toBeVisible();
  }
  await uploadArt(page, png);
  await expect(page.getByTestId("dpi-front")).toBeVisible();
  await expect(page.getByTestId("preflight")).not.toContainText(/under the recommended|at least 100 DPI is needed/);
  // the server preview arrives while placing
  await expect(page.getByTestId("server-preview")).toBeVisible({ timeout: 15_000 });
  // keyboard nudging moves the artwork (and keeps the preflight live)
  await page.getByTestId("artwork-layer").focus();
  await page.keyboard.press("ArrowUp");
  await page.getByLabel("Retail price (USD)").fill("5");
  await expect(page.getByText(/The price must be at least/)).toBeVisible();
  await page.getByLabel("Retail price (USD)").fill("27.50");
  await expect(page.getByTestId("you-earn")).toContainText("$");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Tags").fill("e2e, kites, sky");
}

test.describe("designer", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a new partner designs a product from upload to publish, with a preflight warning on a low-resolution image", async ({
    page,
    browser,
  }) => {
    const { handle } = await applyAndApprove(page, browser);
    const seed = Date.now() % 1_000_000;
    const title = `Windy Kites Tee ${seed}`;
    await designTee(page, handle, await artPng(seed, 3000), title, { expectLowDpi: await artPng(seed + 1, 500) });
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByTestId("designer-notice")).toContainText("Published!", { timeout: 60_000 });
    await expect(page.getByTestId("product-status")).toHaveText("Published");
    await page.getByRole("link", { name: "View it in the shop" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // the store's product list shows it
    await page.goto(`/shop/partners/@${handle}/administration/products`);
    await expect(page.getByTestId("product-row").filter({ hasText: title })).toContainText("Published");
  });

  test("a second store uploading artwork already published by @inkwell is held for review", async ({ browser }) => {
    const seed = (Date.now() % 1_000_000) + 7;
    const png = await artPng(seed, 2400);
    const inkwell = await (await browser.newContext()).newPage();
    await signInAs(inkwell, "partner");
    await designTee(inkwell, "inkwell", png, `Original ${seed}`);
    await inkwell.getByRole("button", { name: "Publish" }).click();
    await expect(inkwell.getByTestId("designer-notice")).toContainText("Published!", { timeout: 60_000 });

    const other = await (await browser.newContext()).newPage();
    await signInAs(other, "fulfiller");
    // re-encoded and resized: still the same picture
    const copy = await sharp(png).resize(2000).png({ compressionLevel: 3 }).toBuffer();
    await designTee(other, "print-works-studio", copy, `Copy ${seed}`);
    await expect(other.getByTestId("flagged-upload")).toContainText("looks like one already published by another store");
    await other.getByRole("button", { name: "Publish" }).click();
    await expect(other.getByTestId("designer-notice")).toContainText("Held for review", { timeout: 60_000 });
    await expect(other.getByTestId("product-status")).toHaveText("Held for review");

    // the admin sees both artworks side by side in the queue
    const admin = await (await browser.newContext()).newPage();
    await signInAs(admin, "admin", "/admin/products?tab=flags");
    await expect(admin.getByTestId("flag-card").filter({ hasText: `Copy ${seed}` })).toBeVisible();
  });

  test("an admin takes a product down at /admin/products and it disappears from /search", async ({ page, request }) => {
    await signInAs(page, "admin", "/admin/products?status=published&q=Mug");
    const row = page.getByTestId("admin-product-row").first();
    const title = (await row.getByRole("link").first().textContent())!.trim();
    const href = (await row.getByRole("link").first().getAttribute("href"))!;
    await page.goto(`/search?q=${encodeURIComponent(title)}`);
    await expect(page.locator(`a[href="${href}"]`).first()).toBeVisible();

    await page.goto(`/admin/products?status=published&q=${encodeURIComponent(title)}`);
    await page.getByRole("link", { name: `Take down ${title}` }).click();
    await page.getByRole("button", { name: "Take down" }).click();
    await expect(page.getByText("Give the partner a reason")).toBeVisible();
    await page.getByLabel("Reason (sent to the partner)").fill("The design uses a trademarked character without a licence.");
    await page.getByRole("button", { name: "Take down" }).click();
    await expect(page.getByRole("status")).toContainText("taken down");

    await page.goto(`/search?q=${encodeURIComponent(title)}`);
    await expect(page.locator(`a[href="${href}"]`)).toHaveCount(0);
    // gone for visitors too (the admin may still open it)
    expect((await request.get(href)).status()).toBe(404);
  });
});

// The designer's pages are audited with every other page in a11y.spec.ts; here, the state that
// only a journey reaches: the designer with artwork placed.
for (const width of [1280, 360]) {
  test(`the designer with artwork has no serious accessibility problems at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, "partner");
    await page.goto("/shop/partners/@inkwell/administration/products/create");
    await waitForHydration(page);
    await page.getByTestId("blank-card").filter({ hasText: "Pullover hoodie" }).click();
    await uploadArt(page, await artPng(width, 1600));
    await expect(page.getByTestId("server-preview")).toBeVisible({ timeout: 15_000 });
    await auditPage(page, "designer with artwork");
  });
}
