import type { APIRequestContext } from "@playwright/test";
import type { DemoRole } from "./support/accounts.ts";
import { expect } from "@playwright/test";
import { audit, seriousViolations, test } from "./support/a11y.ts";

// axe finds nothing serious or critical on any page, on desktops (1280 px) and phones (360 px),
// for the role that uses it, and in the two other themes on a sample of pages. One test per page,
// so a slow page never holds up the others and a failure names its page.

// Independent pages: spread them over every worker.
test.describe.configure({ mode: "parallel" });

/** "product" stands for a product page (the first t-shirt on the catalogue). */
const PAGES: Record<"visitor" | DemoRole, string[]> = {
  visitor: [
    "/",
    "/login",
    "/signup",
    "/login/forgot",
    "/legal",
    "/legal/privacyPolicy",
    "/legal/termsAndConditions",
    "/shop/faqs",
    "/shop/shoppers",
    "/contact",
    "/jobs",
    "/jobs/general",
    "/no/such/page",
    "/shop",
    "/shop/products/t-shirts",
    "product",
    "/shop/stores/@inkwell",
    "/shop/partners/@inkwell",
    "/shop/partners/@inkwell/products",
    "/shop/partners/@inkwell/partners",
    "/shop/partners/@inkwell/fanClub",
    "/shop/partners/terms",
    "/search",
    "/search?q=shirt",
    "/product-request",
    "/wishes",
    "/ash",
    // the empty checkout (journeys in checkout.spec.ts audit it with items, and the payment,
    // 3-D Secure and order pages)
    "/checkout",
  ],
  shopper: ["/account", "/checkout"],
  partner: [
    "/ash",
    "/shop/partners/register",
    "/shop/partners/@inkwell/fanClub",
    "/shop/partners/@inkwell/administration",
    "/shop/partners/@inkwell/administration/getting-started",
    "/shop/partners/@inkwell/administration/profile",
    "/shop/partners/@inkwell/administration/workerprofile",
    "/shop/partners/@inkwell/administration/products",
    "/shop/partners/@inkwell/administration/products/create",
    "/shop/partners/@inkwell/administration/orders",
    "/product-request",
    "/wishes",
  ],
  fulfiller: [
    "/fulfillment/@print-works/administration",
    "/fulfillment/@print-works/administration/orders",
    "/fulfillment/@print-works/administration/orders?status=all",
    "/fulfillment/@print-works/administration/config",
  ],
  admin: [
    "/admin",
    "/admin/users/setRoleByUid",
    "/admin/config",
    "/admin/contact/respond",
    "/admin/jobs",
    "/admin/jobs/new",
    "/admin/brevo",
    "/admin/brevo/order-success",
    "/admin/partners",
    "/admin/partners/applicants",
    "/admin/products",
    "/admin/products?tab=flags",
    "/admin/wishes",
  ],
};

const THEMED: Record<string, string[]> = {
  myDarkTheme: ["/", "/contact", "/legal/privacyPolicy", "/jobs", "product"],
  myNeutralTheme: ["/", "/contact", "/shop/faqs", "product"],
};

async function resolve(path: string, request: APIRequestContext): Promise<string> {
  if (path !== "product") return path;
  const html = await (await request.get("/shop/products/t-shirts")).text();
  const href = /href="(\/shop\/product\/[^"?#]+)"/.exec(html)?.[1];
  if (!href) throw new Error("no product link on /shop/products/t-shirts");
  return href;
}

// The audit itself: it still reports what it must (a nameless button, unreadable text, an image
// without a text alternative), so a quick pass never means a blind one.
test("the audit reports serious violations", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>t</title></head><body><main>
    <button></button><p style="color:#777;background:#888">hard to read</p><img src="data:," /></main></body></html>`);
  const found = (await seriousViolations(page)).map((line) => line.split(" ")[0]);
  expect(found).toEqual(expect.arrayContaining(["button-name", "color-contrast", "image-alt"]));
});

// Each page is loaded once and audited at both widths (resized in place), in a page each worker
// keeps for its role (support/a11y.ts: sharedPage).
for (const [who, paths] of Object.entries(PAGES)) {
  test.describe(`accessibility at 1280px and 360px as ${who}`, () => {
    test.use({ signedInAs: who === "visitor" ? null : (who as DemoRole) });
    for (const path of paths) {
      test(path, async ({ sharedPage, request }) => {
        await audit(sharedPage, await resolve(path, request), [1280, 360]);
      });
    }
  });
}

for (const [theme, paths] of Object.entries(THEMED)) {
  test.describe(`accessibility in ${theme}`, () => {
    test.use({ theme });
    for (const path of paths) {
      test(path, async ({ sharedPage, request }) => {
        await audit(sharedPage, await resolve(path, request));
      });
    }
  });
}

// A signed-in role may choose the dark theme (saved to the account): its pages must read as well.
const DARK_SIGNED_IN: Partial<Record<DemoRole, string[]>> = {
  admin: ["/admin/brevo", "/admin/jobs", "/admin/partners", "/admin/wishes"],
  partner: ["/wishes", "/ash"],
};
for (const [who, paths] of Object.entries(DARK_SIGNED_IN)) {
  test.describe(`accessibility in myDarkTheme as ${who}`, () => {
    test.use({ signedInAs: who as DemoRole });
    for (const path of paths) {
      test(path, async ({ page }) => {
        const choose = (theme: string) => page.request.post("/resources/theme", { form: { theme, next: "/" }, maxRedirects: 0 });
        const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        try {
          // The demo account is shared with other test files, which may put its saved theme back
          // while this one runs: choose dark again until the page is audited in it.
          for (let attempt = 0; attempt < 3; attempt++) {
            expect((await choose("myDarkTheme")).status()).toBe(302);
            await audit(page, path);
            if ((await background()) === "rgb(18, 16, 22)") break;
          }
          // The page was audited in the dark theme (its background), not the default one.
          expect(await background()).toBe("rgb(18, 16, 22)");
        } finally {
          await choose("myPurpleTheme");
        }
      });
    }
  });
}
