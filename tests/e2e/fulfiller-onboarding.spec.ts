import { expect, test } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";
import { applyAndApprove } from "./support/partners.ts";

/**
 * Becoming a print shop in the browser (issue 23 §1): a new partner reads the terms and applies to
 * print (a refusal first, named next to its field), an admin approves with a note, the partner sets
 * the shop up with its first warehouse and payout contact, lands in the print shop's
 * administration with `isFulfiller` true in `userData` (without signing out), and the shop's
 * public page is online. The approval e-mail is in the mailbox.
 */
test("a partner applies to print, an admin approves, the partner sets the shop up and reaches its administration", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { handle: store, email } = await applyAndApprove(page, browser);
  const shop = `press-${store.replace(/^studio-/, "")}`.slice(0, 30);

  // the terms, in the version an application accepts
  await page.goto(`/shop/partners/@${store}/fulfillment/terms`);
  await expect(page).toHaveTitle("Manufacturing terms for print shops · Platen");
  await expect(page.getByTestId("terms-version")).toContainText("version");
  await expect(page.getByRole("heading", { level: 2, name: "Reprints and who pays for faults" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Payouts and the hold period" })).toBeVisible();
  await page.getByRole("link", { name: "Apply to print" }).click();

  // the application: a refusal first (no technique chosen), named next to its field, then sent
  await expect(page).toHaveURL(new RegExp(`/shop/partners/@${store}/fulfillment-application$`));
  await expect(page.getByRole("heading", { level: 1, name: "Print for Platen" })).toBeVisible();
  await page.getByLabel("Business name").fill("Harbour Print Co.");
  await page.getByLabel("Print shop handle").fill(shop);
  await page.getByLabel("Street address").fill("1200 SE Water Ave");
  await page.getByRole("textbox", { name: "City", exact: true }).fill("Portland");
  await page.getByLabel("State, province or region").fill("OR");
  await page.getByLabel("Postal code").fill("97214");
  await page.getByLabel("Country").selectOption("US");
  await page.getByLabel("Daily capacity (units per day)").fill("180");
  await page.getByLabel("I accept the manufacturing terms for print shops").check();
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByText("Choose at least one technique you print with.")).toBeVisible();
  await expect(page.getByLabel("Business name")).toHaveValue("Harbour Print Co.");
  await page.getByLabel("Direct-to-garment (DTG)").check();
  await page.getByLabel("Embroidery").check();
  await page.getByLabel("I accept the manufacturing terms for print shops").check();
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByTestId("application-status")).toContainText("waiting for review");
  await expect(page.getByTestId("application-status")).toContainText(`@${shop}`);
  await expect(page.getByRole("button", { name: "Send application" })).toHaveCount(0);

  // an admin approves it with a note
  const adminCtx = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const admin = await adminCtx.newPage();
  await signInAs(admin, "admin", "/admin/fulfillers");
  await expect(admin.getByRole("link", { name: /^Print shops \(\d+ pending\)$/ })).toBeVisible();
  const card = admin.locator(`[data-testid="fulfiller-application"][data-handle="${shop}"]`);
  await expect(card).toContainText("Direct-to-garment (DTG), Embroidery");
  await expect(card).toContainText("180 units");
  await card.getByLabel("Note to Harbour Print Co. (optional)").fill("Lovely samples, welcome!");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByRole("status")).toContainText(`the print shop @${shop} is open`);
  await expect(admin.locator(`[data-testid="fulfiller"][data-handle="${shop}"]`)).toContainText("approved, not set up");
  await admin.goto(`/admin/brevo?q=${encodeURIComponent(email)}`);
  await expect(admin.getByTestId("mailbox-row").filter({ hasText: `Your print shop @${shop} is approved` })).toBeVisible();
  await adminCtx.close();

  // the partner sees the decision and sets the shop up, with the same session
  await page.reload();
  const status = page.getByTestId("application-status");
  await expect(status).toHaveAttribute("data-status", "approved");
  await expect(status).toContainText("Lovely samples, welcome!");
  await status.getByRole("link", { name: "Set up your print shop" }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/partners/@${store}/fulfillment/register$`));
  await expect(page.getByRole("heading", { level: 1, name: "Set up Harbour Print Co." })).toBeVisible();
  // the business address and capacity are filled in from the application
  await expect(page.getByLabel("Street address")).toHaveValue("1200 SE Water Ave");
  await expect(page.getByLabel("Capacity (units per day)")).toHaveValue("180");
  await page.getByLabel("Warehouse name").fill("Portland, OR");
  await page.getByLabel("Time zone").selectOption("America/Los_Angeles");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Dana Reyes");
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill("not-an-email");
  await page.getByRole("button", { name: "Finish set-up" }).click();
  await expect(page.getByText("Enter a valid e-mail address, like payouts@example.com.")).toBeVisible();
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill("payouts@harbour.example");
  await page.getByRole("button", { name: "Finish set-up" }).click();

  // the print shop's administration, and the fulfiller flag without signing out
  await expect(page).toHaveURL(new RegExp(`/fulfillment/@${shop}/administration$`));
  await expect(page.getByRole("heading", { level: 1, name: "Harbour Print Co." })).toBeVisible();
  await expect.poll(async () => page.evaluate(() => JSON.parse(window.localStorage.getItem("userData") ?? "{}").isFulfiller)).toBe(true);
  await page.goto(`/fulfillment/@${shop}/administration/warehouses`);
  await expect(page.getByText("Portland, OR").first()).toBeVisible();

  // the public page: its print methods and where it ships from; too young for figures
  await page.goto(`/shop/partners/@${store}/fulfillment/@${shop}`);
  await expect(page.getByRole("heading", { level: 1, name: "Harbour Print Co." })).toBeVisible();
  await expect(page.getByRole("list", { name: "Print methods" })).toContainText("Embroidery");
  await expect(page.getByTestId("locations")).toContainText("Portland, OR");
  await expect(page.getByTestId("figures-not-enough")).toContainText("Not enough orders yet");

  // the application page now points to the administration
  await page.goto(`/shop/partners/@${store}/fulfillment-application`);
  await expect(page.getByTestId("application-status")).toContainText(`Your print shop @${shop} is open.`);
});

test("the demo print shop's public page shows figures measured on its orders", async ({ page }) => {
  await page.goto("/shop/partners/@print-works-studio/fulfillment/@print-works");
  await expect(page).toHaveTitle("Platen Print Works · Print shop · Platen");
  await expect(page.getByTestId("figure-median")).toContainText(/\d+ (hours|days)/);
  await expect(page.getByTestId("figure-on-time")).toContainText(/\d+%/);
  await expect(page.getByTestId("locations")).toContainText("Leipzig");
  expect(await page.getByTestId("blank").count()).toBeGreaterThan(3);
});

test("the admins' queue shows the demo's pending and rejected applications", async ({ page }) => {
  await signInAs(page, "admin", "/admin/fulfillers");
  await expect(page).toHaveTitle("Print shops · Platen");
  await expect(page.locator('[data-testid="fulfiller-application"][data-handle="inkwell-press"]')).toContainText("Inkwell Press Room");
  await expect(page.locator('[data-testid="fulfiller-application"][data-handle="okafor-prints"]')).toContainText("sample prints");
  await expect(page.locator('[data-testid="fulfiller"][data-handle="print-works"]')).toContainText("Platen Print Works");
});
