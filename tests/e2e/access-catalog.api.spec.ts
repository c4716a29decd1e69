import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAll, WHO, type Who } from "./support/roles.ts";

/**
 * Every catalogue route (products, designer, designer APIs, /admin/products) for every role:
 * anonymous, shopper, partner (owner of @inkwell), fulfiller (owner of @print-works-studio:
 * another store's owner, refused @inkwell's pages) and admin. GET and POST intents.
 */
type Want = "ok" | "login" | "forbidden" | "bad-request";

const contexts = new Map<Who, APIRequestContext>();
let productPath = "";

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL)) contexts.set(who, ctx);
  const html = await (await contexts.get("partner")!.get("/shop/partners/@inkwell/administration/products")).text();
  productPath = /href="(\/shop\/partners\/@inkwell\/administration\/products\/prd_[0-9a-z]{26})"/.exec(html)?.[1] ?? "";
  expect(productPath, "an @inkwell product is listed for its owner").toBeTruthy();
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

function check(status: number, location: string | undefined, want: Want, label: string) {
  if (want === "ok") expect(status, label).toBe(200);
  if (want === "forbidden") expect(status, label).toBe(403);
  if (want === "bad-request") expect([400, 422], label).toContain(status);
  if (want === "login") {
    expect(status, label).toBe(302);
    expect(location ?? "", label).toMatch(/^\/login\?next=/);
  }
}

/** A store administration page: owner (and admins, who may look) in; others refused. */
const storePage = (who: Who): Want => (who === "anonymous" ? "login" : who === "partner" || who === "admin" ? "ok" : "forbidden");
const storePost = (who: Who): Want => (who === "anonymous" ? "login" : who === "partner" || who === "admin" ? "bad-request" : "forbidden");
const adminPage = (who: Who): Want => (who === "anonymous" ? "login" : who === "admin" ? "ok" : "forbidden");
const adminPost = (who: Who): Want => (who === "anonymous" ? "login" : who === "admin" ? "bad-request" : "forbidden");

const PAGES = [
  {
    path: () => "/shop/partners/@inkwell/administration/products",
    get: storePage,
    post: storePost,
    intents: ["publish", "unpublish", "probe"],
  },
  { path: () => "/shop/partners/@inkwell/administration/products?q=tee&status=published", get: storePage },
  {
    path: () => "/shop/partners/@inkwell/administration/products/create",
    get: storePage,
    post: storePost,
    intents: ["save", "publish", "probe"],
  },
  { path: () => productPath, get: storePage, post: storePost, intents: ["save", "probe"] },
  {
    path: () => "/admin/products",
    get: adminPage,
    post: adminPost,
    intents: ["takedown", "restore", "feature", "unfeature", "clear", "confirm", "probe"],
  },
  { path: () => "/admin/products?tab=flags", get: adminPage },
];

for (const page of PAGES) {
  test(`GET ${page.path() || "a product of @inkwell"}`, async () => {
    const path = page.path();
    for (const who of WHO) {
      const res = await contexts.get(who)!.get(path, { maxRedirects: 0 });
      await test.step(`${who} → ${res.status()}`, () =>
        check(res.status(), res.headers()["location"], page.get(who), `${who} GET ${path}`));
    }
  });
  if (page.post) {
    test(`POST ${page.path() || "a product of @inkwell"} intents`, async () => {
      const path = page.path();
      for (const intent of page.intents ?? []) {
        for (const who of WHO) {
          // no ids / no fields: allowed users get a 4xx with a message, never a change or a 500
          const res = await contexts.get(who)!.post(path, { multipart: { intent }, maxRedirects: 0 });
          await test.step(`${intent} as ${who} → ${res.status()}`, () =>
            check(res.status(), res.headers()["location"], page.post!(who), `${who} POST ${intent} ${path}`));
        }
      }
    });
  }
}

test("the designer APIs: only the store's members upload and preview", async () => {
  for (const api of ["/api/designer/artwork?store=@inkwell", "/api/designer/preview?store=@inkwell"]) {
    for (const who of WHO) {
      const res = api.includes("artwork")
        ? await contexts.get(who)!.post(api, { multipart: { note: "no file" }, maxRedirects: 0 })
        : await contexts.get(who)!.post(api, {
            data: {
              artworkId: "art_00000000000000000000000000",
              blankId: "blk_x",
              color: "White",
              areaKey: "front",
              placement: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 },
            },
            maxRedirects: 0,
          });
      const want: Want | "not-found" =
        who === "anonymous"
          ? "login"
          : who === "partner" || who === "admin"
            ? api.includes("artwork")
              ? "bad-request"
              : "not-found"
            : "forbidden";
      await test.step(`${who} ${api} → ${res.status()}`, () => {
        if (want === "not-found") expect([403, 404], `${who} ${api}`).toContain(res.status());
        else check(res.status(), res.headers()["location"], want, `${who} POST ${api}`);
      });
    }
    expect((await contexts.get("partner")!.get(api, { maxRedirects: 0 })).status(), `GET ${api}`).toBe(405);
  }
  // another store's handle: the partner of @inkwell is refused
  const res = await contexts
    .get("partner")!
    .post("/api/designer/artwork?store=@print-works-studio", { multipart: { note: "x" }, maxRedirects: 0 });
  expect(res.status()).toBe(403);
});

test("store handles without @ or of unknown stores are 404", async () => {
  for (const path of [
    "/shop/partners/inkwell/administration/products",
    "/shop/partners/@no-such-store/administration/products",
    "/shop/partners/@no-such-store/administration/products/create",
  ]) {
    expect((await contexts.get("partner")!.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  }
  expect(
    (
      await contexts
        .get("partner")!
        .get("/shop/partners/@inkwell/administration/products/prd_00000000000000000000000000", { maxRedirects: 0 })
    ).status(),
  ).toBe(404);
});

test("a plain form post without JavaScript creates a draft (blank, file, title, price, colours, sizes)", async () => {
  const partner = contexts.get("partner")!;
  const create = await (await partner.get("/shop/partners/@inkwell/administration/products/create")).text();
  const blankPath = /href="([^"]*\?blank=(blk_[0-9a-z]{26})[^"]*)"/.exec(create);
  expect(blankPath, "blank cards link to ?blank=").toBeTruthy();
  const blankId = blankPath![2]!;
  const page = await (await partner.get(`/shop/partners/@inkwell/administration/products/create?blank=${blankId}`)).text();
  const valueOf = (name: string) => {
    const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(page)?.[0] ?? "";
    return /value="([^"]*)"/.exec(input)?.[1] ?? "";
  };
  const color = valueOf("colors");
  const size = valueOf("sizes");
  expect(color && size, "colour and size checkboxes are plain inputs").toBeTruthy();
  // any real PNG will do as artwork: a generated template image
  const png = await (await partner.get("/media/" + (/src="\/media\/(templates\/[^"]+\.png)"/.exec(create)?.[1] ?? ""))).body();
  const res = await partner.post(`/shop/partners/@inkwell/administration/products/create?blank=${blankId}`, {
    multipart: {
      intent: "save",
      blankId,
      artworkId: "",
      artwork: { name: "art.png", mimeType: "image/png", buffer: png },
      title: "No-JS draft tee",
      price: "29.00",
      colors: color.replace(/&amp;/g, "&"),
      sizes: size,
      category: "t-shirts",
    },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text().catch(() => "")).toBe(302);
  expect(res.headers()["location"]).toMatch(/\/administration\/products\/prd_[0-9a-z]{26}\?notice=saved/);
});
