import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAll, WHO, type Who } from "./support/roles.ts";

/**
 * The operator's order pages (issue 8): every route and action for every role. Anonymous → sign
 * in (/login?next=…); shopper, partner and fulfiller → 403, before any id or status is looked at;
 * admin → the page. The CSV export is a real CSV download; an unknown status or order is a 404.
 */

const contexts = new Map<Who, APIRequestContext>();
let orderPath = "";

/** The admin order page of an order from the list (the demo data has a few hundred past orders). */
async function firstOrderPath(admin: APIRequestContext): Promise<string> {
  const html = await (await admin.get("/admin/orders/status")).text();
  const hit = /href="(\/admin\/orders\/(?!status|export)[^"/?#]+)"/.exec(html)?.[1];
  expect(hit, "an order is linked from /admin/orders/status (demo orders)").toBeTruthy();
  return hit!;
}

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL)) contexts.set(who, ctx);
  orderPath = await firstOrderPath(contexts.get("admin")!);
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

function check(status: number, location: string | undefined, who: Who, path: string, adminStatus = 200) {
  if (who === "anonymous") {
    expect(status, `${who} ${path}`).toBe(302);
    expect(location, path).toBe(`/login?next=${encodeURIComponent(path)}`);
  } else if (who === "admin") expect(status, `${who} ${path}`).toBe(adminStatus);
  else expect(status, `${who} ${path}`).toBe(403);
}

const PAGES = [
  "/admin/orders/status-overview",
  "/admin/orders/status",
  "/admin/orders/status/paid",
  "/admin/orders/status/on_hold",
  "/admin/orders/status?store=inkwell&sort=total&dir=asc&page=2",
  "/admin/orders/export",
  "/admin/orders/export?status=delivered",
];

for (const path of PAGES) {
  test(`GET ${path}`, async () => {
    for (const who of WHO) {
      const res = await contexts.get(who)!.get(path, { maxRedirects: 0 });
      await test.step(`${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], who, path));
    }
  });
}

test("GET the admin order page", async () => {
  for (const who of WHO) {
    const res = await contexts.get(who)!.get(orderPath, { maxRedirects: 0 });
    await test.step(`${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], who, orderPath));
  }
});

test("POST the admin order page's actions (guarded, nothing changes)", async () => {
  for (const intent of ["cancel", "refund", "hold", "release"]) {
    for (const who of WHO) {
      if (who === "admin") continue;
      const res = await contexts.get(who)!.post(orderPath, { form: { intent, reason: "probe", amount: "1.00" }, maxRedirects: 0 });
      await test.step(`${intent} as ${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], who, orderPath));
    }
  }
  // the order did not change: no notice, no new refund
  const html = await (await contexts.get("admin")!.get(orderPath)).text();
  expect(html).not.toContain("The refund went through");
});

test("an admin's refused actions are 4xx messages, never a 500", async () => {
  const admin = contexts.get("admin")!;
  const unknown = await admin.post(orderPath, { form: { intent: "probe" }, maxRedirects: 0 });
  expect(unknown.status()).toBe(400);
  const noReason = await admin.post(orderPath, { form: { intent: "refund", amount: "1.00", reason: "" }, maxRedirects: 0 });
  expect(noReason.status()).toBe(400);
  const tooMuch = await admin.post(orderPath, { form: { intent: "refund", amount: "99999999.00", reason: "probe" }, maxRedirects: 0 });
  expect(tooMuch.status()).toBe(400);
  const holdNoReason = await admin.post(orderPath, { form: { intent: "hold", reason: "" }, maxRedirects: 0 });
  expect(holdNoReason.status()).toBe(400);
});

test("an unknown status or order is a 404 for the admin, guarded the same for everyone else", async () => {
  for (const path of ["/admin/orders/status/lost", "/admin/orders/status/PAID", "/admin/orders/ord_00000000000000000000000000"]) {
    for (const who of WHO) {
      const res = await contexts.get(who)!.get(path, { maxRedirects: 0 });
      await test.step(`${path} as ${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], who, path, 404));
    }
  }
  const post = await contexts.get("admin")!.post("/admin/orders/ord_00000000000000000000000000", {
    form: { intent: "refund", amount: "1.00", reason: "probe" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(404);
});

test("the CSV export is a CSV download of the filtered orders", async () => {
  const res = await contexts.get("admin")!.get("/admin/orders/export?status=delivered", { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^text\/csv/);
  expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="platen-orders-delivered-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(res.headers()["cache-control"]).toContain("no-store");
  const lines = (await res.text()).trim().split(/\r?\n/);
  expect(lines.length, "a header row").toBeGreaterThanOrEqual(1);
  expect(lines[0]!.toLowerCase()).toContain("status");
});

test("the status filter of the all-orders form goes to the status's own address", async () => {
  const res = await contexts.get("admin")!.get("/admin/orders/status?status=shipped&store=inkwell", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toBe("/admin/orders/status/shipped?store=inkwell");
});
