import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { LocalStorage } from "../../server/infra/storage/local.ts";

/**
 * GET /media/<key>: public images straight from storage. The test writes objects into the e2e
 * server's local storage (DATA_DIR/files, see playwright.config.ts) and reads them over HTTP.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`;
const store = new LocalStorage(path.resolve(dataDir, "files"));

const HASH = "e2e0c0ffee0123456789abcdef012345";
const MOCKUP = `mockups/${HASH}-320.webp`;
const STORE_MEDIA = "store-media/str_e2e/banner.png";
let webp: Buffer;
let png: Buffer;

test.beforeAll(async () => {
  webp = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#2f4f6f" } })
    .webp()
    .toBuffer();
  png = await sharp({ create: { width: 16, height: 16, channels: 4, background: "#ff000080" } })
    .png()
    .toBuffer();
  await store.put(MOCKUP, webp, { contentType: "image/webp" });
  await store.put(STORE_MEDIA, png, { contentType: "image/png" });
  // private or unsafe objects that must never be served
  await store.put("print-files/prd_e2e/front.png", png, { contentType: "image/png" });
  await store.put("artworks/str_e2e/art_e2e.png", png, { contentType: "image/png" });
  await store.put("store-media/str_e2e/evil.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), {
    contentType: "image/svg+xml",
  });
  await store.put("store-media/str_e2e/page.html", Buffer.from("<h1>hi</h1>"), { contentType: "text/html" });
});

test("serves a content-hashed mockup with immutable caching, its type, an ETag and nosniff", async ({ request }) => {
  const res = await request.get(`/media/${MOCKUP}`);
  expect(res.status()).toBe(200);
  const h = res.headers();
  expect(h["content-type"]).toBe("image/webp");
  expect(h["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["etag"]).toMatch(/^"[\w-]+"$/);
  expect(Buffer.from(await res.body()).equals(webp)).toBe(true);

  const head = await request.head(`/media/${MOCKUP}`);
  expect(head.status()).toBe(200);
  expect(head.headers()["content-length"]).toBe(String(webp.byteLength));
});

test("answers 304 Not Modified to a matching If-None-Match", async ({ request }) => {
  const first = await request.get(`/media/${MOCKUP}`);
  const etag = first.headers()["etag"]!;
  const again = await request.get(`/media/${MOCKUP}`, { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
  expect(again.headers()["etag"]).toBe(etag);
  expect(again.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await again.body()).byteLength).toBe(0);
  const other = await request.get(`/media/${MOCKUP}`, { headers: { "If-None-Match": '"something-else"' } });
  expect(other.status()).toBe(200);
});

test("serves other public images with a short, revalidated cache", async ({ request }) => {
  const res = await request.get(`/media/${STORE_MEDIA}`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/png");
  expect(res.headers()["cache-control"]).toBe("public, max-age=300, must-revalidate");
});

test("answers 404 for missing objects, private prefixes, non-images and path traversal", async ({ request }) => {
  const paths = [
    `/media/mockups/${"f".repeat(32)}-320.webp`, // not stored
    "/media/print-files/prd_e2e/front.png", // print files are for fulfillers only
    "/media/artworks/str_e2e/art_e2e.png", // original artwork
    "/media/store-media/str_e2e/evil.svg", // SVG can carry scripts
    "/media/store-media/str_e2e/page.html",
    "/media/mockups/",
    "/media/",
    "/media/mockups/..%2f..%2fprint-files%2fprd_e2e%2ffront.png",
    "/media/%2e%2e/%2e%2e/etc/passwd",
    "/media/mockups/%2e%2e/print-files/prd_e2e/front.png",
    "/media/mockups/.meta/x.json",
    "/media/.meta/mockups/x.webp.json",
    "/media/mockups%2f..%2f..%2f..%2fpackage.json",
    `/media/MOCKUPS/${HASH}-320.webp`,
    "/media/mockups/%ZZ",
  ];
  for (const p of paths) {
    const res = await request.get(p);
    expect(res.status(), p).toBe(404);
    expect(res.headers()["x-content-type-options"], p).toBe("nosniff");
    expect(res.headers()["content-type"] ?? "", p).not.toMatch(/^image\//);
    expect(res.headers()["cache-control"] ?? "", p).not.toMatch(/immutable|max-age=[1-9]/);
  }
  // a refused key is never cached by the browser
  expect((await request.get("/media/print-files/prd_e2e/front.png")).headers()["cache-control"]).toBe("no-store");
});

test("refuses methods other than GET and HEAD", async ({ request }) => {
  const res = await request.post(`/media/${MOCKUP}`, { data: "x" });
  expect([404, 405]).toContain(res.status());
});

test("serves the demo products' mockups that the storefront links to", async ({ request }) => {
  let src: string | undefined;
  for (const page of ["/shop", "/"]) {
    const html = await (await request.get(page)).text();
    src = /\/media\/mockups\/[0-9a-f]{32}-(?:320|640|1024)\.webp/.exec(html)?.[0];
    if (src) break;
  }
  test.skip(!src, "no storefront page links a mockup yet");
  const res = await request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/webp");
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const body = Buffer.from(await res.body());
  const meta = await sharp(body).metadata();
  expect(meta.format).toBe("webp");
  expect(String(meta.width)).toBe(/-(\d+)\.webp$/.exec(src!)![1]);
});
