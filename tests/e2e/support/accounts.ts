import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "platen-demo-2026";
export const DEMO = {
  admin: "admin@demo.platen.test",
  partner: "partner@demo.platen.test",
  fulfiller: "fulfiller@demo.platen.test",
  shopper: "shopper@demo.platen.test",
  /** Sam Floor: works @print-works's floor (orders, batches, parcels, shipments, manifests), owns nothing. */
  worker: "floor@demo.platen.test",
  /** Nora Printer: owns @north-press, "another print shop" in the print shops' access matrices. */
  otherShop: "printer@demo.platen.test",
} as const;
/** The roles of the access matrices and journeys (the floor worker and the other print shop's owner are signed in by e-mail). */
export type DemoRole = "admin" | "partner" | "fulfiller" | "shopper";

/**
 * Sign in as a demo account for a journey that is not about signing in, and open `next`: the
 * /login form is posted from the page's own cookie jar (as the form does without JavaScript), so
 * the browser loads one page instead of two (the form, then the page). Journeys about
 * signing in use `signInThroughForm`.
 */
export async function signInAs(page: Page, role: DemoRole, next = "/account") {
  const res = await page.request.post("/login", { form: { email: DEMO[role], password: DEMO_PASSWORD, next }, maxRedirects: 0 });
  expect(res.status(), `sign-in as ${role}`).toBe(302);
  expect(res.headers()["location"], `sign-in as ${role} goes on to ${next}`).toBe(next);
  await page.goto(next);
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
}

/** Sign in through the real /login form in the browser. */
export async function signInThroughForm(page: Page, role: DemoRole, next = "/account") {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel("E-mail").fill(DEMO[role]);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
}

/** Sign in an API request context by posting the /login form (no JavaScript needed). */
export async function signInRequest(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post("/login", { form: { email, password, next: "/account" }, maxRedirects: 0 });
  expect(res.status(), `sign-in of ${email}`).toBe(302);
}
