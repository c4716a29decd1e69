import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, signInAs, signInRequest, signInThroughForm } from "./support/accounts.ts";
import { signInShopper, signUpRequest } from "./support/shoppers.ts";
import { waitForHydration } from "./support/a11y.ts";

const PASSWORD = "velvet-otter-lantern";
const freshEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/** A new account made through the /signup form over HTTP (its own cookies, not the page's). */
async function createAccount(request: APIRequestContext, tag: string) {
  const email = freshEmail(tag);
  const res = await request.post("/signup", {
    form: { displayName: "Lock Tester", email, password: PASSWORD, next: "/account" },
    maxRedirects: 0,
  });
  expect(res.status(), "sign-up").toBe(302);
  return email;
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const userData = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("userData") ?? "{}"));

test("a visitor signs up and lands on their account", async ({ page, browser, baseURL }) => {
  const email = freshEmail("signup");
  await page.goto("/signup");
  await expect(page).toHaveTitle("Create your account · Platen");
  // The password rule answers next to the field.
  await page.getByLabel("Your name").fill("Robin Tester");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("This password is too common. Choose one that is harder to guess.")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText("Not verified")).toBeVisible();
  // Signing up again with the same address is refused. Another visitor, in a browser of their
  // own (this page's identity client may still be exchanging its token for a session).
  const other = await browser.newContext({ baseURL });
  const again = await other.newPage();
  await again.goto("/signup");
  await again.getByLabel("Your name").fill("Robin Again");
  await again.getByLabel("E-mail").fill(email.toUpperCase());
  await again.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await again.getByRole("button", { name: "Create account" }).click();
  await expect(again.getByText("An account with this e-mail address already exists.", { exact: false })).toBeVisible();
  await other.close();
});

test("a demo shopper signs in; the browser gets an ID token and posts it to /api/__session", async ({ page }) => {
  let answer = "";
  const posted = page.waitForResponse(async (r) => {
    if (!r.url().endsWith("/api/__session") || r.request().method() !== "POST") return false;
    answer = await r.text();
    return true;
  });
  await signInThroughForm(page, "shopper");
  const res = await posted;
  expect(res.status()).toBe(200);
  const body = JSON.parse(res.request().postData() ?? "{}");
  expect(body.token.split(".")).toHaveLength(3);
  expect(JSON.parse(answer).user.email).toBe(DEMO.shopper);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
});

test("a wrong password shows the message next to the form", async ({ page, request }) => {
  const email = await createAccount(request, "wrong");
  await page.goto("/login");
  const answer = page.waitForResponse((r) => r.url().includes("/login") && r.request().method() === "POST");
  await fillSignIn(page, email, "not-the-password");
  expect((await answer).status()).toBe(401);
  await expect(page.getByRole("alert")).toHaveText("The e-mail or password is incorrect.");
  // An unknown address answers exactly the same.
  await fillSignIn(page, freshEmail("nobody"), "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("The e-mail or password is incorrect.");
});

test("five failures slow down unknown devices, not the owner's known device; a password reset lets the new device in", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // `request` signed up (and so signed in): it is a known device of the account (signed device cookie).
  const email = await createAccount(request, "lockout");
  // A stranger in a browser the account has never signed in from.
  await page.goto("/login");
  for (let i = 0; i < 5; i++) {
    const failed = page.waitForResponse((r) => r.url().includes("/login") && r.request().method() === "POST");
    await fillSignIn(page, email, `wrong-password-${i}`);
    expect((await failed).status()).toBe(401);
    await expect(page.getByRole("alert")).toHaveText("The e-mail or password is incorrect.");
  }
  // Even the right password must wait on an unknown device...
  const answer = page.waitForResponse((r) => r.url().includes("/login") && r.request().method() === "POST");
  await fillSignIn(page, email, PASSWORD);
  expect((await answer).status()).toBe(429);
  await expect(page.getByRole("alert")).toHaveText(
    "Too many attempts. Try again in 1 minute. If this is your account, reset your password to sign in right away.",
  );
  await expect(page).toHaveURL(/\/login/);
  // ...while the owner's known device signs in at once.
  const owner = await request.post("/login", { form: { email, password: PASSWORD, next: "/account" }, maxRedirects: 0 });
  expect(owner.status()).toBe(302);
  expect(owner.headers().location).toBe("/account");

  // The person at the new device resets the password by e-mail: the failures are cleared and
  // this browser becomes a known device.
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  // The sign-in page has an "E-mail" field too: fill the reset form's only once it is shown.
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("we've sent it a link");
  const adminCtx = await browser.newContext({ baseURL });
  const admin = await adminCtx.newPage();
  await signInAs(admin, "admin", "/admin");
  let link: string | undefined;
  await expect
    .poll(async () => {
      const html = await (await admin.request.get(`/admin/brevo?q=${encodeURIComponent(email)}`)).text();
      for (const id of html.match(/eml_[0-9a-z]{26}/g) ?? []) {
        const msg = await (await admin.request.get(`/admin/brevo/messages/${id}`)).text();
        link = /\/login\/reset\?token=[A-Za-z0-9_-]+/.exec(msg)?.[0];
        if (link) return true;
      }
      return false;
    })
    .toBe(true);
  await adminCtx.close();
  await page.goto(link!);
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-passphrase");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login\?notice=reset$/);
  await fillSignIn(page, email, "a-brand-new-passphrase");
  await expect(page).toHaveURL(/\/$/);
});

test("a shopper opening /admin gets the 403 page", async ({ page }) => {
  await signInAs(page, "shopper");
  const res = await page.goto("/admin");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});

test("an anonymous visitor opening /account is sent to sign in", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page).toHaveTitle("Sign in · Platen");
});

test("userData.userInfo follows sign-in and sign-out; theme and cart stay", async ({ page, playwright, baseURL }) => {
  // A shopper of this test, with no theme saved to the account (a saved one would win at sign-in).
  const signup = await playwright.request.newContext({ baseURL });
  const shopper = await signUpRequest(signup, "userdata");
  await signup.dispose();
  // The visitor's cart line names no real product: sign-in merges the cart with the account's (dropping
  // what cannot be sold), and sign-out keeps whatever cart userData holds then.
  await page.goto("/");
  // After hydration: the page's own first effects (theme, userData repair) have run, so this
  // browser's stored choice is what the next page starts from.
  await waitForHydration(page);
  await page.evaluate(() => {
    const data = JSON.parse(localStorage.getItem("userData") ?? "{}");
    localStorage.setItem("userData", JSON.stringify({ ...data, theme: "myDarkTheme", cart: [{ productId: "prd_demo", quantity: 2 }] }));
  });
  await signInShopper(page, shopper);
  await expect.poll(async () => (await userData(page)).userInfo?.anon).toBe(false);
  const signedIn = await userData(page);
  expect(signedIn.userInfo).toMatchObject({ anon: false, inVault: true, email: shopper.email });
  expect(signedIn.userInfo.uid).toMatch(/^usr_[0-9a-z]{26}$/);
  expect(signedIn.isPartner).toBe(false);
  await expect.poll(async () => JSON.stringify((await userData(page)).cart)).not.toContain("prd_demo");
  const cartBeforeSignOut = (await userData(page)).cart;

  await page.goto("/logout");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await userData(page)).userInfo?.anon).toBe(true);
  const signedOut = await userData(page);
  expect(signedOut.userInfo).toMatchObject({ anon: true, inVault: false, uid: "", email: "" });
  expect(signedOut.theme).toBe("myDarkTheme");
  expect(signedOut.cart).toEqual(cartBeforeSignOut);
  // GET /logout when signed out goes home.
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/$/);
});

test("POST /api/__session with a garbage token answers 401 and clears the cookie", async ({ request }) => {
  const res = await request.post("/api/__session", { data: { token: "garbage.not.a-token" } });
  expect(res.status()).toBe(401);
  const body = await res.json();
  expect(body.error.code).toBe("invalid-credential");
  expect(typeof body.error.message).toBe("string");
  expect(res.headers()["set-cookie"]).toMatch(/platen_session=;.*Max-Age=0/i);
});

test("the identity service: refresh cookie → ID token → session; JWKS and discovery", async ({ request, playwright, baseURL }) => {
  await signInRequest(request, DEMO.fulfiller, DEMO_PASSWORD);
  const token = await request.post("/identity/token");
  expect(token.status()).toBe(200);
  const { idToken, expiresAt } = await token.json();
  expect(expiresAt - Date.now()).toBeGreaterThan(55 * 60 * 1000);
  const claims = JSON.parse(Buffer.from(idToken.split(".")[1], "base64url").toString());
  expect(claims).toMatchObject({ email: DEMO.fulfiller, email_verified: true, aud: "platen" });
  expect(claims.iss).toMatch(/\/identity$/);

  // A new browser with only the token gets a session.
  const other = await playwright.request.newContext({ baseURL });
  const session = await other.post("/api/__session", { data: { token: idToken } });
  expect(session.status()).toBe(200);
  expect((await session.json()).user.email).toBe(DEMO.fulfiller);
  expect((await other.get("/account", { maxRedirects: 0 })).status()).toBe(200);
  // {"token": null} signs out.
  expect((await other.post("/api/__session", { data: { token: null } })).status()).toBe(200);
  expect((await other.get("/account", { maxRedirects: 0 })).status()).toBe(302);
  await other.dispose();

  const jwks = await (await request.get("/identity/.well-known/jwks.json")).json();
  expect(jwks.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
  expect(jwks.keys[0].d).toBeUndefined();
  const discovery = await (await request.get("/identity/.well-known/openid-configuration")).json();
  expect(discovery.issuer).toBe(claims.iss);
  expect(discovery.id_token_signing_alg_values_supported).toEqual(["ES256"]);
});
