import { expect, test } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";

test.describe("admin e-mail (/admin/brevo)", () => {
  test("an admin previews the order-success template, sends a test and finds it sent in the mailbox", async ({ page }) => {
    const to = `e2e-mail-${Date.now()}@example.com`;
    await signInAs(page, "admin", "/admin/brevo/order-success");
    await expect(page).toHaveTitle("Order confirmation e-mail · Platen");
    await expect(page.getByRole("heading", { level: 1, name: "Order confirmation e-mail" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "E-mail administration" }).getByRole("link", { name: "Order success" }),
    ).toHaveAttribute("aria-current", "page");

    // the preview: subject, sandboxed HTML, text part and params, from the latest paid order when
    // there is one (the demo data has some), else from the sample params
    const source = (await page.getByTestId("preview-source").textContent()) ?? "";
    const real = /Previewing with order (PL-\d+)/.exec(source)?.[1];
    const iframe = page.locator('iframe[title="Preview of the Order confirmation e-mail"]');
    await expect(iframe).toHaveAttribute("sandbox", "");
    const frame = page.frameLocator('iframe[title="Preview of the Order confirmation e-mail"]');
    if (real) {
      await expect(page.getByTestId("template-subject")).toHaveText(`Your Platen order ${real} is confirmed`);
      await expect(page.getByLabel("Params as JSON")).toContainText(`"orderNumber": "${real}"`);
      await expect(page.getByLabel("Plain-text part")).toContainText("Total:");
    } else {
      await expect(page.getByTestId("preview-source")).toContainText("No order fits this e-mail yet");
      await expect(page.getByTestId("template-subject")).toHaveText("Your Platen order PL-10482 is confirmed");
      await expect(frame.getByRole("heading", { name: "Thank you for your order, Maya!" })).toBeVisible();
      await expect(frame.getByText("$101.74", { exact: true })).toBeVisible();
      await expect(page.getByLabel("Plain-text part")).toContainText("Total: $101.74");
      await expect(page.getByLabel("Sample params as JSON")).toContainText('"orderNumber": "PL-10482"');
    }

    // a bad address is refused next to the field
    const recipient = page.getByLabel("Recipient");
    await expect(recipient).toHaveValue("admin@demo.platen.test");
    await recipient.fill("not-an-address");
    await page.getByRole("button", { name: "Send test" }).click();
    await expect(page.getByText("Enter a valid e-mail address, like name@example.com.")).toBeVisible();

    // a real send
    await recipient.fill(to);
    await page.getByRole("button", { name: "Send test" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Test e-mail queued." })).toBeVisible();

    // the mailbox shows it as sent (the outbox worker delivers within a second or two)
    await page.getByRole("navigation", { name: "E-mail administration" }).getByRole("link", { name: "Mailbox" }).click();
    await expect(page).toHaveURL(/\/admin\/brevo$/);
    await expect(page.getByTestId("email-provider")).toHaveText("Outbox (built-in)");
    await page.getByLabel("Recipient").fill(to);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(to).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    const row = page.locator(`[data-testid="mailbox-row"][data-to="${to}"]`);
    await expect(row).toHaveCount(1);
    await expect(async () => {
      await page.reload();
      await expect(row.locator('[data-status="sent"]')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(row).toContainText("[Test] Your Platen order PL-10482 is confirmed");

    // the message page: headers, sandboxed HTML and the text part
    await row.getByRole("link", { name: "[Test] Your Platen order PL-10482 is confirmed" }).click();
    await expect(page).toHaveURL(/\/admin\/brevo\/messages\/eml_[0-9a-z]{26}$/);
    await expect(page.getByTestId("message-to")).toHaveText(to);
    await expect(page.getByTestId("message-provider")).toContainText("Outbox");
    await expect(page.locator("iframe[sandbox]")).toHaveAttribute("sandbox", "");
    await expect(page.getByLabel("Plain-text part")).toContainText("ORDER SUMMARY");
  });

  test("an unknown message is a 404", async ({ page }) => {
    await signInAs(page, "admin", "/admin/brevo");
    const res = await page.goto("/admin/brevo/messages/eml_00000000000000000000000000");
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId("error-title")).toHaveText("Page Not Found");
  });

  test("a shopper gets 403 on the e-mail pages", async ({ page }) => {
    await signInAs(page, "shopper");
    for (const path of ["/admin/brevo", "/admin/brevo/order-success", "/admin/brevo/messages/eml_00000000000000000000000000"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(403);
      await expect(page.getByTestId("error-title")).toHaveText("Access denied");
    }
    const post = await page.request.post("/admin/brevo/order-success", {
      form: { to: "x@example.com" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(post.status()).toBe(403);
  });
});
