// Demo orders: a few hundred past orders in every status, placed, paid and moved through the real
// order flow (routing, stock, the test processor, the ledger, the e-mails) and the print shop's
// real floor (accepted, batched, scanned, packed, labelled by the local carrier, tracked, handed
// over on manifests) with a clock set to each moment of the past 60 days, so the admin overview,
// a store's orders, the print shop's pages and everyone's balances look real on first start.
// Idempotent: nothing is added once any order exists.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { manualClock } from "../contracts/clock.ts";
import type { Db } from "../infra/db/index.ts";
import { logger } from "../infra/logger/index.ts";
import { createCtx, system, type Actor } from "../kernel/index.ts";
import { products, productVariants } from "../modules/catalog/schema.ts";
import { users } from "../modules/identity/schema.ts";
import {
  cancelOrder,
  deliverGroup,
  getOrder,
  holdOrder,
  payOrderWithCard,
  placeOrder,
  quoteCheckout,
  refundOrder,
  shipGroup,
  startGroupProduction,
  type OrderAddress,
} from "../modules/orders/index.ts";
import { acceptLines, cancelBatch, createBatch, getBatch, scanLine } from "../modules/production/index.ts";
import {
  buyLabel,
  createManifest,
  listShipments,
  packParcel,
  refreshTracking,
  shippingOptions,
  unpackParcel,
  voidShipment,
} from "../modules/shipping/index.ts";
import { getFulfillerByHandle } from "../modules/fulfillment/index.ts";
import { orders } from "../modules/orders/schema.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  "Maya",
  "Leo",
  "Ana",
  "Jonas",
  "Priya",
  "Tom",
  "Chloé",
  "Ravi",
  "Emma",
  "Noah",
  "Sofia",
  "Lukas",
  "Aisha",
  "Ben",
  "Mila",
  "Omar",
  "Hannah",
  "Kai",
  "Lea",
  "Sam",
];
const LAST = [
  "Chen",
  "Müller",
  "Garcia",
  "Smith",
  "Okafor",
  "Rossi",
  "Dubois",
  "Patel",
  "Nguyen",
  "Johansson",
  "Kowalski",
  "Brown",
  "Silva",
  "Kim",
  "Schmidt",
];
const PLACES: Omit<OrderAddress, "fullName" | "phone">[] = [
  { line1: "2150 Shattuck Avenue", line2: "Apt 4B", city: "Berkeley", region: "CA", postalCode: "94704", country: "US" },
  { line1: "350 Fifth Avenue", line2: "", city: "New York", region: "NY", postalCode: "10118", country: "US" },
  { line1: "1100 Congress Avenue", line2: "", city: "Austin", region: "TX", postalCode: "78701", country: "US" },
  { line1: "400 Broad Street", line2: "", city: "Seattle", region: "WA", postalCode: "98109", country: "US" },
  { line1: "233 S Wacker Drive", line2: "Suite 12", city: "Chicago", region: "IL", postalCode: "60606", country: "US" },
  { line1: "Torstraße 109", line2: "", city: "Berlin", region: "", postalCode: "10119", country: "DE" },
  { line1: "Karl-Liebknecht-Straße 9", line2: "", city: "Leipzig", region: "", postalCode: "04107", country: "DE" },
  { line1: "10 Downing Street", line2: "", city: "London", region: "", postalCode: "SW1A 2AA", country: "GB" },
  { line1: "12 Rue de Rivoli", line2: "", city: "Paris", region: "", postalCode: "75004", country: "FR" },
  { line1: "290 Bremner Boulevard", line2: "", city: "Toronto", region: "ON", postalCode: "M5V 3L9", country: "CA" },
];

/** Where each demo order ends up, by share of the whole (in per mille). */
const TARGETS: [target: string, perMille: number][] = [
  ["delivered", 430],
  ["shipped", 130],
  ["partially_shipped", 50],
  ["in_production", 110],
  ["paid", 110],
  ["cancelled", 70],
  ["refunded", 45],
  ["partially_refunded", 25],
  ["on_hold", 30],
];

export const DEMO_ORDER_COUNT = 260;

/**
 * The demo print shop has run its floor in Platen (accept, batch, scan, pack, label, manifest) for
 * the last three weeks; older orders were made, shipped and delivered by their shipment groups
 * alone, with the carrier and tracking number typed in. It keeps the demo snapshot quick to make.
 */
const FLOOR_DAYS = 21;

/** An order older than the floor's records: started, shipped with a typed tracking number, delivered. */
async function pastOrder(input: {
  target: string;
  order: Awaited<ReturnType<typeof getOrder>>;
  clock: ReturnType<typeof manualClock>;
  asAdmin: ReturnType<typeof createCtx>;
  asFulfiller: ReturnType<typeof createCtx>;
  pick: <T>(xs: readonly T[]) => T;
  rand: () => number;
}): Promise<void> {
  const { target, order, clock, asAdmin, asFulfiller, pick, rand } = input;
  const groups = order.groups;
  clock.advance((12 + rand() * 24) * HOUR);
  for (const g of groups) await startGroupProduction(asFulfiller, g.id);
  if (target === "refunded") {
    clock.advance(HOUR);
    await refundOrder(asAdmin, {
      orderId: order.id,
      request: { amountMinor: order.totals.totalMinor, reason: "Print defect reported before shipping." },
    });
    return;
  }
  for (const g of groups) {
    clock.advance((24 + rand() * 48) * HOUR);
    const carrier = order.address.country === "US" ? pick(["USPS", "UPS", "FedEx"] as const) : pick(["DHL", "DPD"] as const);
    await shipGroup(asFulfiller, {
      groupId: g.id,
      carrier,
      trackingNumber: `${carrier.slice(0, 2).toUpperCase()}${Math.floor(1e9 + rand() * 8e9)}`,
    });
  }
  for (const g of groups) {
    clock.advance((48 + rand() * 96) * HOUR);
    await deliverGroup(asFulfiller, g.id);
  }
  if (target === "partially_refunded") {
    clock.advance(2 * DAY);
    const line = groups[0]!.lines[0]!;
    await refundOrder(asAdmin, {
      orderId: order.id,
      request: { lines: [{ lineId: line.id, quantity: 1 }], reason: "A smudge on the print: refunded one item." },
    });
  }
}

export async function seedDemoOrders(db: Db): Promise<number> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(orders)) as [{ n: number }];
  if (Number(n) > 0) return 0;
  const people = await db
    .select({ id: users.id, email: users.emailNormalized, roles: users.roles })
    .from(users)
    .where(inArray(users.emailNormalized, ["shopper@demo.platen.test", "admin@demo.platen.test", "fulfiller@demo.platen.test"]));
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const shopper = byEmail.get("shopper@demo.platen.test");
  const admin = byEmail.get("admin@demo.platen.test");
  const fulfiller = byEmail.get("fulfiller@demo.platen.test");
  if (!shopper || !admin || !fulfiller) return 0;
  const variants = await db
    .select({ productId: productVariants.productId, variantId: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.status, "published"), eq(productVariants.enabled, true)))
    .orderBy(asc(products.publishedAt), asc(productVariants.id));
  if (variants.length < 10) return 0;

  const printWorks = await getFulfillerByHandle(createCtx(db, system("demo orders")), "print-works");
  if (!printWorks) return 0;
  const fulfillerId = printWorks.id;
  const stats = { cancelledBatches: 0, unpacked: 0, voided: 0 };
  const labelled: { id: string; warehouseId: string; carrierAccountId: string; at: Date }[] = [];
  const started = Date.now();
  const rand = rng(20261123);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const adminActor: Actor = { kind: "user", userId: admin.id, roles: admin.roles as never };
  const fulfillerActor: Actor = { kind: "user", userId: fulfiller.id, roles: fulfiller.roles as never };
  const shopperActor: Actor = { kind: "user", userId: shopper.id, roles: shopper.roles as never };
  const now = Date.now();
  const targets = TARGETS.flatMap(([t, pm]) => Array.from({ length: Math.round((DEMO_ORDER_COUNT * pm) / 1000) }, () => t));
  let made = 0;
  for (const [i, target] of targets.entries()) {
    // Recent orders are the open ones; delivered and closed ones are spread over 60 days.
    const open = ["paid", "in_production", "on_hold"].includes(target);
    // Shipped ones left their warehouse in the last three days (Standard takes four: still on their way).
    const ageDays = open
      ? 1.6 + rand() * 3
      : target === "shipped" || target === "partially_shipped"
        ? 2.2 + rand() * 1.2
        : 12 + rand() * 48;
    const clock = manualClock(new Date(now - ageDays * DAY));
    const own = i % 9 === 0;
    const buyer: Actor = own ? shopperActor : { kind: "anonymous" };
    const first = pick(FIRST);
    const last = pick(LAST);
    const place = pick(PLACES);
    const address: OrderAddress = { ...place, fullName: `${first} ${last}`, phone: "" };
    const email = own
      ? "shopper@demo.platen.test"
      : `${first}.${last}.${i}@example.com`
          .toLowerCase()
          .normalize("NFD")
          .replace(/[^\x20-\x7e]/g, "");
    const lines = new Map<string, { productId: string; variantId: string; quantity: number }>();
    const count = 1 + Math.floor(rand() * rand() * 4);
    while (lines.size < count) {
      const v = pick(variants);
      lines.set(v.variantId, { ...v, quantity: rand() < 0.8 ? 1 : 2 });
    }
    const ctx = createCtx(db, buyer, { clock });
    try {
      const quote = await quoteCheckout(ctx, { lines: [...lines.values()], address });
      const ok = quote.lines.filter((l) => !l.problem);
      if (!ok.length) continue;
      const good = ok.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity }));
      const fresh = ok.length === quote.lines.length ? quote : await quoteCheckout(ctx, { lines: good, address });
      if (!fresh.canPlace) continue;
      const placed = await placeOrder(ctx, {
        lines: good,
        address,
        email,
        placeKey: `demo-order-${i.toString().padStart(6, "0")}-seed`,
        seenTotalMinor: fresh.totals.totalMinor,
      });
      if (!placed.ok) continue;
      const access = { orderId: placed.orderId, token: placed.token };
      clock.advance(2 * 60_000);
      const paid = await payOrderWithCard(ctx, {
        ...access,
        card: { number: "4242424242424242", expMonth: 12, expYear: new Date(now).getUTCFullYear() + 3, cvc: "123", name: address.fullName },
        attemptKey: `demo-pay-${i}`,
      });
      if (paid.outcome !== "paid") continue;
      made++;
      const asAdmin = createCtx(db, adminActor, { clock });
      const asFulfiller = createCtx(db, fulfillerActor, { clock });
      if (target === "paid") continue;
      if (target === "cancelled") {
        clock.advance((1 + rand() * 10) * HOUR);
        await cancelOrder(ctx, { ...access, reason: rand() < 0.5 ? "Ordered the wrong size" : "Changed my mind" });
        continue;
      }
      if (target === "on_hold") {
        clock.advance(6 * HOUR);
        await holdOrder(asAdmin, { orderId: placed.orderId, reason: "The shopper asked to change the address: waiting for their answer." });
        continue;
      }
      const order = await getOrder(asAdmin, access);
      const groups = order.groups;
      const lineIds = groups.flatMap((g) => g.lines.map((l) => l.id));
      if (ageDays > FLOOR_DAYS) {
        await pastOrder({ target, order, clock, asAdmin, asFulfiller, pick, rand });
        continue;
      }
      clock.advance((2 + rand() * 10) * HOUR);
      if (target === "paid") {
        // Half are accepted and wait for the cut-off's batch; the others wait for acceptance.
        if (rand() < 0.5) await acceptLines(asFulfiller, { fulfillerId, lineIds });
        continue;
      }
      await acceptLines(asFulfiller, { fulfillerId, lineIds });
      clock.advance((6 + rand() * 12) * HOUR);
      const batches = [];
      for (const g of groups) {
        let b = await createBatch(asFulfiller, { fulfillerId, warehouseId: g.warehouseId, lineIds: g.lines.map((l) => l.id) });
        if (stats.cancelledBatches < 3 && target === "in_production") {
          // A batch made by mistake, cancelled, and its lines batched again.
          await cancelBatch(asFulfiller, b.id);
          b = await createBatch(asFulfiller, { fulfillerId, warehouseId: g.warehouseId, lineIds: g.lines.map((l) => l.id) });
          stats.cancelledBatches++;
        }
        batches.push(b);
      }
      if (target === "refunded") {
        clock.advance(HOUR);
        await refundOrder(asAdmin, {
          orderId: placed.orderId,
          request: { amountMinor: order.totals.totalMinor, reason: "Print defect reported before shipping." },
        });
        continue;
      }
      const depth = target === "in_production" ? pick(["open", "printing", "printed", "packed"] as const) : "packed";
      if (depth === "open") continue;
      clock.advance((3 + rand() * 8) * HOUR);
      for (const b of batches) {
        const codes = (await getBatch(asFulfiller, b.id)).lines.map((l) => l.code!);
        for (const code of depth === "printing" ? codes.slice(0, Math.max(1, codes.length - 1)) : codes)
          await scanLine(asFulfiller, { fulfillerId, code, to: "printed" });
      }
      if (depth === "printing" || depth === "printed") continue;
      const shipNow = target === "partially_shipped" ? groups.slice(0, Math.max(1, groups.length - 1)) : groups;
      if (target === "partially_shipped" && groups.length < 2) continue;
      clock.advance((1 + rand() * 3) * HOUR);
      const parcels = [];
      for (const g of target === "in_production" ? groups : shipNow) {
        let parcel = await packParcel(asFulfiller, { fulfillerId, groupId: g.id });
        if (stats.unpacked < 2) {
          // Packed in the wrong box, opened again, packed again.
          await unpackParcel(asFulfiller, parcel.id);
          parcel = await packParcel(asFulfiller, { fulfillerId, groupId: g.id });
          stats.unpacked++;
        }
        parcels.push(parcel);
      }
      if (target === "in_production") continue;
      for (const parcel of parcels) {
        clock.advance((1 + rand() * 4) * HOUR);
        const options = await shippingOptions(asFulfiller, parcel.id);
        // Recent shipments go Standard (still on their way); older ones by either service.
        const option =
          target === "shipped" || target === "partially_shipped" ? options.find((o) => o.serviceCode === "standard")! : pick(options);
        let label = await buyLabel(asFulfiller, {
          parcelId: parcel.id,
          carrierAccountId: option.carrierAccountId,
          serviceCode: option.serviceCode,
        });
        if (stats.voided < 3) {
          // A label printed with the wrong service: voided before pick-up, bought again.
          await voidShipment(asFulfiller, label.id);
          label = await buyLabel(asFulfiller, {
            parcelId: parcel.id,
            carrierAccountId: option.carrierAccountId,
            serviceCode: option.serviceCode,
          });
          stats.voided++;
        }
        labelled.push({ id: label.id, warehouseId: label.warehouseId, carrierAccountId: label.carrierAccountId, at: clock.now() });
      }
      if (target === "shipped" || target === "partially_shipped") continue;
      // Delivered: the carrier's feed, read a week on, delivers each group (its e-mail goes out).
      const later = createCtx(db, system("demo tracking"), { clock: manualClock(new Date(clock.now().getTime() + 7 * DAY)) });
      for (const l of labelled.slice(-parcels.length)) await refreshTracking(later, l.id);
      if (target === "partially_refunded") {
        clock.advance(9 * DAY);
        const line = order.groups[0]!.lines[0]!;
        await refundOrder(createCtx(db, adminActor, { clock }), {
          orderId: placed.orderId,
          request: { lines: [{ lineId: line.id, quantity: 1 }], reason: "A smudge on the print: refunded one item." },
        });
      }
    } catch (error) {
      logger().warn({ err: error, target }, "a demo order could not be made");
    }
  }
  // The end-of-day hand-overs: one manifest per warehouse, carrier and day, at 17:00, for the labels
  // bought before it (today's still wait for theirs).
  const buckets = new Map<string, typeof labelled>();
  for (const l of labelled) {
    const handover = new Date(l.at);
    handover.setUTCHours(17, 0, 0, 0);
    if (handover.getTime() < l.at.getTime()) handover.setUTCDate(handover.getUTCDate() + 1);
    if (handover.getTime() > now - 2 * HOUR) continue;
    const key = `${l.warehouseId}|${l.carrierAccountId}|${handover.toISOString()}`;
    buckets.set(key, [...(buckets.get(key) ?? []), l]);
  }
  for (const [key, ls] of [...buckets].sort(([a], [b]) => a.split("|")[2]!.localeCompare(b.split("|")[2]!))) {
    const [warehouseId, carrierAccountId, at] = key.split("|") as [string, string, string];
    const ctx = createCtx(db, fulfillerActor, { clock: manualClock(new Date(at)) });
    await createManifest(ctx, { fulfillerId, warehouseId, carrierAccountId, shipmentIds: ls.map((l) => l.id) }).catch((error: unknown) =>
      logger().warn({ err: error }, "a demo manifest could not be made"),
    );
  }
  // What the carrier says now of the parcels still on their way.
  const nowCtx = createCtx(db, system("demo tracking"));
  for (const s of await listShipments(createCtx(db, fulfillerActor), { fulfillerId, status: "live", limit: 1000 }))
    if (s.trackingStatus !== "delivered") await refreshTracking(nowCtx, s.id);
  logger().info({ orders: made, labels: labelled.length, manifests: buckets.size, ms: Date.now() - started }, "demo orders");
  return made;
}
