import { expect, test, type APIRequestContext } from "@playwright/test";
import { waitForHydration } from "./support/a11y.ts";
import { signInRequest, DEMO } from "./support/accounts.ts";

/**
 * The anonymous page cache (server/http/page-cache.ts, ADR 0013) on the production server: a
 * visitor's second request of a storefront page is answered from stored bytes, whose CSP allows
 * exactly the page's inline scripts by hash, and the page still hydrates with no CSP violation.
 * Signed-in users never get a stored page.
 */
const PAGE = "/shop/products/t-shirts";

async function cachedHit(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  let last: Awaited<ReturnType<APIRequestContext["get"]>> | null = null;
  await expect
    .poll(
      async () => {
        last = await request.get(path, { headers });
        return last.headers()["x-platen-cache"];
      },
      { timeout: 15_000, intervals: [50, 100, 200] },
    )
    .toBe("hit");
  return last!;
}

test("a visitor's page is served from the cache with hash-based CSP, gzip, ETag and 304", async ({ playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  const hit = await cachedHit(visitor, PAGE, { "Accept-Encoding": "gzip, br" });
  const csp = hit.headers()["content-security-policy"]!;
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
  expect(csp).not.toContain("nonce-");
  expect(hit.headers()["vary"]).toBe("Accept-Encoding");
  expect(hit.headers()["content-encoding"]).toBe("br");
  const html = await hit.text();
  expect(html).toContain("<h1");
  const etag = hit.headers()["etag"]!;
  const again = await visitor.get(PAGE, { headers: { "If-None-Match": etag } });
  // The same stored page answers 304; a page stored again meanwhile (another test's write purged the
  // cache and it was warmed or rendered anew) has another ETag, and its bytes come whole.
  if (again.headers()["x-platen-cache"] === "hit") expect(again.status()).toBe(again.headers()["etag"] === etag ? 304 : 200);
  await visitor.dispose();
});

test("signed-in users never get a stored page", async ({ playwright, baseURL }) => {
  const shopper = await playwright.request.newContext({ baseURL });
  await signInRequest(shopper, DEMO.shopper);
  for (const encoding of ["gzip, deflate, br", "gzip", "identity"]) {
    const res = await shopper.get(PAGE, { headers: { "Accept-Encoding": encoding } });
    expect(res.status()).toBe(200);
    expect(res.headers()["x-platen-cache"]).toBeUndefined();
    expect(res.headers()["content-security-policy"]).toContain("nonce-");
    // Rendered for this user and compressed in one call (server/http/html-encoding.ts).
    expect(res.headers()["vary"]).toContain("Accept-Encoding");
    expect(res.headers()["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding.includes("br") ? "br" : "gzip");
    const html = await res.text();
    expect(html).toContain("</html>");
  }
  await shopper.dispose();
});

test("a product page from the cache still counts the visitor: the viewer cookie is set on a hit", async ({
  playwright,
  baseURL,
  request,
}) => {
  const html = await (await request.get("/shop")).text();
  const productPath = /href="(\/shop\/product\/prd_[0-9a-z]+)"/.exec(html)![1]!;
  const warm = await playwright.request.newContext({ baseURL });
  await cachedHit(warm, productPath);
  await warm.dispose();
  const fresh = await playwright.request.newContext({ baseURL });
  const res = await fresh.get(productPath);
  expect(res.headers()["set-cookie"] ?? "").toMatch(/platen_viewer=[A-Za-z0-9_-]+;.*HttpOnly/i);
  await fresh.dispose();
});

test("a page served from the cache hydrates in the browser with no CSP violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to execute/i.test(m.text())) violations.push(m.text());
  });
  // Load until the browser itself is answered from the cache (the first load stores the page). Each
  // try returns once the response has arrived ("commit"), so that the next request reaches the
  // server within the e2e server's 1 s cache lifetime even when a full page load takes longer
  // under CI's load; the navigation that was answered from the cache then finishes below.
  await expect
    .poll(async () => (await page.goto(PAGE, { waitUntil: "commit" }))?.headers()["x-platen-cache"], {
      timeout: 30_000,
      intervals: [50, 100, 200],
    })
    .toBe("hit");
  await page.waitForLoadState("load");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});
