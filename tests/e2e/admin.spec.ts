import { expect, test, type Page } from "@playwright/test";
import { DEMO, signInAs } from "./support/accounts.ts";
import { signUpRequest } from "./support/shoppers.ts";

// The demo admin is the only admin: these tests restore every role they change.
test.describe.configure({ mode: "serial" });

async function openUserByEmail(page: Page, email: string) {
  await page.goto("/admin/users/setRoleByUid");
  await page.getByLabel("E-mail starts with").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  const results = page.getByTestId("search-results");
  await expect(results).toContainText(email);
  const link = results.getByRole("link", { name: new RegExp(`^Open ${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
  const uid = (await link.textContent())!.trim();
  expect(uid).toMatch(/^usr_[0-9a-z]{26}$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`uid=${uid}`));
  await expect(page.getByTestId("user-uid")).toHaveText(uid);
  return uid;
}

test("the admin dashboard shows counts and links", async ({ page }) => {
  await signInAs(page, "admin", "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page).toHaveTitle("Admin dashboard · Platen");
  const users = page.getByRole("region", { name: "Users", exact: true });
  await expect(users).toContainText("accounts");
  await expect(page.getByTestId("users-by-role")).toContainText("Shoppers");
  await expect(page.getByRole("region", { name: "Background jobs", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Failed background jobs" })).toBeVisible();
  await users.getByRole("link", { name: "Manage users and roles" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Users and roles" })).toBeVisible();
});

test("an admin grants a role by uid, sees it saved and audited, then takes it back", async ({ page, playwright, baseURL }) => {
  const signUp = await playwright.request.newContext({ baseURL });
  const { email } = await signUpRequest(signUp, "roles");
  await signUp.dispose();
  await signInAs(page, "admin", "/admin");
  const uid = await openUserByEmail(page, email);

  const partner = page.getByRole("checkbox", { name: /^Partner/ });
  await expect(partner).not.toBeChecked();
  await partner.check();
  await page.getByRole("button", { name: "Save roles" }).click();
  await expect(page.getByTestId("saved-message")).toContainText("Roles saved");
  await expect(page).toHaveURL(new RegExp(`uid=${uid}`));
  await expect(page.getByRole("checkbox", { name: /^Partner/ })).toBeChecked();
  await expect(page.getByTestId("user-audit")).toContainText("Roles changed from shopper to partner, shopper");
  await expect(page.getByTestId("user-audit")).toContainText(`by ${DEMO.admin}`);

  // The dashboard's recent activity shows the change too.
  await page.goto("/admin");
  await expect(page.getByTestId("recent-audit")).toContainText(`Roles of ${email} changed from shopper to partner, shopper`);

  // And back.
  await page.goto(`/admin/users/setRoleByUid?uid=${uid}`);
  await page.getByRole("checkbox", { name: /^Partner/ }).uncheck();
  await page.getByRole("button", { name: "Save roles" }).click();
  await expect(page.getByTestId("saved-message")).toContainText("Roles saved");
  await expect(page.getByRole("checkbox", { name: /^Partner/ })).not.toBeChecked();
});

test("removing the admin role from the only admin is refused", async ({ page }) => {
  await signInAs(page, "admin", "/admin");
  const uid = await openUserByEmail(page, DEMO.admin);
  await page.getByRole("checkbox", { name: /^Admin/ }).uncheck();
  await page.getByRole("button", { name: "Save roles" }).click();
  await expect(page.getByTestId("roles-error")).toHaveText("At least one admin must remain.");
  // Nothing was saved.
  await page.goto(`/admin/users/setRoleByUid?uid=${uid}`);
  await expect(page.getByRole("checkbox", { name: /^Admin/ })).toBeChecked();
  await expect(page.getByTestId("user-card")).not.toContainText("Disabled");
});

test("an unknown uid gets a clear message next to the uid field", async ({ page }) => {
  await signInAs(page, "admin", "/admin");
  await page.goto("/admin/users/setRoleByUid");
  await page.getByLabel("User uid").fill("usr_00000000000000000000000000");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByLabel("User uid")).toHaveAccessibleDescription(/No user has the uid/);
});

test("an admin updates the platform fee: a bad value is refused next to the field, then saved", async ({ page }) => {
  await signInAs(page, "admin", "/admin");
  await page.goto("/admin/config");
  await expect(page.getByRole("heading", { level: 1, name: "Configuration" })).toBeVisible();
  const fee = page.getByLabel("Platform fee");
  await expect(fee).toHaveValue("20");
  await expect(page.getByTestId("fee-example")).toContainText("the platform fee is $2.60 and the partner earns $10.40");

  await fee.fill("150");
  await page.getByRole("button", { name: "Save settings" }).click();
  // Wait for the refusal itself: the form is re-rendered with it (typing earlier would be lost).
  await expect(page.getByText("Some settings need fixing. Nothing was saved")).toBeVisible();
  await expect(page.getByLabel("Platform fee")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Platform fee")).toHaveAccessibleDescription(/0 to 100/);
  await expect(page.getByLabel("Platform fee")).toHaveValue("150");

  await page.getByLabel("Platform fee").fill("15");
  await expect(page.getByTestId("fee-example")).toContainText("the platform fee is $1.95 and the partner earns $11.05");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("saved-message")).toContainText("platform fee");
  await expect(page.getByTestId("settings-history")).toContainText(`Changed platform fee`);
  await page.reload();
  await expect(page.getByLabel("Platform fee")).toHaveValue("15");

  // Restore the default.
  await page.getByLabel("Platform fee").fill("20");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("saved-message")).toBeVisible();
});

test("changing the store currency is refused next to the field once products have prices", async ({ page }) => {
  await signInAs(page, "admin", "/admin");
  await page.goto("/admin/config");
  const currency = page.getByLabel("Currency", { exact: true });
  await expect(currency).toHaveValue("USD");
  // Choose only once the form is hydrated ("Add a region" appears then), or hydration resets the choice.
  await expect(page.getByRole("button", { name: "Add a region" })).toBeVisible();
  await currency.selectOption("EUR");
  await expect(currency).toHaveValue("EUR");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByLabel("Currency", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Currency", { exact: true })).toHaveAccessibleDescription(
    /The store currency cannot change from USD to EUR: .*already have amounts in USD, and changing the currency would not convert them\./,
  );
  await page.goto("/admin/config");
  await expect(page.getByLabel("Currency", { exact: true })).toHaveValue("USD");
});

test("admin pages refuse a shopper", async ({ page }) => {
  await signInAs(page, "shopper", "/account");
  for (const path of ["/admin", "/admin/config", "/admin/users/setRoleByUid"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(403);
  }
  // The actions check the guard too, not only the pages.
  const posts: [string, Record<string, string>][] = [
    ["/admin/users/setRoleByUid", { intent: "roles", uid: "usr_00000000000000000000000000", roles: "admin" }],
    ["/admin/config", { platformFeePercent: "1" }],
    ["/admin", { intent: "retry", jobId: "obx_00000000000000000000000000" }],
  ];
  for (const [path, form] of posts) {
    const res = await page.request.post(path, { form, maxRedirects: 0 });
    expect(res.status(), `POST ${path}`).toBe(403);
  }
});
