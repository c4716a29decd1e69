import http from "node:http";
import { expect, request as pwRequest, test, type APIRequestContext } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "./support/accounts.ts";
import { placeFirstProducts } from "./support/party-orders.ts";
import { signUpRequest } from "./support/shoppers.ts";

/**
 * Findings of an attack on a running Platen, each checked over real HTTP against the built
 * server: body limits on the stream, methods, null characters, content types, redirects after
 * sign-in, notices, caching of private pages.
 */
const port = Number(process.env.E2E_PORT ?? 3210);

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes of the request body written before the answer came (or all of them). */
  sent: number;
}

/**
 * Send a body in chunks WITHOUT a Content-Length (Transfer-Encoding: chunked), up to `total`
 * bytes, stopping as soon as the server answers. With `keepOpen`, the body never ends: only a
 * server that limits the stream as it arrives can answer at all.
 */
function sendChunked(
  path: string,
  opts: { headers?: Record<string, string>; total: number; chunk?: Buffer; method?: string; keepOpen?: boolean },
): Promise<RawAnswer> {
  const chunk = opts.chunk ?? Buffer.alloc(64 * 1024, "a");
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({ host: "localhost", port, path, method: opts.method ?? "POST", headers: opts.headers ?? {} }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString(), sent });
        req.destroy();
      });
      res.on("error", reject);
    });
    req.on("error", (error) => {
      // The server may close the connection after answering while we are still writing.
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < opts.total) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered && !opts.keepOpen) req.end();
    };
    pump();
  });
}

/** A raw request with exactly the given method, path and headers (no client-side normalisation). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "localhost", port, path, method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString(), sent: body?.length ?? 0 }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

const contexts: APIRequestContext[] = [];
async function signedIn(baseURL: string | undefined, email: string, password = DEMO_PASSWORD) {
  const ctx = await pwRequest.newContext({ baseURL });
  contexts.push(ctx);
  const res = await ctx.post("/login", { form: { email, password, next: "/" }, maxRedirects: 0 });
  expect(res.status(), `sign-in of ${email}`).toBe(302);
  return ctx;
}
const cookieHeader = async (ctx: APIRequestContext) => (await ctx.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");

test.afterAll(async () => {
  for (const ctx of contexts) await ctx.dispose();
});

test.describe("request bodies are limited on the stream", () => {
  test("a chunked body without Content-Length to /login or /api/__session is cut off with 413", async () => {
    for (const [path, type] of [
      ["/login", "application/x-www-form-urlencoded"],
      ["/api/__session", "application/json"],
      ["/signup.data", "application/x-www-form-urlencoded"],
    ] as const) {
      // 1 MB and the body still open: the answer comes from the limit on the stream, not from the end of the body.
      const answer = await sendChunked(path, { headers: { "Content-Type": type }, total: 1024 * 1024, keepOpen: true });
      expect(answer.status, path).toBe(413);
      expect(answer.body, path).toBe("The request is too large: this address accepts at most 64 KB.");
    }
  });

  test("an announced Content-Length over the default limit is refused before reading", async ({ request }) => {
    const res = await request.post("/login", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: `email=a%40b.test&password=${"x".repeat(100 * 1024)}`,
      maxRedirects: 0,
    });
    expect(res.status()).toBe(413);
    expect(await res.text()).toMatch(/too large/i);
  });

  test("upload routes take more than the default, and still have a limit on the stream", async ({ baseURL }) => {
    const shopper = await signedIn(baseURL, DEMO.shopper);
    // 300 KB is over the default limit but fine for a reference image: the route itself answers.
    const res = await shopper.post("/product-request", {
      multipart: { intent: "create", idea: "", image: { name: "x.png", mimeType: "image/png", buffer: Buffer.alloc(300 * 1024, 1) } },
      maxRedirects: 0,
    });
    expect(res.status()).not.toBe(413);
    expect(res.status()).toBeLessThan(500);
    // A chunked upload over the route's limit (16 MB), its body still open, is cut off.
    const answer = await sendChunked("/product-request", {
      headers: { "Content-Type": "multipart/form-data; boundary=xyz", Cookie: await cookieHeader(shopper) },
      total: 20 * 1024 * 1024,
      keepOpen: true,
    });
    expect(answer.status).toBe(413);
    // The route's own message (it reads the form itself), or the server's.
    expect(answer.body).toMatch(/up to 8 MB|too large/i);
  });
});

test("TRACE and unknown methods get 405 with the allowed methods", async () => {
  // (Methods Node's HTTP parser does not know at all, such as TRACK, get its own 400.)
  for (const method of ["TRACE", "PROPFIND", "PURGE", "MKCOL"]) {
    const answer = await raw(method, "/");
    expect(answer.status, method).toBe(405);
    expect(answer.headers.allow, method).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
  }
});

test("a null character (%00) in the path or the query is a 400, never a 500", async ({ request }) => {
  for (const path of [
    "/shop/product/%00",
    "/shop/product/prd_%00x",
    "/shop/stores/%00",
    "/shop/partners/@ink%00well",
    "/search?q=%00",
    "/shop?q=a%00b",
    "/jobs/job_%00",
    "/api/cart?v=%00",
    "/api/wishes?ids=prd_%00",
    "/legal/%00",
  ]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(400);
    expect(await res.text(), path).toMatch(/null character/i);
  }
});

test("odd content types on /api/cart and /api/wishes get a clear 4xx", async ({ baseURL }) => {
  const shopper = await signedIn(baseURL, DEMO.shopper);
  for (const path of ["/api/cart", "/api/wishes"]) {
    for (const type of [
      "text/plain",
      "application/xml",
      "image/png",
      "multipart/form-data",
      "application/x-www-form-urlencoded; charset=utf-16",
    ]) {
      const res = await shopper.post(path, { headers: { "Content-Type": type, Accept: "application/json" }, data: "intent=add" });
      expect(res.status(), `${path} ${type}`).toBeGreaterThanOrEqual(400);
      expect(res.status(), `${path} ${type}`).toBeLessThan(500);
      const body = (await res.json()) as { errors: { _form: string } };
      expect(body.errors._form, `${path} ${type}`).toMatch(/JSON|form/);
    }
    // no Content-Type at all
    const answer = await raw("POST", path, { Cookie: await cookieHeader(shopper), "Content-Length": "10" }, "intent=add");
    expect(answer.status, `${path} without a type`).toBe(415);
  }
});

test("a page's form posted with another content type, or a broken one, is a clear 4xx on every money page, never a 500", async ({
  baseURL,
}) => {
  const admin = await signedIn(baseURL, DEMO.admin);
  // An order waiting for its payment (a paid one's payment page answers with its order page first),
  // placed by a shopper of this test: the demo's orders are all paid.
  const shopper = await pwRequest.newContext({ baseURL });
  await signUpRequest(shopper, "hardening-unpaid");
  const { orderId } = await placeFirstProducts(shopper, ["/shop/partners/@inkwell/products/mugs"]);
  await shopper.dispose();
  const paths = [
    "/checkout",
    `/payment?order=${orderId}`,
    `/payment/authenticate?order=${orderId}`,
    `/shop/orders/${orderId}`,
    `/admin/orders/${orderId}`,
  ];
  for (const path of paths)
    for (const [type, body] of [
      ["application/json", '{"intent":"place"}'],
      ["text/plain", "intent=place"],
      ["application/xml", "<intent>place</intent>"],
      ["multipart/form-data", "intent=place"],
      ["multipart/form-data; boundary=xyz", "--nope\r\nbroken"],
    ] as const) {
      const res = await admin.post(path, { headers: { "Content-Type": type }, data: body, maxRedirects: 0 });
      expect(res.status(), `${path} ${type}`).toBeGreaterThanOrEqual(400);
      expect(res.status(), `${path} ${type}`).toBeLessThan(500);
    }
});

test.describe("the redirect after sign-in stays on this site", () => {
  const OUTSIDE = [
    "/%09/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "//evil.example",
    "/\\evil.example",
    "/%5Cevil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "https://evil.example/",
    "/%0d%0aSet-Cookie:x=1",
    "javascript:alert(1)",
  ];

  test("GET /login and /signup when signed in", async ({ baseURL }) => {
    const shopper = await signedIn(baseURL, DEMO.shopper);
    for (const page of ["/login", "/signup"]) {
      for (const next of OUTSIDE) {
        const res = await shopper.get(`${page}?next=${encodeURIComponent(next)}`, { maxRedirects: 0 });
        expect(res.status(), `${page} ${JSON.stringify(next)}`).toBe(302);
        const location = res.headers().location!;
        expect(new URL(location, "http://platen.invalid").origin, `${page} ${JSON.stringify(next)}`).toBe("http://platen.invalid");
        expect(location, `${page} ${JSON.stringify(next)}`).toMatch(/^\/(?![/\\])/);
      }
    }
    // a real path is kept, with its query
    const res = await shopper.get(`/login?next=${encodeURIComponent("/shop?q=mug#top")}`, { maxRedirects: 0 });
    expect(res.headers().location).toBe("/shop?q=mug#top");
  });

  test("POST /login with a next that leaves the site or holds a line break: signed in, sent home", async ({ baseURL }) => {
    for (const next of ["/\t/evil.example", "/\r\n/evil.example", "/\\evil.example"]) {
      const ctx = await pwRequest.newContext({ baseURL });
      contexts.push(ctx);
      const res = await ctx.post("/login", { form: { email: DEMO.shopper, password: DEMO_PASSWORD, next }, maxRedirects: 0 });
      expect(res.status(), JSON.stringify(next)).toBe(302);
      expect(res.headers().location, JSON.stringify(next)).toBe("/");
      // The cookies arrive: the account page opens.
      expect((await ctx.get("/account", { maxRedirects: 0 })).status(), JSON.stringify(next)).toBe(200);
    }
  });
});

test("the fan-club page shows only its own notices, never text from the address", async ({ request }) => {
  const evil = "Your account is suspended: call +1 555 0100";
  const page = await request.get(`/shop/partners/@inkwell/fanClub?notice=${encodeURIComponent(evil)}`);
  expect(page.status()).toBe(200);
  expect(await page.text()).not.toContain("call +1 555 0100");
  const known = await request.get("/shop/partners/@inkwell/fanClub?notice=joined");
  expect(await known.text()).toContain("Welcome to the fan club!");
});

test("account, admin and seller pages and their .data are never stored by caches", async ({ baseURL }) => {
  const admin = await signedIn(baseURL, DEMO.admin);
  const partner = await signedIn(baseURL, DEMO.partner);
  for (const [ctx, path] of [
    [admin, "/account"],
    [admin, "/account.data"],
    [admin, "/admin"],
    [admin, "/admin.data"],
    [admin, "/admin/config"],
    [admin, "/admin/config.data"],
    [partner, "/shop/partners/@inkwell/administration"],
    [partner, "/shop/partners/@inkwell/administration/profile.data"],
  ] as const) {
    const res = await ctx.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    expect(res.headers()["cache-control"], path).toBe("no-store");
  }
  // Anonymous: the redirect to /login is not cached either, and neither is the sign-in page.
  const anonymous = await pwRequest.newContext({ baseURL });
  contexts.push(anonymous);
  for (const path of ["/account", "/login"]) {
    const res = await anonymous.get(path, { maxRedirects: 0 });
    expect(res.headers()["cache-control"], path).toBe("no-store");
  }
});
