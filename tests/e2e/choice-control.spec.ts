import { expect, test, type Locator } from "@playwright/test";
import { waitForHydration } from "./support/a11y.ts";
import { addToCart, DE_ADDRESS, pickVariant, setAddress, US_ADDRESS } from "./support/checkout.ts";
import { signUpInBrowser } from "./support/shoppers.ts";

// The storefront's checkboxes and radio buttons (app/components/ChoiceControl.tsx) are native inputs
// drawn as MUI's small Checkbox and Radio in CSS: the icon follows `:checked` with or without
// JavaScript, the keyboard and the label work as on any input, and a checked control takes the
// theme's primary colour.

/** Which icon shows: "on" (checked) or "off"; the control's colour. */
async function look(input: Locator): Promise<{ icon: "on" | "off" | "?"; color: string }> {
  return input.evaluate((el) => {
    const control = el.parentElement!;
    const shown = (svg: Element | null) => !!svg && getComputedStyle(svg).display !== "none";
    const ring = control.querySelector(":scope > span > svg:last-of-type");
    const icon = ring
      ? getComputedStyle(ring).transform === "none" || getComputedStyle(ring).transform === "matrix(1, 0, 0, 1, 0, 0)"
        ? "on"
        : "off"
      : shown(control.querySelector("svg[data-on]")) && !shown(control.querySelector("svg[data-off]"))
        ? "on"
        : shown(control.querySelector("svg[data-off]"))
          ? "off"
          : "?";
    return { icon, color: getComputedStyle(control).color };
  });
}

test("a colour filter is a checkbox: Space checks it, the URL follows, and it shows checked in the primary colour", async ({ page }) => {
  await page.goto("/shop/products/t-shirts");
  await waitForHydration(page);
  const facets = page.getByTestId("facet-panel");
  const black = facets.getByRole("checkbox", { name: /^Black/ });
  await expect(black).not.toBeChecked();
  const unchecked = await look(black);
  expect(unchecked.icon).toBe("off");

  await black.focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/[?&]color=Black/);
  await expect(black).toBeChecked();
  await expect.poll(async () => (await look(black)).icon).toBe("on");
  const primary = await page.evaluate(
    () => getComputedStyle(document.querySelector("[data-testid=facet-panel] h2 ~ form button")!).backgroundColor,
  );
  expect((await look(black)).color).toBe(primary);
  expect(unchecked.color).not.toBe(primary);

  // the label's text toggles it too
  await facets
    .locator("label")
    .filter({ has: page.getByRole("checkbox", { name: /^Black/ }) })
    .locator(":scope > span")
    .last()
    .click();
  await expect(page).not.toHaveURL(/color=Black/);
  await expect(black).not.toBeChecked();
});

test("a category filter is a radio group: an arrow key moves the choice", async ({ page }) => {
  await page.goto("/search?q=shirt");
  await waitForHydration(page);
  const facets = page.getByTestId("facet-panel");
  const all = facets.getByRole("radio", { name: "All categories" });
  await expect(all).toBeChecked();
  expect((await look(all)).icon).toBe("on");
  await all.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/[?&]category=[a-z-]+/);
  const chosen = facets.locator(`input[type=radio][value="${new URL(page.url()).searchParams.get("category")}"]`);
  await expect(chosen).toBeChecked();
  await expect.poll(async () => (await look(chosen)).icon).toBe("on");
  await expect.poll(async () => (await look(all)).icon).toBe("off");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters of the URL show checked, drawn by CSS alone", async ({ page }) => {
    await page.goto("/search?q=shirt&category=t-shirts&color=Black");
    const facets = page.getByTestId("facet-panel");
    const black = facets.getByRole("checkbox", { name: /^Black/ });
    await expect(black).toBeChecked();
    expect((await look(black)).icon).toBe("on");
    expect((await look(facets.getByRole("checkbox", { name: /^Navy/ }))).icon).toBe("off");
    expect((await look(facets.getByRole("radio", { name: /^T-shirts/ }))).icon).toBe("on");
    expect((await look(facets.getByRole("radio", { name: "All categories" }))).icon).toBe("off");
  });
});

test("a shopper with two saved addresses picks where to ship from the 'Ship to' radio group", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpInBrowser(page, "ship-to", "/account");
  await addToCart(page.request, await pickVariant(page.request, "/shop/products/mugs"), 1);
  await setAddress(page.request, US_ADDRESS);
  await setAddress(page.request, DE_ADDRESS);

  await page.goto("/checkout");
  await waitForHydration(page);
  const group = page.getByRole("radiogroup", { name: "Ship to" });
  const portland = group.getByRole("radio", { name: /1200 SW Main Street/ });
  const leipzig = group.getByRole("radio", { name: /Karl-Liebknecht-Straße 10/ });
  await expect(group.getByRole("radio")).toHaveCount(2);
  await expect(leipzig).toBeChecked();
  const total = page.getByTestId("checkout-total");
  const inGermany = await total.textContent();

  // picking the other address re-prices the checkout for it at once (no VAT, US shipping)
  await portland.check();
  await expect(total).not.toHaveText(inGermany ?? "");
  await page.reload();
  await expect(page.getByRole("radiogroup", { name: "Ship to" }).getByRole("radio", { name: /1200 SW Main Street/ })).toBeChecked();
});
