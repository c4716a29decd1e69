// Becoming a print shop on a real database: a partner applies for a store they own, an admin
// approves (a print shop, the fulfiller role, an e-mail) or rejects (a reason, an e-mail), the
// owner sets the shop up, and an admin suspends it (routing skips it, its blanks leave the designer,
// an event goes on the outbox) and reinstates it. Refusals name their field and write nothing.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeProduct, makeStore, makeUser, uniq, type UserActor } from "../../../tests/support/factories.ts";
import { checkTransitionTable } from "../../../tests/support/state-table.ts";
import { manualClock } from "../../contracts/clock.ts";
import { newId } from "../../infra/db/index.ts";
import { domainEvents } from "../../jobs/schema.ts";
import { createCtx, type Actor, type Ctx } from "../../kernel/index.ts";
import { legalSource, parseFrontMatter } from "../content/documents.ts";
import { findUserByUid } from "../identity/index.ts";
import { emailMessages } from "../notifications/schema.ts";
import { checkHandle, getStoreByHandle, type StoreRow } from "../stores/index.ts";
import {
  approveFulfillerApplication,
  countPendingFulfillerApplications,
  createBlank,
  fulfillerApplicationErrors,
  fulfillerApplicationStates,
  fulfillerRegistrationErrors,
  getBlankDetail,
  getPublicFulfiller,
  getStoreFulfillmentStatus,
  isFulfillerHandleTaken,
  listBlanks,
  listFulfillerApplications,
  listFulfillersForAdmin,
  listOfferedBlanksOf,
  listWarehouses,
  printShopAwaitingSetUp,
  registerFulfiller,
  rejectFulfillerApplication,
  routeOrderLines,
  saveShippingRate,
  saveShippingZone,
  setFulfillerStatus,
  submitFulfillerApplication,
  FULFILLMENT_TERMS_VERSION,
  type ApplyingStore,
  type HandleInUse,
} from "./index.ts";
import { fulfillerApplications, fulfillers, warehouses } from "./schema.ts";
import { teeInput } from "./test-fixtures.ts";
import { refusal } from "../../../tests/support/refusal.ts";

const t = useTestDatabase();
const clock = manualClock("2026-11-20T09:00:00Z");
const as = (actor: Actor): Ctx => createCtx(t.db, actor, { clock });
/** What the stores module says of a handle (stores, pending partner applications, reserved words). */
const handleInUse: HandleInUse = async (handle) => !(await checkHandle(as({ kind: "system", reason: "test" }), handle)).available;
/** At approval the handle is the application's own: only a store opened meanwhile could hold it. */
const storeHolds: HandleInUse = async (handle) => Boolean(await getStoreByHandle(as({ kind: "system", reason: "test" }), handle));

let admin: UserActor;
const storeRef = (s: StoreRow): ApplyingStore => ({ id: s.id, handle: s.handle, ownerUserId: s.ownerUserId, status: s.status });

/** A complete, valid application; override any field. */
function form(handle: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    businessName: "Riverside Print Co.",
    handle,
    line1: "1200 SE Water Ave",
    line2: "Unit 4",
    city: "Portland",
    region: "OR",
    postalCode: "97214",
    country: "US",
    techniques: ["dtg", "embroidery"],
    capacityPerDay: "250",
    acceptTerms: "on",
    termsVersion: FULFILLMENT_TERMS_VERSION,
    ...over,
  };
}

const warehouseForm = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: "Portland",
  line1: "1200 SE Water Ave",
  line2: "",
  city: "Portland",
  region: "OR",
  postalCode: "97214",
  country: "US",
  timeZone: "America/Los_Angeles",
  cutoffTime: "15:00",
  capacityPerDay: "250",
  payoutContactName: "Dana Reyes",
  payoutContactEmail: "Payouts@Riverside.example",
  ...over,
});

const applicationsOf = (storeId: string) => t.db.select().from(fulfillerApplications).where(eq(fulfillerApplications.storeId, storeId));
/** The e-mails to `email` about print shops (the store's welcome e-mail aside). */
const mailsTo = async (email: string) =>
  (await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, email))).filter((m) => /print shop/i.test(m.subject));

beforeAll(async () => {
  admin = await makeUser(t.db, { roles: ["admin", "shopper"] });
});

describe("the terms", () => {
  it("the version an application records is the version of the terms document", () => {
    const { fields } = parseFrontMatter(legalSource("manufacturingTerms"));
    expect(fields.version).toBe(FULFILLMENT_TERMS_VERSION);
    expect(fields.updated).toBe(FULFILLMENT_TERMS_VERSION);
  });
});

describe("applying", () => {
  it("the store's owner applies; the terms version and the time are recorded; one open application at a time", async () => {
    const { store, owner } = await makeStore(t.db);
    const row = await submitFulfillerApplication(as(owner), storeRef(store), form(`apply-${uniq()}`), { handleInUse });
    expect(row).toMatchObject({
      status: "pending",
      userId: owner.userId,
      storeId: store.id,
      storeHandle: store.handle,
      businessName: "Riverside Print Co.",
      techniques: ["dtg", "embroidery"],
      capacityPerDay: 250,
      termsVersion: FULFILLMENT_TERMS_VERSION,
      address: { line1: "1200 SE Water Ave", line2: "Unit 4", city: "Portland", region: "OR", postalCode: "97214", country: "US" },
    });
    expect(row.termsAcceptedAt.toISOString()).toBe("2026-11-20T09:00:00.000Z");
    // the handle is held while pending: by print shops and by stores alike
    expect(await isFulfillerHandleTaken(t.db, `@${row.handle}`)).toBe(true);
    expect((await checkHandle(as(owner), row.handle)).available).toBe(false);

    const again = await refusal(submitFulfillerApplication(as(owner), storeRef(store), form(`again-${uniq()}`), { handleInUse }));
    expect([again.status, again.code]).toEqual([409, "application-pending"]);
    expect(await applicationsOf(store.id)).toHaveLength(1);

    const status = await getStoreFulfillmentStatus(as(owner), storeRef(store));
    expect(status.application?.id).toBe(row.id);
    expect(status.fulfiller).toBeNull();
  });

  it("refuses bad input with the field named, and writes nothing", async () => {
    const { store, owner } = await makeStore(t.db);
    const h = `bad-${uniq()}`;
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ techniques: [] }, "techniques", "Choose at least one technique you print with."],
      [{ techniques: undefined }, "techniques", "Choose at least one technique you print with."],
      [{ techniques: ["dtg", "laser"] }, "techniques", "Choose the techniques from the list."],
      [{ capacityPerDay: "" }, "capacityPerDay", "Enter how many units you can make per day, like 200."],
      [{ capacityPerDay: "0" }, "capacityPerDay", "Enter at least 1 unit per day."],
      [{ capacityPerDay: "12.5" }, "capacityPerDay", "Enter the units per day as a whole number, like 200."],
      [{ acceptTerms: undefined }, "acceptTerms", "Accept the manufacturing terms to apply."],
      [{ businessName: " x " }, "businessName", "Enter a business name of at least 2 characters."],
      [{ handle: "Not a handle!" }, "handle", /^Use 3 to 30 lowercase letters/],
      [{ postalCode: "ABC" }, "postalCode", "Enter a valid postal code for United States."],
      [{ postalCode: "10001" }, "postalCode", /^ZIP code 10001 is in New York, not Oregon/],
      [{ line1: "" }, "line1", "Enter the street address."],
      [{ country: "XX" }, "country", "Choose a country from the list."],
    ];
    for (const [over, field, message] of cases) {
      const e = await refusal(submitFulfillerApplication(as(owner), storeRef(store), form(h, over), { handleInUse }));
      expect([e.status, e.field], JSON.stringify(over)).toEqual([422, field]);
      expect(e.message).toMatch(message);
      expect(fulfillerApplicationErrors(form(h, over))?.[field], JSON.stringify(over)).toMatch(message);
    }
    // the form sees every problem at once
    expect(Object.keys(fulfillerApplicationErrors(form(h, { techniques: [], capacityPerDay: "", acceptTerms: "" }))!).sort()).toEqual([
      "acceptTerms",
      "capacityPerDay",
      "techniques",
    ]);
    const changed = await refusal(submitFulfillerApplication(as(owner), storeRef(store), form(h, { termsVersion: "2020-01-01" })));
    expect([changed.status, changed.field]).toEqual([409, "acceptTerms"]);
    expect(await applicationsOf(store.id)).toEqual([]);
    expect(await isFulfillerHandleTaken(t.db, h)).toBe(false);
  });

  it("refuses a handle held by a store, a print shop or a pending application, next to the field", async () => {
    const { store, owner } = await makeStore(t.db);
    const other = await makeStore(t.db);
    const byStore = await refusal(submitFulfillerApplication(as(owner), storeRef(store), form(other.store.handle), { handleInUse }));
    expect([byStore.status, byStore.field, byStore.message]).toEqual([
      409,
      "handle",
      `@${other.store.handle} is already taken. Try another handle.`,
    ]);
    const held = `held-${uniq()}`;
    await submitFulfillerApplication(as(other.owner), storeRef(other.store), form(held), { handleInUse });
    const byPending = await refusal(submitFulfillerApplication(as(owner), storeRef(store), form(held), { handleInUse }));
    expect([byPending.status, byPending.field]).toEqual([409, "handle"]);
    const reserved = await refusal(submitFulfillerApplication(as(owner), storeRef(store), form("admin"), { handleInUse }));
    expect([reserved.status, reserved.field]).toEqual([409, "handle"]);
    expect(await applicationsOf(store.id)).toEqual([]);
  });

  it("a partner cannot apply for another partner's store; shoppers, visitors and admins cannot apply for it either", async () => {
    const { store } = await makeStore(t.db);
    const { owner: otherPartner } = await makeStore(t.db);
    const shopper = await makeUser(t.db);
    for (const actor of [otherPartner, shopper, admin]) {
      const e = await refusal(submitFulfillerApplication(as(actor), storeRef(store), form(`other-${uniq()}`), { handleInUse }));
      expect([e.status, e.message]).toEqual([403, `Only the owner of @${store.handle} can apply to print for it.`]);
      expect(await refusal(getStoreFulfillmentStatus(as(actor === admin ? shopper : actor), storeRef(store)))).toMatchObject({
        status: 403,
      });
    }
    const visitor = await refusal(submitFulfillerApplication(as({ kind: "anonymous" }), storeRef(store), form(`v-${uniq()}`)));
    expect(visitor.status).toBe(401);
    expect(await applicationsOf(store.id)).toEqual([]);
    // an admin may look at a store's application, not make one
    expect((await getStoreFulfillmentStatus(as(admin), storeRef(store))).application).toBeNull();
  });
});

describe("the admins' decision", () => {
  it("approving opens the print shop (active, the techniques as print methods), grants the fulfiller role and e-mails the note", async () => {
    const email = `approve-${uniq()}@factory.test`;
    const { store, owner } = await makeStore(t.db, { owner: await makeUser(t.db, { email }) });
    const handle = `shop-${uniq()}`;
    const app = await submitFulfillerApplication(as(owner), storeRef(store), form(handle), { handleInUse });
    expect(await countPendingFulfillerApplications(as(admin))).toBeGreaterThanOrEqual(1);
    expect(await countPendingFulfillerApplications(as(owner))).toBe(0);
    const queue = await listFulfillerApplications(as(admin));
    expect(queue.find((a) => a.id === app.id)).toMatchObject({ applicantEmail: email, status: "pending" });

    expect((await refusal(approveFulfillerApplication(as(owner), app.id, "self"))).status).toBe(403);
    expect((await refusal(listFulfillerApplications(as(owner)))).status).toBe(403);

    clock.advance(3_600_000);
    const { application, fulfiller } = await approveFulfillerApplication(as(admin), app.id, "Your samples were excellent.", {
      handleInUse: storeHolds,
    });
    expect(application).toMatchObject({ status: "approved", decisionNote: "Your samples were excellent.", fulfillerId: fulfiller.id });
    expect(application.decidedBy).toBe(admin.userId);
    expect(fulfiller).toMatchObject({
      handle,
      name: "Riverside Print Co.",
      ownerUserId: owner.userId,
      storeId: store.id,
      status: "active",
      capabilities: ["dtg", "embroidery"],
      applicationId: app.id,
      termsVersion: FULFILLMENT_TERMS_VERSION,
      registeredAt: null,
    });
    expect(fulfiller.termsAcceptedAt?.toISOString()).toBe(app.termsAcceptedAt.toISOString());
    expect((await findUserByUid(as(admin), owner.userId)).roles).toContain("fulfiller");
    const mails = await mailsTo(email);
    const welcome = mails.find((m) => m.subject === `Your print shop @${handle} is approved`);
    expect(welcome?.text).toContain("Your samples were excellent.");
    expect(welcome?.text).toContain(`/shop/partners/@${store.handle}/fulfillment/register`);

    const twice = await refusal(approveFulfillerApplication(as(admin), app.id));
    expect([twice.status, twice.code]).toEqual([409, "already-decided"]);
    // not public until it is set up
    expect(await getPublicFulfiller(as({ kind: "anonymous" }), handle)).toBeNull();
    const status = await getStoreFulfillmentStatus(as(owner), storeRef(store));
    expect(status.fulfiller).toMatchObject({ handle, registeredAt: null, status: "active" });
  });

  it("rejecting needs a reason (nothing written without one), e-mails it, and the owner may apply again", async () => {
    const email = `reject-${uniq()}@factory.test`;
    const { store, owner } = await makeStore(t.db, { owner: await makeUser(t.db, { email }) });
    const handle = `nope-${uniq()}`;
    const app = await submitFulfillerApplication(as(owner), storeRef(store), form(handle), { handleInUse });
    for (const reason of ["", "  no "]) {
      const e = await refusal(rejectFulfillerApplication(as(admin), app.id, reason));
      expect([e.status, e.field, e.message]).toEqual([422, "reason", "Give the applicant a reason (at least 5 characters)."]);
    }
    expect((await applicationsOf(store.id))[0]!.status).toBe("pending");
    expect(await mailsTo(email)).toEqual([]);
    expect((await refusal(rejectFulfillerApplication(as(owner), app.id, "Not good enough"))).status).toBe(403);

    const rejected = await rejectFulfillerApplication(as(admin), app.id, "Your sample prints cracked after one wash.");
    expect(rejected).toMatchObject({ status: "rejected", decisionNote: "Your sample prints cracked after one wash." });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe("Your Platen print shop application");
    expect(mail?.text).toContain("Reason: Your sample prints cracked after one wash.");
    expect(mail?.text).toContain(`/shop/partners/@${store.handle}/fulfillment-application`);
    expect((await findUserByUid(as(admin), owner.userId)).roles).not.toContain("fulfiller");
    expect(await isFulfillerHandleTaken(t.db, handle)).toBe(false);
    expect((await refusal(approveFulfillerApplication(as(admin), app.id))).status).toBe(409);

    const status = await getStoreFulfillmentStatus(as(owner), storeRef(store));
    expect(status.application).toMatchObject({ status: "rejected", decisionNote: "Your sample prints cracked after one wash." });
    const second = await submitFulfillerApplication(as(owner), storeRef(store), form(handle), { handleInUse });
    expect(second.status).toBe("pending");
  });

  it("the application's transition table: pending → approved | rejected, both final", async () => {
    const moves = await checkTransitionTable(fulfillerApplicationStates, {
      ctx: as(admin),
      create: async (status) => {
        const id = newId("fapp");
        const n = uniq();
        await t.db.insert(fulfillerApplications).values({
          id,
          userId: `usr_table_${n}`,
          storeId: `sto_table_${n}`,
          storeHandle: `table-${n}`,
          businessName: "Table test",
          handle: `table-${n}`,
          address: { line1: "1 Main St", line2: "", city: "Portland", region: "OR", postalCode: "97214", country: "US" },
          techniques: ["dtg"],
          capacityPerDay: 10,
          termsVersion: FULFILLMENT_TERMS_VERSION,
          termsAcceptedAt: new Date(),
          status,
        });
        return id;
      },
      read: async (id) => (await t.db.select().from(fulfillerApplications).where(eq(fulfillerApplications.id, id)))[0]!.status,
    });
    expect(moves).toBe(9);
  });
});

/** A store's owner whose application was approved, acting with the role the approval granted. */
async function approvedShop(email = `shop-${uniq()}@factory.test`) {
  const made = await makeStore(t.db, { owner: await makeUser(t.db, { email }) });
  const app = await submitFulfillerApplication(as(made.owner), storeRef(made.store), form(`ps-${uniq()}`), { handleInUse });
  const { fulfiller } = await approveFulfillerApplication(as(admin), app.id, "", { handleInUse: storeHolds });
  const owner: UserActor = { ...made.owner, roles: [...made.owner.roles, "fulfiller"] };
  return { ...made, owner, fulfiller, email };
}

describe("setting up", () => {
  it("the owner adds the first warehouse and the payout contact, once; the shop becomes public", async () => {
    const { store, owner, fulfiller } = await approvedShop();
    expect((await printShopAwaitingSetUp(as(owner), storeRef(store)))?.id).toBe(fulfiller.id);
    clock.advance(60_000);
    const { fulfiller: done, warehouse } = await registerFulfiller(as(owner), fulfiller.id, warehouseForm());
    expect(done).toMatchObject({ payoutContactName: "Dana Reyes", payoutContactEmail: "payouts@riverside.example" });
    expect(done.registeredAt?.toISOString()).toBe(clock.now().toISOString());
    expect(warehouse).toMatchObject({
      fulfillerId: fulfiller.id,
      name: "Portland",
      line1: "1200 SE Water Ave",
      city: "Portland",
      region: "OR",
      postalCode: "97214",
      country: "US",
      timeZone: "America/Los_Angeles",
      cutoffTime: "15:00",
      capacityPerDay: 250,
    });
    expect(await printShopAwaitingSetUp(as(owner), storeRef(store))).toBeNull();
    expect((await getPublicFulfiller(as({ kind: "anonymous" }), `@${fulfiller.handle}`))?.id).toBe(fulfiller.id);
    const twice = await refusal(registerFulfiller(as(owner), fulfiller.id, warehouseForm({ name: "Second" })));
    expect([twice.status, twice.code]).toEqual([409, "already-registered"]);
    expect(await listWarehouses(as(owner), fulfiller.id)).toHaveLength(1);
  });

  it("refuses bad input with the field named and writes nothing; only the owner may set it up", async () => {
    const { owner, fulfiller } = await approvedShop();
    const cases: [Record<string, unknown>, string][] = [
      [{ payoutContactEmail: "not-an-email" }, "payoutContactEmail"],
      [{ payoutContactName: "" }, "payoutContactName"],
      [{ line1: "" }, "line1"],
      [{ postalCode: "ABCDE" }, "postalCode"],
      [{ timeZone: "Mars/Olympus" }, "timeZone"],
      [{ name: "" }, "name"],
    ];
    for (const [over, field] of cases) {
      const e = await refusal(registerFulfiller(as(owner), fulfiller.id, warehouseForm(over)));
      expect([e.status, e.field], JSON.stringify(over)).toEqual([422, field]);
      expect(fulfillerRegistrationErrors(warehouseForm(over))?.[field], JSON.stringify(over)).toBeTruthy();
    }
    expect(fulfillerRegistrationErrors(warehouseForm())).toBeNull();
    expect(await t.db.select().from(warehouses).where(eq(warehouses.fulfillerId, fulfiller.id))).toEqual([]);
    const stranger = await makeUser(t.db, { roles: ["fulfiller", "partner"] });
    const withoutRole: UserActor = { ...owner, roles: owner.roles.filter((r) => r !== "fulfiller") };
    for (const actor of [stranger, withoutRole, admin]) {
      const e = await refusal(registerFulfiller(as(actor), fulfiller.id, warehouseForm()));
      expect([e.status, e.message]).toEqual([403, "Only the print shop's owner can set it up."]);
    }
    const [row] = await t.db.select().from(fulfillers).where(eq(fulfillers.id, fulfiller.id));
    expect([row!.registeredAt, row!.payoutContactEmail]).toEqual([null, ""]);
  });
});

describe("suspension", () => {
  it("a suspended shop gets no new lines, its blanks leave the designer, an event is published; reinstating undoes it", async () => {
    const { owner, fulfiller, email } = await approvedShop();
    const ownerCtx = as(owner);
    const { warehouse } = await registerFulfiller(ownerCtx, fulfiller.id, warehouseForm());
    const blank = await createBlank(ownerCtx, teeInput(fulfiller.id, { warehouseIds: [warehouse.id] }));
    const zone = await saveShippingZone(ownerCtx, { fulfillerId: fulfiller.id, name: "United States", regions: ["US"] });
    await saveShippingRate(ownerCtx, {
      fulfillerId: fulfiller.id,
      zoneId: zone.id,
      category: "t-shirts",
      firstItemMinor: 500,
      additionalItemMinor: 200,
      minDays: 3,
      maxDays: 6,
    });
    const detail = await getBlankDetail(ownerCtx, blank.id);
    const line = { key: "a", blankId: blank.id, blankVariantId: detail.variants[0]!.id, quantity: 1 };
    const visitor = as({ kind: "anonymous" });
    expect((await routeOrderLines(visitor, [line], { country: "US", subdivision: "OR" })).groups[0]?.fulfillerId).toBe(fulfiller.id);
    expect((await listBlanks(visitor)).map((b) => b.id)).toContain(blank.id);
    expect((await listOfferedBlanksOf(visitor, fulfiller.id)).map((b) => b.id)).toEqual([blank.id]);
    expect(detail.offered).toBe(true);
    const product = await makeProduct(t.db, { blank, publish: false });

    // a reason is required; nothing changes without one
    const noReason = await refusal(setFulfillerStatus(as(admin), fulfiller.id, "suspended", "  "));
    expect([noReason.status, noReason.field]).toEqual([422, "reason"]);
    expect((await refusal(setFulfillerStatus(ownerCtx, fulfiller.id, "suspended", "mine"))).status).toBe(403);

    await setFulfillerStatus(as(admin), fulfiller.id, "suspended", "Three late weeks in a row.");
    const [row] = await t.db.select().from(fulfillers).where(eq(fulfillers.id, fulfiller.id));
    expect([row!.status, row!.suspensionReason]).toEqual(["suspended", "Three late weeks in a row."]);
    expect((await routeOrderLines(visitor, [line], { country: "US", subdivision: "OR" })).unroutable).toEqual([
      { key: "a", reason: "unavailable" },
    ]);
    expect((await listBlanks(visitor)).map((b) => b.id)).not.toContain(blank.id);
    expect(await listOfferedBlanksOf(visitor, fulfiller.id)).toEqual([]);
    expect((await getBlankDetail(visitor, blank.id)).offered).toBe(false);
    expect(await getPublicFulfiller(visitor, fulfiller.handle)).toBeNull();
    // no new product on its blank; the existing product keeps it
    const refused = await refusal(makeProduct(t.db, { blank, publish: false }));
    expect([refused.status, refused.field]).toEqual([422, "blankId"]);
    expect((await getBlankDetail(visitor, product.product.blankId)).blank.id).toBe(blank.id);

    const events = await t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, "fulfillment.fulfiller_suspended")));
    const mine = events.filter((e) => e.payload.fulfillerId === fulfiller.id);
    expect(mine.map((e) => e.payload)).toEqual([{ fulfillerId: fulfiller.id, reason: "Three late weeks in a row." }]);
    expect(mine[0]!.actor).toBe(`user:${admin.userId}`);
    expect((await mailsTo(email)).some((m) => m.subject === `Your print shop @${fulfiller.handle} is suspended`)).toBe(true);
    const listed = (await listFulfillersForAdmin(as(admin))).find((f) => f.id === fulfiller.id);
    expect(listed).toMatchObject({ status: "suspended", ownerEmail: email, warehouseCount: 1 });
    // suspended twice is an illegal move, and writes nothing
    expect((await refusal(setFulfillerStatus(as(admin), fulfiller.id, "suspended", "again"))).status).toBe(409);

    await setFulfillerStatus(as(admin), fulfiller.id, "active");
    const [back] = await t.db.select().from(fulfillers).where(eq(fulfillers.id, fulfiller.id));
    expect([back!.status, back!.suspensionReason]).toEqual(["active", ""]);
    expect((await routeOrderLines(visitor, [line], { country: "US", subdivision: "OR" })).groups[0]?.fulfillerId).toBe(fulfiller.id);
    expect((await listBlanks(visitor)).map((b) => b.id)).toContain(blank.id);
    const reinstated = await t.db.select().from(domainEvents).where(eq(domainEvents.type, "fulfillment.fulfiller_reinstated"));
    expect(reinstated.filter((e) => e.payload.fulfillerId === fulfiller.id)).toHaveLength(1);
    expect((await refusal(listFulfillersForAdmin(ownerCtx))).status).toBe(403);
  });
});
