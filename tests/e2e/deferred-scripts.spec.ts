import { expect, test } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";

/**
 * A page's JavaScript is requested after its first paint (ADR 0027, app/lib/deferred-scripts.server.ts):
 * the document carries React Router's module preloads and hydration script inert, and a small
 * script adds them once a frame has been painted. If React Router's markup changes shape, the
 * document would keep its preloads: these tests fail instead.
 */

const CSP_NONCE = /script-src [^;]*'nonce-([^']+)'/;

test("the document has no module preloads, one inert hydration script and the loader, with the page's nonce", async ({ request }) => {
  for (const path of ["/", "/shop/products/t-shirts", "/search?q=shirt", "/legal"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const nonce = CSP_NONCE.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce, path).toBeTruthy();
    expect(html, path).not.toContain('<link rel="modulepreload"');
    expect(html, path).not.toMatch(/<script[^>]* type="module"/);
    const inert =
      html.match(
        /<script nonce="([^"]+)" type="text\/x-platen-deferred-module" id="platen-hydrate">[^<]*__reactRouterRouteModules[^<]*<\/script>/g,
      ) ?? [];
    expect(inert, path).toHaveLength(1);
    expect(inert[0]).toContain(`nonce="${nonce}"`);
    const loader = /<script nonce="([^"]+)">\(function\(s,h\)[^<]*\(document\.currentScript,(\[[^\]<]*\])\)<\/script>/.exec(html);
    expect(loader?.[1], path).toBe(nonce);
    const hrefs = JSON.parse(loader![2]!) as string[];
    // The entry first, then the route modules React Router would have preloaded.
    expect(hrefs[0], path).toMatch(/^\/assets\/entry\.client-[\w-]+\.js$/);
    expect(hrefs.length, path).toBeGreaterThan(5);
    for (const href of hrefs) expect(href, path).toMatch(/^\/assets\/[\w.-]+\.js$/);
  }
});

test("no script is requested before the first paint, and the page hydrates (storefront and back office)", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const timing = () =>
    page.evaluate(() => {
      const paint = performance.getEntriesByName("first-paint")[0]?.startTime ?? Infinity;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((r) => new URL(r.name).pathname.startsWith("/assets/") && r.name.endsWith(".js"))
        .map((r) => r.startTime);
      return { paint, firstScript: Math.min(...scripts), scripts: scripts.length };
    });
  for (const path of ["/", "/shop/products/t-shirts"]) {
    await page.goto(path);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const t = await timing();
    expect(t.scripts, path).toBeGreaterThan(5);
    expect(t.firstScript, path).toBeGreaterThanOrEqual(t.paint);
  }
  // A client-side navigation (the page is not loaded again) still loads the next route's modules.
  await page.evaluate(() => ((window as unknown as Record<string, unknown>).__samePage = true));
  await page.getByTestId("product-card").first().locator('a[href^="/shop/product/"]').first().click();
  await expect(page).toHaveURL(/\/shop\/product\/prd_/);
  await expect(page.getByTestId("gallery-main")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__samePage)).toBe(true);
  await signInAs(page, "fulfiller", "/fulfillment/@print-works/administration/orders");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const t = await timing();
  expect(t.firstScript).toBeGreaterThanOrEqual(t.paint);
  expect(errors).toEqual([]);
});
