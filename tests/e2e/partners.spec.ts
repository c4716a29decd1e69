import { expect, test } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";
import { applyAndApprove } from "./support/partners.ts";

test("apply as partner → admin approves with a note → the new partner opens getting started", async ({ page, browser }) => {
  const { handle, storeName } = await applyAndApprove(page, browser, { note: "Your kites made our day." });
  await page.goto("/ash");
  await expect(page.getByTestId("hub-store")).toContainText(storeName);
  await page.getByRole("link", { name: `Manage ${storeName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/partners/@${handle}/administration$`));
  await page.goto(`/shop/partners/@${handle}/administration/getting-started`);
  await expect(page).toHaveTitle("Getting started · Platen");
  await expect(page.locator('[data-step="first-product"]')).toHaveAttribute("data-state", "todo");
  await expect(page.locator('[data-step="payouts"]')).toContainText("not open yet");
  // The public profile exists; the handle without @ is a 404.
  expect((await page.request.get(`/shop/partners/@${handle}`)).status()).toBe(200);
  expect((await page.request.get(`/shop/partners/${handle}`)).status()).toBe(404);
});

test("a duplicate handle is refused next to the field", async ({ page }) => {
  await signInAs(page, "shopper", "/shop/partners/register");
  await page.getByLabel("Store name").fill("Another Inkwell");
  await page.getByLabel("Handle").fill("inkwell");
  await expect(page.getByText("@inkwell is already taken. Try another handle.")).toBeVisible();
});

test("fan club: members see the perk code, visitors do not", async ({ page }) => {
  await page.goto("/shop/partners/@inkwell/fanClub");
  await expect(page.getByTestId("perk")).toContainText("Members see the code.");
  await expect(page.getByTestId("perk-code")).toHaveCount(0);
  await signInAs(page, "shopper", "/shop/partners/@inkwell/fanClub");
  await expect(page.getByTestId("perk-code")).toHaveText("INKWELL10");
});

test("an admin suspends a store: the public gets a 404, the admin sees a banner; reinstating brings it back", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, "admin", "/admin/partners");
  await page.getByLabel("Search stores").fill("fernwood");
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.locator('[data-testid="store-row"][data-handle="fernwood"]');
  await row.getByRole("button", { name: "Suspend" }).click();
  await expect(row.getByText("Give a reason (at least 5 characters); the partner sees it.")).toBeVisible();
  await row.getByLabel("Reason to suspend Fernwood").fill("Reported artwork under review");
  await row.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByRole("status")).toContainText("suspended");

  const visitor = await browser.newContext({ baseURL });
  expect((await visitor.request.get("/shop/partners/@fernwood")).status()).toBe(404);
  expect((await visitor.request.get("/shop/partners/@fernwood/fanClub")).status()).toBe(404);
  await page.goto("/shop/partners/@fernwood");
  await expect(page.getByTestId("suspended-banner")).toBeVisible();

  await page.goto("/admin/partners?q=fernwood");
  await page.locator('[data-testid="store-row"][data-handle="fernwood"]').getByRole("button", { name: "Reinstate" }).click();
  await expect(page.getByRole("status")).toContainText("active again");
  expect((await visitor.request.get("/shop/partners/@fernwood")).status()).toBe(200);
  await visitor.close();
});

test("the owner invites a team member who accepts with the invited e-mail", async ({ page, browser, baseURL }) => {
  // Four accounts' worth of steps (apply, approve, sign up, invite, read the mailbox, accept): 40-65 s
  // under CI's load on a 2-core machine, as the other long journeys.
  test.setTimeout(120_000);
  const { handle, storeName } = await applyAndApprove(page, browser);
  // A second fresh account is invited.
  const other = await browser.newContext({ baseURL });
  const worker = await other.newPage();
  const email = `worker-${Date.now().toString(36)}@e2e.platen.test`;
  await worker.goto("/signup");
  await worker.getByLabel("Your name").fill("Wren Worker");
  await worker.getByLabel("E-mail").fill(email);
  await worker.getByLabel("Password", { exact: true }).fill("Kite-flying-2026!");
  await worker.getByRole("button", { name: "Create account" }).click();
  await expect(worker).toHaveURL(/\/account$/);
  expect((await worker.request.get(`/shop/partners/@${handle}/administration`, { maxRedirects: 0 })).status()).toBe(403);

  await page.goto(`/shop/partners/@${handle}/administration/workerprofile`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText("Invitation sent");
  await expect(page.locator(`[data-testid="team-member"][data-email="${email}"]`)).toContainText("Invitation pending");

  // The invitation e-mail's link, read from the admin mailbox.
  const adminCtx = await browser.newContext({ baseURL });
  const admin = await adminCtx.newPage();
  await signInAs(admin, "admin", "/admin");
  let link: string | undefined;
  await expect
    .poll(async () => {
      const html = await (await admin.request.get(`/admin/brevo?q=${encodeURIComponent(email)}`)).text();
      const id = /\/admin\/brevo\/messages\/(eml_[0-9a-z]+)/.exec(html)?.[1];
      if (!id) return false;
      const msg = await (await admin.request.get(`/admin/brevo/messages/${id}`)).text();
      link = /\/team\/invite\/[A-Za-z0-9_-]+/.exec(msg)?.[0];
      return Boolean(link);
    })
    .toBe(true);
  await adminCtx.close();

  await worker.goto(link!);
  await expect(worker.getByRole("heading", { level: 1 })).toContainText(`Join ${storeName}`);
  await worker.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(worker).toHaveURL(new RegExp(`/shop/partners/@${handle}/administration$`));
  await other.close();
});
