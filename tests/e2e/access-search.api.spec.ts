import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAll, WHO, type Who } from "./support/roles.ts";

/** /search and /api/search are public: the same answer for every role; bad input is a 4xx, never a 500. */
const contexts = new Map<Who, APIRequestContext>();

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL)) contexts.set(who, ctx);
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

const PAGES = [
  "/search",
  "/search?q=fox",
  "/search?q=lighthose",
  "/search?q=mug&category=mugs&color=White&sort=price-asc&page=1",
  "/search?q=%22ink+fox%22+-mug",
  "/search?store=inkwell&min=5&max=90",
];

for (const who of WHO) {
  test(`search routes as ${who}`, async () => {
    const ctx = contexts.get(who)!;
    for (const path of PAGES) {
      const res = await ctx.get(path, { maxRedirects: 0 });
      expect(res.status(), `${who} ${path}`).toBe(200);
      expect(await res.text()).toContain("<title>");
    }
    const api = await ctx.get("/api/search?q=fox");
    expect(api.status(), `${who} /api/search`).toBe(200);
    const body = (await api.json()) as { ok: boolean; suggestions: { kind: string; label: string; href: string }[] };
    expect(body.ok).toBe(true);
    expect(body.suggestions.some((s) => s.kind === "product" && /fox/i.test(s.label))).toBe(true);
  });
}

test("/api/search: public JSON with a 30 s shared cache, no cookies", async () => {
  const res = await contexts.get("anonymous")!.get("/api/search?q=lighth&limit=3");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/json/);
  expect(res.headers()["cache-control"]).toBe("public, max-age=30");
  expect(res.headers()["set-cookie"]).toBeUndefined();
  const body = (await res.json()) as { q: string; suggestions: { kind: string; image?: { hash: string } | null; storeName?: string }[] };
  expect(body.q).toBe("lighth");
  const products = body.suggestions.filter((s) => s.kind === "product");
  expect(products.length).toBeGreaterThan(0);
  expect(products.length).toBeLessThanOrEqual(3);
  expect(products[0]!.image?.hash).toMatch(/^[0-9a-f]+$/);
  expect(products[0]!.storeName).toBeTruthy();
  // Stores by name.
  const stores = (await (await contexts.get("anonymous")!.get("/api/search?q=inkw")).json()) as {
    suggestions: { kind: string; href: string }[];
  };
  expect(stores.suggestions).toContainEqual(expect.objectContaining({ kind: "store", href: "/shop/stores/@inkwell" }));
});

test("/api/search refuses bad input with a 400 and a message", async () => {
  const ctx = contexts.get("anonymous")!;
  for (const qs of [`q=${"x".repeat(101)}`, "q=fox&limit=0", "q=fox&limit=abc", "q=fox&limit=11"]) {
    const res = await ctx.get(`/api/search?${qs}`);
    expect(res.status(), qs).toBe(400);
    const body = (await res.json()) as { ok: boolean; errors: Record<string, string> };
    expect(body.ok).toBe(false);
    expect(Object.values(body.errors)[0]).toBeTruthy();
  }
  const empty = await ctx.get("/api/search?q=");
  expect(empty.status()).toBe(200);
  expect(((await empty.json()) as { suggestions: unknown[] }).suggestions).toEqual([]);
  const post = await ctx.post("/api/search", { data: { q: "fox" }, headers: { Origin: test.info().project.use.baseURL! } });
  expect(post.status()).toBe(405);
});

test("/search never fails on odd parameters", async () => {
  const ctx = contexts.get("anonymous")!;
  for (const qs of [
    "q=%00",
    "q=" + "%F0%9F%A6%8A".repeat(20),
    "q='%3B+drop+table+products%3B--",
    "q=a+%26+b+%7C+!c",
    "q=::*",
    "page=-4",
    "page=99999",
    "sort=drop",
    "min=abc&max=-1",
    "category=nope",
    `color=${"x".repeat(500)}`,
    "size=%00",
    "store=%00",
    "q=" + "x".repeat(500),
  ]) {
    const res = await ctx.get(`/search?${qs}`);
    // A null character is refused by the server before any route (400, server/http/limits.ts).
    expect(res.status(), qs).toBe(qs.includes("%00") ? 400 : 200);
  }
});
