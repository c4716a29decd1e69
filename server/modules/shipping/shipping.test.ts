// Parcels, labels, tracking and manifests on a real database: a paid order is accepted, batched,
// printed (scanned), packed into a parcel, shipped with a label from the built-in local carrier
// (the shopper is e-mailed), tracked to delivery by the clock, and handed over on a manifest; the
// refusals name what is at fault and write nothing.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { decodeBarcodes, pdfPageSizes, pdfText } from "../../../tests/support/documents.ts";
import { makeUser } from "../../../tests/support/factories.ts";
import { addLocalCarrier, makeShop, paidOrder, type PaidOrder, type Shop } from "../../../tests/support/orders.ts";
import { checkTransitionTable } from "../../../tests/support/state-table.ts";
import { manualClock } from "../../contracts/clock.ts";
import { isS10 } from "../../infra/carriers/index.ts";
import { anonymous, createCtx, type Actor } from "../../kernel/index.ts";
import { emailMessages } from "../notifications/schema.ts";
import { getOrder } from "../orders/index.ts";
import { acceptLines, createBatch, getBatch, scanLine } from "../production/index.ts";
import {
  buyLabel,
  createManifest,
  listPackable,
  countParcels,
  countShipments,
  listParcels,
  listShipments,
  manifestDocument,
  packingSlip,
  packParcel,
  parcelPhoto,
  PARCEL_TRANSITIONS,
  parcelMachine,
  refreshTracking,
  SHIPMENT_TRANSITIONS,
  shipmentLabel,
  shipmentMachine,
  shippingOptions,
  shippingOptionsMany,
  trackingForOrder,
  unpackParcel,
  voidShipment,
} from "./index.ts";
import { parcels, shipments } from "./schema.ts";

const t = useTestDatabase();
const clock = manualClock("2026-11-02T16:00:00Z");
const admin: Actor = { kind: "user", userId: "usr_admin", roles: ["admin"] };
let shop: Shop;
let carrierAccountId = "";

const owner = () => createCtx(t.db, shop.owner, { clock });

/** A paid order of the shop, accepted, batched and printed (every line scanned at the press). */
async function printedOrder(lines?: { variant: string; quantity: number }[]): Promise<PaidOrder> {
  const o = await paidOrder(t.db, shop, { clock, ...(lines ? { lines } : {}) });
  await acceptLines(owner(), { fulfillerId: shop.fulfiller.id, lineIds: o.lineIds });
  const batch = await createBatch(owner(), { fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id, lineIds: o.lineIds });
  for (const l of (await getBatch(owner(), batch.id)).lines)
    await scanLine(owner(), { fulfillerId: shop.fulfiller.id, code: l.code!, to: "printed" });
  return o;
}

beforeAll(async () => {
  shop = await makeShop(t.db);
  ({ carrierAccountId } = await addLocalCarrier(t.db, shop));
});

describe("parcels", () => {
  it("packs a group's printed lines with the variants' weights plus the box, and unpacks them again", async () => {
    const o = await printedOrder([
      { variant: "White/S", quantity: 2 },
      { variant: "Navy/S", quantity: 1 },
    ]);
    const ready = (await listPackable(owner(), { fulfillerId: shop.fulfiller.id })).find((g) => g.orderId === o.orderId);
    expect(ready?.ready).toHaveLength(2);
    const parcel = await packParcel(owner(), { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]! });
    expect(parcel).toMatchObject({ status: "packed", itemsGrams: 150 * 2 + 150, weightGrams: 450, weighed: false });
    expect((await listPackable(owner(), { fulfillerId: shop.fulfiller.id })).some((g) => g.orderId === o.orderId)).toBe(false);
    await expect(
      packParcel(owner(), { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]!, lineIds: o.lineIds }),
    ).rejects.toMatchObject({
      status: 409,
      code: "line-packed",
    });
    await unpackParcel(owner(), parcel.id);
    expect((await listPackable(owner(), { fulfillerId: shop.fulfiller.id })).find((g) => g.orderId === o.orderId)?.ready).toHaveLength(2);
    // weighed on a scale: the typed weight wins; nonsense is refused next to the field
    await expect(packParcel(owner(), { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]!, weightGrams: -5 })).rejects.toMatchObject({
      status: 422,
      field: "weightGrams",
    });
    const weighed = await packParcel(owner(), { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]!, weightGrams: 520 });
    expect(weighed).toMatchObject({ weightGrams: 520, weighed: true });
  });

  it("refuses lines not printed yet, and another print shop", async () => {
    const o = await paidOrder(t.db, shop, { clock });
    await acceptLines(owner(), { fulfillerId: shop.fulfiller.id, lineIds: o.lineIds });
    await createBatch(owner(), { fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id, lineIds: o.lineIds });
    await expect(
      packParcel(owner(), { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]!, lineIds: o.lineIds }),
    ).rejects.toMatchObject({
      status: 422,
      code: "line-not-printed",
    });
    const stranger = await makeShop(t.db);
    await expect(
      packParcel(createCtx(t.db, stranger.owner, { clock }), { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]! }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it("refuses a fake photo and keeps a real one", async () => {
    const o = await printedOrder();
    await expect(
      packParcel(owner(), { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]!, photo: Buffer.from("not a picture at all") }),
    ).rejects.toMatchObject({
      status: 415,
      field: "photo",
    });
    expect(await t.db.select().from(parcels).where(eq(parcels.groupId, o.groupIds[0]!))).toEqual([]);
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#b0c4de" } })
      .png()
      .toBuffer();
    const parcel = await packParcel(owner(), { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]!, photo: png });
    const photo = await parcelPhoto(owner(), parcel.id);
    expect(photo?.contentType).toBe("image/webp");
    expect((await listParcels(owner(), { fulfillerId: shop.fulfiller.id })).find((p) => p.id === parcel.id)?.hasPhoto).toBe(true);
  });
});

describe("labels and shipments", () => {
  it("prices the parcel, buys a label that ships the group and e-mails the shopper, and the label is a 4×6 PDF whose barcode reads back", async () => {
    const o = await printedOrder();
    const parcel = await packParcel(owner(), { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]! });
    const options = await shippingOptions(owner(), parcel.id);
    expect(options.map((x) => [x.serviceCode, x.price.amount])).toEqual([
      ["standard", 450],
      ["express", 950],
    ]);
    const s = await buyLabel(owner(), { parcelId: parcel.id, carrierAccountId, serviceCode: "standard" });
    expect(s).toMatchObject({
      status: "purchased",
      carrierName: "Platen Local Post",
      serviceName: "Standard",
      rateMinor: 450,
      trackingStatus: "pre_transit",
    });
    expect(isS10(s.trackingNumber!)).toBe(true);
    const order = await getOrder(createCtx(t.db, admin, { clock }), { orderId: o.orderId });
    expect(order.status).toBe("shipped");
    const mails = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, "maya@example.com"));
    expect(mails.some((m) => m.template === "order-shipment-created" && JSON.stringify(m).includes(s.trackingNumber!))).toBe(true);
    // a second label for the same parcel is refused
    await expect(buyLabel(owner(), { parcelId: parcel.id, carrierAccountId, serviceCode: "express" })).rejects.toMatchObject({
      status: 409,
    });

    const pdf = await shipmentLabel(owner(), { shipmentId: s.id, format: "pdf" });
    expect(await pdfPageSizes(pdf.body)).toEqual([{ width: 288, height: 432 }]);
    const text = await pdfText(pdf.body);
    expect(text).toContain("Maya Chen");
    expect(text).toContain("1200 NW Naito Parkway");
    expect(await decodeBarcodes(pdf.body)).toContain(s.trackingNumber);
    const zpl = (await shipmentLabel(owner(), { shipmentId: s.id, format: "zpl" })).body.toString("utf8");
    expect(zpl).toContain("^PW812");
    expect(zpl).toContain(s.trackingNumber!);
    const slip = await pdfText((await packingSlip(owner(), parcel.id)).body);
    expect(slip).toContain(o.number);
    expect(slip).not.toContain("Platen");
  });

  it("follows the carrier's tracking by the clock to delivery, which delivers the group; the shopper sees the events", async () => {
    const o = await printedOrder();
    const parcel = await packParcel(owner(), { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]! });
    const s = await buyLabel(owner(), { parcelId: parcel.id, carrierAccountId, serviceCode: "express" });
    const later = createCtx(t.db, shop.owner, { clock: manualClock(new Date(clock.now().getTime() + 3 * 86_400_000).toISOString()) });
    expect(await refreshTracking(later, s.id)).toBe("delivered");
    expect(await refreshTracking(later, s.id)).toBe("delivered"); // a second poll adds nothing
    expect((await getOrder(createCtx(t.db, admin, { clock }), { orderId: o.orderId })).status).toBe("delivered");
    const tracking = await trackingForOrder(createCtx(t.db, anonymous(), { clock }), { orderId: o.orderId, token: o.token });
    expect(tracking).toHaveLength(1);
    expect(tracking[0]!.events.map((e) => e.status)).toEqual(["delivered", "out_for_delivery", "in_transit", "in_transit", "pre_transit"]);
    await expect(trackingForOrder(createCtx(t.db, anonymous(), { clock }), { orderId: o.orderId })).rejects.toMatchObject({ status: 404 });
  });

  it("voids a label before the carrier has it (the group goes back to production), never after it is manifested", async () => {
    const o = await printedOrder();
    const parcel = await packParcel(owner(), { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]! });
    const first = await buyLabel(owner(), { parcelId: parcel.id, carrierAccountId, serviceCode: "standard" });
    await voidShipment(owner(), first.id);
    expect((await getOrder(createCtx(t.db, admin, { clock }), { orderId: o.orderId })).status).toBe("in_production");
    expect((await t.db.select().from(parcels).where(eq(parcels.id, parcel.id)))[0]!.status).toBe("packed");
    await expect(voidShipment(owner(), first.id)).rejects.toMatchObject({ status: 409, code: "label-voided" });
    await expect(shipmentLabel(owner(), { shipmentId: first.id, format: "pdf" })).rejects.toMatchObject({ status: 410 });
    const second = await buyLabel(owner(), { parcelId: parcel.id, carrierAccountId, serviceCode: "standard" });
    expect(second.trackingNumber).not.toBe(first.trackingNumber);
    expect((await getOrder(createCtx(t.db, admin, { clock }), { orderId: o.orderId })).status).toBe("shipped");

    const manifest = await createManifest(owner(), {
      fulfillerId: shop.fulfiller.id,
      warehouseId: shop.warehouse.id,
      carrierAccountId,
      shipmentIds: [second.id],
    });
    expect(manifest).toMatchObject({ shipmentCount: 1, carrierName: "Platen Local Post" });
    expect(manifest.ref).toMatch(/^M-\d+$/);
    await expect(voidShipment(owner(), second.id)).rejects.toMatchObject({
      status: 409,
      code: "label-manifested",
      message: expect.stringContaining(manifest.ref),
    });
    // onto a second manifest: refused, naming the label, nothing written
    const before = (await t.db.select().from(shipments).where(eq(shipments.id, second.id)))[0]!;
    await expect(
      createManifest(owner(), {
        fulfillerId: shop.fulfiller.id,
        warehouseId: shop.warehouse.id,
        carrierAccountId,
        shipmentIds: [second.id],
      }),
    ).rejects.toMatchObject({
      status: 409,
      code: "shipment-manifested",
      message: expect.stringContaining(second.trackingNumber!),
    });
    // a voided label cannot be handed over either
    await expect(
      createManifest(owner(), {
        fulfillerId: shop.fulfiller.id,
        warehouseId: shop.warehouse.id,
        carrierAccountId,
        shipmentIds: [first.id],
      }),
    ).rejects.toMatchObject({
      status: 422,
      code: "shipment-voided",
    });
    expect((await t.db.select().from(shipments).where(eq(shipments.id, second.id)))[0]).toEqual(before);
  });

  it("manifests every unmanifested label of a warehouse and carrier; the PDF lists each with a barcode of its reference", async () => {
    const made: Awaited<ReturnType<typeof buyLabel>>[] = [];
    for (let i = 0; i < 3; i++) {
      const o = await printedOrder();
      const parcel = await packParcel(owner(), { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]! });
      made.push(await buyLabel(owner(), { parcelId: parcel.id, carrierAccountId, serviceCode: "standard" }));
    }
    const m = await createManifest(owner(), { fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id, carrierAccountId });
    expect(m.shipmentCount).toBeGreaterThanOrEqual(3);
    const pdf = (await manifestDocument(owner(), m.id)).body;
    const text = await pdfText(pdf);
    for (const s of made) expect(text).toContain(s.trackingNumber);
    expect(await decodeBarcodes(pdf)).toContain(m.ref);
    await expect(
      createManifest(owner(), { fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id, carrierAccountId }),
    ).rejects.toMatchObject({
      status: 422,
      code: "nothing-to-manifest",
    });
    const live = await listShipments(owner(), { fulfillerId: shop.fulfiller.id, status: "manifested" });
    expect(live.filter((s) => made.some((x) => x.id === s.id)).every((s) => s.manifestRef === m.ref)).toBe(true);
    expect((await listParcels(owner(), { fulfillerId: shop.fulfiller.id, status: "shipped" })).length).toBeGreaterThanOrEqual(3);
  });

  it("prices many parcels at once: for each the same options, or the same refusal, as shippingOptions", async () => {
    const packed = [];
    for (const [weightGrams, dimensionsCm] of [
      [null, null],
      [600, { length: 40, width: 30, height: 20 }],
      [30_000, null],
    ] as const) {
      const o = await printedOrder();
      packed.push(await packParcel(owner(), { fulfillerId: shop.fulfiller.id, groupId: o.groupIds[0]!, weightGrams, dimensionsCm }));
    }
    const ids = [...packed.map((p) => p.id), "pcl_00000000000000000000000000", packed[0]!.id];
    const oneByOne = async (ctx: ReturnType<typeof owner>) =>
      Promise.all(
        ids.map(async (parcelId) => {
          try {
            return { parcelId, options: await shippingOptions(ctx, parcelId), error: null };
          } catch (e) {
            const err = e as { status: number; code: string; message: string };
            return { parcelId, options: [], error: [err.status, err.code, err.message] };
          }
        }),
      );
    const batch = async (ctx: ReturnType<typeof owner>) =>
      (await shippingOptionsMany(ctx, ids)).map((r) => ({
        parcelId: r.parcelId,
        options: r.options,
        error: r.error ? [r.error.status, r.error.code, r.error.message] : null,
      }));
    const expected = await oneByOne(owner());
    expect(expected.map((r) => (r.error ? r.error[0] : r.options.length))).toEqual([2, 2, 422, 404, 2]);
    expect(await batch(owner())).toEqual(expected);
    // given the parcels as listParcels read them, the same again without reading their addresses
    const views = await listParcels(owner(), { fulfillerId: shop.fulfiller.id, status: "packed" });
    expect(packed.every((p) => views.some((v) => v.id === p.id))).toBe(true);
    const fromViews = (await shippingOptionsMany(owner(), ids, views)).map((r) => ({
      parcelId: r.parcelId,
      options: r.options,
      error: r.error ? [r.error.status, r.error.code, r.error.message] : null,
    }));
    expect(fromViews).toEqual(expected);
    const stranger = createCtx(t.db, (await makeShop(t.db)).owner, { clock });
    const refused = await oneByOne(stranger);
    expect(refused.every((r) => r.error?.[0] === 404)).toBe(true);
    expect(await batch(stranger)).toEqual(refused);
    expect(await shippingOptionsMany(owner(), [])).toEqual([]);
  });

  it("counts parcels and shipments by status as listing them would, up to a cap", async () => {
    const f = shop.fulfiller.id;
    for (const status of ["packed", "shipped"] as const) {
      const listed = (await listParcels(owner(), { fulfillerId: f, status, limit: 1000 })).length;
      expect(listed).toBeGreaterThan(0);
      expect(await countParcels(owner(), { fulfillerId: f, status, cap: 1000 })).toBe(listed);
      expect(await countParcels(owner(), { fulfillerId: f, status, cap: 1 })).toBe(1);
    }
    for (const status of ["purchased", "manifested", "live"] as const) {
      const listed = (await listShipments(owner(), { fulfillerId: f, status, limit: 1000 })).length;
      expect(await countShipments(owner(), { fulfillerId: f, status, cap: 1000 })).toBe(listed);
    }
    expect(await countShipments(owner(), { fulfillerId: f, status: "live", cap: 1 })).toBe(1);
    const other = await makeShop(t.db);
    await expect(
      countParcels(createCtx(t.db, other.owner, { clock }), { fulfillerId: f, status: "packed", cap: 10 }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      countShipments(createCtx(t.db, anonymous(), { clock }), { fulfillerId: f, status: "live", cap: 10 }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it("is the print shop's alone: a shopper, a visitor and another print shop get a 404", async () => {
    const [s] = await listShipments(owner(), { fulfillerId: shop.fulfiller.id });
    const other = await makeShop(t.db);
    for (const who of [await makeUser(t.db), anonymous(), other.owner]) {
      const ctx = createCtx(t.db, who, { clock });
      await expect(shipmentLabel(ctx, { shipmentId: s!.id, format: "pdf" })).rejects.toMatchObject({ status: 404 });
      await expect(listShipments(ctx, { fulfillerId: shop.fulfiller.id })).rejects.toMatchObject({ status: 404 });
      await expect(voidShipment(ctx, s!.id)).rejects.toMatchObject({ status: 404 });
    }
    expect((await listShipments(createCtx(t.db, admin, { clock }), { fulfillerId: shop.fulfiller.id })).length).toBeGreaterThan(0);
  });
});

describe("transition tables", () => {
  it("every pair of parcel states", async () => {
    let i = 0;
    const tried = await checkTransitionTable(parcelMachine, {
      ctx: createCtx(t.db, admin, { clock }),
      create: async (state) => {
        const id = `prc_table${String(++i).padStart(17, "0")}`;
        await t.db.insert(parcels).values({
          id,
          fulfillerId: "ful_x",
          warehouseId: "wh_x",
          orderId: "ord_x",
          groupId: "sgr_x",
          status: state,
          lineIds: [],
          itemsGrams: 1,
          weightGrams: 1,
        });
        return id;
      },
      read: async (id) => (await t.db.select({ s: parcels.status }).from(parcels).where(eq(parcels.id, id)))[0]!.s,
    });
    expect(tried).toBe(Object.keys(PARCEL_TRANSITIONS).length ** 2);
  });

  it("every pair of shipment states", async () => {
    let i = 0;
    const address = { name: "A", line1: "B", city: "C", region: "", postalCode: "1", country: "US" };
    const tried = await checkTransitionTable(shipmentMachine, {
      ctx: createCtx(t.db, admin, { clock }),
      create: async (state) => {
        const id = `shp_table${String(++i).padStart(17, "0")}`;
        await t.db.insert(shipments).values({
          id,
          parcelId: "prc_x",
          fulfillerId: "ful_x",
          warehouseId: "wh_x",
          orderId: "ord_x",
          groupId: "sgr_x",
          status: state,
          carrierAccountId: "cra_x",
          carrierCode: "local",
          carrierName: "Local",
          serviceCode: "standard",
          serviceName: "Standard",
          labelKey: id,
          fromAddress: address,
          toAddress: address,
          weightGrams: 1,
          billableGrams: 1,
          zoneName: "Z",
          rateMinor: 1,
          currency: "USD",
          orderNumber: "PL-1",
        });
        return id;
      },
      read: async (id) => (await t.db.select({ s: shipments.status }).from(shipments).where(eq(shipments.id, id)))[0]!.s,
    });
    expect(tried).toBe(Object.keys(SHIPMENT_TRANSITIONS).length ** 2);
  });
});
