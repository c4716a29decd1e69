import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/**
 * The print shop's floor and shipping pages driven as its staff would: the batch page's codes
 * typed into the scan station, a shipment packed on the packing table, a label bought.
 */
export const ADMIN = "/fulfillment/@print-works/administration";

/** The lines of order `number` in the open batch (the page shows it after "Make batch"). */
export async function codesOf(page: Page, number: string): Promise<string[]> {
  const rows = page.getByTestId("batch-lines").getByTestId("batch-line").filter({ hasText: number });
  await expect(rows.first()).toBeVisible();
  const codes: string[] = [];
  for (const row of await rows.all()) codes.push((await row.getAttribute("data-code")) ?? "");
  expect(codes.every(Boolean), `every line of ${number} has a code`).toBe(true);
  return codes;
}

/**
 * On a warehouse's batches page: "Make batch", then open the batch that holds order `number`'s
 * lines. Another journey making a batch of the same warehouse at the same moment may have taken
 * them ("No accepted line waiting for a batch matches these filters."): its batch is found among
 * the open ones. Returns the batch's id; the page shows its lines.
 */
export async function batchHolding(page: Page, number: string): Promise<string> {
  await page.getByRole("button", { name: "Make batch" }).click();
  const made = page.getByTestId("batches-notice").filter({ hasText: "Batch made" });
  const taken = page.getByText("No accepted line waiting for a batch matches these filters.");
  await expect(made.or(taken).first()).toBeVisible();
  const mine = () => page.getByTestId("batch-line").filter({ hasText: number }).count();
  if ((await made.count()) > 0 && (await mine()) > 0) return new URL(page.url()).searchParams.get("batch") ?? "";
  const base = new URL(page.url()).pathname;
  const ids = await page
    .locator('[data-testid="batch-row"]:is([data-batch-status="open"], [data-batch-status="printing"]) a[href*="?batch="]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get("batch") ?? ""));
  for (const id of ids) {
    await page.goto(`${base}?batch=${id}`);
    if ((await mine()) > 0) return id;
  }
  throw new Error(`no open batch holds the lines of ${number}`);
}

/** Types each code into the scan station at the press: the line is printed. */
export async function scanPrinted(page: Page, codes: readonly string[]): Promise<void> {
  for (const code of codes) {
    await page.getByLabel("Line code").fill(code);
    await page.getByLabel("Station", { exact: true }).selectOption("printed");
    await page.getByRole("button", { name: "Scan", exact: true }).click();
    await expect(page.getByTestId("scan-result")).toContainText(": printed.");
    await expect(page.getByTestId("batch-line").and(page.locator(`[data-code="${code}"]`))).toHaveAttribute("data-floor-status", "printed");
  }
}

/** The packing table's form for order `number`. */
export const packableGroup = (page: Page, number: string) =>
  page.getByTestId("packable-group").and(page.locator(`[data-order-number="${number}"]`));

/** A parcel (packed or shipped) of order `number` on the parcels page. */
export const parcelOf = (page: Page, number: string) => page.getByTestId("parcel").and(page.locator(`[data-order-number="${number}"]`));

/** The "waiting for a label" card of order `number` on the shipments page. */
export const waitingParcel = (page: Page, number: string) =>
  page.getByTestId("waiting-parcel").and(page.locator(`[data-order-number="${number}"]`));

/** The shipment card of order `number` on the shipments page. */
export const shipmentOf = (page: Page, number: string) => page.getByTestId("shipment").and(page.locator(`[data-order-number="${number}"]`));

/** Buys the cheapest offered service for order `number`'s parcel on the shipments page; returns the tracking number. */
export async function buyCheapestLabel(page: Page, number: string): Promise<string> {
  const card = waitingParcel(page, number).first();
  await expect(card.getByTestId("shipping-option").first()).toBeVisible();
  await expect(card.getByRole("radio").first()).toBeChecked();
  await card.getByRole("button", { name: "Buy label" }).click();
  await expect(page.getByTestId("shipments-notice")).toContainText("Label bought");
  const shipment = shipmentOf(page, number).first();
  await expect(shipment).toBeVisible();
  const tracking = (await shipment.getAttribute("data-tracking-number")) ?? "";
  expect(tracking, "an S10 tracking number").toMatch(/^[A-Z]{2}\d{9}[A-Z]{2}$/);
  return tracking;
}

/** The bytes of a document link, checked to be served as `type`. */
export async function download(request: APIRequestContext, href: string, type: string | RegExp): Promise<Buffer> {
  const res = await request.get(href);
  expect(res.status(), href).toBe(200);
  expect(res.headers()["content-type"], href).toMatch(type);
  expect(res.headers()["cache-control"], href).toBe("private, no-store");
  return Buffer.from(await res.body());
}

/** Ticks only `tracking`'s label in a manifests page's hand-over card (other journeys' labels wait for theirs). */
export async function tickOnly(handOver: Locator, tracking: string): Promise<void> {
  for (const row of await handOver.getByTestId("handover-label").all()) {
    const box = row.getByRole("checkbox");
    if ((await row.getAttribute("data-tracking-number")) === tracking) await box.check();
    else await box.uncheck();
  }
}
