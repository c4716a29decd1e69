import { expect, test } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";
import { auditPage, waitForHydration } from "./support/a11y.ts";

/**
 * The fulfiller's administration (issue 8, section 1): from the seller hub to the overview, then
 * shipping. A zone with a bad region is refused on the field; the zone, a rate, an edit, then
 * everything is put back as it was (the demo data is shared by the suite). Stock is edited on each
 * warehouse's page (fulfiller-warehouses.spec.ts); this page links there.
 */
const ADMIN = "/fulfillment/@print-works/administration";

test("the fulfiller edits shipping zones and rates, with errors next to the fields, and finds each warehouse's stock", async ({ page }) => {
  test.setTimeout(120_000);
  const zoneName = `Journey zone ${Date.now().toString(36)}`;
  await signInAs(page, "fulfiller", "/ash");
  await page.getByRole("link", { name: "Administration of Platen Print Works" }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Platen Print Works");
  await expect(page.getByTestId("figure-zones")).toContainText("3");
  await expect(page.getByTestId("party-balance")).toBeVisible();

  // the side navigation leads to shipping and stock
  await page.getByRole("navigation", { name: "Fulfillment administration" }).getByRole("link", { name: "Shipping and stock" }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/config$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shipping and stock");
  await expect(page.getByTestId("zone")).toHaveCount(3);
  await waitForHydration(page);

  // a zone with a code that is no country: the message sits on the regions field
  const newZone = page.getByTestId("zone-form-new");
  await newZone.getByLabel("Zone name").fill(zoneName);
  await newZone.getByLabel("Countries and regions").fill("NZ, XQ");
  await newZone.getByRole("button", { name: "Add zone" }).click();
  await expect(newZone.getByText("XQ is not a country or region code")).toBeVisible();
  await expect(newZone.getByLabel("Zone name")).toHaveValue(zoneName);
  await newZone.getByLabel("Countries and regions").fill("NZ");
  await newZone.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByTestId("config-notice")).toHaveText("The zone is saved.");
  const zone = page.getByTestId("zone").filter({ has: page.getByRole("heading", { name: zoneName }) });
  await expect(zone).toContainText("No rates yet");

  // a rate: slowest faster than fastest is refused on its field, then saved
  const rateForm = zone.locator('[data-testid^="rate-form-new-"]');
  await rateForm.getByLabel("For").selectOption({ label: "T-shirts" });
  await rateForm.getByLabel(/First item/).fill("9.00");
  await rateForm.getByLabel(/Each additional/).fill("2.50");
  await rateForm.getByLabel("Days, fastest").fill("9");
  await rateForm.getByLabel("Days, slowest").fill("5");
  await rateForm.getByRole("button", { name: "Add rate" }).click();
  await expect(page.getByText("The slowest delivery cannot be faster than the fastest.")).toBeVisible();
  const retry = page
    .getByTestId("zone")
    .filter({ has: page.getByRole("heading", { name: zoneName }) })
    .locator('[data-testid^="rate-form-new-"]');
  await expect(retry.getByLabel(/First item/)).toHaveValue("9.00");
  await retry.getByLabel("Days, fastest").fill("5");
  await retry.getByLabel("Days, slowest").fill("9");
  await retry.getByRole("button", { name: "Add rate" }).click();
  await expect(page.getByTestId("config-notice")).toHaveText("The rate is saved.");
  await expect(zone.getByTestId("rate")).toContainText("Any t-shirts");
  await expect(zone.getByTestId("rate")).toContainText("$9.00 first item, $2.50 each additional · 5–9 days");

  // a zone with a rate cannot go before its rate
  await zone.getByRole("button", { name: `Delete ${zoneName}` }).click();
  await expect(zone.getByRole("alert")).toContainText("still has 1 rate");

  // edit the rate
  await zone.getByRole("link", { name: /^Edit the rate for Any t-shirts/ }).click();
  await expect(page).toHaveURL(/editRate=shr_/);
  const editForm = zone.locator('[data-testid^="rate-form-shr_"]');
  await editForm.getByLabel(/First item/).fill("8");
  await editForm.getByRole("button", { name: "Save rate" }).click();
  await expect(page.getByTestId("config-notice")).toHaveText("The rate is saved.");
  await expect(zone.getByTestId("rate")).toContainText("$8.00 first item");

  // stock is kept on each warehouse's page: the section links there
  const stock = page.getByRole("region", { name: "Stock" });
  for (const name of ["Portland, OR", "Leipzig"])
    await expect(stock.getByRole("link", { name: `Stock of ${name}` })).toHaveAttribute(
      "href",
      new RegExp(`${ADMIN}/warehouses/wh_[0-9a-z]{26}#stock$`),
    );
  await auditPage(page, "shipping and stock with a new zone and rate");

  // put everything back
  await zone.getByRole("button", { name: /^Delete the rate for Any t-shirts/ }).click();
  await expect(page.getByTestId("config-notice")).toHaveText("The rate is deleted.");
  await zone.getByRole("button", { name: `Delete ${zoneName}` }).click();
  await expect(page.getByTestId("config-notice")).toHaveText("The zone is deleted.");
  await expect(page.getByRole("heading", { name: zoneName })).toHaveCount(0);
});
