import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAll, WHO, type Who } from "./support/roles.ts";

/**
 * The print shop's shipping pages (issue 23 §2: Getting started, Parcels, Shipments, Manifests),
 * their documents (packing slip, parcel photo, label PDF and ZPL, manifest PDF) and every action ×
 * anonymous, shopper, partner, fulfiller (owner of @print-works) and admin. The partner owns the
 * selling store @inkwell and holds no fulfiller role: it stands for another print shop's owner on
 * @print-works too (as in access-carriers.api.spec.ts) and, like a shopper, gets a 404 that tells
 * nothing. The owner's and an admin's refused input gets its 4xx with the message, never a 500, and
 * writes nothing. A real parcel, label and manifest refused to everyone else (and left as they
 * were) is checked by the shipping journey (fulfiller-orders.spec.ts), which makes them.
 */
type Want = 200 | 400 | 404 | 405 | 409 | 413 | 422 | "login";

const contexts = new Map<Who, APIRequestContext>();

const ADM = "/fulfillment/@print-works/administration";
const NO_PARCEL = "prc_00000000000000000000000000";
const NO_SHIPMENT = "shp_00000000000000000000000000";
const NO_MANIFEST = "mnf_00000000000000000000000000";
const NO_GROUP = "sgr_00000000000000000000000000";
const NO_LINE = "oln_00000000000000000000000000";
const NO_WAREHOUSE = "wh_00000000000000000000000000";
const NO_ACCOUNT = "cra_00000000000000000000000000";

test.beforeAll(async ({ baseURL }) => {
  for (const [who, ctx] of await signInAll(baseURL, "shipping")) contexts.set(who, ctx);
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

const GETS: { path: string; want: Record<Who, Want> }[] = [
  { path: `${ADM}/getting-started`, want: shop },
  { path: `${ADM}/parcels`, want: shop },
  { path: `${ADM}/parcels?warehouse=${NO_WAREHOUSE}&done=bogus`, want: shop },
  { path: `${ADM}/parcels?done=packed`, want: shop },
  { path: `${ADM}/shipments`, want: shop },
  { path: `${ADM}/shipments?status=bogus&warehouse=%3Cscript%3E&done=bought&shipment=${NO_SHIPMENT}`, want: shop },
  { path: `${ADM}/shipments?status=all`, want: shop },
  { path: `${ADM}/manifests`, want: shop },
  { path: `${ADM}/manifests?done=made&manifest=${NO_MANIFEST}&warehouse=${NO_WAREHOUSE}`, want: shop },
  // documents: an unknown one, a malformed address or an unknown kind is the 404 page for everyone signed in
  { path: `${ADM}/parcels/${NO_PARCEL}/packing-slip.pdf`, want: signedIn(404) },
  { path: `${ADM}/parcels/${NO_PARCEL}/photo`, want: signedIn(404) },
  { path: `${ADM}/parcels/${NO_PARCEL}/label.pdf`, want: signedIn(404) },
  { path: `${ADM}/parcels/not-a-parcel/packing-slip.pdf`, want: signedIn(404) },
  { path: `${ADM}/shipments/${NO_SHIPMENT}/label.pdf`, want: signedIn(404) },
  { path: `${ADM}/shipments/${NO_SHIPMENT}/label.zpl`, want: signedIn(404) },
  { path: `${ADM}/shipments/${NO_SHIPMENT}/packing-slip.pdf`, want: signedIn(404) },
  { path: `${ADM}/shipments/${NO_PARCEL}/label.pdf`, want: signedIn(404) },
  { path: `${ADM}/manifests/${NO_MANIFEST}/manifest.pdf`, want: signedIn(404) },
  { path: `${ADM}/manifests/${NO_MANIFEST}/label.pdf`, want: signedIn(404) },
  { path: `${ADM}/manifests/MN-1/manifest.pdf`, want: signedIn(404) },
  // no "@", or a print shop that does not exist
  { path: "/fulfillment/print-works/administration/parcels", want: all(404) },
  { path: "/fulfillment/print-works/administration/shipments", want: all(404) },
  { path: "/fulfillment/print-works/administration/manifests", want: all(404) },
  { path: "/fulfillment/print-works/administration/getting-started", want: all(404) },
  { path: `/fulfillment/print-works/administration/shipments/${NO_SHIPMENT}/label.pdf`, want: all(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/getting-started", want: signedIn(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/parcels", want: signedIn(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/shipments", want: signedIn(404) },
  { path: "/fulfillment/@no-such-fulfiller/administration/manifests", want: signedIn(404) },
  { path: `/fulfillment/@no-such-fulfiller/administration/parcels/${NO_PARCEL}/packing-slip.pdf`, want: signedIn(404) },
  { path: `/fulfillment/@no-such-fulfiller/administration/shipments/${NO_SHIPMENT}/label.zpl`, want: signedIn(404) },
  { path: `/fulfillment/@no-such-fulfiller/administration/manifests/${NO_MANIFEST}/manifest.pdf`, want: signedIn(404) },
];

// Each action: refusals are exact, the owner and admins get a 4xx with the message (never a 500).
const POSTS: { path: string; form: Record<string, string>; want: Record<Who, Want>; says?: string }[] = [
  // parcels
  { path: `${ADM}/parcels`, form: { intent: "pack", groupId: NO_GROUP, lineIds: NO_LINE }, want: shopRefuses(404) },
  { path: `${ADM}/parcels`, form: { intent: "pack", groupId: "bogus", lineIds: NO_LINE }, want: shopRefuses(404) },
  {
    path: `${ADM}/parcels`,
    form: { intent: "pack", groupId: NO_GROUP },
    want: shopRefuses(422),
    says: "Tick the lines that go into this parcel.",
  },
  {
    path: `${ADM}/parcels`,
    form: { intent: "pack", groupId: NO_GROUP, lineIds: NO_LINE, weightGrams: "heavy" },
    want: shopRefuses(422),
    says: "Enter the weight in whole grams",
  },
  {
    path: `${ADM}/parcels`,
    form: { intent: "pack", groupId: NO_GROUP, lineIds: NO_LINE, length: "30" },
    want: shopRefuses(422),
    says: "Enter the length, width and height, or none of them",
  },
  { path: `${ADM}/parcels`, form: { intent: "unpack", parcelId: NO_PARCEL }, want: shopRefuses(404) },
  { path: `${ADM}/parcels`, form: { intent: "unpack", parcelId: "../x" }, want: shopRefuses(404) },
  { path: `${ADM}/parcels`, form: { intent: "explode" }, want: shopRefuses(400), says: "Choose what to do on this page." },
  // shipments
  {
    path: `${ADM}/shipments`,
    form: { intent: "buy", parcelId: NO_PARCEL, option: `${NO_ACCOUNT}|standard` },
    want: shopRefuses(404),
  },
  { path: `${ADM}/shipments`, form: { intent: "buy", parcelId: NO_PARCEL }, want: shopRefuses(422), says: "Choose a carrier service." },
  { path: `${ADM}/shipments`, form: { intent: "buy", parcelId: NO_PARCEL, option: "bogus" }, want: shopRefuses(422) },
  { path: `${ADM}/shipments`, form: { intent: "void", shipmentId: NO_SHIPMENT }, want: shopRefuses(404) },
  { path: `${ADM}/shipments`, form: { intent: "refresh", shipmentId: NO_SHIPMENT }, want: shopRefuses(404) },
  { path: `${ADM}/shipments`, form: { intent: "void", shipmentId: "bogus" }, want: shopRefuses(404) },
  { path: `${ADM}/shipments`, form: { intent: "explode" }, want: shopRefuses(400), says: "Choose what to do on this page." },
  // manifests
  {
    path: `${ADM}/manifests`,
    form: { intent: "manifest", warehouseId: NO_WAREHOUSE, carrierAccountId: NO_ACCOUNT, shipmentIds: NO_SHIPMENT },
    want: shopRefuses(404),
  },
  {
    path: `${ADM}/manifests`,
    form: { intent: "manifest", warehouseId: NO_WAREHOUSE, carrierAccountId: NO_ACCOUNT },
    want: shopRefuses(422),
    says: "Tick the labels the driver takes today.",
  },
  {
    path: `${ADM}/manifests`,
    form: { intent: "manifest", warehouseId: "bogus", carrierAccountId: NO_ACCOUNT, shipmentIds: NO_SHIPMENT },
    want: shopRefuses(404),
  },
  { path: `${ADM}/manifests`, form: { intent: "explode" }, want: shopRefuses(400), says: "Choose what to do on this page." },
  // no "@", an unknown print shop, and the pages without an action
  { path: "/fulfillment/print-works/administration/shipments", form: { intent: "void", shipmentId: NO_SHIPMENT }, want: all(404) },
  {
    path: "/fulfillment/@no-such-fulfiller/administration/manifests",
    form: { intent: "manifest", warehouseId: NO_WAREHOUSE, carrierAccountId: NO_ACCOUNT, shipmentIds: NO_SHIPMENT },
    want: signedIn(404),
  },
  { path: `${ADM}/getting-started`, form: { intent: "anything" }, want: all(405) },
];

test("GET every shipping page and document", async () => {
  // ~150 requests; with the demo's lived-in floor (hundreds of orders, labels and manifests) a page
  // posted without JavaScript renders again after its action, which takes its time under CI's load.
  test.setTimeout(300_000);
  for (const route of GETS)
    for (const who of WHO) {
      const res = await contexts.get(who)!.get(route.path, { maxRedirects: 0 });
      await test.step(`${route.path}: ${who} → ${res.status()}`, () =>
        check(res.status(), res.headers()["location"], route.want[who], route.path));
    }
});

test("POST every shipping action: refused exactly, never a 500", async () => {
  // ~150 requests; with the demo's lived-in floor (hundreds of orders, labels and manifests) a page
  // posted without JavaScript renders again after its action, which takes its time under CI's load.
  test.setTimeout(300_000);
  for (const route of POSTS)
    for (const who of WHO) {
      const res = await contexts.get(who)!.post(route.path, { form: route.form, maxRedirects: 0 });
      await test.step(`${route.path} ${JSON.stringify(route.form)}: ${who} → ${res.status()}`, async () => {
        check(res.status(), res.headers()["location"], route.want[who], route.path);
        if (route.says && (who === "fulfiller" || who === "admin")) expect(await res.text()).toContain(route.says);
      });
    }
});

test("a parcel photo over the page's cap is refused next to its field, after access, and nothing is packed", async () => {
  const before = await (await contexts.get("fulfiller")!.get(`${ADM}/parcels`)).text();
  const packedBefore = (before.match(/data-testid="parcel"/g) ?? []).length;
  const photo = { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(9 * 1024 * 1024, 0xff) };
  for (const who of WHO) {
    const res = await contexts.get(who)!.post(`${ADM}/parcels`, {
      multipart: { intent: "pack", groupId: NO_GROUP, lineIds: NO_LINE, photo },
      maxRedirects: 0,
    });
    await test.step(`${who} → ${res.status()}`, async () => {
      check(res.status(), res.headers()["location"], shopRefuses(413)[who], `${ADM}/parcels`);
      if (res.status() === 413) expect(await res.text()).toContain("The photo is larger than 8 MB");
    });
  }
  const after = await (await contexts.get("fulfiller")!.get(`${ADM}/parcels`)).text();
  expect((after.match(/data-testid="parcel"/g) ?? []).length).toBe(packedBefore);
});

test("the getting-started checklist shows the demo shop's steps and its day", async () => {
  for (const who of ["fulfiller", "admin"] as const) {
    const html = (await (await contexts.get(who)!.get(`${ADM}/getting-started`)).text()).replace(/<!-- -->/g, "");
    for (const step of ["warehouse", "blanks", "shipping-rates", "carrier", "first-shipment"])
      expect(html, `${who}: step ${step}`).toContain(`data-step="${step}"`);
    expect(html).toContain("Add a warehouse with its street address");
  }
});
