import { expect, test } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";

test("a visitor sends a contact message and an admin answers it from the inbox", async ({ page }) => {
  const name = `Rosa E2E ${Date.now()}`;
  const message = "My hoodie arrived with the print slightly crooked on the back. Order 1042.";

  // the visitor: field errors first, values kept
  await page.goto("/contact?topic=order");
  await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
  await expect(page.getByLabel("Topic")).toHaveValue("order");
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("E-mail").fill("not-an-address");
  await page.getByLabel("Message").fill("Too short");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Please write at least 20 characters so we can help.")).toBeVisible();
  await expect(page.getByText("Please enter a valid e-mail address, like name@example.com.")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue(name);
  await expect(page.getByLabel("Topic")).toHaveValue("order");

  await page.getByLabel("E-mail").fill("rosa.e2e@example.com");
  await page.getByLabel("Message").fill(message);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you, your message has been sent" })).toBeVisible();
  await expect(page.getByTestId("contact-reference")).toHaveText(/^C-[0-9A-Z]{8}$/);

  // the admin: finds it in the inbox, answers it
  await page.context().clearCookies();
  await signInAs(page, "admin", "/admin/contact/respond");
  await expect(page.getByRole("heading", { level: 1, name: "Contact inbox" })).toBeVisible();
  const item = page.getByTestId("inbox-item").filter({ hasText: name });
  await expect(item).toContainText("New");
  await item.click();
  const thread = page.getByTestId("thread");
  await expect(thread.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(thread.getByTestId("thread-message")).toHaveText(message);
  await expect(thread).toContainText("rosa.e2e@example.com");
  await expect(thread).toContainText("An order I placed");

  const reply = "Sorry about that, Rosa! We are reprinting your hoodie today; the new one ships tomorrow.";
  await thread.getByLabel("Reply").fill(reply);
  await thread.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Your reply was sent by e-mail.")).toBeVisible();
  await expect(thread.getByTestId("status-chip")).toHaveText("Answered");
  const history = thread.getByTestId("history");
  await expect(history.getByTestId("event-reply")).toContainText(reply);
  await expect(history.getByTestId("event-reply")).toContainText("Reply by Ada (Platen team)");
  await expect(history.getByTestId("event-status")).toContainText("changed the status from New to Answered");
  await expect(page.getByTestId("inbox-item").filter({ hasText: name })).toContainText("Answered");

  // it is listed under the Answered filter, not under New
  await page.getByRole("link", { name: /^Answered \(\d+\)$/ }).click();
  await expect(page.getByTestId("inbox-item").filter({ hasText: name })).toBeVisible();
  await page.getByRole("link", { name: /^New \(\d+\)$/ }).click();
  await expect(page.getByTestId("inbox-item").filter({ hasText: name })).toHaveCount(0);
});

test("the inbox is for admins only", async ({ page }) => {
  const res = await page.goto("/admin/contact/respond");
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fcontact%2Frespond$/);
  expect(res?.status()).toBeLessThan(400);
  await signInAs(page, "shopper", "/account");
  const denied = await page.goto("/admin/contact/respond");
  expect(denied?.status()).toBe(403);
  const post = await page.request.post("/admin/contact/respond", { form: { intent: "status", id: "msg_x", to: "closed" } });
  expect(post.status()).toBe(403);
});

test("a signed-in user finds the form prefilled", async ({ page }) => {
  await signInAs(page, "shopper", "/contact?topic=privacy");
  await expect(page.getByLabel("E-mail")).toHaveValue("shopper@demo.platen.test");
  await expect(page.getByLabel("Your name")).not.toHaveValue("");
  await expect(page.getByLabel("Topic")).toHaveValue("privacy");
});

// MUI's multiline field is drawn at its minimum rows by the server, not two rows until JavaScript
// sizes it: nothing below it moves when the page hydrates (vite.config.ts, textareaRowsOnFirstPaint).
test.describe("the message field before JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("is drawn six lines tall, as JavaScript would size it", async ({ page }) => {
    await page.goto("/contact");
    const field = page.locator("#contact-message");
    await expect(field).toHaveAttribute("rows", "6");
    const { height, line } = await field.evaluate((t) => ({
      height: t.getBoundingClientRect().height,
      line: parseFloat(getComputedStyle(t).lineHeight),
    }));
    expect(height).toBeGreaterThanOrEqual(6 * line - 1);
    expect(height).toBeLessThanOrEqual(6 * line + 1);
  });
});
