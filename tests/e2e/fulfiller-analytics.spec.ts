import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";
import { readsWell, waitForHydration } from "./support/a11y.ts";

/**
 * The print shop's analytics (issue 23 §4): the demo fulfiller opens Analytics from the side
 * navigation, changes the date range (a GET form), sees each chart with its table beside it,
 * downloads a CSV holding the table's days, and the page reads well at 1280 px and 360 px.
 */
const ANALYTICS = "/fulfillment/@print-works/administration/analytics";

test("the fulfiller reads its analytics over a chosen range and downloads a chart's figures", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "fulfiller", "/fulfillment/@print-works/administration");
  await page.getByRole("navigation", { name: "Fulfillment administration" }).getByRole("link", { name: "Analytics" }).click();
  await expect(page).toHaveURL(new RegExp(`${ANALYTICS}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");
  await expect(page.getByTestId("analytics-figures").first()).toContainText("On-time ship rate");
  await expect(page.getByTestId("analytics-figures").first()).toContainText("Defect rate");
  await expect(page.getByTestId("table-units").getByRole("row")).toHaveCount(31); // header + 30 days
  await waitForHydration(page);

  // a refused range: the message next to its field, the last 30 days shown meanwhile
  await page.getByLabel("From", { exact: true }).fill("2026-10-20");
  await page.getByLabel("To", { exact: true }).fill("2026-10-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("The start date is after the end date.")).toBeVisible();

  // the first ten days of October
  await page.getByLabel("From", { exact: true }).fill("2026-10-01");
  await page.getByLabel("To", { exact: true }).fill("2026-10-10");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/from=2026-10-01&to=2026-10-10/);
  for (const id of ["units", "on-time"]) {
    const section = page.getByTestId(`analytics-${id}`);
    await expect(section.getByRole("img")).toBeVisible();
    await expect(section.locator("svg").first()).toBeVisible();
    const table = section.getByRole("table");
    await expect(table.locator("caption")).not.toBeEmpty();
    await expect(table.getByRole("row")).toHaveCount(11);
    await expect(table.getByRole("rowheader").first()).toHaveText("2026-10-01");
  }
  await expect(page.getByTestId("analytics-payouts").getByRole("table")).toBeVisible();

  const units = page.getByTestId("table-units");
  const shown = await units.getByRole("row").nth(1).getByRole("cell").allTextContents();
  const downloading = page.waitForEvent("download");
  await page.getByTestId("csv-units").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("print-works-units-2026-10-01-to-2026-10-10.csv");
  const csv = (await readFile((await download.path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\n");
  expect(csv[0]).toBe("date,units,shipments");
  expect(csv).toHaveLength(11);
  expect(csv[1]).toBe(["2026-10-01", ...shown].join(","));

  await readsWell(page, "print shop analytics");
});
