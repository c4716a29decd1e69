import { expect, request as pwRequest, test, type APIRequestContext } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "./support/accounts.ts";

/**
 * A print shop's floor staff and another print shop (issue 23 §5), on every page of a print shop's
 * administration: Sam Floor (DEMO.worker) works @print-works's floor, so its floor pages (orders,
 * batches, parcels, shipments, manifests) and their documents answer 200 and the floor's actions
 * take the worker's input as the owner's (the same refusal of bogus ids), while the owner's pages
 * (overview: sent to the orders; set-up, carriers, warehouses, blanks, analytics, cases, team) are
 * the 404 a stranger gets. Nora Printer (DEMO.otherShop), owner of @north-press, gets a 404 on every
 * page and action of @print-works, and 200 on her own administration, where @print-works's owner
 * and worker get a 404. Rejecting a line stays the owner's: the worker gets a 403 and nothing
 * changes. Bogus ids everywhere: nothing real changes.
 */
type As = "owner" | "worker" | "otherShop";
type Want = 200 | 400 | 403 | 404 | 405 | 409 | 422 | "orders";
const AS: As[] = ["owner", "worker", "otherShop"];
const EMAIL: Record<As, string> = { owner: DEMO.fulfiller, worker: DEMO.worker, otherShop: DEMO.otherShop };

const ADM = "/fulfillment/@print-works/administration";
const NORTH = "/fulfillment/@north-press/administration";
const BATCHES = `${ADM}/warehouses/${encodeURIComponent("Portland, OR")}/batches`;
const NO_GROUP = "sgr_00000000000000000000000000";
const NO_LINE = "oln_00000000000000000000000000";
const NO_PARCEL = "prc_00000000000000000000000000";
const NO_SHIPMENT = "shp_00000000000000000000000000";
const NO_MANIFEST = "mnf_00000000000000000000000000";
const NO_WAREHOUSE = "wh_00000000000000000000000000";
const NO_ACCOUNT = "cra_00000000000000000000000000";
const NO_BATCH = "pb_00000000000000000000000000";
const NO_MEMBER = "fmb_00000000000000000000000000";

const contexts = new Map<As, APIRequestContext>();
/** Real documents of @print-works (read from the owner's pages): pick list, print sheet, packing slip, label, manifest, print file. */
const documents: string[] = [];
let warehouseId = "";

/** The floor: the owner and the worker in, another print shop's owner out. */
const floor: Record<As, Want> = { owner: 200, worker: 200, otherShop: 404 };
/** The owner's pages: only the owner. */
const ownerOnly: Record<As, Want> = { owner: 200, worker: 404, otherShop: 404 };
/** A floor action refused for its input: the owner and the worker get `want`, another print shop a 404. */
const floorRefuses = (want: Want): Record<As, Want> => ({ owner: want, worker: want, otherShop: 404 });
/** An owner's action refused for its input: the owner gets `want`, everyone else a 404. */
const ownerRefuses = (want: Want): Record<As, Want> => ({ owner: want, worker: 404, otherShop: 404 });

async function firstHref(ctx: APIRequestContext, path: string, pattern: RegExp): Promise<string> {
  const res = await ctx.get(path);
  expect(res.status(), path).toBe(200);
  const href = pattern.exec(await res.text())?.[1];
  expect(href, `${pattern} on ${path}`).toBeTruthy();
  return href!.replace(/&amp;/g, "&");
}

test.beforeAll(async ({ baseURL }) => {
  for (const as of AS) {
    const ctx = await pwRequest.newContext({ baseURL });
    const res = await ctx.post("/login", { form: { email: EMAIL[as], password: DEMO_PASSWORD, next: "/account" }, maxRedirects: 0 });
    expect(res.status(), `sign-in as ${as}`).toBe(302);
    contexts.set(as, ctx);
  }
  const owner = contexts.get("owner")!;
  const doc = (name: string) => new RegExp(`href="(${ADM}/[^"]+/${name.replace(".", "\\.")})"`);
  documents.push(
    await firstHref(owner, `${BATCHES}`, doc("pick-list.pdf")),
    await firstHref(owner, `${BATCHES}`, doc("print-sheet.pdf")),
    await firstHref(owner, `${ADM}/parcels`, doc("packing-slip.pdf")),
    await firstHref(owner, `${ADM}/shipments?status=all`, doc("label.pdf")),
    await firstHref(owner, `${ADM}/shipments?status=all`, doc("label.zpl")),
    await firstHref(owner, `${ADM}/manifests`, doc("manifest.pdf")),
    await firstHref(owner, `${ADM}/orders?status=all`, new RegExp(`href="(${ADM}/orders/[^"]+/files/[^"]+)"`)),
  );
  warehouseId = /\/warehouses\/(wh_[0-9a-z]{26})"/.exec(await (await owner.get(`${ADM}/warehouses`)).text())?.[1] ?? "";
  expect(warehouseId, "a warehouse of @print-works").not.toBe("");
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

function check(status: number, location: string | undefined, want: Want, path: string) {
  if (want === "orders") {
    expect(status, path).toBe(302);
    expect(location, path).toBe(`${ADM}/orders`);
  } else expect(status, path).toBe(want);
}

const gets = (): { path: string; want: Record<As, Want> }[] => [
  // the floor and its documents
  { path: `${ADM}/orders`, want: floor },
  { path: `${ADM}/orders?status=all&q=PL`, want: floor },
  { path: BATCHES, want: floor },
  { path: `${BATCHES}?batch=${NO_BATCH}`, want: floor },
  { path: `${ADM}/parcels`, want: floor },
  { path: `${ADM}/shipments`, want: floor },
  { path: `${ADM}/shipments?status=all`, want: floor },
  { path: `${ADM}/manifests`, want: floor },
  ...documents.map((path) => ({ path, want: floor })),
  { path: `${ADM}/parcels/${NO_PARCEL}/packing-slip.pdf`, want: { owner: 404, worker: 404, otherShop: 404 } },
  { path: `${ADM}/manifests/${NO_MANIFEST}/manifest.pdf`, want: { owner: 404, worker: 404, otherShop: 404 } },
  // the owner's pages: the worker is sent from the overview to the orders, and is a stranger elsewhere
  { path: ADM, want: { owner: 200, worker: "orders", otherShop: 404 } },
  { path: `${ADM}/getting-started`, want: ownerOnly },
  { path: `${ADM}/config`, want: ownerOnly },
  { path: `${ADM}/carriers`, want: ownerOnly },
  { path: `${ADM}/carriers/local/rates.csv`, want: ownerOnly },
  { path: `${ADM}/warehouses`, want: ownerOnly },
  { path: `${ADM}/warehouses/create`, want: ownerOnly },
  { path: `${ADM}/warehouses/${warehouseId}`, want: ownerOnly },
  { path: `${ADM}/warehouses/${warehouseId}/stock.csv`, want: ownerOnly },
  { path: `${ADM}/blanks`, want: ownerOnly },
  { path: `${ADM}/analytics`, want: ownerOnly },
  { path: `${ADM}/analytics/units`, want: ownerOnly },
  { path: `${ADM}/cases`, want: ownerOnly },
  { path: `${ADM}/team`, want: ownerOnly },
  // @north-press: its owner's own administration, closed to @print-works's owner and worker
  ...["", "/orders", "/parcels", "/shipments", "/manifests", "/getting-started", "/warehouses", "/config", "/carriers", "/team"].map(
    (page) => ({ path: `${NORTH}${page}`, want: { owner: 404, worker: 404, otherShop: 200 } as Record<As, Want> }),
  ),
];

test("GET every print shop page and document as the owner, the floor worker and another print shop's owner", async () => {
  test.setTimeout(300_000);
  for (const route of gets())
    for (const as of AS) {
      const res = await contexts.get(as)!.get(route.path, { maxRedirects: 0 });
      await test.step(`${route.path}: ${as} → ${res.status()}`, () =>
        check(res.status(), res.headers()["location"], route.want[as], route.path));
    }
});

const posts = (): { path: string; form: Record<string, string>; want: Record<As, Want>; says?: string }[] => [
  // the floor's actions, with bogus ids: the worker's input is refused as the owner's
  { path: `${ADM}/orders`, form: { intent: "accept", groupId: NO_GROUP }, want: floorRefuses(409) },
  { path: `${ADM}/orders`, form: { intent: "accept" }, want: floorRefuses(400) },
  {
    path: `${ADM}/orders`,
    form: { intent: "reject", groupId: NO_GROUP, lineId: NO_LINE, reason: "Out of navy blanks" },
    want: { owner: 409, worker: 403, otherShop: 404 },
  },
  { path: BATCHES, form: { intent: "cancel", batchId: NO_BATCH }, want: floorRefuses(404) },
  { path: BATCHES, form: { intent: "scan", code: "" }, want: floorRefuses(422) },
  {
    path: `${ADM}/parcels`,
    form: { intent: "pack", groupId: NO_GROUP },
    want: floorRefuses(422),
    says: "Tick the lines that go into this parcel.",
  },
  { path: `${ADM}/parcels`, form: { intent: "unpack", parcelId: NO_PARCEL }, want: floorRefuses(404) },
  { path: `${ADM}/shipments`, form: { intent: "buy", parcelId: NO_PARCEL }, want: floorRefuses(422), says: "Choose a carrier service." },
  { path: `${ADM}/shipments`, form: { intent: "void", shipmentId: NO_SHIPMENT }, want: floorRefuses(404) },
  {
    path: `${ADM}/manifests`,
    form: { intent: "manifest", warehouseId: NO_WAREHOUSE, carrierAccountId: NO_ACCOUNT },
    want: floorRefuses(422),
    says: "Tick the labels the driver takes today.",
  },
  // the owner's actions: the worker and another print shop get the 404
  {
    path: `${ADM}/team`,
    form: { intent: "add", email: "nobody-at-all@demo.platen.test" },
    want: ownerRefuses(422),
    says: "No Platen account uses that e-mail",
  },
  { path: `${ADM}/team`, form: { intent: "remove", memberId: NO_MEMBER }, want: ownerRefuses(404) },
  { path: `${ADM}/config`, form: { intent: "delete-zone", id: "shz_00000000000000000000000000" }, want: ownerRefuses(404) },
  { path: `${ADM}/carriers`, form: { intent: "explode" }, want: ownerRefuses(400) },
  { path: `${ADM}/warehouses/create`, form: {}, want: ownerRefuses(422) },
  { path: `${ADM}/cases`, form: { intent: "reply" }, want: ownerRefuses(405) },
];

test("POST the floor's and the owner's actions with bogus ids: refused exactly, nothing changed", async () => {
  test.setTimeout(300_000);
  const owner = contexts.get("owner")!;
  const team = async () => (await (await owner.get(`${ADM}/team`)).text()).match(/data-testid="floor-worker"/g)?.length ?? 0;
  const teamBefore = await team();
  for (const route of posts())
    for (const as of AS) {
      const res = await contexts.get(as)!.post(route.path, { form: route.form, maxRedirects: 0 });
      await test.step(`${route.path} ${JSON.stringify(route.form)}: ${as} → ${res.status()}`, async () => {
        check(res.status(), res.headers()["location"], route.want[as], route.path);
        if (route.says && route.want[as] !== 404) expect(await res.text()).toContain(route.says);
      });
    }
  expect(await team()).toBe(teamBefore);
});

test("the owner sees Sam Floor on the team; the worker's navigation shows the floor only; the account links to the floor", async () => {
  const teamPage = await (await contexts.get("owner")!.get(`${ADM}/team`)).text();
  expect(teamPage).toContain("Sam Floor");
  expect(teamPage).toContain(DEMO.worker);
  const ownerNav = await (await contexts.get("owner")!.get(`${ADM}/orders`)).text();
  for (const page of ["orders", "parcels", "shipments", "manifests", "warehouses", "carriers", "team"])
    expect(ownerNav, `owner: ${page}`).toContain(`href="${ADM}/${page}"`);
  const workerNav = await (await contexts.get("worker")!.get(`${ADM}/orders`)).text();
  for (const page of ["orders", "parcels", "shipments", "manifests"])
    expect(workerNav, `worker: ${page}`).toContain(`href="${ADM}/${page}"`);
  for (const page of ["warehouses", "carriers", "config", "analytics", "cases", "team", "getting-started", "blanks"])
    expect(workerNav, `worker: no ${page}`).not.toContain(`href="${ADM}/${page}"`);
  // the work, not the money: the owner's orders show the balance and each shipment's payout, the worker's neither
  expect(ownerNav).toContain('data-testid="party-balance"');
  expect(ownerNav).toContain('data-testid="group-payout"');
  expect(workerNav).not.toContain('data-testid="party-balance"');
  expect(workerNav).not.toContain('data-testid="group-payout"');
  const account = await (await contexts.get("worker")!.get("/account")).text();
  expect(account).toContain("Print shops you work for");
  expect(account).toContain(`href="${ADM}/orders"`);
});
