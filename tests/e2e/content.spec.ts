import { expect, test } from "@playwright/test";

const DOCS = [
  {
    path: "/legal/termsAndConditions",
    title: "Terms and conditions",
    footer: "Terms and conditions",
    heading: "Orders and made-to-order items",
  },
  { path: "/legal/privacyPolicy", title: "Privacy policy", footer: "Privacy policy", heading: "What stays in your browser" },
  { path: "/legal/partnerTerms", title: "Partner terms", footer: "Partner terms", heading: "Pricing and fees" },
  {
    path: "/legal/manufacturingTerms",
    title: "Manufacturing terms",
    footer: "Manufacturing terms",
    heading: "Shipping and tracking",
  },
  { path: "/legal/disclosures", title: "Disclosures", footer: "Disclosures", heading: "How reviews work" },
];

test.describe("legal documents", () => {
  for (const doc of DOCS) {
    test(`${doc.path} renders with its headings and table of contents`, async ({ page }) => {
      const res = await page.goto(doc.path);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(`${doc.title} · Platen`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title);
      await expect(page.getByTestId("last-updated")).toContainText(/Last updated: \d{1,2} \w+ 20\d\d/);
      const body = page.getByTestId("legal-body");
      await expect(body.getByRole("heading", { level: 2, name: doc.heading })).toBeVisible();

      // the table of contents lists every heading of the document, in order, and its links work
      const tocLinks = page.getByTestId("toc").getByRole("link");
      const headings = body.locator("h2, h3");
      const tocTexts = await tocLinks.allInnerTexts();
      const headingTexts = await headings.allInnerTexts();
      expect(tocTexts.length).toBeGreaterThanOrEqual(5);
      expect(tocTexts.map((t) => t.replace(/[[\]]/g, "").trim())).toEqual(headingTexts.map((t) => t.replace(/[[\]]/g, "").trim()));
      // headings go in order: h1, then h2s, with h3s only under an h2
      const levels = await page
        .locator("main h1, main h2, main h3, main h4")
        .evaluateAll((els) => els.map((e) => Number(e.tagName.slice(1))));
      expect(levels[0]).toBe(1);
      for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);

      await page.getByTestId("toc").getByRole("link", { name: doc.heading }).click();
      await expect(page).toHaveURL(new RegExp(`${doc.path}#`));
    });
  }

  test("/legal lists the five documents with a summary", async ({ page }) => {
    await page.goto("/legal");
    await expect(page).toHaveTitle("Legal · Platen");
    await expect(page.getByRole("heading", { level: 1, name: "Legal" })).toBeVisible();
    const list = page.getByTestId("legal-list");
    await expect(list.getByRole("listitem")).toHaveCount(5);
    for (const doc of DOCS) {
      const link = list.getByRole("link", { name: new RegExp(doc.title) });
      await expect(link).toHaveAttribute("href", doc.path);
      await expect(link).toContainText("Last updated");
    }
    await list.getByRole("link", { name: /Partner terms/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Partner terms" })).toBeVisible();
  });

  test("every legal document is linked from the footer", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    for (const doc of DOCS) await expect(footer.getByRole("link", { name: doc.footer })).toHaveAttribute("href", doc.path);
    await expect(footer.getByRole("link", { name: "All legal documents" })).toHaveAttribute("href", "/legal");
    await footer.getByRole("link", { name: "Privacy policy" }).click();
    await expect(page).toHaveURL(/\/legal\/privacyPolicy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
  });

  test("an unknown legal document is a 404", async ({ page }) => {
    const res = await page.goto("/legal/unknown");
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId("error-title")).toHaveText("Page Not Found");
    await expect(page.getByText("Page not found: /legal/unknown")).toBeVisible();
  });
});

test("an unknown path shows the not-found page with status 404", async ({ page }) => {
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("Page not found: /no/such/page")).toBeVisible();
});

test("the FAQs are grouped, open as accordions, carry FAQPage JSON-LD and need no JavaScript", async ({ page, browser }) => {
  const cspErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  await page.goto("/shop/faqs");
  await expect(page).toHaveTitle("FAQs · Platen");
  await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
  for (const group of [
    "Orders and payment",
    "Shipping and delivery",
    "Returns and problems",
    "Account and privacy",
    "Selling on Platen",
    "Fulfilling for Platen",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: group })).toBeVisible();
  }
  // (Answers about checkout, tracking and payouts appear once those exist: content/availability.ts.)
  const faq = page.locator("details#order-now");
  const answer = faq.getByText(/Yes: add items to your cart and check out/);
  await expect(answer).toBeHidden();
  await faq.getByRole("heading", { level: 3, name: "Can I order yet?" }).click();
  await expect(answer).toBeVisible();

  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld["@type"]).toBe("FAQPage");
  expect(ld.mainEntity.length).toBeGreaterThan(12);
  expect(ld.mainEntity[0]).toMatchObject({ "@type": "Question", acceptedAnswer: { "@type": "Answer" } });
  expect(cspErrors).toEqual([]);

  // without JavaScript every answer is in the page and opens
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const p = await noJs.newPage();
  await p.goto("/shop/faqs#care");
  const html = await p.content();
  expect(html).toContain("Turn it inside out");
  await p.locator("details#where-we-ship summary").click();
  await expect(p.getByText(/We ship wherever a print shop in our network/)).toBeVisible();
  await noJs.close();
});

test("how buying works explains steps, guarantees, payments and support", async ({ page }) => {
  await page.goto("/shop/shoppers");
  await expect(page).toHaveTitle("How buying works · Platen");
  await expect(page.getByRole("heading", { level: 1, name: "How buying on Platen works" })).toBeVisible();
  for (const h of ["From design to your door", "Our guarantees", "Payments", "Support"])
    await expect(page.getByRole("heading", { level: 2, name: h })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Our 30-day returns policy for defects" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Read the FAQs" })).toHaveAttribute("href", "/shop/faqs");
  await expect(page.getByRole("main").getByRole("link", { name: "terms and conditions" })).toHaveAttribute(
    "href",
    "/legal/termsAndConditions",
  );
  await page.getByRole("main").getByRole("link", { name: "Contact us" }).click();
  await expect(page).toHaveURL(/\/contact\?topic=order$/);
  await expect(page.getByLabel("Topic")).toHaveValue("order");
});

test("the home page presents Platen and links only to pages that exist", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Art you love, printed the moment you order it");
  const categories = page.getByTestId("categories");
  for (const c of ["T-shirts", "Hoodies", "Mugs", "Posters", "Stickers", "Tote bags", "Phone cases"])
    await expect(categories.getByRole("heading", { name: c })).toBeVisible();
  await expect(page.getByRole("link", { name: "Apply to sell your art" })).toHaveAttribute("href", "/shop/partners/register");
  await expect(page.getByRole("link", { name: "Become a print partner" })).toHaveAttribute("href", "/contact?topic=fulfillment");

  const hrefs = await page.locator('main a[href^="/"]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href")!))]);
  expect(hrefs.length).toBeGreaterThanOrEqual(5);
  for (const href of hrefs) {
    const res = await request.get(href);
    expect(res.status(), href).toBe(200);
  }

  await page.getByRole("link", { name: "Become a print partner" }).click();
  await expect(page.getByLabel("Topic")).toHaveValue("fulfillment");
});

test("the pages work on a 360px wide phone without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of ["/", "/legal", "/legal/privacyPolicy", "/shop/faqs", "/shop/shoppers", "/contact"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
