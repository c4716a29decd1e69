import { expect, type APIRequestContext, type Page } from "@playwright/test";

/**
 * Shoppers of one test: every test that changes a shopper's account (roles, cart, wishes, requests,
 * profile...) signs up its own instead of changing the shared demo accounts, so tests stay
 * independent of each other and of the order they run in.
 */
export const SHOPPER_PASSWORD = "velvet-otter-lantern";

export interface Shopper {
  email: string;
  password: string;
  displayName: string;
}

export const freshEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

function newShopper(tag: string, displayName: string): Shopper {
  return { email: freshEmail(tag), password: SHOPPER_PASSWORD, displayName };
}

/**
 * A new shopper made by posting the real /signup form over HTTP; `request` is signed in as it
 * afterwards (pass `page.request` to sign in the page's browser context, or a context of its own).
 */
export async function signUpRequest(request: APIRequestContext, tag: string, displayName = "Sam Shopper"): Promise<Shopper> {
  const shopper = newShopper(tag, displayName);
  const res = await request.post("/signup", {
    form: { displayName, email: shopper.email, password: shopper.password, next: "/account" },
    maxRedirects: 0,
  });
  expect(res.status(), `sign-up of ${shopper.email}`).toBe(302);
  return shopper;
}

/** A new shopper signed up through the /signup page in the browser (works without JavaScript), landing on `next`. */
export async function signUpInBrowser(page: Page, tag: string, next = "/account", displayName = "Sam Shopper"): Promise<Shopper> {
  const shopper = newShopper(tag, displayName);
  await page.goto(next === "/account" ? "/signup" : `/signup?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Your name").fill(displayName);
  await page.getByLabel("E-mail").fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  return shopper;
}

/** Sign a shopper of this test in through the real /login form in the browser. */
export async function signInShopper(page: Page, shopper: Shopper, next = "/account") {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel("E-mail").fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
}
