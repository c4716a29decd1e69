import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";

// The operator's journey through the orders (issue 8): the overview, the list filtered by status,
// the CSV export, and a partial refund on the admin order page that shows its reversing journal.
// Runs on the demo data's past orders (a few hundred, in every status).

test("an admin reads the orders overview: counts per status, ageing, revenue and the chart", async ({ page }) => {
  await signInAs(page, "admin", "/admin/orders/status-overview");
  await expect(page).toHaveTitle("Orders overview · Admin · Platen");
  await expect(page.getByRole("heading", { level: 1, name: "Orders overview" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Overview" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // a count per status, each linking to its list
  const delivered = page.getByTestId("status-count-delivered");
  await expect(delivered).toHaveAttribute("href", "/admin/orders/status/delivered");
  const count = Number(((await delivered.locator("p").first().textContent()) ?? "").replace(/,/g, ""));
  expect(count, "the demo data has delivered orders").toBeGreaterThan(0);

  // revenue and ageing
  await expect(page.getByTestId("revenue-30")).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByTestId("ageing-table").getByRole("row")).toHaveCount(10);

  // the chart: an image with a name, rendered bars, and the same figures as a table
  const chart = page.getByRole("img", { name: "Orders and revenue per day, last 30 days" });
  await expect(chart).toBeVisible();
  expect(await chart.locator("svg rect").count()).toBeGreaterThan(10);
  expect(await page.getByTestId("orders-chart-table").getByRole("row").count()).toBeGreaterThanOrEqual(31);

  // a status card opens its list
  await delivered.click();
  await expect(page).toHaveURL(/\/admin\/orders\/status\/delivered$/);
  await expect(page.getByRole("heading", { level: 1, name: "Delivered orders" })).toBeVisible();
});

test("an admin filters the list by status, sorts it, and exports the CSV", async ({ page }) => {
  await signInAs(page, "admin", "/admin/orders/status");
  await expect(page.getByRole("heading", { level: 1, name: "All orders" })).toBeVisible();
  await expect(page.getByTestId("order-row").first()).toBeVisible();

  // the filter form (a GET form): status → the status's own address
  const filters = page.getByRole("search", { name: "Filter orders" });
  // at 1280 px every field and button stays inside its own cell (they overflowed in one row)
  await page.setViewportSize({ width: 1280, height: 900 });
  const spill = await filters.evaluate(
    (form) =>
      [...form.querySelectorAll("input, select, button, a")].filter((el) => {
        const cell = el.closest(".MuiGrid-root:not(.MuiGrid-container)");
        if (!cell) return false;
        const r = el.getBoundingClientRect();
        const c = cell.getBoundingClientRect();
        return r.right > c.right + 1 || r.left < c.left - 1;
      }).length,
  );
  expect(spill, "controls outside their cells").toBe(0);
  await filters.getByLabel("Status").selectOption("shipped");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/status\/shipped$/);
  await expect(page.getByRole("heading", { level: 1, name: "Shipped orders" })).toBeVisible();
  const rows = page.getByTestId("order-row");
  await expect(rows.first()).toBeVisible();
  const statuses = await rows.locator("[data-status]").evaluateAll((els) => els.map((e) => e.getAttribute("data-status")));
  expect(new Set(statuses)).toEqual(new Set(["shipped"]));

  // sorting by total, ascending then descending
  await page.getByRole("link", { name: /^Sort by total/ }).click();
  await expect(page).toHaveURL(/sort=total/);
  const totals = async () =>
    (await rows.locator("td:last-child").evaluateAll((els) => els.map((e) => e.firstChild?.textContent ?? ""))).map((t) =>
      Number(t.replace(/[^\d.]/g, "")),
    );
  await expect(async () => {
    const desc = await totals();
    expect(desc.length).toBeGreaterThan(1);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  }).toPass({ timeout: 10_000 });
  await page.getByRole("link", { name: /^Sort by total/ }).click();
  await expect(page).toHaveURL(/dir=asc/);
  await expect(async () => {
    const asc = await totals();
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
  }).toPass({ timeout: 10_000 });

  // the export downloads what the list shows, as CSV
  const downloading = page.waitForEvent("download");
  await page.getByTestId("export-csv").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^platen-orders-shipped-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines.length).toBeGreaterThan(1);
  expect(lines[0]!.toLowerCase()).toContain("status");
  expect(lines.slice(1).every((l) => l.includes("shipped"))).toBe(true);
});

test("an admin partially refunds one line and sees the reversing journal and the refunded total", async ({ page }) => {
  await signInAs(page, "admin", "/admin/orders/status/delivered");
  const rows = page.getByTestId("order-row");
  await expect(rows.first()).toBeVisible();
  // Another journey may refund an order too: take one of the page's rows at random.
  const n = await rows.count();
  await rows
    .nth(Math.floor(Math.random() * n))
    .getByRole("link")
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/orders\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Order PL-/ })).toBeVisible();

  // the order page: timeline, groups with their lines, the money and the ledger
  await expect(page.getByTestId("order-timeline").getByRole("listitem").first()).toBeVisible();
  await expect(page.getByTestId("order-line").first()).toBeVisible();
  await expect(page.getByTestId("money-breakdown")).toContainText("Charged to the shopper");
  await expect(page.getByTestId("money-breakdown")).toContainText("Platform fee");
  const journals = page.getByTestId("ledger-journal");
  const before = await journals.count();
  expect(before).toBeGreaterThan(0);

  // a refund without a reason is refused next to the field
  const refund = page.getByRole("form", { name: "Refund" });
  const qty = refund.locator('input[type="number"]:not([disabled])').first();
  await qty.fill("1");
  await refund.getByRole("button", { name: "Refund" }).click();
  await expect(refund.getByText("Say why you refund")).toBeVisible();

  // one item of one line, with a reason
  await refund.locator('input[type="number"]:not([disabled])').first().fill("1");
  await refund.getByLabel("Reason").fill("Misprint on one item (e2e)");
  await refund.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByTestId("order-notice")).toContainText("The refund is recorded on the order and in the ledger");
  await expect(page.getByTestId("refunded-total")).toHaveText(/^\$[\d,]+\.\d{2}$/);
  // The refund's reversing journal, then the provider's payout of it (its step ran after the commit).
  await expect(journals).toHaveCount(before + 2);
  await expect(page.getByTestId("refund-row").last()).toHaveAttribute("data-status", "succeeded");
  const reversal = journals.nth(before);
  await expect(reversal.getByText("Reversing journal")).toBeVisible();
  // a balanced journal: its debit total equals its credit total
  const foot = reversal.locator("tfoot td");
  await expect(foot.nth(1)).toHaveText(/^\$[\d,]+\.\d{2}$/);
  expect(await foot.nth(1).textContent()).toBe(await foot.nth(2).textContent());
  await expect(
    page
      .getByTestId("order-line")
      .filter({ hasText: /\d+ refunded/ })
      .first(),
  ).toBeVisible();
});

test("on a phone, the back office's tabs mark the page shown as current, not the dashboard too", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, "admin", "/admin/orders/status-overview");
  const tabs = page.getByRole("tablist", { name: "Admin" });
  await expect(tabs.getByRole("tab", { name: "Overview", exact: true })).toHaveAttribute("aria-current", "page");
  // "Dashboard" is /admin, a prefix of every admin address: it is current on /admin alone.
  await expect(tabs.getByRole("tab", { name: "Dashboard" })).not.toHaveAttribute("aria-current", /.*/);
  await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1);
});
