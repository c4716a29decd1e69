import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";
import { auditPage, waitForHydration } from "./support/a11y.ts";

/**
 * The print shop's carriers (issue 23, section 2): the demo fulfiller downloads its local
 * carrier's rate table, uploads a copy with bad rows (each named by row and column, nothing
 * written), then a good one (a changed price shows in the table), and quotes a parcel, by actual
 * and by dimensional weight. The demo's table is put back as it was at the end (the suite shares it).
 */
const ADMIN = "/fulfillment/@print-works/administration";
const CARRIERS = `${ADMIN}/carriers`;

async function upload(page: Page, name: string, csv: string) {
  const form = page.getByTestId("import-local");
  await form.getByLabel(/Upload a rate table/).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await form.getByRole("button", { name: "Upload and replace" }).click();
}

test("the fulfiller replaces its rate table from a CSV, is told every bad row, and quotes a parcel", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "fulfiller", ADMIN);
  await page.getByRole("navigation", { name: "Fulfillment administration" }).getByRole("link", { name: "Carriers" }).click();
  await expect(page).toHaveURL(new RegExp(`${CARRIERS}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carriers");
  const card = page.getByTestId("carrier").filter({ has: page.getByRole("heading", { name: /Platen Local Post/ }) });
  await expect(card).toContainText("8 zones · 112 rates");
  await expect(card.getByTestId("rate-zone")).toHaveCount(8);
  const local = card.getByRole("table", { name: /US Local \(OR, WA\)/ });
  await expect(local.getByRole("row", { name: /500 to under 1,000/ })).toContainText("$6.10");
  await waitForHydration(page);

  // the table as the sheet the page takes back
  const downloading = page.waitForEvent("download");
  await card.getByRole("link", { name: "Download the rate table (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("print-works-rates-local.csv");
  const original = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  const lines = original.trimEnd().split("\n");
  expect(lines).toHaveLength(113);
  const row = lines.findIndex((l) => l.startsWith('local,standard,Standard,,"US Local (OR, WA)",US,,970,994,500,1000,'));
  expect(row).toBeGreaterThan(0);

  // bad rows: an overlapping weight break (row 3) and a country that is none (the last row); nothing is written
  const bad = [...lines];
  bad[2] = bad[2]!.replace(",250,500,", ",200,500,");
  bad.push("local,standard,Standard,,Atlantis,XA,,,,0,500,9.00,USD");
  await upload(page, "bad-rates.csv", bad.join("\n"));
  await expect(card.getByRole("alert").filter({ hasText: "2 problems in the file; nothing was saved." })).toBeVisible();
  const errors = card.getByTestId("csv-error");
  await expect(errors).toHaveCount(2);
  await expect(errors.nth(0)).toContainText("3");
  await expect(errors.nth(0)).toContainText("min_grams");
  await expect(errors.nth(0)).toContainText("overlaps 0 g–250 g on row 2");
  await expect(errors.nth(1)).toContainText(String(bad.length));
  await expect(errors.nth(1)).toContainText("countries");
  await expect(errors.nth(1)).toContainText("XA is not a country code");
  await expect(card).toContainText("8 zones · 112 rates");
  await expect(local.getByRole("row", { name: /500 to under 1,000/ })).toContainText("$6.10");

  // a good file: one price changed
  const good = [...lines];
  good[row] = good[row]!.replace(/,6\.10,USD$/, ",6.35,USD");
  expect(good[row]).toMatch(/,6\.35,USD$/);
  await upload(page, "rates.csv", good.join("\n"));
  await expect(page.getByTestId("carriers-notice")).toHaveText("The rate table of Platen Local Post is saved: 112 rates in 8 zones.");
  await expect(local.getByRole("row", { name: /500 to under 1,000/ })).toContainText("$6.35");
  await expect(card.getByTestId("csv-errors")).toHaveCount(0);

  // quote a parcel to Portland: Standard by actual weight, cheapest first
  await waitForHydration(page);
  const quote = page.getByTestId("quote-form");
  await quote.getByLabel("Destination country").selectOption({ label: "United States" });
  await quote.getByLabel("Postal code").fill("97205");
  await quote.getByLabel("Weight (g)").fill("600");
  await quote.getByRole("button", { name: "Quote" }).click();
  const options = page.getByTestId("quote-option");
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toContainText("Platen Local Post Standard");
  await expect(options.nth(0)).toContainText("US Local (OR, WA)");
  await expect(options.nth(0)).toContainText("$6.35");
  await expect(options.nth(1)).toContainText("Express");

  // a bulky parcel: Express bills 40 × 30 × 20 cm ÷ 5000 = 4,800 g
  await quote.getByLabel("Length (cm)").fill("40");
  await quote.getByLabel("Width (cm)").fill("30");
  await quote.getByLabel("Height (cm)").fill("20");
  await quote.getByRole("button", { name: "Quote" }).click();
  await expect(options.filter({ hasText: "Express" })).toContainText("4,800 g (dimensional)");

  // a destination past every weight break: the refusal names the zone and the breaks
  await quote.getByLabel("Length (cm)").fill("");
  await quote.getByLabel("Width (cm)").fill("");
  await quote.getByLabel("Height (cm)").fill("");
  await quote.getByLabel("Weight (g)").fill("25000");
  await quote.getByRole("button", { name: "Quote" }).click();
  await expect(page.getByTestId("quote-refusal")).toContainText("zone “US Local (OR, WA)”: no weight break holds 25,000 g");

  // put the demo's table back
  await upload(page, "rates.csv", original);
  await expect(page.getByTestId("carriers-notice")).toHaveText("The rate table of Platen Local Post is saved: 112 rates in 8 zones.");
  await expect(local.getByRole("row", { name: /500 to under 1,000/ })).toContainText("$6.10");
});

test("without JavaScript, a parcel is quoted and a bad sheet is refused", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAs(page, "fulfiller", CARRIERS);
  const quote = page.getByTestId("quote-form");
  await quote.getByLabel("Destination country").selectOption({ label: "Germany" });
  await quote.getByLabel("Postal code").fill("04109");
  await quote.getByLabel("Weight (g)").fill("1200");
  await quote.getByRole("button", { name: "Quote" }).click();
  await expect(page.getByTestId("quote-option").first()).toContainText("Europe");
  await expect(page.getByTestId("quote-option")).toHaveCount(2);

  await upload(page, "empty.csv", "carrier,service\n");
  await expect(page.getByTestId("csv-error").first()).toContainText("The column “service_name” is missing from the header.");
  await context.close();
});

test("the carriers page reads well at 1280 px and 360 px, with a refused sheet and a quote on it", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, "fulfiller", CARRIERS);
  await waitForHydration(page);
  const check = async (label: string) => {
    await expect(page.getByRole("button", { name: "Quote" })).toBeEnabled();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await auditPage(page, `${label} at ${width}px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${label} at ${width}px: the page is wider than the window`).toBeLessThanOrEqual(0);
      if (process.env.CARRIERS_SCREENSHOTS)
        await page.screenshot({ path: `${process.env.CARRIERS_SCREENSHOTS}/${label.replace(/\W+/g, "-")}-${width}.png`, fullPage: true });
    }
  };
  await check("carriers");
  await upload(
    page,
    "bad.csv",
    "carrier,service,service_name,zone,countries,min_grams,max_grams,price,currency\nlocal,overnight,Night,Moon,XX,5,1,free,EUR\n",
  );
  await expect(page.getByTestId("csv-error")).toHaveCount(5);
  await check("carriers with a refused sheet");
  const quote = page.getByTestId("quote-form");
  await quote.getByLabel("Postal code").fill("10001");
  await quote.getByLabel("Weight (g)").fill("800");
  await quote.getByRole("button", { name: "Quote" }).click();
  await expect(page.getByTestId("quote-option")).toHaveCount(2);
  await check("carriers with a quote");
});
