import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";

/** axe must find nothing serious or critical, on phones and desktops, in every theme. */
const PUBLIC = [
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
];
const SIGNED_IN = ["/account"];
const ADMIN = [
  "/admin",
  "/admin/users/setRoleByUid",
  "/admin/config",
  "/admin/contact/respond",
  "/admin/jobs",
  "/admin/jobs/new",
  "/admin/brevo",
  "/admin/brevo/order-success",
];

async function audit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // E-mail previews (sandboxed iframes) are mail content with render tests of their own.
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

for (const width of [1280, 360]) {
  test.describe(`accessibility at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("public pages", async ({ page }) => {
      for (const path of PUBLIC) await test.step(path, () => audit(page, path));
    });

    test("account and admin pages", async ({ page }) => {
      await signInAs(page, "admin");
      for (const path of [...SIGNED_IN, ...ADMIN]) await test.step(path, () => audit(page, path));
    });
  });
}

test("the dark theme passes too", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "platen_theme", value: "myDarkTheme", url: baseURL! }]);
  for (const path of ["/", "/contact", "/legal/privacyPolicy", "/jobs"]) await test.step(path, () => audit(page, path));
});

test("the neutral theme passes too", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "platen_theme", value: "myNeutralTheme", url: baseURL! }]);
  for (const path of ["/", "/contact", "/shop/faqs"]) await test.step(path, () => audit(page, path));
});
