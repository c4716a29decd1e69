import { expect, test, type Page } from "@playwright/test";

/**
 * Parts of a page that need no JavaScript (a product card's picture, title, store and price, the
 * footer, the home page's lists) keep the server's HTML while the page hydrates (ServerPart, ADR
 * 0025). They must stay the same elements, their router links must still navigate inside the page,
 * and a part rendered later (after a navigation, or in another theme) must look as the server's did.
 */

type Remembered = Record<string, Element | null>;

/** Before any of the page's scripts run, remember some elements the server sent. */
async function rememberServerElements(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const card = document.querySelector('[data-testid="product-card"]');
      (window as unknown as { __server: Record<string, Element | null> }).__server = {
        header: document.querySelector("header"),
        cardImage: card?.querySelector("img") ?? null,
        cardStoreLink: card?.querySelector('a[href^="/shop/stores/"]') ?? null,
        footerLink: document.querySelector('footer a[href="/shop/faqs"]'),
        category: document.querySelector('[data-testid="categories"] a'),
      };
    });
  });
}

const SELECTORS: Record<string, string> = {
  header: "header",
  cardImage: '[data-testid="product-card"] img',
  cardStoreLink: '[data-testid="product-card"] a[href^="/shop/stores/"]',
  footerLink: 'footer a[href="/shop/faqs"]',
  category: '[data-testid="categories"] a',
};

/** Whether the element the server sent under `name` is still the one in the document. */
const sameAsServer = (page: Page, name: string) =>
  page.evaluate(
    ([n, selector]) => {
      const w = window as unknown as { __server: Remembered };
      return w.__server[n] != null && w.__server[n] === document.querySelector(selector);
    },
    [name, SELECTORS[name] ?? ""] as const,
  );

test("kept server parts stay the server's elements, and their links navigate without loading the page again", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await rememberServerElements(page);
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor();
  for (const name of ["header", "cardImage", "cardStoreLink", "footerLink", "category"])
    expect(await sameAsServer(page, name), name).toBe(true);

  // The wish heart beside the kept parts is there (a part of its own, held by its hydrated form).
  const firstCard = page.getByTestId("product-card").first();
  await expect(firstCard.getByRole("button", { name: /wish/i })).toBeVisible();

  // A store link inside a kept card foot: a client-side navigation (the header stays the same element).
  const storeHref = (await firstCard.locator('a[href^="/shop/stores/"]').getAttribute("href")) ?? "";
  await firstCard.locator('a[href^="/shop/stores/"]').click();
  await expect(page).toHaveURL(new RegExp(`${storeHref.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  expect(await sameAsServer(page, "header")).toBe(true);

  // Back home: the cards are rendered in the browser now, and read as the server's did.
  await page.goBack();
  await expect(page.getByTestId("row-featured").getByTestId("product-card").first()).toBeVisible();
  const card = page.getByTestId("product-card").first();
  await expect(card.locator("img")).toHaveAttribute("srcset", /\.webp/);
  await expect(card.getByRole("heading")).not.toBeEmpty();
  await expect(card.locator('a[href^="/shop/stores/"]')).not.toBeEmpty();
  expect(await sameAsServer(page, "header")).toBe(true);

  // A footer link (kept on the first page): in the page too.
  await page.locator('footer a[href="/shop/faqs"]').click();
  await expect(page).toHaveURL(/\/shop\/faqs$/);
  expect(await sameAsServer(page, "header")).toBe(true);
  expect(errors).toEqual([]);
});

test("a modified click on a kept link is left to the browser", async ({ page, context }) => {
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor();
  const opened = context.waitForEvent("page");
  await page.locator('footer a[href="/shop/faqs"]').click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await tab.waitForURL(/\/shop\/faqs$/);
  await expect(page).toHaveURL(/\/$/);
});

test("after a theme change the kept parts render in the new theme, as the server draws them in it", async ({ page }) => {
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor();
  const footer = page.locator("footer");
  const storeLink = page.getByTestId("product-card").first().locator('a[href^="/shop/stores/"]');
  const colours = async () => ({
    footer: await footer.evaluate((el) => getComputedStyle(el).backgroundColor),
    link: await storeLink.evaluate((el) => getComputedStyle(el).color),
  });
  const purple = await colours();
  await page.getByTestId("theme-switcher").click();
  await page.locator('[data-theme-name="myDarkTheme"]').click();
  await expect.poll(async () => (await colours()).footer).not.toBe(purple.footer);
  const switched = await colours();
  expect(switched.link).not.toBe(purple.link);
  // The server's own dark page (the choice is in the cookie now) reads the same.
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor();
  expect(await colours()).toEqual(switched);
});

test("when React cannot hydrate the page and draws it afresh, the parts are drawn with their content", async ({ page }) => {
  // Change a hydrated element's text before React reads it: a mismatch, after which React 19
  // renders the whole page in the browser instead of hydrating it.
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const title = document.querySelector("#hero-title");
      if (title) title.textContent = "Changed before hydration";
    });
  });
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor();
  await expect(page.locator("#hero-title")).toHaveText("Art you love, printed the moment you order it");
  const card = page.getByTestId("product-card").first();
  await expect(card.locator("img")).toHaveAttribute("srcset", /\.webp/);
  await expect(card.getByRole("heading")).not.toBeEmpty();
  await expect(card.locator('a[href^="/shop/stores/"]')).not.toBeEmpty();
  await expect(page.locator('footer a[href="/shop/faqs"]')).toBeVisible();
  await expect(page.getByTestId("categories").locator("li").first()).toBeVisible();
});

test("a card's heart keeps the server's button, wishes in the page and keeps the keyboard's focus", async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { __heart: Element | null }).__heart = document.querySelector(
        '[data-testid="product-card"] [data-testid="wish-button"]',
      );
    });
  });
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor();
  const heart = page.getByTestId("product-card").first().getByTestId("wish-button");
  // While nothing changes it, the heart is the server's element.
  expect(await heart.evaluate((el) => (window as unknown as { __heart: Element | null }).__heart === el), "the server's heart").toBe(true);
  const name = (await heart.getAttribute("aria-label")) ?? "";
  expect(name).toMatch(/^Add to wishes: /);

  // A keyboard user wishes it: the form is sent by the page's script (no page load), the heart is
  // drawn filled and the focus is on it again.
  await heart.focus();
  await page.keyboard.press("Enter");
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heart).toHaveAttribute("aria-label", name.replace("Add to", "Remove from"));
  await expect(page.getByTestId("header-wishes")).toHaveAccessibleName(/Wishes \(1\)/);
  await expect(heart).toBeFocused();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { __heart: Element | null }).__heart?.isConnected)).toBe(false);

  // And takes it back.
  await page.keyboard.press("Enter");
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("header-wishes")).toHaveAccessibleName("Wishes");
  await expect(heart).toBeFocused();
});
