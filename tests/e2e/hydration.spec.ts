import { expect, test } from "@playwright/test";

/**
 * The browser hydrates the server's HTML with Preact (ADR 0024): it must take over the elements the
 * server sent, not draw the page again, and keep the document's head in step with the page on
 * client-side navigation (the head itself is kept as the server sent it).
 */

test("hydration keeps the server's elements and head; a client-side navigation updates the title and description", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  // Before any script of the page runs: remember the elements the server sent.
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const w = window as unknown as Record<string, unknown>;
      w.__serverMain = document.querySelector("main");
      w.__serverHeader = document.querySelector("header");
      w.__serverInsertionPoint = document.querySelector('meta[name="emotion-insertion-point"]');
    });
  });
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor();
  const kept = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return {
      main: w.__serverMain === document.querySelector("main"),
      header: w.__serverHeader === document.querySelector("header"),
      insertionPoint: w.__serverInsertionPoint === document.querySelector('meta[name="emotion-insertion-point"]'),
      heads: document.querySelectorAll("head").length,
      bodies: document.querySelectorAll("body").length,
    };
  });
  expect(kept).toEqual({ main: true, header: true, insertionPoint: true, heads: 1, bodies: 1 });
  await expect(page).toHaveTitle("Custom-printed products by independent artists · Platen");

  // A client-side navigation: the product page's title and description replace the home page's.
  const card = page.getByTestId("product-card").first();
  const name = (await card.getByRole("heading").first().textContent())?.trim() ?? "";
  await card.locator('a[href^="/shop/product/"]').first().click();
  await expect(page).toHaveURL(/\/shop\/product\/prd_/);
  await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  const descriptions = page.locator('head meta[name="description"]');
  await expect(descriptions).toHaveCount(1);
  await expect(descriptions).not.toHaveAttribute("content", /^T-shirts, hoodies, mugs, posters/);
  // The page was not loaded again: the server's header is still the one on screen.
  expect(
    await page.evaluate(() => (window as unknown as Record<string, unknown>).__serverHeader === document.querySelector("header")),
  ).toBe(true);

  // Back home: the home page's head again.
  await page.goBack();
  await expect(page).toHaveTitle("Custom-printed products by independent artists · Platen");
  await expect(descriptions).toHaveAttribute("content", /^T-shirts, hoodies, mugs, posters/);
  expect(errors).toEqual([]);
});
