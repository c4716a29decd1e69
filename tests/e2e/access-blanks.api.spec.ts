import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAll, WHO, type Who } from "./support/roles.ts";

/**
 * A print shop's blank pages (issue 23 §5): its list of blanks and the form that adds one, ×
 * anonymous, shopper, partner, fulfiller (owner of the print shop @print-works) and admin. The
 * partner holds no fulfiller role: it stands for another print shop's owner on @print-works and,
 * like a shopper, gets a 404 that tells nothing. Refused input gets its 4xx with the message on the
 * field, never a 500, and writes nothing: the list reads the same after every refusal.
 */
type Want = 200 | 400 | 403 | 404 | 409 | 422 | "login";

const contexts = new Map<Who, APIRequestContext>();

const ADM = "/fulfillment/@print-works/administration";
const B = `${ADM}/blanks`;
const NO_BLANK = "blk_00000000000000000000000000";
const NO_WAREHOUSE = "wh_00000000000000000000000000";

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL, "blanks")) contexts.set(who, ctx);
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

const all = (want: Want): Record<Who, Want> => ({ anonymous: want, shopper: want, partner: want, fulfiller: want, admin: want });
const signedIn = (want: Want): Record<Who, Want> => ({ ...all(want), anonymous: "login" });
const shop: Record<Who, Want> = { anonymous: "login", shopper: 404, partner: 404, fulfiller: 200, admin: 200 };
/** The shop's owner and admins get `want` (a refusal of their input); everyone else as `shop`. */
const shopRefuses = (want: Want): Record<Who, Want> => ({ ...shop, fulfiller: want, admin: want });

function check(status: number, location: string | undefined, want: Want, path: string) {
  if (want === "login") {
    expect(status, path).toBe(302);
    expect(location, path).toBe(`/login?next=${encodeURIComponent(path)}`);
  } else expect(status, path).toBe(want);
}

const gets: { path: string; want: Record<Who, Want> }[] = [
  { path: B, want: shop },
  { path: `${B}?added=${NO_BLANK}&done=nope`, want: shop },
  { path: `${B}?done=retired`, want: shop },
  { path: `${B}/create`, want: shop },
  { path: `${B}/create?category=mugs&name=Diner+mug&areas=wrap&colors.0.name=Cream`, want: shop },
  { path: `${B}/create?category=not-a-category&colors.99.name=x`, want: shop },
  { path: "/fulfillment/print-works/administration/blanks", want: all(404) },
  { path: "/fulfillment/print-works/administration/blanks/create", want: all(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/blanks", want: signedIn(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/blanks/create", want: signedIn(404) },
];

test("GET the blanks and the form that adds one", async () => {
  for (const route of gets)
    for (const who of WHO) {
      const res = await contexts.get(who)!.get(route.path, { maxRedirects: 0 });
      await test.step(`${route.path}: ${who} → ${res.status()}`, () =>
        check(res.status(), res.headers()["location"], route.want[who], route.path));
    }
});

test("the list shows the demo shop's blanks and the side navigation leads to it; the form offers the category's print areas", async () => {
  const html = await (await contexts.get("fulfiller")!.get(B)).text();
  expect(html).toContain(`href="${B}"`);
  expect(html).toContain(`href="${B}/create"`);
  expect(html.match(/data-testid="blank"/g)?.length ?? 0).toBeGreaterThan(3);
  const form = (await (await contexts.get("fulfiller")!.get(`${B}/create?category=mugs`)).text()).replace(/<!-- -->/g, "");
  expect(form).toContain("Print areas of mugs");
  expect(form).toContain(">Wrap<");
  expect(form).toContain("Colour 4 hex");
  expect(form).toContain("Size 6 weight (g)");
});

const blank = {
  name: "Access test mug",
  category: "mugs",
  productionDays: "3",
  areas: "wrap",
  "colors.0.name": "Cream",
  "colors.0.hex": "#f3e9d2",
  "sizes.0.size": "11 oz",
  "sizes.0.baseCost": "4.50",
  "sizes.0.weightGrams": "350",
};

const posts: { path: string; form: Record<string, string>; want: Record<Who, Want>; says?: string }[] = [
  // add a blank: every problem on its field, nothing written
  { path: `${B}/create`, form: {}, want: shopRefuses(422), says: "Enter a name." },
  {
    path: `${B}/create`,
    form: { ...blank, "colors.0.hex": "cream" },
    want: shopRefuses(422),
    says: "Give each colour a hex code like #1a2b3c.",
  },
  {
    path: `${B}/create`,
    form: { ...blank, "colors.0.name": "", "colors.0.hex": "" },
    want: shopRefuses(422),
    says: "Add at least one colour.",
  },
  { path: `${B}/create`, form: { ...blank, "sizes.0.baseCost": "four" }, want: shopRefuses(422), says: "Enter the base cost as an amount" },
  { path: `${B}/create`, form: { ...blank, areas: "front" }, want: shopRefuses(422), says: "Choose print areas of this category: Wrap." },
  { path: `${B}/create`, form: { ...blank, productionDays: "0" }, want: shopRefuses(422), says: "Production takes at least 1 day." },
  {
    path: `${B}/create`,
    form: { ...blank, warehouseIds: NO_WAREHOUSE },
    want: shopRefuses(422),
    says: "Choose warehouses of this print shop.",
  },
  // retire or offer again
  { path: B, form: { intent: "retire", blankId: NO_BLANK }, want: shopRefuses(404) },
  { path: B, form: { intent: "offer", blankId: "not-a-blank" }, want: shopRefuses(404) },
  { path: B, form: { intent: "explode", blankId: NO_BLANK }, want: shopRefuses(400) },
  // unknown shops
  { path: "/fulfillment/@no-such-fulfiller/administration/blanks/create", form: blank, want: signedIn(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/blanks", form: { intent: "retire", blankId: NO_BLANK }, want: signedIn(404) },
  { path: "/fulfillment/print-works/administration/blanks/create", form: blank, want: all(404) },
];

test("POST every action with refused input: 4xx with the message for the shop and admins, nothing for anyone else, nothing written", async () => {
  const listed = async () => (await (await contexts.get("fulfiller")!.get(B)).text()).replace(/<!-- -->/g, "");
  const before = await listed();
  for (const route of posts)
    for (const who of WHO) {
      const res = await contexts.get(who)!.post(route.path, { form: route.form, maxRedirects: 0 });
      await test.step(`${route.path} ${route.form.intent ?? "create"}: ${who} → ${res.status()}`, async () => {
        check(res.status(), res.headers()["location"], route.want[who], route.path);
        if (route.says && route.want[who] === 422) expect((await res.text()).replace(/<!-- -->/g, ""), who).toContain(route.says);
      });
    }
  const after = await listed();
  expect(after.match(/data-testid="blank"/g)?.length).toBe(before.match(/data-testid="blank"/g)?.length);
  expect(after).not.toContain("Access test mug");
});

test("the getting-started checklist links its blanks step to the blanks' pages", async () => {
  const html = (await (await contexts.get("fulfiller")!.get(`${ADM}/getting-started`)).text()).replace(/<!-- -->/g, "");
  expect(html).not.toContain("Write to Platen");
});
