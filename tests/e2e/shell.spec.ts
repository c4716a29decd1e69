import { expect, test, type Page } from "@playwright/test";

const SPEC_FIELDS = [
  "cart",
  "isFulfiller",
  "isPartner",
  "isStripeConnected",
  "orders",
  "selectedShippingInfo",
  "shippingInfo",
  "theme",
  "userInfo",
  "wishes",
];
const USER_INFO_FIELDS = ["anon", "displayName", "email", "firstName", "inVault", "lastName", "phone", "uid"];

async function userData(page: Page) {
  return page.evaluate(() => {
    try {
      return JSON.parse(window.localStorage.getItem("userData") ?? "null");
    } catch {
      return null; // not repaired yet
    }
  });
}

test.describe("app shell", () => {
  test("pages are English, server-rendered with MUI styles in the head", async ({ page, request }) => {
    const res = await request.get("/");
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('data-emotion="mui');
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("an unknown path is a 404 that names the path", async ({ page }) => {
    const res = await page.goto("/no/such/page?x=1");
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId("error-title")).toHaveText("Page Not Found");
    await expect(page.getByTestId("error-message")).toHaveText("Page not found: /no/such/page");
  });

  test("localStorage.userData holds exactly the spec's fields with anon true by default", async ({ page }) => {
    await page.goto("/");
    await expect.poll(() => userData(page)).not.toBeNull();
    const data = await userData(page);
    expect(Object.keys(data).sort()).toEqual(SPEC_FIELDS);
    expect(Object.keys(data.userInfo).sort()).toEqual(USER_INFO_FIELDS);
    expect(data.userInfo.anon).toBe(true);
    expect(data.userInfo.inVault).toBe(false);
    expect(data.theme).toBe("myPurpleTheme");
    expect(data.cart).toEqual([]);
    expect(data.isPartner).toBe(false);
  });

  test("corrupt or old userData is repaired, never a crash", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.localStorage.setItem("userData", "{not json"));
    await page.reload();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect.poll(async () => (await userData(page))?.userInfo?.anon).toBe(true);

    await page.evaluate(() =>
      window.localStorage.setItem(
        "userData",
        JSON.stringify({
          theme: "noSuchTheme",
          cart: "oops",
          wishes: [{ productId: "p1" }],
          userInfo: { anon: "yes", email: 5 },
          legacyField: 1,
        }),
      ),
    );
    await page.reload();
    await expect.poll(async () => (await userData(page))?.theme).toBe("myPurpleTheme");
    const data = await userData(page);
    expect(data.cart).toEqual([]);
    expect(data.wishes).toEqual([{ productId: "p1" }]);
    expect(data.userInfo.anon).toBe(true);
    expect(data.userInfo.email).toBe("");
    expect(data).not.toHaveProperty("legacyField");
  });

  test("the theme switch persists in userData and survives a reload without a flash", async ({ page }) => {
    await page.goto("/");
    const bodyBg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await bodyBg();
    await page.getByTestId("theme-switcher").click();
    await page.locator('[data-theme-name="myDarkTheme"]').click();
    await expect.poll(async () => (await userData(page))?.theme).toBe("myDarkTheme");
    const dark = await bodyBg();
    expect(dark).not.toBe(light);

    // The server renders the chosen theme: check the HTML before any script runs.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "platen_theme")?.value).toBe("myDarkTheme");
    await page.route("**/*.js", (route) => route.abort());
    await page.reload();
    expect(await bodyBg()).toBe(dark);
    await page.unroute("**/*.js");
    await page.reload();
    expect(await bodyBg()).toBe(dark);
    expect((await userData(page)).theme).toBe("myDarkTheme");

    await page.getByTestId("theme-switcher").click();
    await page.locator('[data-theme-name="myNeutralTheme"]').click();
    await expect.poll(async () => (await userData(page))?.theme).toBe("myNeutralTheme");
  });

  test("a new build is announced with an offer to reload", async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __PLATEN_BUILD_CHECK_MS: number }).__PLATEN_BUILD_CHECK_MS = 300;
    });
    await page.route("**/latest-build.json", (route) => route.fulfill({ json: { buildId: "a-newer-build" } }));
    await page.goto("/");
    await expect(page.getByText("A new version of Platen is available")).toBeVisible();
    await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
  });

  test("the same build is not announced", async ({ page, request }) => {
    const latest = await (await request.get("/latest-build.json")).json();
    expect(typeof latest.buildId).toBe("string");
    await page.addInitScript(() => {
      (window as unknown as { __PLATEN_BUILD_CHECK_MS: number }).__PLATEN_BUILD_CHECK_MS = 200;
    });
    await page.goto("/");
    // Two checks have finished, so the first one's answer has been rendered.
    await expect(page.locator("html[data-build-checks]")).toHaveAttribute("data-build-checks", /^([2-9]|\d{2,})$/);
    await expect(page.getByText("A new version of Platen is available")).toHaveCount(0);
  });

  test("below the sm breakpoint (640px) navigation moves into a drawer", async ({ page }) => {
    await page.setViewportSize({ width: 639, height: 900 });
    await page.goto("/");
    await expect(page.getByTestId("mobile-nav-button")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByTestId("mobile-nav-button").click();
    await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Careers" })).toBeVisible();

    await page.setViewportSize({ width: 640, height: 900 });
    await page.goto("/");
    await expect(page.getByTestId("mobile-nav-button")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  test("text fields are outlined by default", async ({ page }) => {
    await page.goto("/contact");
    const fields = page.locator(".MuiTextField-root");
    await expect(fields.first()).toBeVisible();
    const count = await fields.count();
    for (let i = 0; i < count; i++) await expect(fields.nth(i).locator(".MuiOutlinedInput-root")).toHaveCount(1);
  });
});

test.describe("operations endpoints", () => {
  test("healthz and readyz", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect((await ready.json()).status).toBe("ready");
    expect(health.headers()["x-request-id"]).toBeTruthy();
  });

  test("security headers are set on pages", async ({ request }) => {
    // A page rendered for each request (a visitor's storefront page may come from the page cache,
    // warmed after any write, whose policy carries its scripts' hashes instead: page-cache.spec.ts).
    const res = await request.get("/login");
    const h = res.headers();
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["x-frame-options"]).toBe("DENY");
  });

  test("a cross-site form post is refused before any action runs", async ({ request }) => {
    const res = await request.post("/contact", {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      form: { name: "x", email: "x@example.com", topic: "other", message: "this should never be stored anywhere" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    expect(await res.text()).toContain("Cross-site request refused");
  });
});
