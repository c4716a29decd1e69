import { expect, test, type Page } from "@playwright/test";

const PASSWORD = "velvet-otter-lantern";
const freshEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
const userData = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("userData") ?? "{}"));

async function signUp(page: Page, tag: string) {
  const email = freshEmail(tag);
  await page.goto("/signup");
  await page.getByLabel("Your name").fill("Alex Account");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  return email;
}

test("edit the profile: saved on the server and mirrored into userData", async ({ page }) => {
  await signUp(page, "profile");
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByLabel("Phone", { exact: true }).fill("not a phone");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Enter a phone number with digits only, like +1 555 0100.")).toBeVisible();

  await profile.getByLabel("Display name").fill("Alex the Collector");
  await profile.getByLabel("First name").fill("Alex");
  await profile.getByLabel("Last name").fill("Morgan");
  await profile.getByLabel("Phone", { exact: true }).fill("+1 555 0100");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByRole("status")).toHaveText("Your profile has been saved.");
  await expect.poll(async () => (await userData(page)).userInfo?.lastName).toBe("Morgan");
  expect((await userData(page)).userInfo).toMatchObject({
    displayName: "Alex the Collector",
    firstName: "Alex",
    phone: "+1 555 0100",
    inVault: true,
    anon: false,
  });

  await page.reload();
  await expect(page.getByRole("region", { name: "Profile" }).getByLabel("Last name")).toHaveValue("Morgan");
});

test("add two addresses and choose the one to ship to", async ({ page }) => {
  await signUp(page, "addresses");
  const section = page.getByRole("region", { name: "Shipping addresses" });
  await expect(section.getByText("You have no saved addresses yet.")).toBeVisible();

  const add = async (label: string, line1: string, city: string, postal: string, country: string, region = "") => {
    await section.getByRole("link", { name: "Add an address" }).click();
    await section.getByLabel("Full name").fill("Alex Morgan");
    await section.getByLabel("Label (optional)").fill(label);
    await section.getByLabel("Street address").fill(line1);
    await section.getByLabel("City").fill(city);
    await section.getByLabel("Country").selectOption(country);
    if (region) await section.getByLabel("State, province or region").selectOption(region);
    await section.getByLabel("Postal code").fill(postal);
    await section.getByRole("button", { name: "Add address" }).click();
    await expect(section.getByRole("status")).toHaveText("The address has been added.");
  };

  // A missing field is refused next to it.
  await section.getByRole("link", { name: "Add an address" }).click();
  await section.getByLabel("Full name").fill("Alex Morgan");
  await section.getByRole("button", { name: "Add address" }).click();
  await expect(section.getByText("Enter the street address.")).toBeVisible();
  await section.getByRole("link", { name: "Cancel" }).click();

  await add("Home", "12 Orchard Lane", "Portland", "97201", "US", "OR");
  await add("Studio", "5 Canal Street", "Amsterdam", "1012 AB", "NL");
  const cards = section.getByTestId("address-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: "Home" })).toContainText("Selected");

  await section.getByRole("button", { name: "Use Studio for my next order" }).click();
  await expect(section.getByRole("status")).toHaveText("This address will be used for your next order.");
  await expect(cards.filter({ hasText: "Studio" })).toContainText("Selected");
  await expect(cards.filter({ hasText: "Home" })).not.toContainText("Selected");

  await expect.poll(async () => (await userData(page)).selectedShippingInfo?.label).toBe("Studio");
  const data = await userData(page);
  expect(data.shippingInfo).toHaveLength(2);
  expect(data.selectedShippingInfo).toMatchObject({ line1: "5 Canal Street", country: "NL", isSelected: true });

  // Edit one.
  await section.getByRole("link", { name: "Edit Home" }).click();
  await section.getByLabel("Apartment, suite, etc. (optional)").fill("Apt 3");
  await section.getByRole("button", { name: "Save address" }).click();
  await expect(section.getByRole("status")).toHaveText("The address has been saved.");
  await expect(cards.filter({ hasText: "Home" })).toContainText("Apt 3");
});

// The recent-login window itself (it closes, "confirm it's you" reopens it) is tested with a manual
// clock in server/modules/identity/accounts.test.ts, without waiting for it to pass.
test("changing the password right after signing in: no prompt, the new password works", async ({ page, playwright, baseURL }) => {
  const email = await signUp(page, "password");
  const security = page.getByRole("region", { name: "Security" });
  await expect(security).toContainText("Changing your e-mail or password needs a sign-in within the last 5 minutes.");
  await security.getByLabel("New password", { exact: true }).fill("brand-new-harbour-light");
  await security.getByRole("button", { name: "Change password" }).click();
  await expect(security.getByText("Your password has been changed. Other devices have been signed out.")).toBeVisible();
  await expect(security.getByTestId("reauth-prompt")).toHaveCount(0);

  // The new password works, the old one does not.
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post("/login", { form: { email, password: PASSWORD, next: "/account" }, maxRedirects: 0 })).status()).toBe(401);
  expect(
    (await api.post("/login", { form: { email, password: "brand-new-harbour-light", next: "/account" }, maxRedirects: 0 })).status(),
  ).toBe(302);
  await api.dispose();
});
