import { expect, test } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";
import { auditPage, waitForHydration } from "./support/a11y.ts";

/**
 * A print shop's warehouses (issue 23, section 2): the demo fulfiller adds a warehouse (a bad
 * postal code is refused next to its field, what was typed stays), moves its cut-off, adds a box,
 * lets it make a blank, uploads a stock sheet with bad rows (each named, nothing written) and then
 * a good one, edits a figure inline, and at the end lets the warehouse stop making the blank again
 * (the demo data is shared by the suite; a warehouse that makes nothing is never routed to).
 */
const ADMIN = "/fulfillment/@print-works/administration";
const BLANK = "Sticker sheet";

test("the fulfiller adds a warehouse, its cut-off, a box and its stock from a CSV sheet", async ({ page }) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const name = `Journey ${tag}`;
  await signInAs(page, "fulfiller", ADMIN);
  await page.getByRole("navigation", { name: "Fulfillment administration" }).getByRole("link", { name: "Warehouses" }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/warehouses$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Warehouses");
  const leipzig = page.getByTestId("warehouse-card").filter({ has: page.getByRole("heading", { name: "Leipzig" }) });
  await expect(leipzig.getByTestId("warehouse-clock")).toContainText(/\d{2}:\d{2} \(Europe\/Berlin\)/);
  await expect(leipzig).toContainText("900 units a day");
  await expect(page.getByTestId("warehouse-card").filter({ hasText: "Portland, OR" })).toContainText("America/Los Angeles");

  // a new warehouse: a postal code that is not German is refused next to its field
  await page.getByRole("link", { name: "Add a warehouse" }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/warehouses/create$`));
  await waitForHydration(page);
  await page.getByLabel("Warehouse name").fill(name);
  await page.getByLabel("Street address").fill("Torstraße 1");
  await page.getByRole("textbox", { name: "City", exact: true }).fill("Berlin");
  await page.getByLabel("Postal code").fill("ABC 12");
  await page.getByLabel("Country").selectOption("DE");
  await page.getByLabel("Daily cut-off").fill("15:00");
  await page.getByLabel("Time zone").selectOption("Europe/Berlin");
  await page.getByLabel("Capacity (units per day)").fill("400");
  await page.getByRole("button", { name: "Add warehouse" }).click();
  await expect(page.getByLabel("Postal code")).toHaveAccessibleDescription("Enter a valid postal code for Germany.");
  await expect(page.getByLabel("Warehouse name")).toHaveValue(name);
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
  await page.getByLabel("Postal code").fill("10119");
  await page.getByRole("button", { name: "Add warehouse" }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/warehouses/wh_[0-9a-z]{26}\\?done=created`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("warehouse-notice")).toContainText("The warehouse is added.");
  await expect(page.getByTestId("warehouse-clock")).toContainText("Capacity: 400 units a day.");
  const base = new URL(page.url()).pathname;
  await waitForHydration(page);

  // a later cut-off
  const details = page.getByRole("form", { name: `Address, cut-off and capacity of ${name}` });
  await details.getByLabel("Daily cut-off").fill("16:30");
  await details.getByRole("button", { name: "Save warehouse" }).click();
  await expect(page.getByTestId("warehouse-notice")).toHaveText("The warehouse is saved.");
  await expect(page.getByTestId("warehouse-clock")).toContainText("16:30");

  // a box preset: a box heavier empty than full is refused on its field, then added
  const boxForm = page.getByTestId("box-form-new");
  await boxForm.getByLabel("Box name").fill("Mailer bag");
  await boxForm.getByLabel("Length (cm)").fill("35");
  await boxForm.getByLabel("Width (cm)").fill("25");
  await boxForm.getByLabel("Height (cm)").fill("2");
  await boxForm.getByLabel("Empty weight (g)").fill("40");
  await boxForm.getByLabel("Most it holds (g)").fill("30");
  await boxForm.getByRole("button", { name: "Add box" }).click();
  await expect(page.getByTestId("box-form-new").getByLabel("Most it holds (g)")).toHaveAccessibleDescription(
    "The most a packed box may weigh must be more than the empty box.",
  );
  await page.getByTestId("box-form-new").getByLabel("Most it holds (g)").fill("2000");
  await page.getByTestId("box-form-new").getByRole("button", { name: "Add box" }).click();
  await expect(page.getByTestId("warehouse-notice")).toHaveText("The box is saved.");
  await expect(page.getByTestId("box")).toHaveText(/Mailer bag35 × 25 × 2 cm · 40 g empty · holds up to 2,000 g/);

  // the warehouse makes a blank: its variants appear in the stock table, made to order
  await page
    .getByRole("form", { name: `Blanks made in ${name}` })
    .getByLabel(BLANK, { exact: true })
    .check();
  await page.getByRole("button", { name: "Save blanks" }).click();
  await expect(page.getByTestId("warehouse-notice")).toHaveText("The blanks made here are saved.");
  const rows = page.getByTestId("stock-row");
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();

  // the sheet as downloaded: every variant, made to order
  const href = (await page.getByRole("link", { name: "Download the stock sheet" }).getAttribute("href"))!;
  expect(href).toBe(`${base}/stock.csv`);
  const download = await page.request.get(href);
  expect(download.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="stock-journey-[0-9a-z]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  const lines = (await download.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\n");
  expect(lines[0]).toBe("sku,on_hand,bin");
  expect(lines).toHaveLength(count + 1);
  const skus = lines.slice(1).map((l) => l.split(",")[0]!);
  expect(lines.slice(1).every((l) => l.endsWith(",,"))).toBe(true);

  // a sheet with bad rows: each is named, and nothing is written
  const upload = async (csv: string) => {
    await page.getByLabel("Stock sheet to upload").setInputFiles({ name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload sheet" }).click();
  };
  await upload(`sku,on_hand,bin\n${skus[0]},-1,J-01\nNOPE-${tag},3,\n`);
  const errors = page.getByTestId("sheet-error");
  await expect(errors).toHaveText([
    "Row 2, on_hand: Units on hand cannot be negative.",
    `Row 3, sku: No blank of yours has the SKU “NOPE-${tag}”.`,
  ]);
  await expect(page.getByTestId("sheet-errors")).toContainText("2 rows of the sheet need fixing; nothing was saved.");
  await expect(page.getByRole("textbox", { name: `On hand, ${skus[0]}` })).toHaveValue("");
  await expect(page.locator(`[data-sku="${skus[0]}"]`)).toContainText("Made to order");

  // the good sheet: the first variant counted, in bin J-01; the others stay made to order
  await upload(["sku,on_hand,bin", `${skus[0]},25,J-01`, ...skus.slice(1).map((s) => `${s},,`)].join("\n"));
  await expect(page.getByTestId("warehouse-notice")).toHaveText(`The stock sheet is saved: 1 row changed, ${count - 1} unchanged.`);
  await expect(page.getByRole("textbox", { name: `On hand, ${skus[0]}` })).toHaveValue("25");
  await expect(page.getByRole("textbox", { name: `Bin, ${skus[0]}` })).toHaveValue("J-01");

  // inline: a figure that is not whole is refused on its row, then a good one is saved
  await waitForHydration(page);
  await page.getByRole("textbox", { name: `On hand, ${skus[0]}` }).fill("2.5");
  await page.getByRole("button", { name: "Save stock" }).click();
  await expect(page.getByRole("textbox", { name: `On hand, ${skus[0]}` })).toHaveAccessibleDescription(
    "Enter a whole number of units, like 12.",
  );
  await page.getByRole("textbox", { name: `On hand, ${skus[0]}` }).fill("30");
  await page.getByRole("button", { name: "Save stock" }).click();
  await expect(page.getByTestId("warehouse-notice")).toHaveText("Stock is saved.");
  await expect(page.locator(`[data-sku="${skus[0]}"]`)).toContainText("30");
  await auditPage(page, "a warehouse's page with a box and counted stock");

  // at 360 px the page does not scroll sideways (the stock table scrolls in its own region)
  await page.setViewportSize({ width: 360, height: 740 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // the list shows the new warehouse with its stock
  await page.goto(`${ADMIN}/warehouses`);
  const card = page.getByTestId("warehouse-card").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText("Berlin · Germany");
  await expect(card.getByTestId("warehouse-stock")).toContainText("30 units on hand");

  // put it back: the warehouse stops making the blank
  await page.goto(base);
  await waitForHydration(page);
  await page
    .getByRole("form", { name: `Blanks made in ${name}` })
    .getByLabel(BLANK, { exact: true })
    .uncheck();
  await page.getByRole("button", { name: "Save blanks" }).click();
  await expect(page.getByTestId("warehouse-notice")).toHaveText("The blanks made here are saved.");
  await expect(page.getByText("No blanks are made here yet")).toBeVisible();
});
