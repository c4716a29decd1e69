import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";
import { readsWell, waitForHydration } from "./support/a11y.ts";

/**
 * A store's analytics (issue 23 §4): the demo partner opens Analytics from its store's side
 * navigation, changes the date range (a GET form), sees each chart with its table beside it,
 * downloads a CSV holding the table's days, and the page reads well at 1280 px and 360 px.
 */
const ANALYTICS = "/shop/partners/@inkwell/administration/analytics";

test("the partner reads its store's analytics over a chosen range and downloads a chart's figures", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "partner", "/shop/partners/@inkwell/administration");
  await page.getByRole("link", { name: "Analytics" }).first().click();
  await expect(page).toHaveURL(new RegExp(`${ANALYTICS}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");
  for (const label of ["Revenue", "Orders", "Product views", "Conversion"])
    await expect(page.getByTestId("analytics-figures")).toContainText(label);
  await expect(page.getByTestId("table-revenue").getByRole("row")).toHaveCount(31);
  await waitForHydration(page);
  // audited on the default 30 days: a year's three tables and charts (about 4,000 cells) take axe
  // minutes on a busy machine, and hold the same components
  await readsWell(page, "store analytics");

  await page.getByLabel("From", { exact: true }).fill("2026-01-01");
  await page.getByLabel("To", { exact: true }).fill("2026-12-31");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/from=2026-01-01&to=2026-12-31/);
  for (const id of ["revenue", "sales", "audience"]) {
    const section = page.getByTestId(`analytics-${id}`);
    await expect(section.getByRole("img")).toBeVisible();
    await expect(section.locator("svg").first()).toBeVisible();
    const table = section.getByRole("table");
    await expect(table.locator("caption")).not.toBeEmpty();
    await expect(table.getByRole("row")).toHaveCount(366);
  }
  // the demo store sold this year: its top products are ranked, with the chart beside them
  const products = page.getByTestId("analytics-products");
  await expect(products.getByRole("img")).toBeVisible();
  expect(await products.getByRole("table").getByRole("row").count()).toBeGreaterThan(1);

  const downloading = page.waitForEvent("download");
  await page.getByTestId("csv-sales").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("inkwell-sales-2026-01-01-to-2026-12-31.csv");
  const csv = (await readFile((await download.path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\n");
  expect(csv[0]).toBe("date,orders,units,product_views,conversion");
  expect(csv).toHaveLength(366);
});
