import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAll, WHO, type Who } from "./support/roles.ts";

/**
 * Every route of the foundation, for every role: anonymous, shopper, partner, fulfiller, admin.
 * Protected pages: anonymous → redirect to /login?next=…, signed-in without the role → 403.
 * Protected actions are checked too (a POST must be refused the same way, changing nothing).
 */

type Access = "public" | "user" | "admin";

const ROUTES: { path: string; access: Access; post?: boolean }[] = [
  { path: "/", access: "public" },
  { path: "/legal", access: "public" },
  { path: "/legal/disclosures", access: "public" },
  { path: "/legal/manufacturingTerms", access: "public" },
  { path: "/legal/partnerTerms", access: "public" },
  { path: "/legal/privacyPolicy", access: "public" },
  { path: "/legal/termsAndConditions", access: "public" },
  { path: "/shop/faqs", access: "public" },
  { path: "/shop/shoppers", access: "public" },
  { path: "/contact", access: "public" },
  { path: "/jobs", access: "public" },
  { path: "/jobs/general", access: "public" },
  { path: "/login/forgot", access: "public" },
  { path: "/identity/.well-known/jwks.json", access: "public" },
  { path: "/identity/.well-known/openid-configuration", access: "public" },
  { path: "/account", access: "user", post: true },
  { path: "/admin", access: "admin" },
  { path: "/admin/brevo", access: "admin", post: true },
  { path: "/admin/brevo/order-success", access: "admin", post: true },
  { path: "/admin/brevo/order-shipment-created", access: "admin", post: true },
  { path: "/admin/brevo/order-shipment-delivered", access: "admin", post: true },
  { path: "/admin/config", access: "admin", post: true },
  { path: "/admin/contact/respond", access: "admin", post: true },
  { path: "/admin/jobs", access: "admin" },
  { path: "/admin/jobs/new", access: "admin", post: true },
  { path: "/admin/users/setRoleByUid", access: "admin", post: true },
];

const contexts = new Map<Who, APIRequestContext>();

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL)) contexts.set(who, ctx);
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

function expected(access: Access, who: Who): "ok" | "login" | "forbidden" {
  if (access === "public") return "ok";
  if (who === "anonymous") return "login";
  if (access === "user") return "ok";
  return who === "admin" ? "ok" : "forbidden";
}

function check(status: number, location: string | undefined, want: "ok" | "login" | "forbidden", path: string) {
  if (want === "ok") expect(status, path).toBe(200);
  if (want === "forbidden") expect(status, path).toBe(403);
  if (want === "login") {
    expect(status, path).toBe(302);
    expect(location, path).toBe(`/login?next=${encodeURIComponent(path)}`);
  }
}

for (const route of ROUTES) {
  test(`GET ${route.path}`, async () => {
    for (const who of WHO) {
      const res = await contexts.get(who)!.get(route.path, { maxRedirects: 0 });
      await test.step(`${who} → ${res.status()}`, () =>
        check(res.status(), res.headers()["location"], expected(route.access, who), route.path));
    }
  });
  if (route.post) {
    test(`POST ${route.path} (guarded action)`, async () => {
      for (const who of WHO) {
        const want = expected(route.access, who);
        if (want === "ok") continue; // allowed users' actions are covered by the feature journeys
        const res = await contexts.get(who)!.post(route.path, { form: { intent: "probe" }, maxRedirects: 0 });
        await test.step(`${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], want, route.path));
      }
    });
  }
}

test("a listing page and the CV download are guarded", async () => {
  const anon = contexts.get("anonymous")!;
  const html = await (await anon.get("/jobs")).text();
  const jobPath = /href="(\/jobs\/job_[0-9a-z]+)"/.exec(html)?.[1];
  expect(jobPath, "an open demo listing is linked from /jobs").toBeTruthy();
  for (const who of WHO) expect((await contexts.get(who)!.get(jobPath!)).status()).toBe(200);
  const cv = "/admin/jobs/applications/app_00000000000000000000000000/cv";
  expect((await anon.get(cv, { maxRedirects: 0 })).status()).toBe(302);
  for (const who of ["shopper", "partner", "fulfiller"] as const)
    expect((await contexts.get(who)!.get(cv, { maxRedirects: 0 })).status()).toBe(403);
  expect((await contexts.get("admin")!.get(cv, { maxRedirects: 0 })).status()).toBe(404);
});

test("sign-in pages are open to visitors; /logout signs out only by POST", async () => {
  for (const path of ["/login", "/signup"]) {
    const res = await contexts.get("anonymous")!.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
  }
  const res = await contexts.get("anonymous")!.get("/logout", { maxRedirects: 0 });
  expect([200, 302]).toContain(res.status());
});

test("detail pages behind ids are guarded before the id is looked up", async () => {
  const paths = ["/admin/brevo/messages/eml_00000000000000000000000000", "/admin/jobs/job_00000000000000000000000000"];
  for (const path of paths) {
    const anon = await contexts.get("anonymous")!.get(path, { maxRedirects: 0 });
    expect(anon.status(), path).toBe(302);
    expect(anon.headers()["location"]).toBe(`/login?next=${encodeURIComponent(path)}`);
    for (const who of ["shopper", "partner", "fulfiller"] as const)
      expect((await contexts.get(who)!.get(path, { maxRedirects: 0 })).status(), `${who} ${path}`).toBe(403);
    expect((await contexts.get("admin")!.get(path, { maxRedirects: 0 })).status(), `admin ${path}`).toBe(404);
  }
});

test("e-mail links without a valid token never fail with a 500", async () => {
  for (const path of ["/login/reset", "/login/reset?token=nope", "/login/verify", "/login/verify?token=nope"]) {
    for (const who of WHO) {
      const status = (await contexts.get(who)!.get(path, { maxRedirects: 0 })).status();
      expect(status, `${who} ${path}`).toBeGreaterThanOrEqual(200);
      expect(status, `${who} ${path}`).toBeLessThan(500);
    }
  }
});

test("signing out is a POST; a signed-in GET /logout shows the confirmation", async () => {
  const shopper = contexts.get("shopper")!;
  expect((await shopper.get("/logout", { maxRedirects: 0 })).status()).toBe(200);
});

test("the identity token endpoint answers only to a signed-in browser's refresh cookie", async () => {
  const anon = await contexts.get("anonymous")!.post("/identity/token");
  expect(anon.status()).toBe(401);
  expect((await anon.json()).error.code).toBeTruthy();
  expect((await contexts.get("anonymous")!.get("/identity/token")).status()).toBe(405);
  for (const who of ["shopper", "partner", "fulfiller", "admin"] as const) {
    const res = await contexts.get(who)!.post("/identity/token");
    expect(res.status(), who).toBe(200);
    expect(typeof (await res.json()).idToken, who).toBe("string");
  }
});

test("the no-JavaScript theme form is open to everyone and checks its input", async () => {
  for (const who of WHO) {
    const ok = await contexts.get(who)!.post("/resources/theme", { form: { theme: "myDarkTheme", next: "/legal" }, maxRedirects: 0 });
    expect(ok.status(), who).toBe(302);
    expect(ok.headers()["location"]).toBe("/legal");
    expect(ok.headers()["set-cookie"]).toContain("platen_theme=myDarkTheme");
    const bad = await contexts.get(who)!.post("/resources/theme", { form: { theme: "noSuchTheme" }, maxRedirects: 0 });
    expect(bad.status(), who).toBe(400);
    // A signed-in role's choice is saved to its (shared demo) account: put the default back.
    const back = await contexts.get(who)!.post("/resources/theme", { form: { theme: "myPurpleTheme", next: "/legal" }, maxRedirects: 0 });
    expect(back.status(), who).toBe(302);
  }
  // An outside `next` is never followed.
  const offsite = await contexts
    .get("anonymous")!
    .post("/resources/theme", { form: { theme: "myDarkTheme", next: "//evil.example" }, maxRedirects: 0 });
  expect(offsite.headers()["location"]).toBe("/");
});
