// The production floor on a real database: accepting and rejecting routed lines, due times,
// batches (by filter, by name, released at a count and at the cut-off), scanning, and the batch
// following its lines when an order is cancelled.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeUser } from "../../../tests/support/factories.ts";
import { makeShop, paidOrder, type Shop } from "../../../tests/support/orders.ts";
import { checkTransitionTable } from "../../../tests/support/state-table.ts";
import { manualClock } from "../../contracts/clock.ts";
import { drain } from "../../jobs/index.ts";
import { outbox } from "../../jobs/schema.ts";
import { anonymous, createCtx, IllegalTransitionError, type Actor } from "../../kernel/index.ts";
import { createWarehouse, listWarehouses } from "../fulfillment/index.ts";
import { cancelOrder, countFulfillerGroups, getOrder, listFulfillerGroups } from "../orders/index.ts";
import {
  acceptLines,
  BATCH_TRANSITIONS,
  batchMachine,
  batchStatusOf,
  cancelBatch,
  createBatch,
  floorLineLabels,
  floorStates,
  floorSummary,
  followClosedOrder,
  getBatch,
  LINE_TRANSITIONS,
  lineMachine,
  listBatches,
  listFloor,
  parseBatchFilter,
  pickListData,
  printSheetData,
  rejectLine,
  releaseAtCutoffHandler,
  saveReleaseSettings,
  scanLine,
} from "./index.ts";
import { localDate } from "./due.ts";
import { productionBatches, productionLines } from "./schema.ts";

const t = useTestDatabase();
const clock = manualClock("2026-11-02T16:00:00Z"); // 08:00 in Portland (PST), before the 14:00 cut-off
const admin: Actor = { kind: "user", userId: "usr_admin", roles: ["admin"] };
let shop: Shop;
let other: Shop;

const owner = () => createCtx(t.db, shop.owner, { clock });
const asAdmin = () => createCtx(t.db, admin, { clock });

beforeAll(async () => {
  shop = await makeShop(t.db);
  other = await makeShop(t.db);
});

describe("the floor", () => {
  it("lists a paid order's lines as awaiting acceptance with their due time, to the shop's owner and admins only", async () => {
    const o = await paidOrder(t.db, shop, { clock });
    const lines = await listFloor(owner(), { fulfillerId: shop.fulfiller.id });
    const mine = lines.filter((l) => l.orderId === o.orderId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ floorStatus: "awaiting", quantity: 2, late: false, technique: "dtg", blankName: "Factory tee" });
    // Paid 16:00 UTC, after the warehouse's default cut-off (14:00 UTC): the clock starts the next day.
    expect(mine[0]!.dueAt.toISOString()).toBe(`2026-11-${String(3 + mine[0]!.productionDays).padStart(2, "0")}T14:00:00.000Z`);
    expect((await listFloor(asAdmin(), { fulfillerId: shop.fulfiller.id })).some((l) => l.orderId === o.orderId)).toBe(true);
    for (const stranger of [other.owner, await makeUser(t.db), anonymous()])
      await expect(listFloor(createCtx(t.db, stranger, { clock }), { fulfillerId: shop.fulfiller.id })).rejects.toMatchObject({
        status: 404,
      });
    const summary = await floorSummary(owner(), { fulfillerId: shop.fulfiller.id });
    expect(summary.awaiting).toBeGreaterThanOrEqual(1);
  });

  it("accepts lines (once), refuses another shop's line by name and writes nothing", async () => {
    const mine = await paidOrder(t.db, shop, { clock });
    const theirs = await paidOrder(t.db, other, { clock });
    await expect(
      acceptLines(owner(), { fulfillerId: shop.fulfiller.id, lineIds: [mine.lineIds[0]!, theirs.lineIds[0]!] }),
    ).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining(theirs.lineIds[0]!),
    });
    expect(await t.db.select().from(productionLines).where(eq(productionLines.orderLineId, mine.lineIds[0]!))).toEqual([]);
    expect((await acceptLines(owner(), { fulfillerId: shop.fulfiller.id, lineIds: mine.lineIds })).accepted).toBe(1);
    expect((await acceptLines(owner(), { fulfillerId: shop.fulfiller.id, lineIds: mine.lineIds })).accepted).toBe(0);
    const [line] = await listFloor(owner(), { fulfillerId: shop.fulfiller.id, lineIds: mine.lineIds });
    expect(line).toMatchObject({ floorStatus: "accepted", batchId: null });
    expect(line!.code).toMatch(/^[0-9A-Z]{12}$/);
    // The cut-off release is scheduled for the warehouse.
    const jobs = await t.db.select().from(outbox).where(eq(outbox.topic, "production.release-at-cutoff"));
    expect(jobs.some((j) => j.payload.warehouseId === shop.warehouse.id)).toBe(true);
  });

  it("rejecting needs a reason, holds the order for Platen, and the shop may accept after all", async () => {
    const o = await paidOrder(t.db, shop, { clock });
    await expect(rejectLine(owner(), { fulfillerId: shop.fulfiller.id, lineId: o.lineIds[0]!, reason: " " })).rejects.toMatchObject({
      status: 422,
      field: "reason",
    });
    await rejectLine(owner(), { fulfillerId: shop.fulfiller.id, lineId: o.lineIds[0]!, reason: "White S out until Friday" });
    const order = await getOrder(asAdmin(), { orderId: o.orderId });
    expect(order.status).toBe("on_hold");
    const [line] = await listFloor(owner(), { fulfillerId: shop.fulfiller.id, lineIds: o.lineIds });
    expect(line).toMatchObject({ floorStatus: "rejected", rejectReason: "White S out until Friday" });
    await expect(rejectLine(owner(), { fulfillerId: shop.fulfiller.id, lineId: o.lineIds[0]!, reason: "again" })).rejects.toMatchObject({
      status: 409,
    });
    expect((await acceptLines(owner(), { fulfillerId: shop.fulfiller.id, lineIds: o.lineIds })).accepted).toBe(1);
  });
});

describe("batches", () => {
  it("batches accepted lines by filter, starts their production, and a line is in at most one live batch", async () => {
    const a = await paidOrder(t.db, shop, { clock, lines: [{ variant: "Navy/S", quantity: 1 }] });
    const b = await paidOrder(t.db, shop, { clock, lines: [{ variant: "White/M", quantity: 3 }] });
    await acceptLines(owner(), { fulfillerId: shop.fulfiller.id, lineIds: [...a.lineIds, ...b.lineIds] });
    const batch = await createBatch(owner(), {
      fulfillerId: shop.fulfiller.id,
      warehouseId: shop.warehouse.id,
      filter: parseBatchFilter({ color: "navy" }),
    });
    expect(batch).toMatchObject({ status: "open", releasedBy: "manual", filter: { color: "navy" } });
    const { lines } = await getBatch(owner(), batch.id);
    expect(lines.map((l) => l.orderId)).toContain(a.orderId);
    expect(lines.map((l) => l.orderId)).not.toContain(b.orderId);
    expect((await getOrder(asAdmin(), { orderId: a.orderId })).status).toBe("in_production");
    await expect(
      createBatch(owner(), { fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id, lineIds: a.lineIds }),
    ).rejects.toMatchObject({
      status: 409,
      code: "line-in-batch",
    });
    await expect(
      createBatch(owner(), { fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id, filter: { color: "Purple" } }),
    ).rejects.toMatchObject({
      status: 422,
      code: "nothing-to-batch",
    });
    expect(() => parseBatchFilter({ technique: "laser" })).toThrow(/technique/);
    expect(() => parseBatchFilter({ dueBy: "next week" })).toThrow(/YYYY-MM-DD/);
    expect((await listBatches(owner(), { fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id })).map((x) => x.id)).toContain(
      batch.id,
    );
  });

  it("refuses a batch holding a line of another warehouse, naming it, and writes nothing", async () => {
    const second = await createWarehouse(owner(), {
      fulfillerId: shop.fulfiller.id,
      name: `Second ${Date.now()}`,
      country: "US",
      region: "NY",
      city: "Albany",
      capacityPerDay: null,
    } as never);
    const o = await paidOrder(t.db, shop, { clock });
    await acceptLines(owner(), { fulfillerId: shop.fulfiller.id, lineIds: o.lineIds });
    const before = (await t.db.select().from(productionBatches)).length;
    await expect(
      createBatch(owner(), { fulfillerId: shop.fulfiller.id, warehouseId: second.id, lineIds: o.lineIds }),
    ).rejects.toMatchObject({
      status: 422,
      code: "other-warehouse",
      message: expect.stringContaining(o.number),
    });
    expect((await t.db.select().from(productionBatches)).length).toBe(before);
  });

  it("scanning moves a line printed then packed, the batch follows its lines, and its documents list it", async () => {
    const o = await paidOrder(t.db, shop, {
      clock,
      lines: [
        { variant: "White/S", quantity: 1 },
        { variant: "Navy/S", quantity: 2 },
      ],
    });
    await acceptLines(owner(), { fulfillerId: shop.fulfiller.id, lineIds: o.lineIds });
    const batch = await createBatch(owner(), { fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id, lineIds: o.lineIds });
    const { lines } = await getBatch(owner(), batch.id);
    const [first, second] = lines.map((l) => l.code!);
    await expect(scanLine(owner(), { fulfillerId: shop.fulfiller.id, code: "NOPE" })).rejects.toMatchObject({ status: 404, field: "code" });
    await expect(
      scanLine(createCtx(t.db, other.owner, { clock }), { fulfillerId: other.fulfiller.id, code: first! }),
    ).rejects.toMatchObject({ status: 404 });
    const s1 = await scanLine(owner(), { fulfillerId: shop.fulfiller.id, code: ` ${first!.toLowerCase()} ` });
    expect(s1).toMatchObject({ from: "accepted", to: "printed", batchStatus: "printing", orderNumber: o.number });
    await scanLine(owner(), { fulfillerId: shop.fulfiller.id, code: second! });
    expect((await getBatch(owner(), batch.id)).batch.status).toBe("printed");
    await scanLine(owner(), { fulfillerId: shop.fulfiller.id, code: first! });
    expect((await scanLine(owner(), { fulfillerId: shop.fulfiller.id, code: second! })).batchStatus).toBe("packed");
    await expect(scanLine(owner(), { fulfillerId: shop.fulfiller.id, code: second! })).rejects.toMatchObject({
      status: 409,
      code: "scan-done",
    });
    await expect(cancelBatch(owner(), batch.id)).rejects.toMatchObject({ status: 409, code: "batch-packed" });

    const pick = await pickListData(owner(), batch.id);
    expect(pick.batchRef).toBe(batch.ref);
    expect(pick.items.map((i) => [i.color, i.size, i.quantity])).toEqual(
      expect.arrayContaining([
        ["White", "S", 1],
        ["Navy", "S", 2],
      ]),
    );
    const sheet = await printSheetData(owner(), batch.id);
    expect(sheet.lines.map((l) => l.code).sort()).toEqual([first, second].sort());
    expect(sheet.lines[0]!.orderNumber).toBe(o.number);
  });

  it("a cancelled batch gives its lines back to the queue; a refunded order leaves its batch, which follows", async () => {
    const o = await paidOrder(t.db, shop, { clock });
    const keep = await paidOrder(t.db, shop, { clock });
    await acceptLines(owner(), { fulfillerId: shop.fulfiller.id, lineIds: [...o.lineIds, ...keep.lineIds] });
    const b1 = await createBatch(owner(), { fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id, lineIds: o.lineIds });
    await cancelBatch(owner(), b1.id);
    expect((await listFloor(owner(), { fulfillerId: shop.fulfiller.id, lineIds: o.lineIds }))[0]).toMatchObject({
      floorStatus: "accepted",
      batchId: null,
    });
    const b2 = await createBatch(owner(), {
      fulfillerId: shop.fulfiller.id,
      warehouseId: shop.warehouse.id,
      lineIds: [...o.lineIds, ...keep.lineIds],
    });
    const codes = (await getBatch(owner(), b2.id)).lines.filter((l) => l.orderId === keep.orderId).map((l) => l.code!);
    for (const c of codes) await scanLine(owner(), { fulfillerId: shop.fulfiller.id, code: c });
    // Admin refunds the other order in full (it is in production): it leaves the batch, which is now all printed.
    await cancelOrder(asAdmin(), { orderId: o.orderId, reason: "Shopper asked" });
    await drain(t.db);
    await followClosedOrder(owner(), o.orderId); // what the "production.follow-closed-orders" subscriber does
    const after = await getBatch(owner(), b2.id);
    expect(after.lines.map((l) => l.orderId)).toEqual([keep.orderId]);
    expect(after.batch.status).toBe("printed");
    await expect(
      scanLine(owner(), {
        fulfillerId: shop.fulfiller.id,
        code: (await t.db.select().from(productionLines).where(eq(productionLines.orderLineId, o.lineIds[0]!)))[0]!.code,
      }),
    ).rejects.toMatchObject({
      status: 409,
      code: "scan-closed",
    });
  });

  it("a batch follows its live lines however many of its lines' orders closed", async () => {
    const printed = await paidOrder(t.db, shop, { clock });
    const accepted = [];
    for (let i = 0; i < 17; i++) accepted.push(await paidOrder(t.db, shop, { clock }));
    // The accepted line read last (by id) stays live; the others' orders are cancelled, so the
    // first lines the batch looks at for "accepted" are all closed.
    accepted.sort((a, z) => (a.lineIds[0]! < z.lineIds[0]! ? -1 : 1));
    const live = accepted.pop()!;
    const all = [printed, live, ...accepted].flatMap((o) => o.lineIds);
    await acceptLines(owner(), { fulfillerId: shop.fulfiller.id, lineIds: all });
    const batch = await createBatch(owner(), { fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id, lineIds: all });
    const code = (await getBatch(owner(), batch.id)).lines.find((l) => l.orderId === printed.orderId)!.code!;
    expect((await scanLine(owner(), { fulfillerId: shop.fulfiller.id, code })).batchStatus).toBe("printing");
    for (const o of accepted) await cancelOrder(asAdmin(), { orderId: o.orderId, reason: "Shopper asked" });
    await drain(t.db);
    for (const o of accepted) await followClosedOrder(owner(), o.orderId);
    // One live line printed, one live line still to print.
    expect((await getBatch(owner(), batch.id)).batch.status).toBe("printing");
    await cancelOrder(asAdmin(), { orderId: live.orderId, reason: "Shopper asked" });
    await drain(t.db);
    await followClosedOrder(owner(), live.orderId);
    expect((await getBatch(owner(), batch.id)).batch.status).toBe("printed");
  });

  it("releases a batch by itself at a line count and at the warehouse's cut-off", async () => {
    const s = await makeShop(t.db);
    const ctx = createCtx(t.db, s.owner, { clock });
    await saveReleaseSettings(ctx, { fulfillerId: s.fulfiller.id, warehouseId: s.warehouse.id, releaseAtCutoff: true, releaseAtCount: 2 });
    const a = await paidOrder(t.db, s, { clock });
    expect((await acceptLines(ctx, { fulfillerId: s.fulfiller.id, lineIds: a.lineIds })).batches).toEqual([]);
    const b = await paidOrder(t.db, s, { clock });
    const { batches } = await acceptLines(ctx, { fulfillerId: s.fulfiller.id, lineIds: b.lineIds });
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ releasedBy: "count", lineCount: 2 });
    // At the cut-off: what waits goes into a batch of its own.
    await saveReleaseSettings(ctx, {
      fulfillerId: s.fulfiller.id,
      warehouseId: s.warehouse.id,
      releaseAtCutoff: true,
      releaseAtCount: null,
    });
    const c = await paidOrder(t.db, s, { clock });
    await acceptLines(ctx, { fulfillerId: s.fulfiller.id, lineIds: c.lineIds });
    await releaseAtCutoffHandler(t.db, { warehouseId: s.warehouse.id });
    const all = await listBatches(ctx, { fulfillerId: s.fulfiller.id, warehouseId: s.warehouse.id });
    expect(all[0]).toMatchObject({ releasedBy: "cutoff", lineCount: 1 });
    await expect(
      saveReleaseSettings(ctx, { fulfillerId: s.fulfiller.id, warehouseId: s.warehouse.id, releaseAtCutoff: false, releaseAtCount: 0 }),
    ).rejects.toMatchObject({
      status: 422,
      field: "releaseAtCount",
    });
  });

  it("the floor's summary counts what the floor's lines say, per warehouse too, now and a week later", async () => {
    const expected = (lines: Awaited<ReturnType<typeof listFloor>>, timeZone: (warehouseId: string) => string) => ({
      awaiting: lines.filter((l) => l.floorStatus === "awaiting").length,
      waitingForBatch: lines.filter((l) => l.floorStatus === "accepted" && !l.batchId).length,
      inProduction: lines.filter((l) => l.batchId && l.floorStatus !== "packed").length,
      packed: lines.filter((l) => l.floorStatus === "packed").length,
      rejected: lines.filter((l) => l.floorStatus === "rejected").length,
      late: lines.filter((l) => l.late).length,
      dueToday: lines.filter(
        (l) => !l.late && localDate(l.dueAt, timeZone(l.warehouseId)) === localDate(clock.now(), timeZone(l.warehouseId)),
      ).length,
      onHold: lines.filter((l) => l.orderStatus === "on_hold").length,
    });
    const zones = new Map((await listWarehouses(owner(), shop.fulfiller.id)).map((w) => [w.id, w.timeZone ?? "UTC"]));
    const zoneOf = (id: string) => zones.get(id) ?? "UTC";
    const kept = clock.now();
    try {
      for (const at of [kept, new Date(kept.getTime() + 7 * 86_400_000)]) {
        clock.set(at);
        const lines = await listFloor(owner(), { fulfillerId: shop.fulfiller.id });
        // The floor has lines in several states by now (this file's batches), some of them due today.
        expect(new Set(lines.map((l) => l.floorStatus)).size).toBeGreaterThan(2);
        expect(await floorSummary(owner(), { fulfillerId: shop.fulfiller.id })).toEqual(expected(lines, zoneOf));
        const inOne = await listFloor(owner(), { fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id });
        expect(await floorSummary(owner(), { fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id })).toEqual(
          expected(inOne, zoneOf),
        );
      }
    } finally {
      clock.set(kept);
    }
  });
});

describe("the print shop's open shipments, counted", () => {
  it("are as many in each status as the orders page's open list shows, with the same balance; for the print shop only", async () => {
    const open = await listFulfillerGroups(owner(), { fulfillerId: shop.fulfiller.id, status: "open" });
    const counted = await countFulfillerGroups(owner(), { fulfillerId: shop.fulfiller.id });
    const by = (status: string) => open.rows.filter((g) => g.status === status).length;
    expect(counted.counts).toEqual({ pending: by("pending"), in_production: by("in_production"), shipped: by("shipped") });
    expect(counted.counts.pending + counted.counts.in_production).toBeGreaterThan(0);
    expect(counted.balance).toEqual(open.balance);
    await expect(countFulfillerGroups(createCtx(t.db, other.owner, { clock }), { fulfillerId: shop.fulfiller.id })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("a parcel's line labels", () => {
  it("are the floor's lines by id in any status, reduced to what a parcel shows; for the print shop only", async () => {
    const all = await listFloor(owner(), { fulfillerId: shop.fulfiller.id, scope: "all" });
    expect(all.length).toBeGreaterThan(3);
    const ids = [...all.map((l) => l.lineId), other.fulfiller.id, "oln_missing"];
    const labels = await floorLineLabels(owner(), { fulfillerId: shop.fulfiller.id, lineIds: ids });
    const want = all.map((l) => ({
      lineId: l.lineId,
      orderNumber: l.orderNumber,
      warehouseName: l.warehouseName,
      title: l.title,
      color: l.color,
      size: l.size,
      quantity: l.quantity,
      address: l.address,
      code: l.code,
    }));
    const byId = <T extends { lineId: string }>(xs: T[]) => [...xs].sort((a, b) => a.lineId.localeCompare(b.lineId));
    expect(byId(labels)).toEqual(byId(want));
    expect(labels.some((l) => l.code)).toBe(true);
    // Another print shop's line is not among them, even by id.
    const theirs = await paidOrder(t.db, other, { clock });
    expect(await floorLineLabels(owner(), { fulfillerId: shop.fulfiller.id, lineIds: theirs.lineIds })).toEqual([]);
    await expect(
      floorLineLabels(createCtx(t.db, other.owner, { clock }), { fulfillerId: shop.fulfiller.id, lineIds: ids }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("floor states of lines already read", () => {
  it("are what listFloor says of the same lines, for every line the earlier steps left (awaiting, accepted, batched, printed, rejected, cancelled, late)", async () => {
    const extra = await paidOrder(t.db, shop, { clock });
    await acceptLines(owner(), { fulfillerId: shop.fulfiller.id, lineIds: extra.lineIds.slice(0, 1) });
    const { rows } = await listFulfillerGroups(owner(), { fulfillerId: shop.fulfiller.id, status: "all" });
    const ids = rows.flatMap((g) => g.lines.map((l) => l.id));
    expect(ids.length).toBeGreaterThan(3);
    const pick = (l: {
      floorStatus: string;
      code: string | null;
      batchRef: string | null;
      dueAt: Date;
      late: boolean;
      rejectReason: string | null;
    }) => ({
      floorStatus: l.floorStatus,
      code: l.code,
      batchRef: l.batchRef,
      dueAt: l.dueAt,
      late: l.late,
      rejectReason: l.rejectReason,
    });
    const started = clock.now();
    for (const later of [0, 30]) {
      clock.advance(later * 86_400_000);
      const floor = new Map(
        (await listFloor(owner(), { fulfillerId: shop.fulfiller.id, lineIds: ids, scope: "all" })).map((l) => [l.lineId, pick(l)]),
      );
      const states = await floorStates(owner(), { fulfillerId: shop.fulfiller.id, groups: rows });
      expect(new Map([...states].map(([id, s]) => [id, pick(s)]))).toEqual(floor);
    }
    clock.set(started);
    const statuses = [...(await floorStates(owner(), { fulfillerId: shop.fulfiller.id, groups: rows })).values()].map((s) => s.floorStatus);
    expect(new Set(statuses).size).toBeGreaterThan(2);
    await expect(
      floorStates(createCtx(t.db, other.owner, { clock }), { fulfillerId: shop.fulfiller.id, groups: rows }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("transition tables", () => {
  it("a batch's status follows its lines", () => {
    expect(batchStatusOf([])).toBe("cancelled");
    expect(batchStatusOf(["accepted", "accepted"])).toBe("open");
    expect(batchStatusOf(["accepted", "printed"])).toBe("printing");
    expect(batchStatusOf(["printed", "packed"])).toBe("printed");
    expect(batchStatusOf(["packed", "packed"])).toBe("packed");
  });

  it("every pair of production-line states", async () => {
    let i = 0;
    const tried = await checkTransitionTable(lineMachine, {
      ctx: asAdmin(),
      create: async (state) => {
        const id = `oln_table${String(++i).padStart(20, "0")}`;
        await t.db.insert(productionLines).values({
          orderLineId: id,
          orderId: "ord_table",
          groupId: "sgr_table",
          fulfillerId: shop.fulfiller.id,
          warehouseId: shop.warehouse.id,
          status: state,
          code: `TABLE${i}`,
          dueAt: new Date(),
        });
        return id;
      },
      read: async (id) =>
        (await t.db.select({ s: productionLines.status }).from(productionLines).where(eq(productionLines.orderLineId, id)))[0]!.s,
    });
    expect(tried).toBe(Object.keys(LINE_TRANSITIONS).length ** 2);
  });

  it("every pair of batch states", async () => {
    let i = 0;
    const tried = await checkTransitionTable(batchMachine, {
      ctx: asAdmin(),
      create: async (state) => {
        const id = `bat_table${String(++i).padStart(17, "0")}`;
        await t.db
          .insert(productionBatches)
          .values({ id, fulfillerId: shop.fulfiller.id, warehouseId: shop.warehouse.id, status: state, releasedBy: "manual" });
        return id;
      },
      read: async (id) =>
        (await t.db.select({ s: productionBatches.status }).from(productionBatches).where(eq(productionBatches.id, id)))[0]!.s,
    });
    expect(tried).toBe(Object.keys(BATCH_TRANSITIONS).length ** 2);
    expect(new IllegalTransitionError("batch", "cancelled", "open").status).toBe(409);
  });
});
