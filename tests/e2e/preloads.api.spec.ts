import { expect, test } from "@playwright/test";

// The page's module preloads are fetched at low priority (ADR 0026): on a slow network a page's
// pictures come before its JavaScript. React Router writes the links; the document's renderer adds
// the priority, so a change in how they are written must fail here, not go unnoticed.
for (const path of ["/", "/shop/products/t-shirts", "/search?q=cat", "/login"]) {
  test(`every module preload of ${path} is at low priority`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const preloads = html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(3);
    expect(preloads.filter((link) => !link.includes('fetchpriority="low"'))).toEqual([]);
    // The entry module is still imported at once by the inline module script.
    expect(html).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
  });
}
