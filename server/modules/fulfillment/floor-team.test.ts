// A print shop's floor staff on a real database (issue 23 §5): its owner adds Platen accounts by
// e-mail and removes them (each told by e-mail); refusals name the e-mail field and write nothing;
// a worker works the whole floor (accept, batch, scan, pack, buy a label, manifest) through
// floorContext, but cannot reject lines, change carriers or manage the team; a removed worker and
// another print shop's owner are refused.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeUser, type UserActor } from "../../../tests/support/factories.ts";
import { addLocalCarrier, makeShop, paidOrder, type Shop } from "../../../tests/support/orders.ts";
import { manualClock } from "../../contracts/clock.ts";
import { createCtx, type Actor, type Ctx } from "../../kernel/index.ts";
import { addCarrierAccount, listCarrierAccounts } from "../carriers/index.ts";
import { accountEmailsOf } from "../identity/index.ts";
import { emailMessages } from "../notifications/schema.ts";
import { listFulfillerGroups } from "../orders/index.ts";
import { acceptLines, batchDocument, createBatch, getBatch, listFloor, rejectLine, scanLine } from "../production/index.ts";
import {
  buyLabel,
  createManifest,
  listShipments,
  manifestDocument,
  packingSlip,
  packParcel,
  shipmentLabel,
  shippingOptions,
} from "../shipping/index.ts";
import {
  addFloorWorker,
  canWorkFloor,
  floorContext,
  listFloorShopsOfUser,
  listFloorTeam,
  listWarehouseBoxes,
  NO_ACCOUNT_MESSAGE,
  removeFloorWorker,
  setFulfillerStatus,
} from "./index.ts";
import { fulfillerMembers } from "./schema.ts";

const t = useTestDatabase();
const clock = manualClock("2026-11-02T16:00:00Z");
const admin: Actor = { kind: "user", userId: "usr_admin", roles: ["admin"] };
let shop: Shop;
let other: Shop;
let worker: UserActor & { email: string };

const as = (actor: Actor): Ctx => createCtx(t.db, actor, { clock });
const owner = () => as(shop.owner);
const membersOf = (fulfillerId: string) => t.db.select().from(fulfillerMembers).where(eq(fulfillerMembers.fulfillerId, fulfillerId));
const mailTo = async (email: string) =>
  (await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, email))).map((m) => m.subject);

beforeAll(async () => {
  shop = await makeShop(t.db);
  other = await makeShop(t.db);
  worker = await makeUser(t.db, { displayName: "Sam Floor" });
});

describe("the floor team", () => {
  it("adds an account by its e-mail (any case), lists it, e-mails it, and lists the shop on its account", async () => {
    expect(await listFloorTeam(owner(), shop.fulfiller.id)).toEqual([]);
    const added = await addFloorWorker(owner(), { fulfillerId: shop.fulfiller.id, email: `  ${worker.email.toUpperCase()} ` });
    expect(added).toMatchObject({ userId: worker.userId, email: worker.email, name: "Sam Floor" });
    expect(added.id).toMatch(/^fmb_/);
    const team = await listFloorTeam(owner(), shop.fulfiller.id);
    expect(team.map((m) => m.userId)).toEqual([worker.userId]);
    expect(await listFloorTeam(as(admin), shop.fulfiller.id)).toHaveLength(1);
    expect(await mailTo(worker.email)).toContain(`You work the floor of ${shop.fulfiller.name} on Platen`);
    expect(await listFloorShopsOfUser(as(worker))).toEqual([{ handle: shop.fulfiller.handle, name: shop.fulfiller.name }]);
  });

  it("refuses an unknown e-mail, the owner, someone already there and strangers, writing nothing", async () => {
    const before = await membersOf(shop.fulfiller.id);
    const refused = async (ctx: Ctx, email: string) => addFloorWorker(ctx, { fulfillerId: shop.fulfiller.id, email });
    await expect(refused(owner(), "nobody-here@factory.test")).rejects.toMatchObject({
      status: 422,
      field: "email",
      message: NO_ACCOUNT_MESSAGE,
    });
    await expect(refused(owner(), "not an e-mail")).rejects.toMatchObject({ status: 400, field: "email" });
    await expect(refused(owner(), "")).rejects.toMatchObject({ status: 400, field: "email" });
    const ownerEmail = (await accountEmailsOf(t.db, [shop.owner.userId]))[shop.owner.userId]!;
    await expect(refused(owner(), ownerEmail)).rejects.toMatchObject({ status: 409, field: "email", code: "is-owner" });
    await expect(refused(owner(), worker.email)).rejects.toMatchObject({
      status: 409,
      field: "email",
      message: "Sam Floor already works your floor.",
    });
    // another print shop's owner, the worker themself (even on the floor) and a shopper may not add anyone
    const someone = await makeUser(t.db);
    for (const ctx of [as(other.owner), await floorContext(as(worker), shop.fulfiller), as(someone)]) {
      await expect(refused(ctx, someone.email)).rejects.toMatchObject({ status: 403 });
      await expect(listFloorTeam(ctx, shop.fulfiller.id)).rejects.toMatchObject({ status: 403 });
    }
    expect(await membersOf(shop.fulfiller.id)).toEqual(before);
  });

  it("lets a worker work the whole floor, but not reject lines, change carriers or the team", async () => {
    const { carrierAccountId } = await addLocalCarrier(t.db, shop);
    const o = await paidOrder(t.db, shop, { clock });
    const plain = as(worker);
    // without the floor context (an owner's page), the worker is a stranger
    expect(canWorkFloor(plain, shop.fulfiller)).toBe(false);
    await expect(listFloor(plain, { fulfillerId: shop.fulfiller.id })).rejects.toMatchObject({ status: 404 });
    const floor = await floorContext(plain, shop.fulfiller);
    expect(canWorkFloor(floor, shop.fulfiller)).toBe(true);
    expect(canWorkFloor(floor, other.fulfiller)).toBe(false);
    expect((await listFloor(floor, { fulfillerId: shop.fulfiller.id })).some((l) => l.orderId === o.orderId)).toBe(true);
    expect((await listFulfillerGroups(floor, { fulfillerId: shop.fulfiller.id })).rows.some((g) => g.orderId === o.orderId)).toBe(true);
    await expect(rejectLine(floor, { fulfillerId: shop.fulfiller.id, lineId: o.lineIds[0]!, reason: "Out of navy" })).rejects.toMatchObject(
      {
        status: 403,
        code: "owner-only",
      },
    );
    await acceptLines(floor, { fulfillerId: shop.fulfiller.id, lineIds: o.lineIds });
    const batch = await createBatch(floor, { fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id, lineIds: o.lineIds });
    for (const l of (await getBatch(floor, batch.id)).lines)
      await scanLine(floor, { fulfillerId: shop.fulfiller.id, code: l.code!, to: "printed" });
    expect(await listWarehouseBoxes(floor, shop.warehouse.id)).toEqual(expect.any(Array));
    const parcel = await packParcel(floor, { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]! });
    expect((await shippingOptions(floor, parcel.id)).length).toBeGreaterThan(0);
    const shipment = await buyLabel(floor, { parcelId: parcel.id, carrierAccountId, serviceCode: "standard" });
    expect(shipment.status).toBe("purchased");
    const manifest = await createManifest(floor, {
      fulfillerId: shop.fulfiller.id,
      warehouseId: shop.warehouse.id,
      carrierAccountId,
      shipmentIds: [shipment.id],
    });
    expect((await listShipments(floor, { fulfillerId: shop.fulfiller.id })).some((s) => s.id === shipment.id)).toBe(true);
    // the floor's documents: pick list, print sheet, packing slip, label, manifest
    for (const kind of ["pick-list", "print-sheet"] as const)
      expect((await batchDocument(floor, { batchId: batch.id, kind })).body.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await packingSlip(floor, parcel.id)).body.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await shipmentLabel(floor, { shipmentId: shipment.id, format: "pdf" })).body.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await manifestDocument(floor, manifest.id)).body.subarray(0, 5).toString()).toBe("%PDF-");
    // carriers: read for labels, never changed
    expect((await listCarrierAccounts(floor, shop.fulfiller.id)).length).toBeGreaterThan(0);
    await expect(addCarrierAccount(floor, { fulfillerId: shop.fulfiller.id, carrierCode: "local", name: "Mine" })).rejects.toMatchObject({
      status: 403,
    });
    // another print shop's floor stays closed to this worker
    const theirs = await floorContext(plain, other.fulfiller);
    await expect(listFloor(theirs, { fulfillerId: other.fulfiller.id })).rejects.toMatchObject({ status: 404 });
  });

  it("closes the floor of a suspended shop to its workers", async () => {
    const floor = await floorContext(as(worker), shop.fulfiller);
    await setFulfillerStatus(as(admin), shop.fulfiller.id, "suspended", "Testing");
    try {
      const suspended = { ...shop.fulfiller, status: "suspended" as const };
      expect(canWorkFloor(floor, suspended)).toBe(false);
      await expect(listFloor(floor, { fulfillerId: shop.fulfiller.id })).rejects.toMatchObject({ status: 404 });
      expect(await listFloorShopsOfUser(as(worker))).toEqual([]);
    } finally {
      await setFulfillerStatus(as(admin), shop.fulfiller.id, "active");
    }
  });

  it("removes a worker (told by e-mail): the floor closes to them, and they may be added again", async () => {
    const [member] = await listFloorTeam(owner(), shop.fulfiller.id);
    await expect(removeFloorWorker(as(other.owner), { fulfillerId: shop.fulfiller.id, memberId: member!.id })).rejects.toMatchObject({
      status: 403,
    });
    await expect(removeFloorWorker(owner(), { fulfillerId: other.fulfiller.id, memberId: member!.id })).rejects.toMatchObject({
      status: 403,
    });
    await removeFloorWorker(owner(), { fulfillerId: shop.fulfiller.id, memberId: member!.id });
    await expect(removeFloorWorker(owner(), { fulfillerId: shop.fulfiller.id, memberId: member!.id })).rejects.toMatchObject({
      status: 404,
    });
    const [row] = await t.db.select().from(fulfillerMembers).where(eq(fulfillerMembers.id, member!.id));
    expect(row).toMatchObject({ status: "removed", removedAt: clock.now() });
    expect(await mailTo(worker.email)).toContain(`You no longer work the floor of ${shop.fulfiller.name}`);
    expect(await listFloorTeam(owner(), shop.fulfiller.id)).toEqual([]);
    const floor = await floorContext(as(worker), shop.fulfiller);
    expect(canWorkFloor(floor, shop.fulfiller)).toBe(false);
    await expect(listFloor(floor, { fulfillerId: shop.fulfiller.id })).rejects.toMatchObject({ status: 404 });
    expect(await listFloorShopsOfUser(as(worker))).toEqual([]);
    await addFloorWorker(owner(), { fulfillerId: shop.fulfiller.id, email: worker.email });
    const rows = await t.db
      .select()
      .from(fulfillerMembers)
      .where(and(eq(fulfillerMembers.fulfillerId, shop.fulfiller.id), eq(fulfillerMembers.userId, worker.userId)));
    expect(rows.map((r) => r.status).sort()).toEqual(["active", "removed"]);
  });
});
