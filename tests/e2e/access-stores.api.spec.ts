import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAll, WHO, type Who } from "./support/roles.ts";

/**
 * Every route of partners and stores × anonymous, shopper, partner (owner of @inkwell), fulfiller
 * (owner of @print-works-studio: another store's owner) and admin, for GET and every POST intent.
 */
type Want = 200 | 400 | 403 | 404 | "login";

const contexts = new Map<Who, APIRequestContext>();

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL)) contexts.set(who, ctx);
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

const all = (want: Want): Record<Who, Want> => ({ anonymous: want, shopper: want, partner: want, fulfiller: want, admin: want });
const signedIn = (want: Want): Record<Who, Want> => ({ ...all(want), anonymous: "login" });
const adminOnly: Record<Who, Want> = { anonymous: "login", shopper: 403, partner: 403, fulfiller: 403, admin: 200 };
const inkwellAdmin: Record<Who, Want> = { anonymous: "login", shopper: 403, partner: 200, fulfiller: 403, admin: 200 };
const printWorksAdmin: Record<Who, Want> = { anonymous: "login", shopper: 403, partner: 403, fulfiller: 200, admin: 200 };

const GETS: { path: string; want: Record<Who, Want> }[] = [
  { path: "/shop/partners/register", want: signedIn(200) },
  { path: "/shop/partners/register?check=inkwell", want: signedIn(200) },
  { path: "/shop/partners/terms", want: all(200) },
  { path: "/shop/partners/@inkwell", want: all(200) },
  { path: "/shop/partners/inkwell", want: all(404) },
  { path: "/shop/partners/@no-such-store", want: all(404) },
  { path: "/shop/partners/@inkwell/partners", want: all(200) },
  { path: "/shop/partners/inkwell/partners", want: all(404) },
  { path: "/shop/partners/@inkwell/fanClub", want: all(200) },
  { path: "/shop/partners/@no-such-store/fanClub", want: all(404) },
  { path: "/fan-club/unsubscribe/not-a-token", want: all(404) },
  { path: "/team/invite/not-a-token", want: signedIn(404) },
  { path: "/ash", want: all(200) },
  { path: "/admin/partners", want: adminOnly },
  { path: "/admin/partners?q=ink&status=active", want: adminOnly },
  { path: "/admin/partners/applicants", want: adminOnly },
  ...["", "/getting-started", "/profile", "/workerprofile"].flatMap((sub) => [
    { path: `/shop/partners/@inkwell/administration${sub}`, want: inkwellAdmin },
    { path: `/shop/partners/@print-works-studio/administration${sub}`, want: printWorksAdmin },
    { path: `/shop/partners/inkwell/administration${sub}`, want: all(404) },
    { path: `/shop/partners/@no-such-store/administration${sub}`, want: signedIn(404) },
  ]),
];

// POST intents, sent with harmless or invalid data: refusals must be exact, allowed users get a 4xx for the bad input (never a 500).
const POSTS: { path: string; intents: string[]; want: Record<Who, Want> }[] = [
  { path: "/shop/partners/register", intents: ["apply"], want: signedIn(400) },
  {
    path: "/shop/partners/@inkwell/fanClub",
    intents: ["post", "perk"],
    want: { anonymous: "login", shopper: 400, partner: 400, fulfiller: 400, admin: 400 },
  },
  {
    path: "/shop/partners/@inkwell/fanClub",
    intents: ["delete-post", "end-perk"],
    want: { anonymous: "login", shopper: 403, partner: 404, fulfiller: 403, admin: 404 },
  },
  { path: "/shop/partners/@no-such-store/fanClub", intents: ["join"], want: all(404) },
  { path: "/fan-club/unsubscribe/not-a-token", intents: [""], want: all(404) },
  { path: "/team/invite/not-a-token", intents: [""], want: signedIn(404) },
  { path: "/admin/partners", intents: ["suspend"], want: { ...adminOnly, admin: 400 } },
  { path: "/admin/partners", intents: ["reinstate", "feature", "unfeature"], want: { ...adminOnly, admin: 404 } },
  { path: "/admin/partners/applicants", intents: ["approve"], want: { ...adminOnly, admin: 404 } },
  { path: "/admin/partners/applicants", intents: ["reject"], want: { ...adminOnly, admin: 400 } },
  { path: "/shop/partners/@inkwell/administration/profile", intents: ["profile"], want: { ...inkwellAdmin, partner: 400, admin: 400 } },
  {
    path: "/shop/partners/@inkwell/administration/profile",
    intents: ["avatar", "banner"],
    want: { ...inkwellAdmin, partner: 400, admin: 400 },
  },
  {
    path: "/shop/partners/@print-works-studio/administration/profile",
    intents: ["profile"],
    want: { ...printWorksAdmin, fulfiller: 400, admin: 400 },
  },
  {
    path: "/shop/partners/@inkwell/administration/workerprofile",
    intents: ["invite"],
    want: { ...inkwellAdmin, partner: 400, admin: 400 },
  },
  {
    path: "/shop/partners/@inkwell/administration/workerprofile",
    intents: ["permissions", "remove"],
    want: { ...inkwellAdmin, partner: 404, admin: 404 },
  },
  {
    path: "/shop/partners/@print-works-studio/administration/workerprofile",
    intents: ["invite"],
    want: { ...printWorksAdmin, fulfiller: 400, admin: 400 },
  },
  {
    path: "/shop/partners/@print-works-studio/administration/workerprofile",
    intents: ["permissions", "remove"],
    want: { ...printWorksAdmin, fulfiller: 404, admin: 404 },
  },
  { path: "/shop/partners/inkwell/administration/profile", intents: ["profile"], want: all(404) },
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
          id: "sto_00000000000000000000000000",
          memberId: "smb_00000000000000000000000000",
          postId: "fcp_00000000000000000000000000",
          perkId: "prk_00000000000000000000000000",
          name: "",
          email: "not-an-email",
          title: "",
        };
        const res = await contexts.get(who)!.post(route.path, { form, maxRedirects: 0 });
        await test.step(`${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], route.want[who], route.path));
      }
    });
  }
}
