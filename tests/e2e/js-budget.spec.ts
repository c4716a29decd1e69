import { expect, test } from "@playwright/test";
// @ts-expect-error -- a plain ESM script shared with `npm run bench` (no type declarations)
import { measureJs } from "../../scripts/js-budget.mjs";
import { waitForHydration } from "./support/a11y.ts";

/**
 * The JavaScript budget (js-budget.api.spec.ts) is computed from the build's manifest. This checks
 * that computation against a browser: every script Chromium fetches to show and hydrate a storefront
 * page is one the measure counts for that page. A file loaded on first paint but missing from the
 * measure would let the budget pass while shoppers download more.
 */
type PageJs = { page: string; files: { file: string }[] };

const measured = (page: string): Set<string> => {
  const pages = measureJs(process.env.PLATEN_BUILD_DIR ?? "build") as PageJs[];
  const entry = pages.find((p) => p.page === page);
  if (!entry) throw new Error(`${page} is not one of the measured storefront pages`);
  return new Set(entry.files.map((f) => f.file));
};

for (const page of ["/", "/shop/products/:category", "/shop/product/:id"] as const) {
  test(`the scripts a browser loads for ${page} are all counted by the JavaScript measure`, async ({ page: tab, request }) => {
    let open = page.replace(":category", "t-shirts");
    if (page === "/shop/product/:id") {
      const category = await (await request.get("/shop/products/t-shirts")).text();
      open = /href="(\/shop\/product\/[^"]+)"/.exec(category)?.[1] ?? "";
      expect(open).not.toBe("");
    }
    const loaded = new Set<string>();
    tab.on("request", (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === "script" && url.pathname.startsWith("/assets/")) loaded.add(url.pathname);
    });
    await tab.goto(open);
    await waitForHydration(tab);
    await tab.waitForLoadState("networkidle");
    expect(loaded.size).toBeGreaterThan(5);
    const counted = measured(page);
    expect([...loaded].filter((file) => !counted.has(file))).toEqual([]);
  });
}
