import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAs } from "./support/accounts.ts";
import { waitForHydration } from "./support/a11y.ts";

// The outlined fields of the storefront and the back office (app/components/OutlinedField.tsx) are a
// native input, select or textarea and CSS, drawn as MUI's outlined TextField: the label sits inside
// the empty field, floats onto the outline on focus or with a value (in CSS, so before the page
// hydrates too), and an error is red, described and announced.

/** Where the label is: "up" when its middle sits on the outline's top edge, "in" inside the box. */
async function labelPlace(page: Page, input: Locator): Promise<"up" | "in" | "?"> {
  return input.evaluate((el) => {
    const field = el.parentElement!;
    const label = field.parentElement!.querySelector("label")!;
    const box = field.getBoundingClientRect();
    const l = label.getBoundingClientRect();
    const middle = l.top + l.height / 2;
    if (Math.abs(middle - box.top) <= 3) return "up";
    if (middle > box.top + 6 && middle < box.bottom - 6) return "in";
    return "?";
  });
}

async function firstProductPath(page: Page): Promise<string> {
  const html = await (await page.request.get("/shop/products/mugs")).text();
  return /href="(\/shop\/product\/prd_[0-9a-z]+)"/.exec(html)![1]!;
}

test("an empty field's label floats on focus and stays up with a value; it is the input's name", async ({ page }) => {
  await page.goto("/shop/products/mugs");
  const min = page.getByLabel("Min", { exact: true });
  await expect(min).toHaveValue("");
  await expect.poll(() => labelPlace(page, min)).toBe("in");
  await min.focus();
  await expect.poll(() => labelPlace(page, min)).toBe("up");
  await min.fill("5");
  await min.blur();
  await expect.poll(() => labelPlace(page, min)).toBe("up");
  await min.fill("");
  await min.blur();
  await expect.poll(() => labelPlace(page, min)).toBe("in");
  // The outline's notch opens for the label only while it is up.
  const notch = (input: Locator) => input.evaluate((el) => el.parentElement!.querySelector("legend")!.getBoundingClientRect().width);
  expect(await notch(min)).toBeLessThan(1);
  await min.focus();
  await expect.poll(() => notch(min)).toBeGreaterThan(10);
});

test("before any JavaScript runs, a field with a value or an icon shows its label up", async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(await firstProductPath(page));
  const quantity = page.getByLabel("Quantity");
  await expect(quantity).toHaveValue("1");
  expect(await labelPlace(page, quantity)).toBe("up");
  await page.goto("/search");
  const search = page.getByTestId("search-page-input");
  await expect(search).toHaveAccessibleName("Search products and stores");
  expect(await labelPlace(page, search)).toBe("up");
  await ctx.close();
});

test("a wrong quantity is shown next to the field, red, described and marked invalid", async ({ page }) => {
  await page.goto(await firstProductPath(page));
  await waitForHydration(page);
  const size = page.locator('input[name="variantId"]:not([disabled])').first();
  await page.locator(`label[for="${await size.getAttribute("id")}"]`).click();
  const quantity = page.getByLabel("Quantity");
  await expect(quantity).not.toHaveAttribute("aria-invalid", "true");
  await quantity.fill("0");
  await page.getByTestId("add-to-cart").click();
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(quantity).toHaveAccessibleDescription("Enter a quantity from 1 to 10.");
  // MUI's error red in the default light theme (#d32f2f), on the label, the outline and the message
  // (polled: the label's colour eases over 200 ms).
  const colours = () =>
    quantity.evaluate((el) => {
      const root = el.parentElement!.parentElement!;
      const css = (q: string) => getComputedStyle(root.querySelector(q)!);
      return [css("label").color, css("fieldset").borderTopColor, css("p").color];
    });
  await expect.poll(colours).toEqual(["rgb(211, 47, 47)", "rgb(211, 47, 47)", "rgb(211, 47, 47)"]);
});

test("a back-office text area: its label floats as a field's, it grows with its lines, its help is its description", async ({ page }) => {
  await signInAs(page, "admin", "/admin/fulfillers");
  // The demo's pending print shop application (server/seed/print-shops.ts); nothing is sent.
  const reason = page.getByLabel(/^Reason for rejecting/).first();
  await expect(reason).toHaveJSProperty("tagName", "TEXTAREA");
  await expect(reason).toHaveAccessibleDescription("The applicant reads this.");
  await expect.poll(() => labelPlace(page, reason)).toBe("in");
  const height = () => reason.evaluate((el) => el.getBoundingClientRect().height);
  const twoLines = await height();
  expect(twoLines).toBeCloseTo(46, 0); // minRows 2 lines of 23 px, as MUI's TextareaAutosize
  await reason.fill("One\nTwo\nThree\nFour");
  await reason.blur();
  await expect.poll(() => labelPlace(page, reason)).toBe("up");
  await expect.poll(height).toBeCloseTo(92, 0);
});
