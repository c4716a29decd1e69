// Parcels, shipments, tracking and manifests (ADR 0018). A print shop packs the printed lines of
// one shipment group into a parcel (its weight from the variants and the box, or weighed), buys a
// label for it from one of its carriers (priced by the carrier's rate table), which ships the group
// (the shopper is e-mailed), follows the carrier's tracking events (a delivered event delivers the
// group), and hands the day's labels over on a manifest. Labels are bought state first, carrier
// after: the shipment row and its key are written before the carrier is called, so a retry after a
// failure or a crash buys the same label again, never a second one.
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { LabelDocument, ManifestDocument, PackingSlipDocument } from "../../contracts/documents.ts";
import type { PostalAddress, TrackingEvent } from "../../contracts/ports.ts";
import { newId, transaction, type Db } from "../../infra/db/index.ts";
import { labelPdf, labelZpl, manifestPdf, packingSlipPdf } from "../../infra/documents/index.ts";
import { imageAsPng, uploadedImageToWebp } from "../../infra/images/index.ts";
import { AppError, actorUserId, createCtx, hasRole, system, type Ctx } from "../../kernel/index.ts";
import { enqueue } from "../../jobs/index.ts";
import { getCarrierAccount, quote, quoteMany, type QuoteOption } from "../carriers/index.ts";
import {
  canWorkFloor,
  getBlankVariants,
  getFulfillerById,
  getWarehouseBox,
  listWarehouses,
  warehouseAddress,
} from "../fulfillment/index.ts";
import { deliverGroup, getOrder, shipGroupWithLabel, unshipGroup, type FulfillmentLine, type OrderAccess } from "../orders/index.ts";
import { floorLineLabels, listFloor, markLinesPacked, type FloorLine } from "../production/index.ts";
import { getStoresByIds } from "../stores/index.ts";
import { manifests, parcels, shipments, trackingEvents } from "./schema.ts";
import { parcelMachine, shipmentMachine } from "./states.ts";
import { manifestRef, TRACKING_LABELS, type Dimensions, type ParcelStatus, type ShipmentStatus, type TrackingStatus } from "./types.ts";

export const TRACK_TOPIC = "shipping.track";
/** How often a live shipment's tracking is asked for (the local carrier's feed moves every few hours). */
const TRACK_EVERY_MS = 3 * 3_600_000;
/** A parcel photo: at most this big, checked by content like every upload. */
export const PARCEL_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
const FINAL_TRACKING: readonly TrackingStatus[] = ["delivered", "return_to_sender", "cancelled"];

type ParcelRow = typeof parcels.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;

// ---- access ---------------------------------------------------------------------------------

/** The print shop, for its owner, admins and its floor workers (fulfillment's canWorkFloor); 404 for anyone else. */
async function shopFor(ctx: Ctx, fulfillerId: string) {
  const f = await getFulfillerById(ctx, fulfillerId);
  if (!f || !canWorkFloor(ctx, f)) throw new AppError("not-found", "That print shop was not found.", 404);
  if (f.status !== "active" && !hasRole(ctx.actor, "admin"))
    throw new AppError("fulfiller-suspended", "This print shop is suspended: its shipping is read-only until Platen reinstates it.", 409);
  return f;
}

async function parcelOf(ctx: Ctx, parcelId: string): Promise<ParcelRow> {
  const [p] = await ctx.db.select().from(parcels).where(eq(parcels.id, parcelId)).limit(1);
  if (!p) throw new AppError("not-found", "That parcel was not found.", 404);
  await shopFor(ctx, p.fulfillerId);
  return p;
}

async function shipmentOf(ctx: Ctx, shipmentId: string): Promise<ShipmentRow> {
  const [s] = await ctx.db.select().from(shipments).where(eq(shipments.id, shipmentId)).limit(1);
  if (!s) throw new AppError("not-found", "That shipment was not found.", 404);
  await shopFor(ctx, s.fulfillerId);
  return s;
}

const toPostal = (a: FulfillmentLine["address"]): PostalAddress => ({
  name: a.fullName,
  line1: a.line1,
  ...(a.line2 ? { line2: a.line2 } : {}),
  city: a.city,
  region: a.region,
  postalCode: a.postalCode,
  country: a.country,
  ...(a.phone ? { phone: a.phone } : {}),
});

// ---- parcels --------------------------------------------------------------------------------

export interface PackableGroup {
  groupId: string;
  orderId: string;
  orderNumber: string;
  warehouseId: string;
  warehouseName: string;
  shipTo: PostalAddress;
  /** Lines printed and not yet in a parcel. */
  ready: FloorLine[];
  /** Lines still on their way through production. */
  waiting: FloorLine[];
}

/** Shipment groups with printed lines waiting to be packed (a warehouse's packing table). */
export async function listPackable(ctx: Ctx, input: { fulfillerId: string; warehouseId?: string }): Promise<PackableGroup[]> {
  await shopFor(ctx, input.fulfillerId);
  const lines = (await listFloor(ctx, { fulfillerId: input.fulfillerId, warehouseId: input.warehouseId })).filter(
    (l) => l.groupStatus === "in_production",
  );
  if (!lines.length) return [];
  const packedIds = await linesInLiveParcels(
    ctx.db,
    lines.map((l) => l.groupId),
  );
  const groups = new Map<string, PackableGroup>();
  for (const l of lines) {
    const g = groups.get(l.groupId) ?? {
      groupId: l.groupId,
      orderId: l.orderId,
      orderNumber: l.orderNumber,
      warehouseId: l.warehouseId,
      warehouseName: l.warehouseName,
      shipTo: toPostal(l.address),
      ready: [],
      waiting: [],
    };
    if (packedIds.has(l.lineId)) continue;
    if (l.floorStatus === "printed" || l.floorStatus === "packed") g.ready.push(l);
    else g.waiting.push(l);
    groups.set(l.groupId, g);
  }
  return [...groups.values()].filter((g) => g.ready.length > 0);
}

async function linesInLiveParcels(db: Db, groupIds: readonly string[]): Promise<Set<string>> {
  if (!groupIds.length) return new Set();
  const rows = await db
    .select({ lineIds: parcels.lineIds })
    .from(parcels)
    .where(and(inArray(parcels.groupId, [...new Set(groupIds)]), inArray(parcels.status, ["packed", "shipped"])));
  return new Set(rows.flatMap((r) => r.lineIds));
}

export interface PackInput {
  fulfillerId: string;
  groupId: string;
  /** The lines to pack (default: every printed line of the group not yet packed). */
  lineIds?: readonly string[];
  boxId?: string | null;
  /** Weighed on a scale (grams); otherwise items + box. */
  weightGrams?: number | null;
  dimensionsCm?: Dimensions | null;
  /** A photo of the packed items (PNG, JPEG or WebP), kept for any later case. */
  photo?: Buffer | null;
}

/**
 * Packs printed lines of one shipment group into a parcel: the lines become packed (their batch
 * follows), the weight is the variants' weights times quantities plus the box's, or what the scale
 * said. A line of another group, not printed yet, or already in a parcel is refused by name and
 * nothing is written.
 */
export async function packParcel(ctx: Ctx, input: PackInput): Promise<ParcelRow> {
  await shopFor(ctx, input.fulfillerId);
  const lines = await listFloor(ctx, { fulfillerId: input.fulfillerId, groupIds: [input.groupId] });
  if (!lines.length) throw new AppError("not-found", "That shipment is not an open shipment of this print shop.", 404);
  const group = lines[0]!;
  if (group.groupStatus !== "in_production")
    throw new AppError(
      "group-not-in-production",
      `Order ${group.orderNumber}'s shipment is not in production: batch its lines first.`,
      409,
    );
  const already = await linesInLiveParcels(ctx.db, [input.groupId]);
  const wanted = input.lineIds?.length
    ? [...new Set(input.lineIds)]
    : lines.filter((l) => l.floorStatus === "printed" && !already.has(l.lineId)).map((l) => l.lineId);
  if (!wanted.length)
    throw new AppError("nothing-to-pack", `Nothing of order ${group.orderNumber} is printed and waiting to be packed.`, 422, "lineIds");
  for (const id of wanted) {
    const l = lines.find((x) => x.lineId === id);
    if (!l) throw new AppError("line-not-in-group", `Line ${id} is not a line of this shipment.`, 422, "lineIds");
    if (already.has(id)) throw new AppError("line-packed", `${l.title} (${l.code}) is already in a parcel.`, 409, "lineIds");
    if (l.floorStatus !== "printed" && l.floorStatus !== "packed")
      throw new AppError(
        "line-not-printed",
        `${l.title} (${l.code ?? "not accepted"}) is not printed yet: scan it at the press first.`,
        422,
        "lineIds",
      );
  }
  const chosen = lines.filter((l) => wanted.includes(l.lineId));
  const variants = await getBlankVariants(
    ctx,
    chosen.map((l) => l.blankVariantId),
  );
  const itemsGrams = chosen.reduce((s, l) => s + (variants.get(l.blankVariantId)?.weightGrams ?? 0) * l.quantity, 0);
  const box = input.boxId ? await getWarehouseBox(ctx, input.boxId) : null;
  if (box && box.warehouseId !== group.warehouseId)
    throw new AppError("box-elsewhere", "That box is not one of this warehouse's boxes.", 422, "boxId");
  const boxGrams = box?.weightGrams ?? 0;
  if (input.weightGrams != null && (!Number.isInteger(input.weightGrams) || input.weightGrams < 1 || input.weightGrams > 70_000))
    throw new AppError("weight", "Enter the weight in whole grams, between 1 and 70,000.", 422, "weightGrams");
  const weightGrams = input.weightGrams ?? itemsGrams + boxGrams;
  if (box?.maxWeightGrams && weightGrams > box.maxWeightGrams)
    throw new AppError(
      "box-too-heavy",
      `${box.name} holds at most ${box.maxWeightGrams} g; this parcel weighs ${weightGrams} g. Choose a bigger box.`,
      422,
      "boxId",
    );
  const dims = input.dimensionsCm ?? (box ? { length: box.lengthCm, width: box.widthCm, height: box.heightCm } : null);
  if (dims && [dims.length, dims.width, dims.height].some((d) => !(d > 0 && d <= 300)))
    throw new AppError("dimensions", "Enter the parcel's length, width and height in centimetres (up to 300).", 422, "dimensions");
  let photoKey: string | null = null;
  const id = newId("prc");
  if (input.photo?.byteLength) {
    const webp = await uploadedImageToWebp(input.photo, {
      field: "photo",
      limits: { maxBytes: PARCEL_PHOTO_MAX_BYTES, minSide: 200 },
      width: 1600,
      height: 1600,
      fit: "inside",
      quality: 82,
    });
    photoKey = `parcel-photos/${input.fulfillerId}/${id}.webp`;
    await ctx.ports.storage.put(photoKey, webp, { contentType: "image/webp" });
  }
  const now = ctx.clock.now();
  return transaction(ctx.db, async (tx) => {
    const tctx = { ...ctx, db: tx };
    const [row] = await tx
      .insert(parcels)
      .values({
        id,
        fulfillerId: input.fulfillerId,
        warehouseId: group.warehouseId,
        orderId: group.orderId,
        groupId: input.groupId,
        status: "packed",
        lineIds: wanted,
        boxId: box?.id ?? null,
        boxName: box?.name ?? "",
        dimensionsCm: dims,
        itemsGrams,
        boxGrams,
        weightGrams,
        weighed: input.weightGrams != null,
        photoKey,
        createdBy: actorUserId(ctx.actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await markLinesPacked(tctx, { fulfillerId: input.fulfillerId, lineIds: wanted, packed: true });
    return row!;
  });
}

/** Opens a parcel again before its label is bought: its lines go back to printed. */
export async function unpackParcel(ctx: Ctx, parcelId: string): Promise<void> {
  const p = await parcelOf(ctx, parcelId);
  const live = await ctx.db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.parcelId, p.id), inArray(shipments.status, ["requested", "purchased", "manifested"])));
  if (live.length) throw new AppError("parcel-has-label", "This parcel has a label: void the label before unpacking it.", 409);
  await transaction(ctx.db, async (tx) => {
    const tctx = { ...ctx, db: tx };
    await parcelMachine.transition(tctx, p.id, "unpacked", {
      reason: "Unpacked",
      expectFrom: "packed",
      set: { updatedAt: ctx.clock.now() },
    });
    await markLinesPacked(tctx, { fulfillerId: p.fulfillerId, lineIds: p.lineIds, packed: false });
  });
}

export interface ParcelView {
  id: string;
  status: ParcelStatus;
  orderId: string;
  orderNumber: string;
  groupId: string;
  warehouseId: string;
  warehouseName: string;
  boxName: string;
  weightGrams: number;
  weighed: boolean;
  createdAt: Date;
  hasPhoto: boolean;
  lines: { lineId: string; title: string; variant: string; quantity: number; code: string | null }[];
  shipTo: PostalAddress;
  shipment: { id: string; status: ShipmentStatus; trackingNumber: string | null; carrierName: string; serviceName: string } | null;
}

/** A warehouse's parcels (packed and waiting for a label first, then shipped), newest first. */
export async function listParcels(
  ctx: Ctx,
  input: { fulfillerId: string; warehouseId?: string; status?: ParcelStatus; limit?: number },
): Promise<ParcelView[]> {
  await shopFor(ctx, input.fulfillerId);
  const conds = [eq(parcels.fulfillerId, input.fulfillerId)];
  if (input.warehouseId) conds.push(eq(parcels.warehouseId, input.warehouseId));
  conds.push(input.status ? eq(parcels.status, input.status) : inArray(parcels.status, ["packed", "shipped"]));
  const rows = await ctx.db
    .select()
    .from(parcels)
    .where(and(...conds))
    .orderBy(desc(parcels.createdAt))
    .limit(input.limit ?? 100);
  return parcelViews(ctx, rows);
}

/** Rows of `table` matching `where`, counted up to `cap` (one query; the rest is not counted). */
async function cappedCount(ctx: Ctx, table: typeof parcels | typeof shipments, where: SQL | undefined, cap: number): Promise<number> {
  const capped = ctx.db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap)
    .as("capped");
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.n ?? 0);
}

/**
 * How many of a print shop's parcels are in a status, counted up to `cap` (a checklist says
 * "1000+", it need not count further); one query, where listing them reads their lines too.
 */
export async function countParcels(ctx: Ctx, input: { fulfillerId: string; status: ParcelStatus; cap: number }): Promise<number> {
  await shopFor(ctx, input.fulfillerId);
  return cappedCount(ctx, parcels, and(eq(parcels.fulfillerId, input.fulfillerId), eq(parcels.status, input.status)), input.cap);
}

async function parcelViews(ctx: Ctx, rows: ParcelRow[]): Promise<ParcelView[]> {
  if (!rows.length) return [];
  const fulfillerId = rows[0]!.fulfillerId;
  const [lines, ships] = await Promise.all([
    floorLineLabels(ctx, { fulfillerId, lineIds: rows.flatMap((r) => r.lineIds) }),
    ctx.db
      .select()
      .from(shipments)
      .where(
        and(
          inArray(
            shipments.parcelId,
            rows.map((r) => r.id),
          ),
          sql`${shipments.status} <> 'voided'`,
        ),
      ),
  ]);
  const byLine = new Map(lines.map((l) => [l.lineId, l]));
  return rows.map((r) => {
    const first = byLine.get(r.lineIds[0] ?? "");
    const s = ships.find((x) => x.parcelId === r.id);
    return {
      id: r.id,
      status: r.status,
      orderId: r.orderId,
      orderNumber: first?.orderNumber ?? "",
      groupId: r.groupId,
      warehouseId: r.warehouseId,
      warehouseName: first?.warehouseName ?? "",
      boxName: r.boxName,
      weightGrams: r.weightGrams,
      weighed: r.weighed,
      createdAt: r.createdAt,
      hasPhoto: !!r.photoKey,
      lines: r.lineIds.map((id) => {
        const l = byLine.get(id);
        return {
          lineId: id,
          title: l?.title ?? "",
          variant: l ? [l.color, l.size].filter(Boolean).join(" / ") : "",
          quantity: l?.quantity ?? 0,
          code: l?.code ?? null,
        };
      }),
      shipTo: first ? toPostal(first.address) : { name: "", line1: "", city: "", region: "", postalCode: "", country: "" },
      shipment: s
        ? { id: s.id, status: s.status, trackingNumber: s.trackingNumber, carrierName: s.carrierName, serviceName: s.serviceName }
        : null,
    };
  });
}

/** The parcel's photo (for the print shop, an admin, or a case about it). */
export async function parcelPhoto(ctx: Ctx, parcelId: string): Promise<{ body: Buffer; contentType: string } | null> {
  const [p] = await ctx.db.select().from(parcels).where(eq(parcels.id, parcelId)).limit(1);
  if (!p) throw new AppError("not-found", "That parcel was not found.", 404);
  if (!hasRole(ctx.actor, "admin")) await shopFor(ctx, p.fulfillerId);
  if (!p.photoKey) return null;
  const o = await ctx.ports.storage.get(p.photoKey);
  return o ? { body: o.body, contentType: o.contentType } : null;
}

/** The packing slip in the selling store's name: its name, logo and message, the items, "parcel i of n". */
export async function packingSlip(ctx: Ctx, parcelId: string): Promise<{ filename: string; body: Buffer }> {
  const p = await parcelOf(ctx, parcelId);
  const lines = await listFloor(ctx, { fulfillerId: p.fulfillerId, lineIds: p.lineIds, scope: "all" });
  const first = lines[0];
  if (!first) throw new AppError("not-found", "That parcel's order is gone.", 404);
  const [store] = await getStoresByIds(ctx, [first.storeId]);
  const logoBytes = store?.avatarKey ? await ctx.ports.storage.get(store.avatarKey).catch(() => null) : null;
  const logo = logoBytes ? await imageAsPng(logoBytes.body, 300) : null;
  const stores = [...new Set(lines.map((l) => l.storeName))];
  const doc: PackingSlipDocument = {
    store: {
      name: stores.length === 1 ? stores[0]! : stores.join(" · "),
      logo: stores.length === 1 ? logo : null,
      message:
        stores.length === 1
          ? `Thank you for buying from ${stores[0]}. Every piece was printed to order for you.`
          : "Thank you for your order. Every piece was printed to order for you.",
      returnAddress: await warehouseAddress(ctx, p.warehouseId).catch(() => null),
    },
    orderNumber: first.orderNumber,
    placedAt: first.placedAt,
    shipTo: toPostal(first.address),
    lines: lines.map((l) => ({ title: l.title, color: l.color, size: l.size, sku: l.sku, quantity: l.quantity })),
    ...(first.groupsInOrder > 1 ? { parcel: { index: await parcelIndex(ctx.db, p.orderId, p.groupId), count: first.groupsInOrder } } : {}),
  };
  return { filename: `${first.orderNumber}-packing-slip.pdf`, body: await packingSlipPdf(doc) };
}

async function parcelIndex(db: Db, orderId: string, groupId: string): Promise<number> {
  const rows = await db
    .select({ groupId: shipments.groupId })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), sql`${shipments.status} <> 'voided'`))
    .orderBy(asc(shipments.createdAt));
  const order = [...new Set(rows.map((r) => r.groupId))];
  const i = order.indexOf(groupId);
  return i >= 0 ? i + 1 : order.length + 1;
}

// ---- shipments ------------------------------------------------------------------------------

/** The priced ways to send a packed parcel with the print shop's carriers, cheapest first. */
export async function shippingOptions(ctx: Ctx, parcelId: string): Promise<QuoteOption[]> {
  const p = await parcelOf(ctx, parcelId);
  const [line] = await listFloor(ctx, { fulfillerId: p.fulfillerId, lineIds: p.lineIds.slice(0, 1), scope: "all" });
  return optionsFor(ctx, p, line);
}

/** One parcel's priced options, or the refusal `shippingOptions` would have thrown for it. */
export interface ParcelOptions {
  parcelId: string;
  options: QuoteOption[];
  error: AppError | null;
}

/**
 * `shippingOptions` for many parcels at once (in the order given): the parcels, their addresses and
 * each print shop's rate tables are read once, not once a parcel. A parcel that cannot be priced
 * (gone, not the actor's, its order gone, no rate) carries the refusal `shippingOptions` would
 * have thrown for it; errors other than refusals (AppError) are thrown. `known`: the parcels as
 * `listParcels` just gave them, whose addresses are then not read again.
 */
export async function shippingOptionsMany(
  ctx: Ctx,
  parcelIds: readonly string[],
  known: readonly ParcelView[] = [],
): Promise<ParcelOptions[]> {
  if (!parcelIds.length) return [];
  // A view whose order was found (its first line's address); the others are read as they are now.
  const knownTo = new Map(known.filter((v) => v.orderNumber && v.shipTo.country).map((v) => [v.id, v]));
  const rows = await ctx.db
    .select()
    .from(parcels)
    .where(inArray(parcels.id, [...new Set(parcelIds)]));
  const found = new Map<string, { options: QuoteOption[]; error: AppError | null }>();
  for (const fulfillerId of new Set(rows.map((r) => r.fulfillerId))) {
    const mine = rows.filter((r) => r.fulfillerId === fulfillerId);
    try {
      await shopFor(ctx, fulfillerId);
      const knownView = (r: ParcelRow) => {
        const v = knownTo.get(r.id);
        return v && v.lines[0]?.lineId === r.lineIds[0] ? v : undefined;
      };
      const firstIds = mine
        .filter((r) => !knownView(r))
        .map((r) => r.lineIds[0])
        .filter((id): id is string => !!id);
      const lines = firstIds.length ? await floorLineLabels(ctx, { fulfillerId, lineIds: firstIds }) : [];
      const byLine = new Map(lines.map((l) => [l.lineId, l.address]));
      const priceable = [];
      for (const p of mine) {
        const to = knownView(p)?.shipTo ?? byLine.get(p.lineIds[0] ?? "");
        if (!to) found.set(p.id, { options: [], error: new AppError("not-found", "That parcel's order is gone.", 404) });
        else
          priceable.push({
            key: p.id,
            to: { country: to.country, postalCode: to.postalCode },
            weightGrams: p.weightGrams,
            ...(p.dimensionsCm ? { dimensionsCm: p.dimensionsCm } : {}),
          });
      }
      if (priceable.length)
        for (const q of await quoteMany(ctx, { fulfillerId, parcels: priceable })) found.set(q.key, { options: q.options, error: q.error });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      for (const p of mine) if (!found.has(p.id)) found.set(p.id, { options: [], error });
    }
  }
  return parcelIds.map((parcelId) => ({
    parcelId,
    ...(found.get(parcelId) ?? { options: [], error: new AppError("not-found", "That parcel was not found.", 404) }),
  }));
}

/** The parcel's priced options to the address of its order (`line`: one of its lines, if still there). */
async function optionsFor(ctx: Ctx, p: ParcelRow, line: FloorLine | undefined): Promise<QuoteOption[]> {
  if (!line) throw new AppError("not-found", "That parcel's order is gone.", 404);
  return quote(ctx, {
    fulfillerId: p.fulfillerId,
    to: { country: line.address.country, postalCode: line.address.postalCode },
    weightGrams: p.weightGrams,
    ...(p.dimensionsCm ? { dimensionsCm: p.dimensionsCm } : {}),
  });
}

/**
 * Buys a label for a packed parcel with one carrier service, priced from the carrier's rate table.
 * The shipment (its key, snapshots of both addresses, the parcel and the rate) is written first;
 * then the carrier is asked for the label with that key; then the label's tracking number ships
 * the group, which e-mails the shopper. Asking again after a failure resumes the same shipment.
 */
export async function buyLabel(ctx: Ctx, input: { parcelId: string; carrierAccountId: string; serviceCode: string }): Promise<ShipmentRow> {
  const p = await parcelOf(ctx, input.parcelId);
  if (p.status !== "packed")
    throw new AppError("parcel-not-packed", p.status === "shipped" ? "This parcel already has a label." : "This parcel was unpacked.", 409);
  const [existing] = await ctx.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.parcelId, p.id), inArray(shipments.status, ["requested", "purchased", "manifested"])))
    .limit(1);
  let row: ShipmentRow;
  if (existing?.status === "requested") row = existing;
  else if (existing) throw new AppError("parcel-has-label", "This parcel already has a label.", 409);
  else {
    // The parcel's lines, read once: the first one's address prices the options and the label.
    const lines = await listFloor(ctx, { fulfillerId: p.fulfillerId, lineIds: p.lineIds, scope: "all" });
    const firstLine = lines.find((l) => l.lineId === p.lineIds[0]);
    const options = await optionsFor(ctx, p, firstLine);
    const option = options.find((o) => o.carrierAccountId === input.carrierAccountId && o.serviceCode === input.serviceCode);
    if (!option)
      throw new AppError(
        "service",
        "That service cannot take this parcel (no rate for its destination or weight). Choose another.",
        422,
        "service",
      );
    const first = lines[0]!;
    const from = await warehouseAddress(ctx, p.warehouseId);
    const id = newId("shp");
    [row] = (await ctx.db
      .insert(shipments)
      .values({
        id,
        parcelId: p.id,
        fulfillerId: p.fulfillerId,
        warehouseId: p.warehouseId,
        orderId: p.orderId,
        groupId: p.groupId,
        status: "requested",
        carrierAccountId: option.carrierAccountId,
        carrierCode: option.carrierCode,
        carrierName: option.carrierName,
        serviceCode: option.serviceCode,
        serviceName: option.serviceName,
        labelKey: id,
        fromAddress: from,
        toAddress: toPostal(first.address),
        weightGrams: p.weightGrams,
        billableGrams: option.billableGrams,
        zoneName: option.zone.name,
        rateMinor: option.price.amount,
        currency: option.price.currency,
        orderNumber: first.orderNumber,
        parcelIndex: await parcelIndex(ctx.db, p.orderId, p.groupId),
        parcelCount: first.groupsInOrder,
        createdBy: actorUserId(ctx.actor),
        createdAt: ctx.clock.now(),
      })
      .returning()) as [ShipmentRow];
  }
  const carrier = ctx.ports.carriers;
  const now = ctx.clock.now();
  let bought = await carrier.buyLabel({
    key: row.labelKey,
    carrierCode: row.carrierCode,
    serviceCode: row.serviceCode,
    from: row.fromAddress,
    to: row.toAddress,
    weightGrams: row.billableGrams,
    ...(p.dimensionsCm ? { dimensionsCm: p.dimensionsCm } : {}),
    at: now,
  });
  // The local carrier derives numbers from keys: on the rare clash with a live label, a new key.
  for (let attempt = 1; attempt <= 3 && (await trackingTaken(ctx.db, row, bought.trackingNumber)); attempt++) {
    const key = `${row.id}:${attempt}`;
    await ctx.db.update(shipments).set({ labelKey: key }).where(eq(shipments.id, row.id));
    row = { ...row, labelKey: key };
    bought = await carrier.buyLabel({
      key,
      carrierCode: row.carrierCode,
      serviceCode: row.serviceCode,
      from: row.fromAddress,
      to: row.toAddress,
      weightGrams: row.billableGrams,
      at: now,
    });
  }
  return transaction(ctx.db, async (tx) => {
    const tctx = { ...ctx, db: tx };
    const { row: done } = await shipmentMachine.transition(tctx, row.id, "purchased", {
      reason: `${row.carrierName} ${row.serviceName} ${bought.trackingNumber}`,
      expectFrom: "requested",
      set: {
        trackingNumber: bought.trackingNumber,
        providerShipmentId: bought.providerShipmentId,
        purchasedAt: now,
        trackingStatus: "pre_transit",
      },
    });
    await parcelMachine.transition(tctx, p.id, "shipped", {
      reason: `Label ${bought.trackingNumber}`,
      expectFrom: "packed",
      set: { updatedAt: now },
    });
    await shipGroupWithLabel(
      { ...tctx, actor: system(`label ${bought.trackingNumber}`) },
      { groupId: p.groupId, carrier: row.carrierName, trackingNumber: bought.trackingNumber },
    );
    await recordEvents(
      tx,
      done,
      await carrier.track({ trackingNumber: bought.trackingNumber, providerShipmentId: bought.providerShipmentId, at: now }),
    );
    await enqueue(
      tx,
      TRACK_TOPIC,
      { shipmentId: row.id },
      { runAt: new Date(now.getTime() + trackEvery(ctx, bought.trackingNumber)), dedupeKey: `track:${row.id}:1` },
    );
    return done;
  });
}

async function trackingTaken(db: Db, row: ShipmentRow, trackingNumber: string): Promise<boolean> {
  const [other] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        eq(shipments.carrierCode, row.carrierCode),
        eq(shipments.trackingNumber, trackingNumber),
        sql`${shipments.status} <> 'voided'`,
        sql`${shipments.id} <> ${row.id}`,
      ),
    )
    .limit(1);
  return !!other;
}

/**
 * Voids a label not yet on a manifest (and not yet scanned by the carrier): the parcel is packed
 * again and its group back in production; the number never comes back.
 */
export async function voidShipment(ctx: Ctx, shipmentId: string): Promise<void> {
  const s = await shipmentOf(ctx, shipmentId);
  if (s.status === "voided")
    throw new AppError("label-voided", `Label ${s.trackingNumber ?? ""} is already voided; a voided label never comes back.`, 409);
  if (s.status === "manifested" || s.manifestId) {
    const [m] = await ctx.db
      .select({ number: manifests.number })
      .from(manifests)
      .where(eq(manifests.id, s.manifestId ?? ""))
      .limit(1);
    throw new AppError(
      "label-manifested",
      `Label ${s.trackingNumber} is on manifest ${m ? manifestRef(m.number) : ""}: a handed-over label cannot be voided.`,
      409,
    );
  }
  const now = ctx.clock.now();
  if (s.status === "purchased" && s.trackingNumber && s.providerShipmentId)
    await ctx.ports.carriers.voidLabel({ providerShipmentId: s.providerShipmentId, trackingNumber: s.trackingNumber, at: now });
  await transaction(ctx.db, async (tx) => {
    const tctx = { ...ctx, db: tx };
    await shipmentMachine.transition(tctx, s.id, "voided", {
      reason: "Label voided",
      expectFrom: ["requested", "purchased"],
      set: { voidedAt: now, trackingStatus: "cancelled" },
    });
    const [p] = await tx.select().from(parcels).where(eq(parcels.id, s.parcelId)).limit(1);
    if (p?.status === "shipped")
      await parcelMachine.transition(tctx, p.id, "packed", { reason: `Label ${s.trackingNumber} voided`, set: { updatedAt: now } });
    if (s.status === "purchased")
      await unshipGroup(
        { ...tctx, actor: system(`label ${s.trackingNumber} voided`) },
        { groupId: s.groupId, reason: `Label ${s.trackingNumber} voided` },
      );
  });
}

export interface ShipmentView {
  id: string;
  status: ShipmentStatus;
  orderId: string;
  orderNumber: string;
  parcelId: string;
  warehouseId: string;
  carrierAccountId: string;
  carrierName: string;
  serviceName: string;
  trackingNumber: string | null;
  trackingStatus: TrackingStatus;
  trackingLabel: string;
  weightGrams: number;
  rateMinor: number;
  currency: string;
  to: PostalAddress;
  manifestRef: string | null;
  purchasedAt: Date | null;
  deliveredAt: Date | null;
}

function shipmentView(s: ShipmentRow, manifestNumbers: Map<string, number>): ShipmentView {
  return {
    id: s.id,
    status: s.status,
    orderId: s.orderId,
    orderNumber: s.orderNumber,
    parcelId: s.parcelId,
    warehouseId: s.warehouseId,
    carrierAccountId: s.carrierAccountId,
    carrierName: s.carrierName,
    serviceName: s.serviceName,
    trackingNumber: s.trackingNumber,
    trackingStatus: s.trackingStatus,
    trackingLabel: TRACKING_LABELS[s.trackingStatus],
    weightGrams: s.weightGrams,
    rateMinor: s.rateMinor,
    currency: s.currency,
    to: s.toAddress,
    manifestRef: s.manifestId && manifestNumbers.has(s.manifestId) ? manifestRef(manifestNumbers.get(s.manifestId)!) : null,
    purchasedAt: s.purchasedAt,
    deliveredAt: s.deliveredAt,
  };
}

async function manifestNumbersOf(db: Db, rows: ShipmentRow[]): Promise<Map<string, number>> {
  const ids = [...new Set(rows.map((r) => r.manifestId).filter((x): x is string => !!x))];
  if (!ids.length) return new Map();
  return new Map(
    (await db.select({ id: manifests.id, number: manifests.number }).from(manifests).where(inArray(manifests.id, ids))).map((m) => [
      m.id,
      m.number,
    ]),
  );
}

/** A print shop's shipments (one warehouse, a status), newest first. */
export async function listShipments(
  ctx: Ctx,
  input: { fulfillerId: string; warehouseId?: string; status?: ShipmentStatus | "live"; limit?: number; offset?: number },
): Promise<ShipmentView[]> {
  await shopFor(ctx, input.fulfillerId);
  const conds = [eq(shipments.fulfillerId, input.fulfillerId)];
  if (input.warehouseId) conds.push(eq(shipments.warehouseId, input.warehouseId));
  if (input.status === "live") conds.push(inArray(shipments.status, ["purchased", "manifested"]));
  else if (input.status) conds.push(eq(shipments.status, input.status));
  const rows = await ctx.db
    .select()
    .from(shipments)
    .where(and(...conds))
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(input.limit ?? 200)
    .offset(Math.max(0, input.offset ?? 0));
  const numbers = await manifestNumbersOf(ctx.db, rows);
  return rows.map((s) => shipmentView(s, numbers));
}

/** How many of a print shop's shipments are in a status ("live": bought or manifested), counted up to `cap`. */
export async function countShipments(
  ctx: Ctx,
  input: { fulfillerId: string; status: ShipmentStatus | "live"; cap: number },
): Promise<number> {
  await shopFor(ctx, input.fulfillerId);
  const status = input.status === "live" ? inArray(shipments.status, ["purchased", "manifested"]) : eq(shipments.status, input.status);
  return cappedCount(ctx, shipments, and(eq(shipments.fulfillerId, input.fulfillerId), status), input.cap);
}

function labelDoc(s: ShipmentRow): LabelDocument {
  return {
    trackingNumber: s.trackingNumber!,
    carrierName: s.carrierName,
    serviceName: s.serviceName,
    from: s.fromAddress,
    to: s.toAddress,
    weightGrams: s.weightGrams,
    reference: s.orderNumber,
    shippedOn: s.purchasedAt ?? s.createdAt,
    ...(s.parcelCount > 1 ? { parcel: { index: s.parcelIndex, count: s.parcelCount } } : {}),
  };
}

/** A shipment's 4×6 in label: PDF (288 × 432 pt) or ZPL for a thermal printer. */
export async function shipmentLabel(
  ctx: Ctx,
  input: { shipmentId: string; format: "pdf" | "zpl" },
): Promise<{ filename: string; contentType: string; body: Buffer }> {
  const s = await shipmentOf(ctx, input.shipmentId);
  if (!s.trackingNumber || s.status === "requested") throw new AppError("label-not-bought", "This label is not bought yet.", 409);
  if (s.status === "voided") throw new AppError("label-voided", "This label was voided: do not use it.", 410);
  const doc = labelDoc(s);
  if (input.format === "zpl")
    return { filename: `${s.trackingNumber}.zpl`, contentType: "text/plain; charset=utf-8", body: Buffer.from(labelZpl(doc), "utf8") };
  return { filename: `${s.trackingNumber}.pdf`, contentType: "application/pdf", body: await labelPdf(doc) };
}

// ---- tracking -------------------------------------------------------------------------------

async function recordEvents(db: Db, s: ShipmentRow, events: readonly TrackingEvent[]): Promise<TrackingStatus> {
  if (events.length) {
    await db
      .insert(trackingEvents)
      .values(
        events.map((e) => ({
          id: newId("trk"),
          shipmentId: s.id,
          eventId: e.id,
          status: e.status,
          message: e.message,
          location: e.location ?? null,
          at: e.at,
        })),
      )
      .onConflictDoNothing({ target: [trackingEvents.shipmentId, trackingEvents.eventId] });
  }
  // The status is the latest event's by the carrier's time, whatever order they came in.
  const [latest] = await db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.shipmentId, s.id))
    .orderBy(desc(trackingEvents.at), desc(trackingEvents.receivedAt))
    .limit(1);
  const status = latest?.status ?? s.trackingStatus;
  await db
    .update(shipments)
    .set({ trackingStatus: status, lastTrackedAt: new Date(), ...(status === "delivered" && latest ? { deliveredAt: latest.at } : {}) })
    .where(eq(shipments.id, s.id));
  return status;
}

/**
 * Asks the carrier for a live shipment's events and applies them (each once, by its time). A
 * delivered shipment delivers its group (the shopper's "delivered" e-mail).
 */
export async function refreshTracking(ctx: Ctx, shipmentId: string): Promise<TrackingStatus> {
  const [s] = await ctx.db.select().from(shipments).where(eq(shipments.id, shipmentId)).limit(1);
  if (!s) throw new AppError("not-found", "That shipment was not found.", 404);
  if (ctx.actor.kind !== "system") await shopFor(ctx, s.fulfillerId);
  if (s.status !== "purchased" && s.status !== "manifested") return s.trackingStatus;
  const events = await ctx.ports.carriers.track({
    trackingNumber: s.trackingNumber!,
    providerShipmentId: s.providerShipmentId!,
    at: ctx.clock.now(),
  });
  return applyTracking(ctx, s, events);
}

async function applyTracking(ctx: Ctx, s: ShipmentRow, events: readonly TrackingEvent[]): Promise<TrackingStatus> {
  return transaction(ctx.db, async (tx) => {
    const status = await recordEvents(tx, s, events);
    if (status === "delivered") {
      const sys = { ...ctx, db: tx, actor: system(`carrier delivered ${s.trackingNumber}`) };
      await deliverGroup(sys, s.groupId).catch((error: unknown) => {
        // Already delivered (a second poll), or the order closed meanwhile: nothing to move.
        if (!(error instanceof AppError)) throw error;
      });
    }
    return status;
  });
}

/** How long until a live label's events are asked for again: the carrier's pace, or every three hours. */
function trackEvery(ctx: Ctx, trackingNumber: string): number {
  return ctx.ports.carriers.trackEveryMs?.(trackingNumber) ?? TRACK_EVERY_MS;
}

/** The outbox job that follows a live shipment until its tracking is final. */
export async function trackHandler(db: Db, payload: Record<string, unknown>): Promise<void> {
  const shipmentId = String(payload.shipmentId ?? "");
  const ctx = createCtx(db, system("tracking"));
  const status = await refreshTracking(ctx, shipmentId).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return "cancelled" as const;
    throw error;
  });
  if (FINAL_TRACKING.includes(status)) return;
  const [s] = await db
    .select({ status: shipments.status, trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(eq(shipments.id, shipmentId))
    .limit(1);
  if (!s || s.status === "voided") return;
  const next = new Date(ctx.clock.now().getTime() + trackEvery(ctx, s.trackingNumber ?? ""));
  await enqueue(db, TRACK_TOPIC, { shipmentId }, { runAt: next, dedupeKey: `track:${shipmentId}:${next.getTime()}` });
}

export interface OrderTracking {
  shipmentId: string;
  groupId: string;
  carrierName: string;
  serviceName: string;
  trackingNumber: string;
  status: TrackingStatus;
  statusLabel: string;
  events: { status: TrackingStatus; label: string; message: string; location: string | null; at: Date }[];
}

/** An order's live shipments with their tracking events (newest first), for whoever may see the order. */
export async function trackingForOrder(ctx: Ctx, access: OrderAccess): Promise<OrderTracking[]> {
  await getOrder(ctx, access); // 404 for anyone who may not see the order
  const rows = await ctx.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, access.orderId), inArray(shipments.status, ["purchased", "manifested"])))
    .orderBy(asc(shipments.createdAt));
  if (!rows.length) return [];
  const events = await ctx.db
    .select()
    .from(trackingEvents)
    .where(
      inArray(
        trackingEvents.shipmentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(desc(trackingEvents.at));
  return rows.map((s) => ({
    shipmentId: s.id,
    groupId: s.groupId,
    carrierName: s.carrierName,
    serviceName: s.serviceName,
    trackingNumber: s.trackingNumber!,
    status: s.trackingStatus,
    statusLabel: TRACKING_LABELS[s.trackingStatus],
    events: events
      .filter((e) => e.shipmentId === s.id)
      .map((e) => ({ status: e.status, label: TRACKING_LABELS[e.status], message: e.message, location: e.location, at: e.at })),
  }));
}

// ---- manifests ------------------------------------------------------------------------------

export interface ManifestView {
  id: string;
  ref: string;
  warehouseId: string;
  warehouseName: string;
  carrierName: string;
  shipmentCount: number;
  totalGrams: number;
  createdAt: Date;
}

const manifestView = (m: typeof manifests.$inferSelect): ManifestView => ({
  id: m.id,
  ref: manifestRef(m.number),
  warehouseId: m.warehouseId,
  warehouseName: m.warehouseName,
  carrierName: m.carrierName,
  shipmentCount: m.shipmentCount,
  totalGrams: m.totalGrams,
  createdAt: m.createdAt,
});

/**
 * The end-of-day hand-over of one carrier's labels from one warehouse: the shipments named (or
 * every live unmanifested one of that warehouse and carrier). A voided label, one of another
 * warehouse or carrier, or one already on a manifest is refused by its tracking number, and nothing
 * is written. A manifest is never changed afterwards.
 */
export async function createManifest(
  ctx: Ctx,
  input: { fulfillerId: string; warehouseId: string; carrierAccountId: string; shipmentIds?: readonly string[] },
): Promise<ManifestView> {
  await shopFor(ctx, input.fulfillerId);
  const house = (await listWarehouses(ctx, input.fulfillerId)).find((w) => w.id === input.warehouseId);
  if (!house) throw new AppError("not-found", "That warehouse was not found.", 404);
  const account = await getCarrierAccount(ctx, input.carrierAccountId);
  if (!account || account.fulfillerId !== input.fulfillerId)
    throw new AppError("not-found", "That carrier is not one of this print shop's carriers.", 404, "carrier");
  let chosen: ShipmentRow[];
  if (input.shipmentIds?.length) {
    chosen = await ctx.db
      .select()
      .from(shipments)
      .where(and(inArray(shipments.id, [...new Set(input.shipmentIds)]), eq(shipments.fulfillerId, input.fulfillerId)));
    const numbers = await manifestNumbersOf(ctx.db, chosen);
    for (const id of input.shipmentIds) {
      const s = chosen.find((x) => x.id === id);
      if (!s) throw new AppError("not-found", `Shipment ${id} is not one of this print shop's shipments.`, 404, "shipmentIds");
      const name = s.trackingNumber ?? s.id;
      if (s.status === "voided")
        throw new AppError("shipment-voided", `Label ${name} was voided: it cannot be handed over.`, 422, "shipmentIds");
      if (s.manifestId)
        throw new AppError(
          "shipment-manifested",
          `Label ${name} is already on manifest ${manifestRef(numbers.get(s.manifestId) ?? 0)}: a label goes on one manifest only.`,
          409,
          "shipmentIds",
        );
      if (s.status !== "purchased") throw new AppError("shipment-not-bought", `Label ${name} is not bought yet.`, 422, "shipmentIds");
      if (s.warehouseId !== input.warehouseId)
        throw new AppError("shipment-elsewhere", `Label ${name} leaves from another warehouse.`, 422, "shipmentIds");
      if (s.carrierAccountId !== input.carrierAccountId)
        throw new AppError("shipment-other-carrier", `Label ${name} is for ${s.carrierName}, not ${account.name}.`, 422, "shipmentIds");
    }
  } else {
    chosen = await ctx.db
      .select()
      .from(shipments)
      .where(
        and(
          eq(shipments.warehouseId, input.warehouseId),
          eq(shipments.carrierAccountId, input.carrierAccountId),
          eq(shipments.status, "purchased"),
          isNull(shipments.manifestId),
        ),
      );
    if (!chosen.length)
      throw new AppError("nothing-to-manifest", `No ${account.name} label from ${house.name} waits for a manifest.`, 422, "shipmentIds");
  }
  const origin = await warehouseAddress(ctx, input.warehouseId);
  const now = ctx.clock.now();
  const id = newId("mnf");
  const m = await transaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(manifests)
      .values({
        id,
        fulfillerId: input.fulfillerId,
        warehouseId: input.warehouseId,
        warehouseName: house.name,
        carrierAccountId: input.carrierAccountId,
        carrierName: account.name,
        origin,
        shipmentCount: chosen.length,
        totalGrams: chosen.reduce((s, x) => s + x.weightGrams, 0),
        createdBy: actorUserId(ctx.actor),
        createdAt: now,
      })
      .returning();
    // One guarded update: a label manifested or voided meanwhile makes the count differ.
    const taken = await tx
      .update(shipments)
      .set({ manifestId: id, status: "manifested" })
      .where(
        and(
          inArray(
            shipments.id,
            chosen.map((s) => s.id),
          ),
          eq(shipments.status, "purchased"),
          isNull(shipments.manifestId),
        ),
      )
      .returning({ id: shipments.id });
    if (taken.length !== chosen.length)
      throw new AppError("conflict", "Some of these labels were manifested or voided meanwhile; reload and try again.", 409);
    return row!;
  });
  return manifestView(m);
}

export async function listManifests(
  ctx: Ctx,
  input: { fulfillerId: string; warehouseId?: string; limit?: number },
): Promise<ManifestView[]> {
  await shopFor(ctx, input.fulfillerId);
  const rows = await ctx.db
    .select()
    .from(manifests)
    .where(
      input.warehouseId
        ? and(eq(manifests.fulfillerId, input.fulfillerId), eq(manifests.warehouseId, input.warehouseId))
        : eq(manifests.fulfillerId, input.fulfillerId),
    )
    .orderBy(desc(manifests.number))
    .limit(input.limit ?? 100);
  return rows.map(manifestView);
}

/** The manifest's one scannable page (PDF) listing every shipment it hands over. */
export async function manifestDocument(ctx: Ctx, manifestId: string): Promise<{ filename: string; body: Buffer }> {
  const [m] = await ctx.db.select().from(manifests).where(eq(manifests.id, manifestId)).limit(1);
  if (!m) throw new AppError("not-found", "That manifest was not found.", 404);
  await shopFor(ctx, m.fulfillerId);
  const rows = await ctx.db.select().from(shipments).where(eq(shipments.manifestId, m.id)).orderBy(asc(shipments.trackingNumber));
  const doc: ManifestDocument = {
    manifestRef: manifestRef(m.number),
    carrierName: m.carrierName,
    warehouseName: m.warehouseName,
    origin: m.origin,
    createdAt: m.createdAt,
    shipments: rows.map((s) => ({
      trackingNumber: s.trackingNumber!,
      serviceName: s.serviceName,
      reference: s.orderNumber,
      weightGrams: s.weightGrams,
      to: { name: s.toAddress.name, city: s.toAddress.city, postalCode: s.toAddress.postalCode, country: s.toAddress.country },
    })),
  };
  return { filename: `${doc.manifestRef}.pdf`, body: await manifestPdf(doc) };
}
