import { expect, request as pwRequest, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { aPublishedProduct, freshShopperContext, signInAll, WHO, type Who } from "./support/roles.ts";

/** The shopping routes (cart, wishes, product requests, admin wishes) for every role. */
const contexts = new Map<Who, APIRequestContext>();
const JSON_HEADERS = { "Content-Type": "application/json", Accept: "application/json" };
let seeded: { productId: string; variantId: string } = { productId: "", variantId: "" };

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL)) contexts.set(who, ctx);
  // A real product and variant to work with.
  seeded = await aPublishedProduct(contexts.get("anonymous")!);
  expect(seeded.variantId).toMatch(/^var_/);
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

for (const who of WHO) {
  test(`pages as ${who}`, async () => {
    const ctx = contexts.get(who)!;
    for (const path of ["/wishes", "/product-request", "/api/cart", "/api/wishes", "/api/wishes?ids=prd_nope,garbage"]) {
      const res = await ctx.get(path, { maxRedirects: 0 });
      expect(res.status(), `${who} ${path}`).toBe(200);
    }
    const admin = await ctx.get("/admin/wishes", { maxRedirects: 0 });
    if (who === "anonymous") {
      expect(admin.status()).toBe(302);
      expect(admin.headers().location).toMatch(/^\/login\?next=%2Fadmin%2Fwishes/);
    } else expect(admin.status(), `${who} /admin/wishes`).toBe(who === "admin" ? 200 : 403);
    const adminPost = await ctx.post("/admin/wishes", { form: { intent: "close", requestId: "preq_x" }, maxRedirects: 0 });
    expect(adminPost.status(), `${who} POST /admin/wishes`).toBe(who === "anonymous" ? 302 : who === "admin" ? 404 : 403);
  });
}

test("lines the browser sends are priced without being kept", async () => {
  const anon = contexts.get("anonymous")!;
  const res = await anon.get(`/api/cart?v=${seeded.variantId}:3&v=var_doesnotexist:1`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { cart: { lines: { available: boolean; quantity: number }[]; count: number } };
  expect(body.cart.lines.map((l) => [l.available, l.quantity])).toEqual([
    [true, 3],
    [false, 1],
  ]);
  expect(body.cart.count).toBe(3);
  expect((await anon.get("/api/cart?v=drop%20table")).status()).toBe(400);
  expect(res.headers()["cache-control"]).toContain("no-store");

  // nothing was kept: this visitor has no cart
  expect(((await (await anon.get("/api/cart")).json()) as { cart: { lines: unknown[] } }).cart.lines).toEqual([]);
  const wish = await anon.post("/api/wishes", {
    form: { intent: "toggle", productId: seeded.productId, redirectTo: "https://evil.example/x" },
    maxRedirects: 0,
  });
  expect(wish.headers().location).toBe("/?shopping=sign-in");
});

test("a visitor's cart is kept on the server behind a signed httpOnly cookie, made on the first add, and only that browser sees it", async ({
  baseURL,
}) => {
  const visitor = await pwRequest.newContext({ baseURL });
  const other = await pwRequest.newContext({ baseURL });
  // reading creates nothing
  const empty = await visitor.get("/api/cart");
  expect(empty.headers()["set-cookie"]).toBeUndefined();
  expect(((await empty.json()) as { cart: { lines: unknown[] } }).cart.lines).toEqual([]);
  expect((await visitor.get("/cart")).headers()["cache-control"]).toContain("no-store");

  // a plain form post (no JavaScript) adds the line and sets the cookie
  const form = await visitor.post("/api/cart", { form: { intent: "add", ...seeded, quantity: "2", redirectTo: "/shop" }, maxRedirects: 0 });
  expect(form.status()).toBe(302);
  expect(form.headers().location).toBe("/shop?shopping=cart-added");
  const setCookie = form.headers()["set-cookie"] ?? "";
  expect(setCookie).toMatch(/^platen_cart=/);
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).toMatch(/Path=\//);

  // JSON for the script: add, set-quantity, then the cap of 10 per line
  const post = (ctx: APIRequestContext, data: Record<string, unknown>) => ctx.post("/api/cart", { headers: JSON_HEADERS, data });
  let res = await post(visitor, { intent: "add", ...seeded, quantity: 1 });
  expect(((await res.json()) as { cart: { lines: { quantity: number }[] } }).cart.lines[0]!.quantity).toBe(3);
  res = await post(visitor, { intent: "add", ...seeded, quantity: 9 });
  expect(((await res.json()) as { message: string }).message).toMatch(/at most 10/);
  res = await post(visitor, { intent: "set-quantity", variantId: seeded.variantId, quantity: 4 });
  expect(((await res.json()) as { cart: { count: number } }).cart.count).toBe(4);
  expect((await post(visitor, { intent: "set-quantity", variantId: seeded.variantId, quantity: 11 })).status()).toBe(422);
  const page = await (await visitor.get("/cart")).text();
  expect(page).toContain("Your cart");
  expect(page).toContain('data-testid="cart-page-line"');

  // another browser, or a forged cookie, sees nothing and changes nothing
  expect(((await (await other.get("/api/cart")).json()) as { cart: { lines: unknown[] } }).cart.lines).toEqual([]);
  const cookie = setCookie.split(";")[0]!;
  const unsigned = `platen_cart=${Buffer.from(JSON.stringify(`vcart_${"0".repeat(32)}`)).toString("base64")}`;
  const tampered = `${cookie.slice(0, -2)}${cookie.endsWith("AA") ? "BB" : "AA"}`;
  for (const forged of [unsigned, tampered]) {
    const forgedGet = await other.get("/api/cart", { headers: { Cookie: forged } });
    expect(((await forgedGet.json()) as { cart: { lines: unknown[] } }).cart.lines, forged).toEqual([]);
  }
  expect((await post(other, { intent: "set-quantity", variantId: seeded.variantId, quantity: 2 })).status()).toBe(404);

  // remove with a plain form
  const removed = await visitor.post("/api/cart", {
    form: { intent: "remove", variantId: seeded.variantId, redirectTo: "/cart" },
    maxRedirects: 0,
  });
  expect(removed.headers().location).toBe("/cart?shopping=cart-updated");
  expect(((await (await visitor.get("/api/cart")).json()) as { cart: { lines: unknown[] } }).cart.lines).toEqual([]);
  await visitor.dispose();
  await other.dispose();
});

test("cart API: add, cap, validation, set-quantity, remove, merge", async ({ baseURL }) => {
  // A shopper of its own: the cart starts empty and no shared demo account is changed.
  const { ctx } = await freshShopperContext(baseURL, "cart-api");
  const post = (data: unknown) => ctx.post("/api/cart", { headers: JSON_HEADERS, data: data as Record<string, unknown> });
  let res = await post({ intent: "add", ...seeded, quantity: 4 });
  expect(res.status()).toBe(200);
  res = await post({ intent: "add", ...seeded, quantity: 9 });
  const capped = (await res.json()) as { cart: { lines: { quantity: number }[] }; message: string };
  expect(capped.cart.lines[0]!.quantity).toBe(10);
  expect(capped.message).toMatch(/at most 10/);
  for (const bad of [
    { intent: "add", ...seeded, quantity: 0 },
    { intent: "add", ...seeded, quantity: "lots" },
    { intent: "add", productId: seeded.productId, variantId: "var_nope", quantity: 1 },
    { intent: "set-quantity", variantId: seeded.variantId, quantity: 11 },
  ]) {
    const r = await post(bad);
    expect(r.status(), JSON.stringify(bad)).toBe(422);
    expect(Object.keys(((await r.json()) as { errors: Record<string, string> }).errors).length).toBe(1);
  }
  expect((await post({ intent: "explode" })).status()).toBe(400);
  expect((await ctx.post("/api/cart", { headers: JSON_HEADERS, data: "[1,2" })).status()).toBe(400);
  res = await post({ intent: "set-quantity", variantId: seeded.variantId, quantity: 2 });
  expect(((await res.json()) as { cart: { count: number } }).cart.count).toBe(2);
  res = await post({
    intent: "merge",
    lines: [
      { ...seeded, quantity: 3 },
      { productId: "prd_x", variantId: "var_x", quantity: 1 },
    ],
  });
  const merged = (await res.json()) as { cart: { lines: { quantity: number }[] }; message: string };
  expect(merged.cart.lines[0]!.quantity).toBe(5);
  expect(merged.message).toMatch(/no longer available/);
  res = await post({ intent: "remove", variantId: seeded.variantId });
  expect(((await res.json()) as { cart: { lines: unknown[] } }).cart.lines).toEqual([]);
  await ctx.dispose();
});

test("wishes API: toggle, refuse unknown products, merge", async ({ baseURL }) => {
  const { ctx } = await freshShopperContext(baseURL, "wishes-api");
  const post = (data: Record<string, unknown>) => ctx.post("/api/wishes", { headers: JSON_HEADERS, data });
  let res = await post({ intent: "toggle", productId: seeded.productId });
  const first = (await res.json()) as { wished: boolean };
  res = await post({ intent: "toggle", productId: seeded.productId });
  expect(((await res.json()) as { wished: boolean }).wished).toBe(!first.wished);
  expect((await post({ intent: "add", productId: "prd_doesnotexist" })).status()).toBe(404);
  expect((await post({ intent: "add" })).status()).toBe(422);
  res = await post({ intent: "merge", productIds: [seeded.productId, "prd_doesnotexist", 42] });
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { productIds: string[] }).productIds).toContain(seeded.productId);
  // a plain form goes back to the page with a notice
  const form = await ctx.post("/api/wishes", {
    form: { intent: "remove", productId: seeded.productId, redirectTo: "/shop?page=2" },
    maxRedirects: 0,
  });
  expect(form.headers().location).toBe("/shop?page=2&shopping=wish-removed");
  await ctx.dispose();
});

test("product requests: visitors are sent to sign in, shoppers cannot answer, partners answer only with their own products", async () => {
  const anon = contexts.get("anonymous")!;
  const r0 = await anon.post("/product-request", { form: { intent: "create", idea: "x".repeat(30), category: "mugs" }, maxRedirects: 0 });
  expect(r0.status()).toBe(302);
  expect(r0.headers().location).toMatch(/^\/login\?next=/);

  const shopper = contexts.get("shopper")!;
  const bad = await shopper.post("/product-request", { multipart: { intent: "create", idea: "short", category: "mugs" }, maxRedirects: 0 });
  expect(bad.status()).toBe(422);
  const svg = await shopper.post("/product-request", {
    multipart: {
      intent: "create",
      idea: "A poster of a quiet harbour at dawn, pastel colours",
      category: "posters",
      image: { name: "x.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") },
    },
    maxRedirects: 0,
  });
  expect(svg.status()).toBe(415);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();
  const created = await shopper.post("/product-request", {
    multipart: {
      intent: "create",
      idea: "A poster of a quiet harbour at dawn, pastel colours",
      category: "posters",
      budget: "35",
      image: { name: "sketch.png", mimeType: "image/png", buffer: png },
    },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const requestId = /#request-(preq_[0-9a-z]+)/.exec(created.headers().location ?? "")?.[1];
  expect(requestId).toBeTruthy();
  // the reference image is stored re-encoded and served publicly under /media/request-images/
  const image = await anon.get(`/media/request-images/${requestId}.webp`);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");

  // the shopper is no partner: no open-requests list, and answering is refused
  expect(await (await shopper.get("/product-request")).text()).not.toContain("Open requests for partners");
  expect(
    (
      await shopper.post("/product-request", {
        form: { intent: "answer", requestId: requestId!, productId: seeded.productId },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(403);

  // find a product of @inkwell (partner@) and one of @print-works-studio (fulfiller@)
  const inkwell = await (await anon.get("/shop/stores/@inkwell")).text();
  const inkwellProduct = /href="\/shop\/product\/(prd_[0-9a-z]+)"/.exec(inkwell)![1]!;
  const fulfiller = contexts.get("fulfiller")!;
  // another store's owner cannot answer with @inkwell's product
  const stolen = await fulfiller.post("/product-request", {
    form: { intent: "answer", requestId: requestId!, productId: inkwellProduct },
    maxRedirects: 0,
  });
  expect(stolen.status()).toBe(403);
  expect(await stolen.text()).toContain("Answer with one of your own store");
  const partner = contexts.get("partner")!;
  expect(await (await partner.get("/product-request")).text()).toContain("Open requests for partners");
  const ok = await partner.post("/product-request", {
    form: { intent: "answer", requestId: requestId!, productId: inkwellProduct, message: "Try this" },
    maxRedirects: 0,
  });
  expect(ok.status()).toBe(302);
  const again = await partner.post("/product-request", {
    form: { intent: "answer", requestId: requestId!, productId: inkwellProduct },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(409);
  // only the author (or an admin) closes it
  expect((await partner.post("/product-request", { form: { intent: "close", requestId: requestId! }, maxRedirects: 0 })).status()).toBe(
    403,
  );
  expect((await shopper.post("/product-request", { form: { intent: "close", requestId: requestId! }, maxRedirects: 0 })).status()).toBe(
    302,
  );
});
