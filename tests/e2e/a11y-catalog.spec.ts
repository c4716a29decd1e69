import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";

/** axe must find nothing serious or critical on the catalogue pages (issue 3), on phones and desktops. */
async function audit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).exclude("iframe").analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join("\n    ")}`,
  );
  expect(report, `${path}\n${report.join("\n")}`).toEqual([]);
}

async function aProduct(page: Page): Promise<string> {
  await page.goto("/shop/products/t-shirts");
  return (await page.locator('[data-testid="product-card"] a[href^="/shop/product/"]').first().getAttribute("href"))!;
}

for (const width of [1280, 360]) {
  test.describe(`catalogue accessibility at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // axe on ten pages takes a while on a busy machine
    test.describe.configure({ timeout: 180_000 });

    test("public catalogue pages", async ({ page }) => {
      const product = await aProduct(page);
      for (const path of [
        "/",
        "/shop",
        "/shop/products/t-shirts",
        product,
        "/shop/stores/@inkwell",
        "/shop/partners/@inkwell/products",
        "/search",
        "/search?q=shirt",
        "/product-request",
      ]) {
        await test.step(path, () => audit(page, path));
      }
    });

    test("a seller page", async ({ page }) => {
      await signInAs(page, "partner");
      for (const path of ["/shop/partners/@inkwell/administration", "/shop/partners/@inkwell/administration/products"])
        await test.step(path, () => audit(page, path));
    });

    test("the admin's products page", async ({ page }) => {
      await signInAs(page, "admin");
      await audit(page, "/admin/products");
    });
  });
}

test("the dark theme passes on the product page too", async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await context.addCookies([{ name: "platen_theme", value: "myDarkTheme", url: baseURL! }]);
  const product = await aProduct(page);
  for (const path of ["/", product, "/shop"]) await test.step(path, () => audit(page, path));
});
