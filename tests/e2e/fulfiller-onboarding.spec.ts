import { expect, test, type Page } from "@playwright/test";
import { decodeBarcodes, pdfPageSizes, pdfText } from "../support/documents.ts";
import { DEMO, signInAs, signInRequest } from "./support/accounts.ts";
import { artPng, uploadArt } from "./support/designer.ts";
import { buyFirstProducts, orderNumberOf } from "./support/party-orders.ts";
import { applyAndApprove } from "./support/partners.ts";
import {
  batchHolding,
  buyCheapestLabel,
  codesOf,
  download,
  packableGroup,
  parcelOf,
  scanPrinted,
  shipmentOf,
  tickOnly,
} from "./support/shipping.ts";
import { signUpRequest } from "./support/shoppers.ts";

/**
 * A print shop's first day, from application to delivered parcel, in the browser (issue 23 §1
 * and §5): a new partner reads the terms and applies to print (a refusal first, named next to its
 * field), an admin approves with a note, the partner sets the shop up with its first warehouse and
 * payout contact and lands in the print shop's administration with `isFulfiller` true in
 * `userData` (without signing out); the shop's public page is online. The shop then adds a blank
 * with variants, its shipping rates for shoppers and its carrier's rate table, and the partner
 * designs and publishes a tee on that blank. A shopper's order for it is routed to the new shop,
 * which accepts it, batches it (the pick list and print sheet read back, the sheet's Code 128
 * decoded), prints it by scanning, packs it (the packing slip in the store's name), buys its label
 * (4×6 in, its barcode decoded back to the tracking number) and hands it over on a manifest. The
 * label is the local carrier's Rehearsal service, whose tracking runs a day in ten seconds: the
 * shopper's order page shows the tracking events up to "Delivered", and the shipment and delivery
 * e-mails are in the mailbox. The approval e-mail is there too.
 */
test("a partner becomes a print shop and runs its first order from application to delivered parcel", async ({ page, browser }) => {
  test.setTimeout(420_000);
  const { handle: store, email, storeName } = await applyAndApprove(page, browser);
  const shop = `press-${store.replace(/^studio-/, "")}`.slice(0, 30);
  const ADMIN = `/fulfillment/@${shop}/administration`;
  const baseURL = new URL(page.url()).origin;
  const BLANK = `Harbour Heavy Tee ${store.replace(/^studio-/, "").toUpperCase()}`;

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
  await signInAs(admin, "admin", "/admin");
  await admin.getByRole("link", { name: /^Print shops \(\d+ pending\)$/ }).click();
  await expect(admin).toHaveURL(/\/admin\/fulfillers$/);
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

  // ---- the shop's set-up: a blank with variants, shipping rates, a carrier's rate table ----
  await test.step("the shop adds a blank with variants", async () => {
    await addBlank(page, ADMIN, BLANK);
  });
  await test.step("the shop sets its shipping rates for shoppers", async () => {
    await page.goto(`${ADMIN}/config`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shipping and stock");
    const newZone = page.getByTestId("zone-form-new");
    await newZone.getByLabel("Zone name").fill("United States");
    await newZone.getByLabel("Countries and regions").fill("US");
    await newZone.getByRole("button", { name: "Add zone" }).click();
    await expect(page.getByTestId("config-notice")).toHaveText("The zone is saved.");
    const rateForm = page
      .getByTestId("zone")
      .filter({ has: page.getByRole("heading", { name: "United States" }) })
      .locator('[data-testid^="rate-form-new-"]');
    await rateForm.getByLabel("For").selectOption({ label: "T-shirts" });
    await rateForm.getByLabel(/First item/).fill("5.00");
    await rateForm.getByLabel(/Each additional/).fill("2.00");
    await rateForm.getByLabel("Days, fastest").fill("3");
    await rateForm.getByLabel("Days, slowest").fill("6");
    await rateForm.getByRole("button", { name: "Add rate" }).click();
    await expect(page.getByTestId("config-notice")).toHaveText("The rate is saved.");
  });
  await test.step("the shop adds the local carrier and uploads its rate table", async () => {
    await page.goto(`${ADMIN}/carriers`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carriers");
    await page.getByTestId("add-carrier-form").getByRole("button", { name: "Add carrier" }).click();
    const card = page.getByTestId("carrier").filter({ has: page.getByRole("heading", { name: /Platen Local Post/ }) });
    await expect(card).toBeVisible();
    const csv = [
      "carrier,service,service_name,dim_divisor,zone,countries,postal_prefixes,postal_from,postal_to,min_grams,max_grams,price,currency",
      "local,standard,Standard,,United States,US,,,,0,2000,6.40,USD",
      "local,standard,Standard,,United States,US,,,,2000,10000,11.90,USD",
      "local,rehearsal,Rehearsal,,United States,US,,,,0,10000,0.10,USD",
    ].join("\n");
    const form = page.getByTestId("import-local");
    await form.getByLabel(/Upload a rate table/).setInputFiles({ name: "rates.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await form.getByRole("button", { name: "Upload and replace" }).click();
    await expect(page.getByTestId("carriers-notice")).toHaveText("The rate table of Platen Local Post is saved: 3 rates in 1 zone.");
  });

  // ---- the partner designs a tee on the new blank and publishes it ----
  const title = `Harbour Kites Tee ${Date.now().toString(36)}`;
  await test.step("the partner designs and publishes a tee on the shop's blank", async () => {
    await page.goto(`/shop/partners/@${store}/administration/products/create`);
    await expect(page).toHaveTitle("Design a product · Platen");
    await page.getByTestId("blank-card").filter({ hasText: BLANK }).click();
    await expect(page.getByText("Choose another blank")).toBeVisible();
    await uploadArt(page, await artPng(Date.now() % 1_000_000, 3000));
    await expect(page.getByTestId("dpi-front")).toBeVisible();
    await page.getByLabel("Retail price (USD)").fill("29.00");
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByTestId("designer-notice")).toContainText("Published!", { timeout: 60_000 });
  });

  // ---- a shopper buys it: the order is routed to the new shop ----
  const shopperCtx = await browser.newContext({ baseURL });
  const shopper = await signUpRequest(shopperCtx.request, "new-shop-journey", "Robin Buyer");
  const { orderPath } = await buyFirstProducts(shopperCtx.request, [`/shop/partners/@${store}/products/t-shirts`]);
  const number = await orderNumberOf(shopperCtx.request, orderPath);
  const ORDERS = `${ADMIN}/orders`;
  const group = page.getByTestId("fulfiller-group").and(page.locator(`[data-order-number="${number}"]`));

  let tracking = "";
  let warehouseId = "";
  await test.step("the shop accepts, batches and prints the order", async () => {
    await page.goto(`${ORDERS}?q=${number}`);
    await expect(group).toHaveCount(1);
    await expect(group).toContainText(title);
    await group.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(page.getByTestId("group-notice")).toContainText("Accepted.");
    await group.getByTestId("group-waiting-batch").getByRole("link", { name: "Open the batches" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Batches of Portland, OR");
    const batchId = await batchHolding(page, number);
    const batchBase = new URL(page.url()).pathname;
    const codes = await codesOf(page, number);
    const pickList = (await pdfText(await download(page.request, `${batchBase}/${batchId}/pick-list.pdf`, "application/pdf"))).replace(
      /\s+/g,
      " ",
    );
    expect(pickList).toContain(BLANK);
    expect(pickList).toContain("White / M"); // the variant the shopper bought, to pick from the shelf
    const printSheet = await download(page.request, `${batchBase}/${batchId}/print-sheet.pdf`, "application/pdf");
    expect((await pdfText(printSheet)).replace(/\s+/g, " ")).toContain(number);
    const sheetCodes = await decodeBarcodes(printSheet);
    for (const code of codes) expect(sheetCodes, `the print sheet's barcode of ${code}`).toContain(code);
    await scanPrinted(page, codes);
  });

  await test.step("the shop packs the parcel and buys its label", async () => {
    await page.goto(`${ORDERS}?status=in_production&q=${number}`);
    await group.getByRole("link", { name: "Pack it on Parcels" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Parcels of");
    warehouseId = new URL(page.url()).searchParams.get("warehouse") ?? "";
    await expect(packableGroup(page, number)).toHaveCount(1);
    await packableGroup(page, number).getByRole("button", { name: "Pack parcel" }).click();
    await expect(page.getByTestId("parcels-notice")).toContainText("Parcel packed");
    const parcel = parcelOf(page, number);
    const slipHref = (await parcel.getByTestId("packing-slip-link").getAttribute("href")) ?? "";
    const slip = (await pdfText(await download(page.request, slipHref, "application/pdf"))).replace(/\s+/g, " ");
    expect(slip).toContain(number);
    expect(slip).toContain(storeName); // the selling store's name, at whichever print shop
    await parcel.getByRole("link", { name: "Buy its label" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shipments");
    tracking = await buyCheapestLabel(page, number);
    expect(tracking, "the Rehearsal service's number").toMatch(/^RH\d{9}US$/);
    const label = await download(
      page.request,
      (await shipmentOf(page, number).first().getByTestId("label-pdf").getAttribute("href")) ?? "",
      "application/pdf",
    );
    expect(await pdfPageSizes(label)).toEqual([{ width: 288, height: 432 }]);
    expect(await decodeBarcodes(label)).toContain(tracking);
    const labelText = (await pdfText(label)).replace(/\s+/g, " ");
    expect(labelText).toContain("Robin Buyer");
    expect(labelText).toContain("1200 SE Water Ave");
  });

  await test.step("the shop hands the label over on a manifest", async () => {
    await page.goto(`${ADMIN}/manifests?warehouse=${warehouseId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manifests");
    const handOver = page.getByTestId("handover").filter({ has: page.locator(`[data-tracking-number="${tracking}"]`) });
    await tickOnly(handOver, tracking);
    await handOver.getByRole("button", { name: "Make manifest" }).click();
    await expect(page.getByTestId("manifests-notice")).toContainText("made with 1 label");
    const manifestHref = (await page.getByRole("link", { name: "Print it for the driver" }).getAttribute("href")) ?? "";
    const manifest = (await pdfText(await download(page.request, manifestHref, "application/pdf"))).replace(/\s+/g, " ");
    expect(manifest).toContain("Carrier manifest");
    expect(manifest).toContain(tracking);
  });

  await test.step("the shopper follows the parcel to the door; both e-mails are in the mailbox", async () => {
    const shopperPage = await shopperCtx.newPage();
    await shopperPage.goto(orderPath);
    const tracked = shopperPage.getByTestId("shipment-tracking").and(shopperPage.locator(`[data-tracking-number="${tracking}"]`));
    await expect(tracked).toContainText("Platen Local Post");
    // a day in ten seconds: delivered about 20 s after the label was bought
    await expect(async () => {
      await shopperPage.reload();
      await expect(tracked.getByTestId("tracking-event").first()).toHaveAttribute("data-status", "delivered", { timeout: 1_000 });
    }).toPass({ timeout: 90_000 });
    await expect(shopperPage.getByTestId("order-status")).toHaveText("Delivered");
    const statuses = await tracked.getByTestId("tracking-event").evaluateAll((events) => events.map((e) => e.getAttribute("data-status")));
    expect(statuses).toEqual(["delivered", "out_for_delivery", "in_transit", "in_transit", "pre_transit"]);
    const adminCtx = await browser.newContext({ baseURL });
    await signInRequest(adminCtx.request, DEMO.admin);
    const mailbox = async () => (await adminCtx.request.get(`/admin/brevo?q=${encodeURIComponent(shopper.email)}`)).text();
    await expect.poll(async () => (await mailbox()).includes("Shipment created"), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await mailbox()).includes(`Your order ${number} was delivered`), { timeout: 30_000 }).toBe(true);
    await adminCtx.close();
  });

  // the checklist of the shop's first day is complete
  await page.goto(`${ADMIN}/getting-started`);
  for (const step of ["warehouse", "blanks", "shipping-rates", "carrier", "first-shipment"])
    await expect(page.getByTestId("checklist").locator(`[data-step="${step}"]`)).toHaveAttribute("data-state", "done");
  await shopperCtx.close();
});

/** The new shop adds a blank `name`: a tee in two colours and two sizes, made in its first warehouse. */
async function addBlank(page: Page, admin: string, name: string) {
  await page.goto(`${admin}/blanks/create`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add a blank");
  await page.getByLabel("Blank name").fill(name);
  await page.getByLabel("Category").selectOption({ label: "T-shirts" });
  await page.getByRole("group", { name: "Print areas of t-shirts" }).getByLabel("Front").check();
  await page.getByLabel("Production days").fill("2");
  await page.getByLabel("Colour 1 name", { exact: true }).fill("White");
  await page.getByLabel("Colour 1 hex", { exact: true }).fill("#ffffff");
  await page.getByLabel("Colour 2 name", { exact: true }).fill("Navy");
  await page.getByLabel("Colour 2 hex", { exact: true }).fill("#1f2a44");
  for (const [i, size, cost, grams] of [
    [1, "M", "6.50", "180"],
    [2, "L", "6.90", "195"],
  ] as const) {
    await page.getByLabel(`Size ${i}`, { exact: true }).fill(size);
    await page.getByLabel(`Size ${i} base cost`, { exact: true }).fill(cost);
    await page.getByLabel(`Size ${i} weight (g)`, { exact: true }).fill(grams);
  }
  await expect(page.getByLabel("Portland, OR")).toBeChecked();
  await page.getByRole("button", { name: "Add blank" }).click();
  await expect(page.getByTestId("blanks-notice")).toHaveText("The blank is added.", { timeout: 60_000 });
  const card = page.getByTestId("blank").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toContainText("4 variants");
  await expect(card).toContainText("Portland, OR");
}
