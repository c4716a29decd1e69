import { expect, test, type Page } from "@playwright/test";

interface ProductLd {
  "@type": string;
  name: string;
  sku: string;
  brand: { name: string };
  offers: { "@type": string; price?: string; lowPrice?: string; priceCurrency: string; url: string };
}

/** The storefront: home, grids, the product page, SEO resources and responsive layout. */

async function firstProductPath(page: Page, from = "/shop/products/t-shirts"): Promise<string> {
  await page.goto(from);
  const href = await page.getByTestId("product-card").first().locator('a[href^="/shop/product/"]').first().getAttribute("href");
  expect(href).toMatch(/^\/shop\/product\/prd_/);
  return href!;
}

test("the home page shows products from at least five stores, with categories and stores", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const cards = page.getByTestId("product-card");
  expect(await cards.count()).toBeGreaterThanOrEqual(8);
  const storeLinks = await page
    .locator('[data-testid="product-card"] a[href^="/shop/stores/@"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(new Set(storeLinks).size).toBeGreaterThanOrEqual(5);
  // a tile per category, each with an image
  await expect(page.getByTestId("categories").locator("li")).toHaveCount(7);
  await expect(page.getByTestId("featured-stores").locator('a[href^="/shop/stores/@"]').first()).toBeVisible();
});

test("a category page lists only that category and filters through the URL", async ({ page }) => {
  await page.goto("/shop/products/t-shirts");
  await expect(page).toHaveTitle("T-shirts · Platen");
  await expect(page.getByRole("heading", { level: 1, name: "T-shirts" })).toBeVisible();
  expect(await page.getByTestId("product-card").count()).toBeGreaterThan(0);
  await expect(page.getByTestId("result-count")).toContainText("product");
  // Sorting is a shareable URL.
  await page.goto("/shop/products/t-shirts?sort=price-asc");
  const prices = await page
    .locator('[data-testid="product-card"] [data-price-minor]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-price-minor"))));
  expect(prices.length).toBeGreaterThan(1);
  expect([...prices].sort((a, b) => a - b)).toEqual(prices);
});

test("grid images have a srcset, eager in the first row and lazy below the fold", async ({ page }) => {
  await page.goto("/shop");
  const imgs = page.locator('[data-testid="product-grid"] img');
  expect(await imgs.count()).toBeGreaterThan(4);
  const first = imgs.first();
  await expect(first).toHaveAttribute("loading", "eager");
  await expect(first).toHaveAttribute("srcset", /320w.*640w.*1024w/);
  await expect(first).toHaveAttribute("sizes", /.+/);
  await expect(first).toHaveAttribute("width", /\d+/);
  await expect(first).toHaveAttribute("height", /\d+/);
  await expect(imgs.nth(6)).toHaveAttribute("loading", "lazy");
});

test("choosing a colour on the product page changes the gallery image", async ({ page }) => {
  await page.goto(await firstProductPath(page));
  const main = page.getByTestId("gallery-main");
  const before = await main.getAttribute("data-hash");
  // colours with a rendered mockup of their own (the demo renders the first three colours)
  const radios = page.locator('input[type="radio"][name="color"][data-has-mockups="true"]');
  expect(await radios.count()).toBeGreaterThan(1);
  const current = await page.locator('input[type="radio"][name="color"]:checked').getAttribute("value");
  const other = (await radios.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).find((v) => v !== current)!;
  await page.locator(`label[for="${await page.locator(`input[name="color"][value="${other}"]`).getAttribute("id")}"]`).click();
  await expect(page.getByTestId("chosen-color")).toHaveText(other);
  await expect(main).not.toHaveAttribute("data-hash", before!);
  await expect(page).toHaveURL(new RegExp(`color=${encodeURIComponent(other).replace(/%20/g, "(%20|\\+)")}`));
});

test("the product page has JSON-LD with the right price, a canonical link and Open Graph tags", async ({ page, request }) => {
  const path = await firstProductPath(page);
  await page.goto(path);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as ProductLd;
  expect(ld["@type"]).toBe("Product");
  expect(ld.name).toBe(await page.getByRole("heading", { level: 1 }).textContent());
  const minor = Number(await page.locator('[data-testid="product-price"] [data-price-minor]').getAttribute("data-price-minor"));
  const offerPrice = ld.offers["@type"] === "AggregateOffer" ? ld.offers.lowPrice : ld.offers.price;
  expect(Number(offerPrice)).toBeCloseTo(minor / 100, 2);
  expect(ld.offers.priceCurrency).toMatch(/^[A-Z]{3}$/);
  expect(ld.brand.name).toBeTruthy();
  expect(ld.sku).toBeTruthy();
  expect(ld.offers.url).toMatch(new RegExp(`^https?://[^/]+${path}$`));

  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(new RegExp(`^https?://[^/]+${path}$`));
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(ogImage).toMatch(/^https?:\/\/[^/]+\/media\/mockups\/[^/]+-1024\.webp$/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");

  // Media are immutable (content-hashed names).
  const src = await page.getByTestId("gallery-main").getAttribute("src");
  const media = await request.get(src!);
  expect(media.status()).toBe(200);
  expect(media.headers()["cache-control"]).toContain("immutable");
  expect(media.headers()["content-type"]).toContain("image/webp");
});

test("the product page offers sizes, shipping, the store and more from it", async ({ page }) => {
  await page.goto(await firstProductPath(page));
  await expect(page.getByRole("group", { name: "Size" })).toBeVisible();
  await expect(page.getByTestId("shipping-estimate")).toContainText(
    /Ships from .+ in \d+ business days?; delivery \d+–\d+ days to [A-Z]{2}/,
  );
  await expect(page.getByTestId("store-card").getByRole("link", { name: "Visit store" })).toBeVisible();
  await expect(page.getByTestId("add-to-cart-form")).toBeVisible();
});

test("a store front shows its banner, bio and products", async ({ page }) => {
  await page.goto("/shop/stores/@inkwell");
  await expect(page.getByRole("heading", { level: 1, name: "Inkwell Studio" })).toBeVisible();
  await expect(page.getByTestId("store-banner")).toBeVisible();
  const storeLinks = await page
    .locator('[data-testid="product-card"] a[href^="/shop/stores/@"]')
    .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href")))]);
  expect(storeLinks).toEqual(["/shop/stores/@inkwell"]);
  await page.goto("/shop/partners/@inkwell/products");
  await expect(page.getByRole("heading", { level: 1, name: "Inkwell Studio" })).toBeVisible();
});

test("sitemap.xml lists products and robots.txt points at it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  // Every demo product, each with the day it last changed. The sitemap is rebuilt every few minutes,
  // so a product another test published just now may not be in it yet: the demo's are.
  const products = [...xml.matchAll(/<loc>https?:\/\/[^<]+(\/shop\/product\/prd_[0-9a-z]+)<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)];
  expect(products.length).toBeGreaterThanOrEqual(80);
  expect((await request.get(products[0]![1]!)).status()).toBe(200);
  expect(xml).toContain("/shop/products/t-shirts</loc>");
  expect(xml).toContain("/shop/stores/@inkwell</loc>");
  expect(xml).toContain("/legal/privacyPolicy</loc>");

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const txt = await robots.text();
  for (const line of ["Disallow: /admin", "Disallow: /account", "Disallow: /api/", "Disallow: /ash", "Disallow: /login"])
    expect(txt).toContain(line);
  expect(txt).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
});

test("unknown categories, stores and products are 404 pages", async ({ page }) => {
  for (const path of [
    "/shop/products/socks",
    "/shop/stores/@no-such-store",
    "/shop/stores/inkwell",
    "/shop/product/prd_doesnotexist",
    "/shop/partners/@inkwell/products/socks",
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText(/Page not found/).first()).toBeVisible();
  }
});

test("filters work without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/shop");
  await page.getByRole("radio", { name: /Mugs/ }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/category=mugs/);
  const hrefs = await page.locator('[data-testid="product-card"] a[href^="/shop/product/"]').count();
  expect(hrefs).toBeGreaterThan(0);
  await context.close();
});

for (const width of [360, 1280]) {
  test(`no horizontal scroll at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const product = await firstProductPath(page);
    for (const path of ["/", "/shop", "/shop/products/t-shirts", product, "/shop/stores/@inkwell"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}
