import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";
import { audit, test } from "./support/a11y.ts";

// The operator's order pages (issue 8) pass axe (nothing serious or critical) at 1280 px and
// 360 px, as the admin; kept apart from a11y.spec.ts so each issue's pages are listed in one place.
test.describe.configure({ mode: "parallel" });

/** "order" stands for the admin page of the first order in the list. */
const PAGES = [
  "/admin",
  "/admin/orders/status-overview",
  "/admin/orders/status",
  "/admin/orders/status/delivered",
  "/admin/orders/status?sort=total&dir=asc",
  "order",
  "/admin/brevo/order-success",
  "/admin/brevo/order-shipment-created",
  "/admin/brevo/order-shipment-delivered",
];

async function resolve(path: string, request: APIRequestContext): Promise<string> {
  if (path !== "order") return path;
  const html = await (await request.get("/admin/orders/status")).text();
  const href = /href="(\/admin\/orders\/(?!status|export)[^"/?#]+)"/.exec(html)?.[1];
  expect(href, "an order is linked from /admin/orders/status").toBeTruthy();
  return href!;
}

// Each page is loaded once and audited at both widths (resized in place), in a page the worker keeps.
test.describe("accessibility of the admin order pages at 1280px and 360px", () => {
  test.use({ signedInAs: "admin" });
  for (const path of PAGES) {
    test(path, async ({ sharedPage }) => {
      await audit(sharedPage, await resolve(path, sharedPage.request), [1280, 360]);
    });
  }
});
