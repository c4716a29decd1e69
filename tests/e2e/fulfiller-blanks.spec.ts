import { expect, test } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";
import { auditPage, waitForHydration } from "./support/a11y.ts";

/**
 * A print shop adds its own blank (issue 23 §5): the demo fulfiller opens its blanks from the side
 * navigation, fills in the form with a bad hex code (refused on its field, nothing added), fixes it
 * and finds the blank on its list with its variants; then retires it, so the designer's list of
 * blanks the rest of the suite reads is as it was.
 */
const ADMIN = "/fulfillment/@print-works/administration";
const BLANKS = `${ADMIN}/blanks`;

test("the fulfiller adds a blank with colours and sizes, is told what to fix first, then retires it", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Diner mug ${Date.now().toString(36)}`;
  await signInAs(page, "fulfiller", ADMIN);
  await page.getByRole("navigation", { name: "Fulfillment administration" }).getByRole("link", { name: "Blanks" }).click();
  await expect(page).toHaveURL(new RegExp(`${BLANKS}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blanks");
  await page.getByRole("link", { name: "Add a blank" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add a blank");
  await waitForHydration(page);

  await page.getByLabel("Blank name").fill(name);
  await page.getByLabel("Category").selectOption({ label: "Mugs" });
  await expect(page.getByRole("group", { name: "Print areas of mugs" }).getByLabel("Wrap")).toBeChecked();
  await page.getByLabel("Production days").fill("3");
  await page.getByLabel("Brand").fill("Acme");
  await page.getByLabel("Material").fill("Ceramic");
  await page.getByLabel("Colour 1 name", { exact: true }).fill("Cream");
  await page.getByLabel("Colour 1 hex", { exact: true }).fill("cream");
  await page.getByLabel("Size 1", { exact: true }).fill("11 oz");
  await page.getByLabel("Size 1 base cost", { exact: true }).fill("4.50");
  await page.getByLabel("Size 1 weight (g)", { exact: true }).fill("350");
  await page.getByLabel("Size 2", { exact: true }).fill("15 oz");
  await page.getByLabel("Size 2 base cost", { exact: true }).fill("5.20");
  await page.getByLabel("Size 2 weight (g)", { exact: true }).fill("420");
  await page.getByRole("button", { name: "Add a colour" }).click();
  await expect(page.getByLabel("Colour 5 name", { exact: true })).toBeVisible();
  await auditPage(page, "the blank form");
  await page.getByRole("button", { name: "Add blank" }).click();

  // refused: the message is on the field, what was typed is kept
  await expect(page.getByRole("alert")).toContainText("Some fields need fixing");
  const hex = page.getByLabel("Colour 1 hex", { exact: true });
  await expect(hex).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Give each colour a hex code like #1a2b3c.")).toBeVisible();
  await expect(page.getByLabel("Blank name")).toHaveValue(name);
  await expect(page.getByLabel("Category")).toHaveValue("mugs");
  await auditPage(page, "the blank form with a refusal");

  await hex.fill("#f3e9d2");
  await page.getByRole("button", { name: "Add blank" }).click();
  await expect(page).toHaveURL(new RegExp(`${BLANKS}\\?added=blk_`), { timeout: 60_000 });
  await expect(page.getByTestId("blanks-notice")).toHaveText("The blank is added.");
  const card = page.getByTestId("blank").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toContainText("Mugs");
  await expect(card).toContainText("Cream");
  await expect(card).toContainText("11 oz, 15 oz");
  await expect(card).toContainText("2 variants");
  await expect(card).toContainText("3 days");
  await expect(card).toContainText("Offered");
  await waitForHydration(page);
  await auditPage(page, "the list of blanks");

  await card.getByRole("button", { name: `Retire ${name}` }).click();
  await expect(page.getByTestId("blanks-notice")).toHaveText("The blank is retired: no new products on it.");
  await expect(card).toContainText("Retired");
  await expect(card.getByRole("button", { name: `Offer again: ${name}` })).toBeVisible();
});
