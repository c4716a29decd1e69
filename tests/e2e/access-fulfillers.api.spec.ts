import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAll, WHO, type Who } from "./support/roles.ts";

/**
 * Becoming a print shop (issue 23 §1), every route and action × anonymous, shopper, partner (owner
 * of @inkwell, which has a pending print shop application in the demo), fulfiller (owner of
 * @print-works-studio and its print shop @print-works: another store's owner for @inkwell) and
 * admin. Refusals are exact; allowed users sending bad input get a 4xx, never a 500, and nothing
 * is written.
 */
type Want = 200 | 400 | 403 | 404 | 409 | 422 | "login";

const contexts = new Map<Who, APIRequestContext>();

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL, "print-matrix")) contexts.set(who, ctx);
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

const all = (want: Want): Record<Who, Want> => ({ anonymous: want, shopper: want, partner: want, fulfiller: want, admin: want });
const signedIn = (want: Want): Record<Who, Want> => ({ ...all(want), anonymous: "login" });
const adminOnly: Record<Who, Want> = { anonymous: "login", shopper: 403, partner: 403, fulfiller: 403, admin: 200 };
/** @inkwell's owner (and admins, to look). */
const inkwellOwner: Record<Who, Want> = { anonymous: "login", shopper: 403, partner: 200, fulfiller: 403, admin: 200 };
/** @print-works-studio's owner (and admins, to look). */
const printWorksOwner: Record<Who, Want> = { anonymous: "login", shopper: 403, partner: 403, fulfiller: 200, admin: 200 };

const GETS: { path: string; want: Record<Who, Want> }[] = [
  { path: "/shop/partners/@inkwell/fulfillment-application", want: inkwellOwner },
  { path: "/shop/partners/@inkwell/fulfillment-application?submitted=1", want: inkwellOwner },
  { path: "/shop/partners/@print-works-studio/fulfillment-application", want: printWorksOwner },
  { path: "/shop/partners/inkwell/fulfillment-application", want: all(404) },
  { path: "/shop/partners/@no-such-store/fulfillment-application", want: signedIn(404) },
  { path: "/shop/partners/@inkwell/fulfillment/terms", want: all(200) },
  { path: "/shop/partners/@print-works-studio/fulfillment/terms", want: all(200) },
  { path: "/shop/partners/inkwell/fulfillment/terms", want: all(404) },
  { path: "/shop/partners/@no-such-store/fulfillment/terms", want: all(404) },
  { path: "/shop/partners/@inkwell/fulfillment/register", want: inkwellOwner },
  { path: "/shop/partners/@print-works-studio/fulfillment/register", want: printWorksOwner },
  { path: "/shop/partners/inkwell/fulfillment/register", want: all(404) },
  { path: "/shop/partners/@no-such-store/fulfillment/register", want: signedIn(404) },
  { path: "/shop/partners/@print-works-studio/fulfillment/@print-works", want: all(200) },
  // a print shop is shown under its own store only; without the @ or unknown, a 404
  { path: "/shop/partners/@inkwell/fulfillment/@print-works", want: all(404) },
  { path: "/shop/partners/@print-works-studio/fulfillment/print-works", want: all(404) },
  { path: "/shop/partners/@print-works-studio/fulfillment/@no-such-shop", want: all(404) },
  // a pending application is not a print shop yet
  { path: "/shop/partners/@inkwell/fulfillment/@inkwell-press", want: all(404) },
  { path: "/admin/fulfillers", want: adminOnly },
];

// POSTs with bad or harmless data: refusals must be exact; allowed users get a 4xx for the bad input.
const POSTS: { path: string; intents: string[]; want: Record<Who, Want> }[] = [
  {
    path: "/shop/partners/@inkwell/fulfillment-application",
    intents: [""],
    // the owner sees every problem of the form (422); an admin may not apply for someone's store
    want: { anonymous: "login", shopper: 403, partner: 422, fulfiller: 403, admin: 403 },
  },
  {
    path: "/shop/partners/@print-works-studio/fulfillment-application",
    intents: [""],
    want: { anonymous: "login", shopper: 403, partner: 403, fulfiller: 422, admin: 403 },
  },
  { path: "/shop/partners/@no-such-store/fulfillment-application", intents: [""], want: signedIn(404) },
  {
    path: "/shop/partners/@inkwell/fulfillment/register",
    intents: [""],
    // nothing of @inkwell waits to be set up (its application is pending)
    want: { anonymous: "login", shopper: 403, partner: 409, fulfiller: 403, admin: 409 },
  },
  {
    path: "/shop/partners/@print-works-studio/fulfillment/register",
    intents: [""],
    // @print-works is set up already
    want: { anonymous: "login", shopper: 403, partner: 403, fulfiller: 409, admin: 409 },
  },
  { path: "/admin/fulfillers", intents: ["approve", "reinstate"], want: { ...adminOnly, admin: 404 } },
  { path: "/admin/fulfillers", intents: ["reject", "suspend"], want: { ...adminOnly, admin: 422 } },
  { path: "/admin/fulfillers", intents: ["delete"], want: { ...adminOnly, admin: 400 } },
];

function check(status: number, location: string | undefined, want: Want, path: string) {
  if (want === "login") {
    expect(status, path).toBe(302);
    expect(location, path).toBe(`/login?next=${encodeURIComponent(path)}`);
  } else expect(status, path).toBe(want);
}

for (const route of GETS) {
  test(`GET ${route.path}`, async () => {
    for (const who of WHO) {
      const res = await contexts.get(who)!.get(route.path, { maxRedirects: 0 });
      await test.step(`${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], route.want[who], route.path));
    }
  });
}

for (const route of POSTS) {
  for (const intent of route.intents) {
    test(`POST ${route.path} intent=${intent || "(none)"}`, async () => {
      for (const who of WHO) {
        const form: Record<string, string> = {
          intent,
          id: "ful_00000000000000000000000000",
          note: "",
          reason: "",
          businessName: "",
          handle: "Not a handle!",
          capacityPerDay: "lots",
          name: "",
          payoutContactEmail: "not-an-email",
        };
        const res = await contexts.get(who)!.post(route.path, { form, maxRedirects: 0 });
        await test.step(`${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], route.want[who], route.path));
      }
    });
  }
}

test("after every refused call, nothing changed: @inkwell's application still waits, @print-works is still active", async () => {
  const partner = contexts.get("partner")!;
  const page = await partner.get("/shop/partners/@inkwell/fulfillment-application");
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('data-status="pending"');
  const admin = await contexts.get("admin")!.get("/admin/fulfillers");
  const html = await admin.text();
  expect(html).toMatch(/data-testid="fulfiller-application" data-handle="inkwell-press"/);
  expect(html).toMatch(/data-testid="fulfiller" data-handle="print-works"/);
  expect(html).not.toContain("Suspended:");
});

test("the owner's refused application names each field", async () => {
  const res = await contexts.get("partner")!.post("/shop/partners/@inkwell/fulfillment-application", {
    form: { businessName: "", handle: "Not a handle!", capacityPerDay: "lots", country: "US" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(422);
  const html = await res.text();
  for (const message of [
    "Enter a business name of at least 2 characters.",
    "Use 3 to 30 lowercase letters, digits and dashes",
    "Choose at least one technique you print with.",
    "Enter how many units you can make per day, like 200.",
    "Accept the manufacturing terms to apply.",
    "Enter the street address.",
  ])
    expect(html, message).toContain(message);
});
