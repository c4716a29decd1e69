import { expect, test, type APIRequestContext } from "@playwright/test";
import { craftedJpegHeader, noisyImage, oneBitPng } from "../../server/infra/images/test-helpers.ts";
import { aPublishedProduct, freshShopperContext, signInAll, type Who } from "./support/roles.ts";

/**
 * Findings of an attack on a running Platen, over HTTP: image bombs and damaged files on every
 * upload, forged visitor ids, parallel cart requests.
 */
const contexts = new Map<Who, APIRequestContext>();
const JSON_HEADERS = { "Content-Type": "application/json", Accept: "application/json" };
let product = { productId: "", variantId: "" };

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL)) contexts.set(who, ctx);
  product = await aPublishedProduct(contexts.get("anonymous")!);
  expect(product.variantId).toMatch(/^var_/);
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

const BOMB_MESSAGE = /The image is 7,745 × 7,745 pixels; the limit is 12,000 pixels per side and 40 megapixels in total/;

test("four PNGs declaring 60 megapixels (7 KB, and padded to a plausible 35 KB) are refused from the header while a product page answers", async () => {
  const partner = contexts.get("partner")!;
  let n = 0;
  const bomb = () => oneBitPng(7745, 7745, n++ % 2 ? 35 * 1024 : 0);
  const started = Date.now();
  const upload = () =>
    partner.post("/api/designer/artwork?store=@inkwell", {
      multipart: { artwork: { name: "bomb.png", mimeType: "image/png", buffer: bomb() } },
      maxRedirects: 0,
    });
  const [page, ...bombs] = await Promise.all([
    (async () => {
      const res = await contexts.get("anonymous")!.get(`/shop/product/${product.productId}`);
      return { status: res.status(), ms: Date.now() - started };
    })(),
    upload(),
    upload(),
    upload(),
    upload(),
  ]);
  expect(page.status).toBe(200);
  for (const res of bombs) {
    expect(res.status()).toBe(422);
    const body = (await res.json()) as { error: string; field: string };
    expect(body.field).toBe("artwork");
    expect(body.error).toMatch(BOMB_MESSAGE);
  }
  test.info().annotations.push({ type: "product page with four bombs in flight", description: `${page.ms} ms` });
});

test("bombs and damaged files are a 4xx next to the file field: avatar, banner, request image", async () => {
  const partner = contexts.get("partner")!;
  const shopper = contexts.get("shopper")!;
  const cut = (await noisyImage(600, 400, "png")).subarray(0, 20_000);
  const cutJpeg = (await noisyImage(600, 400, "jpeg")).subarray(0, 15_000);
  const cases = [
    { file: oneBitPng(6000, 6000), name: "bomb.png", mime: "image/png", want: /says it is 6,000 × 6,000 pixels/ },
    { file: craftedJpegHeader(6000, 5000), name: "bomb.jpg", mime: "image/jpeg", want: /says it is 6,000 × 5,000 pixels/ },
    { file: cut, name: "cut.png", mime: "image/png", want: /damaged/ },
    { file: cutJpeg, name: "cut.jpg", mime: "image/jpeg", want: /damaged/ },
  ];
  for (const c of cases) {
    for (const intent of ["avatar", "banner"]) {
      const res = await partner.post("/shop/partners/@inkwell/administration/profile", {
        multipart: { intent, [intent]: { name: c.name, mimeType: c.mime, buffer: c.file } },
        maxRedirects: 0,
      });
      expect(res.status(), `${intent} ${c.name}`).toBe(422);
      expect(await res.text()).toMatch(c.want);
    }
    const req = await shopper.post("/product-request", {
      multipart: {
        intent: "create",
        idea: "A poster of a quiet harbour at dawn, pastel colours",
        category: "posters",
        image: { name: c.name, mimeType: c.mime, buffer: c.file },
      },
      maxRedirects: 0,
    });
    expect(req.status(), `request image ${c.name}`).toBe(422);
    expect(await req.text()).toMatch(c.want);
  }
});

test("a forged visitor id is not trusted: the product page replaces it with a signed one", async () => {
  const anon = contexts.get("anonymous")!;
  const forged = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
  const res = await anon.get(`/shop/product/${product.productId}`, { headers: { Cookie: `platen_viewer=${forged}` } });
  expect(res.status()).toBe(200);
  const set = /platen_viewer=([A-Za-z0-9_-]+)/.exec(res.headers()["set-cookie"] ?? "")?.[1];
  expect(set).toBeTruthy();
  expect(set).not.toBe(forged);
  // the signed id it handed out is accepted as is (no new cookie)
  const again = await anon.get(`/shop/product/${product.productId}`, { headers: { Cookie: `platen_viewer=${set}` } });
  expect(again.headers()["set-cookie"] ?? "").not.toContain("platen_viewer");
});

test("parallel adds of one new item give one capped line and no 500", async ({ baseURL }) => {
  // A shopper of its own, whose cart starts empty (no shared demo account is changed).
  const { ctx: buyer } = await freshShopperContext(baseURL, "parallel-cart");
  const results = await Promise.all(
    Array.from({ length: 12 }, () => buyer.post("/api/cart", { headers: JSON_HEADERS, data: { intent: "add", ...product, quantity: 1 } })),
  );
  expect(results.map((r) => r.status()).filter((s) => s >= 500)).toEqual([]);
  const cart = (await (await buyer.get("/api/cart")).json()) as { cart: { lines: { variantId: string; quantity: number }[] } };
  expect(cart.cart.lines.filter((l) => l.variantId === product.variantId)).toEqual([
    expect.objectContaining({ variantId: product.variantId, quantity: 10 }),
  ]);
  await buyer.dispose();
});
