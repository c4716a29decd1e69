import { expect, test, type APIRequestContext } from "@playwright/test";
import { demoShopperContext, photoPng, reportableOrders } from "./support/cases.ts";
import { signInAll, WHO, type Who } from "./support/roles.ts";

/**
 * Cases (issue 23 §3): every new page and action × a visitor, a shopper who does not own the order,
 * the order's own shopper (the demo shopper), the selling store's partner (the demo partner, who
 * owns no print shop, also stands for another print shop's owner: a 404, never a hint), the print
 * shop's owner (@print-works, where the demo orders are made) and an admin. The owner opens one
 * case through the real form; every refusal afterwards writes nothing (the thread keeps its length).
 */
type Want = 200 | 302 | 400 | 403 | 404 | 405 | 409 | 413 | 422 | "login";
type Party = Who | "owner";
const PARTIES: Party[] = [...WHO, "owner"];

const contexts = new Map<Party, APIRequestContext>();
let orderId = "";
let lineId = "";
let caseId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL, "cases")) contexts.set(who, ctx);
  contexts.set("owner", await demoShopperContext(baseURL));
  // The oldest reportable order (the browser journey takes the newest ones).
  const orders = await reportableOrders(contexts.get("owner")!);
  expect(orders.length, "a delivered order of the demo shopper").toBeGreaterThan(0);
  const o = orders[orders.length - 1]!;
  orderId = o.orderId;
  lineId = o.lineIds[0]!;
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

function check(status: number, location: string | undefined, want: Want, path: string) {
  if (want === "login") {
    expect(status, path).toBe(302);
    expect(location, path).toBe(`/login?next=${encodeURIComponent(path)}`);
  } else expect(status, path).toBe(want);
}

/** The order's shopper and admins see its pages; everyone else the 404 page. */
const shopperSide = (owner: Want = 200, admin: Want = 200): Record<Party, Want> => ({
  anonymous: 404,
  shopper: 404,
  partner: 404,
  fulfiller: 404,
  admin,
  owner,
});
const adminOnly = (admin: Want = 200): Record<Party, Want> => ({
  anonymous: "login",
  shopper: 403,
  partner: 403,
  fulfiller: 403,
  admin,
  owner: 403,
});
const printShop = (allowed: Want = 200): Record<Party, Want> => ({
  anonymous: "login",
  shopper: 404,
  partner: 404,
  fulfiller: allowed,
  admin: allowed,
  owner: 404,
});

async function threadLength(): Promise<number> {
  const html = await (await contexts.get("admin")!.get(`/admin/cases/${caseId}`)).text();
  return (html.match(/data-testid="case-message"/g) ?? []).length;
}

test("the order's shopper opens a case through the form; nobody else can", async () => {
  const path = `/shop/orders/${orderId}/problem`;
  const photo = await photoPng();
  const multipart = (description: string) => ({
    line: lineId,
    [`qty.${lineId}`]: "1",
    kind: "damaged",
    description,
    photos: { name: "tear.png", mimeType: "image/png", buffer: photo },
  });
  for (const who of PARTIES.filter((p) => p !== "owner")) {
    const res = await contexts.get(who)!.post(path, { multipart: multipart("A long tear along the left sleeve."), maxRedirects: 0 });
    await test.step(`${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], shopperSide(302, 403)[who], path));
  }
  const admin = await (await contexts.get("admin")!.get("/admin/cases?status=all")).text();
  expect(admin).not.toContain(orderId);
  const res = await contexts.get("owner")!.post(path, { multipart: multipart("A long tear along the left sleeve."), maxRedirects: 0 });
  expect(res.status()).toBe(302);
  caseId = /\/cases\/(cas_[0-9a-z]{26})/.exec(res.headers()["location"] ?? "")?.[1] ?? "";
  expect(caseId, res.headers()["location"]).toBeTruthy();
});

test("GET every page and the photos", async () => {
  const gets: { path: string; want: Record<Party, Want> }[] = [
    { path: `/shop/orders/${orderId}/problem`, want: shopperSide() },
    { path: `/shop/orders/${orderId}/cases/${caseId}`, want: shopperSide() },
    { path: `/shop/orders/${orderId}/cases/cas_00000000000000000000000000`, want: shopperSide(404, 404) },
    { path: `/shop/orders/ord_000000000000/problem`, want: shopperSide(404, 404) },
    { path: `/cases/${caseId}/photos/1`, want: { ...shopperSide(), fulfiller: 200 } },
    { path: `/cases/${caseId}/photos/2`, want: shopperSide(404, 404) },
    { path: `/cases/${caseId}/photos/x`, want: shopperSide(404, 404) },
    { path: "/admin/cases", want: adminOnly() },
    { path: "/admin/cases?status=bogus&kind=%3Cscript%3E&shop=x&page=-4", want: adminOnly() },
    { path: `/admin/cases/${caseId}`, want: adminOnly() },
    { path: "/admin/cases/cas_00000000000000000000000000", want: adminOnly(404) },
    { path: "/fulfillment/@print-works/administration/cases", want: printShop() },
    { path: `/fulfillment/@print-works/administration/cases/${caseId}`, want: printShop() },
    { path: "/fulfillment/@print-works/administration/cases/cas_00000000000000000000000000", want: printShop(404) },
  ];
  for (const route of gets)
    await test.step(route.path, async () => {
      for (const who of PARTIES) {
        const res = await contexts.get(who)!.get(route.path, { maxRedirects: 0 });
        await test.step(`${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], route.want[who], route.path));
      }
    });
  const photo = await contexts.get("owner")!.get(`/cases/${caseId}/photos/1`);
  expect(photo.headers()["content-type"]).toBe("image/webp");
  expect(photo.headers()["cache-control"]).toBe("private, no-store");
});

test("POST every action: refusals are exact and write nothing", async () => {
  const before = await threadLength();
  const shopCase = `/shop/orders/${orderId}/cases/${caseId}`;
  const adminCase = `/admin/cases/${caseId}`;
  const shopAdmin = `/fulfillment/@print-works/administration/cases/${caseId}`;
  const posts: { path: string; form: Record<string, string>; want: Record<Party, Want> }[] = [
    // a second open case on the same line is refused, naming the first
    {
      path: `/shop/orders/${orderId}/problem`,
      form: { line: lineId, kind: "misprint", description: "The print is blurred as well." },
      want: shopperSide(409, 403),
    },
    { path: `/shop/orders/${orderId}/problem`, form: { kind: "damaged", description: "x" }, want: shopperSide(422, 403) },
    { path: shopCase, form: { intent: "reply", body: "" }, want: shopperSide(422, 422) },
    { path: shopCase, form: { intent: "reply", body: "An admin may not write as the shopper." }, want: shopperSide(403, 403) },
    { path: shopCase, form: { intent: "explode" }, want: shopperSide(400, 400) },
    { path: adminCase, form: { intent: "reply", body: "" }, want: adminOnly(422) },
    { path: adminCase, form: { intent: "ask", who: "nobody", body: "Hello" }, want: adminOnly(422) },
    {
      path: adminCase,
      form: { intent: "resolve", resolution: "rejected", faultCode: "print_shop_misprint", note: "Not ours" },
      want: adminOnly(422),
    },
    {
      path: adminCase,
      form: { intent: "resolve", resolution: "refund", faultCode: "carrier_loss", note: "Refund", amount: "abc" },
      want: adminOnly(422),
    },
    { path: adminCase, form: { intent: "close" }, want: adminOnly(409) },
    { path: adminCase, form: { intent: "explode" }, want: adminOnly(400) },
    { path: "/admin/cases/cas_00000000000000000000000000", form: { intent: "close" }, want: adminOnly(404) },
    { path: shopAdmin, form: { intent: "reply", body: "" }, want: printShop(422) },
    { path: shopAdmin, form: { intent: "explode" }, want: printShop(400) },
    { path: "/fulfillment/@print-works/administration/cases", form: { intent: "reply", body: "x" }, want: printShop(405) },
  ];
  for (const route of posts)
    await test.step(`${route.path} ${JSON.stringify(route.form)}`, async () => {
      for (const who of PARTIES) {
        if (route.path === shopCase && route.form.body && who === "owner") continue; // the owner's message would be written
        const res = await contexts.get(who)!.post(route.path, { form: route.form, maxRedirects: 0 });
        await test.step(`${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], route.want[who], route.path));
      }
    });
  expect(await threadLength()).toBe(before);
  const page = await (await contexts.get("admin")!.get(adminCase)).text();
  expect(page).toContain('data-status="open"');
});

test("fake and oversized photos are refused next to the field, with nothing written", async () => {
  const owner = contexts.get("owner")!;
  // A free line of the demo shopper's oldest reportable order (the journey takes the newest); a refusal writes nothing.
  const target = (await reportableOrders(owner)).at(-1);
  expect(target, "a reportable line").toBeTruthy();
  const path = `/shop/orders/${target!.orderId}/problem`;
  const free = target!.lineIds[0];
  const base = { line: free!, [`qty.${free!}`]: "1", kind: "damaged", description: "A hole in the front of the shirt." };
  const fake = await owner.post(path, {
    multipart: { ...base, photos: { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not an image, only some text") } },
    maxRedirects: 0,
  });
  expect(fake.status()).toBeGreaterThanOrEqual(400);
  expect(fake.status()).toBeLessThan(500);
  expect(await fake.text()).toContain("error-photos");
  const big = await owner.post(path, {
    multipart: {
      ...base,
      photos: { name: "huge.png", mimeType: "image/png", buffer: Buffer.concat([await photoPng(), Buffer.alloc(9 * 1024 * 1024)]) },
    },
    maxRedirects: 0,
  });
  expect(big.status()).toBe(413);
  expect(await big.text()).toContain("larger than 8 MB");
  const still = await reportableOrders(owner);
  expect(still.find((o) => o.orderId === target!.orderId)?.lineIds).toContain(free);
});
