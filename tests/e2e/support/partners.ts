import { expect, type Browser, type Page } from "@playwright/test";
import { signInAs } from "./accounts.ts";

export const PARTNER_PASSWORD = "Kite-flying-2026!";

/**
 * A fresh visitor signs up in `page`, applies as a partner, and an admin (in a browser context of
 * its own) approves the application. Returns the new partner's e-mail and store handle; `page`
 * stays signed in as the new partner.
 */
export async function applyAndApprove(
  page: Page,
  browser: Browser,
  opts: { note?: string } = {},
): Promise<{ email: string; handle: string; storeName: string }> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const email = `partner-${stamp}@e2e.platen.test`;
  const handle = `studio-${stamp}`;
  const storeName = `Studio ${stamp.toUpperCase()}`;

  await page.goto("/signup");
  await page.getByLabel("Your name").fill(`Artist ${stamp}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PARTNER_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/account$/);

  await page.goto("/shop/partners/register");
  await expect(page).toHaveTitle("Become a partner · Platen");
  await page.getByLabel("Store name").fill(storeName);
  await page.getByLabel("Handle").fill(handle);
  await expect(page.getByText(`@${handle} is available.`)).toBeVisible();
  await page
    .getByLabel("About you and your work")
    .fill("I paint birds, kites and windy skies, and I would love to see them on shirts and mugs.");
  await page.getByLabel("I accept the partner terms").check();
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByTestId("application-status")).toContainText("waiting for review");

  const adminCtx = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const admin = await adminCtx.newPage();
  await signInAs(admin, "admin", "/admin/partners/applicants");
  const card = admin.locator(`[data-testid="application"][data-handle="${handle}"]`);
  await card.getByLabel(`Note to ${storeName} (optional)`).fill(opts.note ?? "Welcome aboard!");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByRole("status")).toContainText(`@${handle} is open`);
  await adminCtx.close();

  return { email, handle, storeName };
}
