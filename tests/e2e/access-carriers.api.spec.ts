import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAll, WHO, type Who } from "./support/roles.ts";

/**
 * The print shop's Carriers page and its rate-table CSV × anonymous, shopper, partner, fulfiller
 * (owner of @print-works) and admin. The demo has one print shop: the partner, who holds no
 * fulfiller role and owns no print shop, stands for "another print shop's owner" here (a 404,
 * never a hint of whose carriers these are); the module's own tests refuse a real second print
 * shop's owner (server/modules/carriers/carriers.test.ts). Nothing here changes the demo's table.
 */
type Want = 200 | 400 | 404 | 409 | 413 | 422 | "login";

const contexts = new Map<Who, APIRequestContext>();

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL, "carriers")) contexts.set(who, ctx);
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

const all = (want: Want): Record<Who, Want> => ({ anonymous: want, shopper: want, partner: want, fulfiller: want, admin: want });
const signedIn = (want: Want): Record<Who, Want> => ({ ...all(want), anonymous: "login" });
/** The print shop's owner and admins get in; everyone else signed in gets a 404. */
const shop = (allowed: Want = 200): Record<Who, Want> => ({
  anonymous: "login",
  shopper: 404,
  partner: 404,
  fulfiller: allowed,
  admin: allowed,
});

const PAGE = "/fulfillment/@print-works/administration/carriers";
const CSV = `${PAGE}/local/rates.csv`;
const NO_ACCOUNT = "cra_00000000000000000000000000";
const HEADER =
  "carrier,service,service_name,dim_divisor,zone,countries,postal_prefixes,postal_from,postal_to,min_grams,max_grams,price,currency";

const GETS: { path: string; want: Record<Who, Want> }[] = [
  { path: PAGE, want: shop() },
  { path: `${PAGE}?done=imported&carrier=${NO_ACCOUNT}`, want: shop() },
  { path: `${PAGE}?done=bogus&carrier=%3Cscript%3E`, want: shop() },
  { path: CSV, want: shop() },
  { path: `${PAGE}/pigeon/rates.csv`, want: signedIn(404) },
  { path: `${PAGE}/LOCAL/rates.csv`, want: signedIn(404) },
  { path: "/fulfillment/print-works/administration/carriers", want: all(404) },
  { path: "/fulfillment/print-works/administration/carriers/local/rates.csv", want: all(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/carriers", want: signedIn(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/carriers/local/rates.csv", want: signedIn(404) },
];

// POST intents: refusals are exact, allowed users get a 4xx with the message (never a 500), and nothing changes.
const POSTS: { path: string; form: Record<string, string>; want: Record<Who, Want> }[] = [
  { path: PAGE, form: { intent: "deactivate", carrierAccountId: NO_ACCOUNT }, want: shop(404) },
  { path: PAGE, form: { intent: "activate", carrierAccountId: "bogus" }, want: shop(404) },
  { path: PAGE, form: { intent: "import", carrierAccountId: NO_ACCOUNT }, want: shop(404) },
  { path: PAGE, form: { intent: "add-carrier", carrierCode: "local" }, want: shop(409) },
  { path: PAGE, form: { intent: "add-carrier", carrierCode: "pigeon", name: "Pigeon Post" }, want: shop(422) },
  { path: PAGE, form: { intent: "quote", country: "US", postalCode: "97205", weight: "600" }, want: shop(200) },
  { path: PAGE, form: { intent: "quote", country: "US", postalCode: "97205", weight: "0" }, want: shop(422) },
  { path: PAGE, form: { intent: "quote", country: "US", postalCode: "97205", weight: "50000" }, want: shop(422) },
  { path: PAGE, form: { intent: "quote", country: "XX", postalCode: "1", weight: "600" }, want: shop(422) },
  { path: PAGE, form: { intent: "quote", country: "US", weight: "600", length: "30" }, want: shop(422) },
  { path: PAGE, form: { intent: "explode" }, want: shop(400) },
  { path: "/fulfillment/print-works/administration/carriers", form: { intent: "quote", country: "US", weight: "600" }, want: all(404) },
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
  test(`POST ${route.path} ${JSON.stringify(route.form)}`, async () => {
    for (const who of WHO) {
      const res = await contexts.get(who)!.post(route.path, { form: route.form, maxRedirects: 0 });
      await test.step(`${who} → ${res.status()}`, () => check(res.status(), res.headers()["location"], route.want[who], route.path));
    }
  });
}

test("the rate table downloads as CSV for the shop's owner and admins, and a bad or oversized upload is refused with nothing written", async () => {
  const owner = contexts.get("fulfiller")!;
  const page = await owner.get(PAGE);
  const accountId = /name="carrierAccountId" value="(cra_[0-9a-z]{26})"/.exec(await page.text())?.[1];
  expect(accountId, "the local carrier's account on the page").toBeTruthy();

  const before = await owner.get(CSV);
  expect(before.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(before.headers()["content-disposition"]).toBe('attachment; filename="print-works-rates-local.csv"');
  expect(before.headers()["cache-control"]).toBe("private, no-store");
  const sheet = await before.text();
  expect(sheet.startsWith(`\uFEFF${HEADER}\n`)).toBe(true);
  expect((await contexts.get("admin")!.get(CSV)).status()).toBe(200);

  // a bad file, from everyone: the owner and admins get the rows named; the others never reach it
  const bad = `${HEADER}\nlocal,standard,Standard,,Nowhere,XX,,,,0,500,4.00,USD\n`;
  for (const who of WHO) {
    const res = await contexts.get(who)!.post(PAGE, {
      multipart: {
        intent: "import",
        carrierAccountId: accountId!,
        file: { name: "rates.csv", mimeType: "text/csv", buffer: Buffer.from(bad) },
      },
      maxRedirects: 0,
    });
    await test.step(`${who} → ${res.status()}`, async () => {
      check(res.status(), res.headers()["location"], shop(422)[who], PAGE);
      if (res.status() === 422) expect(await res.text()).toContain("XX is not a country code");
    });
  }

  // a file over the page's 1 MB cap: the page's own message, not the server's
  const big = `${HEADER}\n${"local,standard,Standard,,Big,US,,,,0,500,4.00,USD\n".repeat(24_000)}`;
  const tooBig = await owner.post(PAGE, {
    multipart: {
      intent: "import",
      carrierAccountId: accountId!,
      file: { name: "big.csv", mimeType: "text/csv", buffer: Buffer.from(big) },
    },
    maxRedirects: 0,
  });
  expect(tooBig.status()).toBe(413);
  expect(await tooBig.text()).toContain("The file is larger than 1 MB");

  // a spreadsheet that is not UTF-8
  const latin1 = await owner.post(PAGE, {
    multipart: {
      intent: "import",
      carrierAccountId: accountId!,
      file: {
        name: "rates.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(`${HEADER}\nlocal,standard,Standard,,Z\u00fcrich,CH,,,,0,500,4.00,USD\n`, "latin1"),
      },
    },
    maxRedirects: 0,
  });
  expect(latin1.status()).toBe(422);
  expect(await latin1.text()).toContain("CSV UTF-8");

  // nothing of the refused files was written
  const after = await (await owner.get(CSV)).text();
  expect(after).not.toContain("Nowhere");
  expect(after).not.toContain(",Big,");
  expect(after).not.toContain("rich,CH");
});
