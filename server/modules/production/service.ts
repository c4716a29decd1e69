// The production floor (ADR 0018): the lines routed to a print shop with their due times, accepting
// and rejecting them, batches (made by filter, or released by themselves at the warehouse's
// cut-off or at a line count), scanning (printed, packed) and the batch's documents' data.
// What was bought comes from the orders module (`listFulfillmentLines`); this module keeps only
// what the print shop did.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { PickListDocument, PrintSheetDocument } from "../../contracts/documents.ts";
import { newId, transaction, type Db } from "../../infra/db/index.ts";
import { pickListPdf, printSheetPdf } from "../../infra/documents/index.ts";
import { AppError, actorUserId, createCtx, hasRole, system, type Ctx } from "../../kernel/index.ts";
import { enqueue } from "../../jobs/index.ts";
import {
  canManageFulfiller,
  canWorkFloor,
  getFulfillerById,
  blankNamesOfFulfiller,
  listStock,
  listWarehouses,
  type WarehouseRow,
} from "../fulfillment/index.ts";
import {
  holdOrder,
  listFulfillmentLineFacts,
  listFulfillmentLineLabels,
  listFulfillmentLines,
  startGroupProduction,
  type FulfillmentLine,
  type FulfillmentLineLabel,
  type GroupStatus,
} from "../orders/index.ts";
import { dueAt, localDate, nextCutoff } from "./due.ts";
import { productionBatches, productionLines, productionSettings } from "./schema.ts";
import { batchMachine, batchStatusOf, lineMachine } from "./states.ts";
import {
  batchRef,
  TECHNIQUES,
  type BatchFilter,
  type BatchStatus,
  type FloorStatus,
  type ProductionLineStatus,
  type ReleasedBy,
  type Technique,
} from "./types.ts";

export const RELEASE_AT_CUTOFF_TOPIC = "production.release-at-cutoff";

type LineRow = typeof productionLines.$inferSelect;
type BatchRow = typeof productionBatches.$inferSelect;

/** A routed line as the print shop's floor sees it. */
export interface FloorLine extends FulfillmentLine {
  floorStatus: FloorStatus;
  code: string | null;
  batchId: string | null;
  batchRef: string | null;
  dueAt: Date;
  /** Due before now and not shipped. */
  late: boolean;
  rejectReason: string | null;
  technique: Technique;
  blankName: string;
}

export interface BatchView {
  id: string;
  ref: string;
  status: BatchStatus;
  warehouseId: string;
  warehouseName: string;
  releasedBy: ReleasedBy;
  filter: BatchFilter;
  createdAt: Date;
  lineCount: number;
  unitCount: number;
  printed: number;
  packed: number;
}

/** What a line needs by its blank's category (a print shop with other presses says so per blank later). */
const TECHNIQUE_BY_CATEGORY: Record<string, Technique> = {
  "t-shirts": "dtg",
  hoodies: "dtg",
  "tote-bags": "dtg",
  mugs: "sublimation",
  posters: "uv",
  stickers: "uv",
  "phone-cases": "uv",
};

// ---- access ---------------------------------------------------------------------------------

/** The print shop, for its owner, admins and its floor workers (fulfillment's canWorkFloor); 404 for anyone else. */
async function shopFor(ctx: Ctx, fulfillerId: string) {
  const f = await getFulfillerById(ctx, fulfillerId);
  if (!f || !canWorkFloor(ctx, f)) throw new AppError("not-found", "That print shop was not found.", 404);
  if (f.status !== "active" && !hasRole(ctx.actor, "admin"))
    throw new AppError("fulfiller-suspended", "This print shop is suspended: its floor is read-only until Platen reinstates it.", 409);
  return f;
}

async function warehousesOf(ctx: Ctx, fulfillerId: string): Promise<Map<string, WarehouseRow>> {
  return new Map((await listWarehouses(ctx, fulfillerId)).map((w) => [w.id, w]));
}

function warehouseClock(w: WarehouseRow | undefined): { cutoffTime: string; timeZone: string } {
  return { cutoffTime: w?.cutoffTime ?? "14:00", timeZone: w?.timeZone ?? "UTC" };
}

function floorStatusOf(line: Pick<FulfillmentLine, "groupStatus">, row: Pick<LineRow, "status"> | undefined): FloorStatus {
  if (line.groupStatus === "shipped" || line.groupStatus === "delivered") return "shipped";
  return row?.status ?? "awaiting";
}

/** A scan code for a line: short, upper-case, unique (the tail of its id, which is random). */
function scanCode(orderLineId: string): string {
  return orderLineId.slice(-12).toUpperCase();
}

// ---- the floor ------------------------------------------------------------------------------

interface FloorQuery {
  fulfillerId: string;
  warehouseId?: string;
  scope?: "open" | "shippable" | "all";
  lineIds?: readonly string[];
  groupIds?: readonly string[];
}

/** The lines routed to a print shop (one warehouse, or all), each with its floor status and due time. */
export async function listFloor(ctx: Ctx, input: FloorQuery): Promise<FloorLine[]> {
  await shopFor(ctx, input.fulfillerId);
  return readFloor(ctx, input);
}

/** A line's state on the floor, as `listFloor` gives it. */
export type FloorState = Pick<FloorLine, "floorStatus" | "code" | "batchRef" | "dueAt" | "late" | "rejectReason">;

/**
 * The floor states of lines the caller has read already (the print shop's orders page: its groups
 * and their lines), the same as `listFloor` gives for them, without reading the lines again: only
 * their production rows and batches (and the warehouses' clocks for lines not accepted yet). A
 * line of an order not paid has none, as in `listFloor`.
 */
export async function floorStates(
  ctx: Ctx,
  input: {
    fulfillerId: string;
    groups: readonly {
      status: GroupStatus;
      warehouseId: string;
      madeFrom: Date | null;
      productionDays: number;
      lines: readonly { id: string }[];
    }[];
  },
): Promise<Map<string, FloorState>> {
  await shopFor(ctx, input.fulfillerId);
  const made = input.groups.filter((g) => g.madeFrom && g.lines.length);
  const ids = made.flatMap((g) => g.lines.map((l) => l.id));
  if (!ids.length) return new Map();
  // Only what a line's floor state shows (each value read costs the embedded database output and parsing).
  const rows = await ctx.db
    .select({
      orderLineId: productionLines.orderLineId,
      status: productionLines.status,
      code: productionLines.code,
      batchId: productionLines.batchId,
      dueAt: productionLines.dueAt,
      rejectReason: productionLines.rejectReason,
    })
    .from(productionLines)
    .where(inArray(productionLines.orderLineId, ids));
  const byLine = new Map(rows.map((r) => [r.orderLineId, r]));
  const batchIds = [...new Set(rows.map((r) => r.batchId).filter((b): b is string => !!b))];
  const needClock = made.some((g) => g.lines.some((l) => !byLine.get(l.id)?.dueAt));
  const [batchRows, houses] = await Promise.all([
    batchIds.length
      ? ctx.db
          .select({ id: productionBatches.id, number: productionBatches.number })
          .from(productionBatches)
          .where(inArray(productionBatches.id, batchIds))
      : [],
    needClock ? warehousesOf(ctx, input.fulfillerId) : new Map<string, WarehouseRow>(),
  ]);
  const batches = new Map(batchRows.map((b) => [b.id, b.number]));
  const now = ctx.clock.now();
  const out = new Map<string, FloorState>();
  for (const g of made)
    for (const l of g.lines) {
      const row = byLine.get(l.id);
      const due = row?.dueAt ?? dueAt(g.madeFrom!, g.productionDays, warehouseClock(houses.get(g.warehouseId)));
      const floorStatus: FloorStatus = g.status === "shipped" || g.status === "delivered" ? "shipped" : (row?.status ?? "awaiting");
      out.set(l.id, {
        floorStatus,
        code: row?.code ?? null,
        batchRef: row?.batchId && batches.has(row.batchId) ? batchRef(batches.get(row.batchId)!) : null,
        dueAt: due,
        late: floorStatus !== "shipped" && due.getTime() < now.getTime(),
        rejectReason: row?.rejectReason ?? null,
      });
    }
  return out;
}

/**
 * listFloor once the caller has checked the print shop (`shopFor`), with the shop's warehouses
 * and the lines' production rows when it has them already (a batch's members): a batch, a scan or
 * a document reads each of them once.
 */
async function readFloor(
  ctx: Ctx,
  input: FloorQuery,
  known?: { houses?: Map<string, WarehouseRow>; rows?: readonly LineRow[] },
): Promise<FloorLine[]> {
  const [lines, houses, blanks] = await Promise.all([
    listFulfillmentLines(ctx, {
      fulfillerId: input.fulfillerId,
      warehouseId: input.warehouseId,
      scope: input.scope ?? "open",
      lineIds: input.lineIds,
      groupIds: input.groupIds,
    }),
    known?.houses ?? warehousesOf(ctx, input.fulfillerId),
    blankNamesOfFulfiller(ctx, input.fulfillerId),
  ]);
  if (!lines.length) return [];
  const rows =
    known?.rows ??
    (await ctx.db
      .select()
      .from(productionLines)
      .where(
        inArray(
          productionLines.orderLineId,
          lines.map((l) => l.lineId),
        ),
      ));
  const byLine = new Map(rows.map((r) => [r.orderLineId, r]));
  const batchIds = [...new Set(rows.map((r) => r.batchId).filter((b): b is string => !!b))];
  const batches = batchIds.length
    ? new Map(
        (
          await ctx.db
            .select({ id: productionBatches.id, number: productionBatches.number })
            .from(productionBatches)
            .where(inArray(productionBatches.id, batchIds))
        ).map((b) => [b.id, b.number]),
      )
    : new Map<string, number>();
  const blankById = new Map(blanks.map((b) => [b.id, b]));
  const now = ctx.clock.now();
  return lines.map((l) => {
    const row = byLine.get(l.lineId);
    const due = row?.dueAt ?? dueAt(l.paidAt, l.productionDays, warehouseClock(houses.get(l.warehouseId)));
    const floorStatus = floorStatusOf(l, row);
    const blank = blankById.get(l.blankId);
    return {
      ...l,
      floorStatus,
      code: row?.code ?? null,
      batchId: row?.batchId ?? null,
      batchRef: row?.batchId && batches.has(row.batchId) ? batchRef(batches.get(row.batchId)!) : null,
      dueAt: due,
      late: floorStatus !== "shipped" && due.getTime() < now.getTime(),
      rejectReason: row?.rejectReason ?? null,
      technique: TECHNIQUE_BY_CATEGORY[blank?.category ?? ""] ?? "dtg",
      blankName: blank?.name ?? l.title,
    };
  });
}

/** A routed line as a parcel shows it: what it is, how many, its scan code and where it goes. */
export type FloorLineLabel = FulfillmentLineLabel & { code: string | null };

/**
 * The labels of some of a print shop's lines by id, in any status (a parcel's list and address):
 * `listFloor`'s lines with `scope: "all"` reduced to what a parcel shows, read without the floor's
 * print files, blanks, batches and due times.
 */
export async function floorLineLabels(ctx: Ctx, input: { fulfillerId: string; lineIds: readonly string[] }): Promise<FloorLineLabel[]> {
  await shopFor(ctx, input.fulfillerId);
  const ids = [...new Set(input.lineIds)];
  if (!ids.length) return [];
  const [labels, codes] = await Promise.all([
    listFulfillmentLineLabels(ctx, { fulfillerId: input.fulfillerId, lineIds: ids }),
    ctx.db
      .select({ orderLineId: productionLines.orderLineId, code: productionLines.code })
      .from(productionLines)
      .where(inArray(productionLines.orderLineId, ids)),
  ]);
  const codeOf = new Map(codes.map((c) => [c.orderLineId, c.code]));
  return labels.map((l) => ({ ...l, code: codeOf.get(l.lineId) ?? null }));
}

/** Counts for the print shop's overview: what is due today, late, waiting for acceptance or a batch. */
export async function floorSummary(ctx: Ctx, input: { fulfillerId: string; warehouseId?: string }) {
  await shopFor(ctx, input.fulfillerId);
  // Counted from what a count needs: each open line's facts and the four columns of its production
  // row that decide its status and due time (not the whole lines, their blanks and batch numbers).
  const [facts, houses] = await Promise.all([
    listFulfillmentLineFacts(ctx, { fulfillerId: input.fulfillerId, warehouseId: input.warehouseId }),
    warehousesOf(ctx, input.fulfillerId),
  ]);
  const rows = facts.length
    ? await ctx.db
        .select({
          orderLineId: productionLines.orderLineId,
          status: productionLines.status,
          batchId: productionLines.batchId,
          dueAt: productionLines.dueAt,
        })
        .from(productionLines)
        .where(
          inArray(
            productionLines.orderLineId,
            facts.map((l) => l.lineId),
          ),
        )
    : [];
  const byLine = new Map(rows.map((r) => [r.orderLineId, r]));
  const now = ctx.clock.now();
  // The local date of now, and of each due time, per warehouse time zone (the same few dates recur).
  const dates = new Map<string, string>();
  const dateIn = (at: Date, timeZone: string) => {
    const key = `${timeZone} ${at.getTime()}`;
    let d = dates.get(key);
    if (d === undefined) dates.set(key, (d = localDate(at, timeZone)));
    return d;
  };
  const lines = facts.map((l) => {
    const row = byLine.get(l.lineId);
    const clock = warehouseClock(houses.get(l.warehouseId));
    const due = row?.dueAt ?? dueAt(l.paidAt, l.productionDays, clock);
    const floorStatus = floorStatusOf(l, row);
    return {
      floorStatus,
      batchId: row?.batchId ?? null,
      late: floorStatus !== "shipped" && due.getTime() < now.getTime(),
      today: dateIn(due, clock.timeZone) === dateIn(now, clock.timeZone),
      orderStatus: l.orderStatus,
    };
  });
  const today = (l: (typeof lines)[number]) => l.today;
  return {
    awaiting: lines.filter((l) => l.floorStatus === "awaiting").length,
    waitingForBatch: lines.filter((l) => l.floorStatus === "accepted" && !l.batchId).length,
    inProduction: lines.filter((l) => l.batchId && l.floorStatus !== "packed").length,
    packed: lines.filter((l) => l.floorStatus === "packed").length,
    rejected: lines.filter((l) => l.floorStatus === "rejected").length,
    late: lines.filter((l) => l.late).length,
    dueToday: lines.filter((l) => !l.late && today(l)).length,
    onHold: lines.filter((l) => l.orderStatus === "on_hold").length,
  };
}

/** Rows per insert when accepting lines (10 parameters a row, far below PostgreSQL's 65,535). */
const ACCEPT_CHUNK = 1000;

/**
 * Accept routed lines (the print shop will make them). Lines already accepted are left as they
 * are; a line of another print shop, or one no longer to be made, is refused by name and nothing
 * is written. Releases a batch when the warehouse's line count is reached, and makes sure the
 * cut-off release is scheduled.
 */
export async function acceptLines(
  ctx: Ctx,
  input: { fulfillerId: string; lineIds: readonly string[] },
): Promise<{ accepted: number; batches: BatchView[] }> {
  await shopFor(ctx, input.fulfillerId);
  const ids = [...new Set(input.lineIds)];
  if (!ids.length) throw new AppError("no-lines", "Choose at least one line to accept.", 422, "lineIds");
  const lines = await listFloor(ctx, { fulfillerId: input.fulfillerId, lineIds: ids });
  const found = new Set(lines.map((l) => l.lineId));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length)
    throw new AppError(
      "line-not-open",
      `Line ${missing[0]} is not an open line of this print shop (cancelled, shipped or routed elsewhere).`,
      409,
      "lineIds",
    );
  const held = lines.find((l) => l.orderStatus === "on_hold" && l.floorStatus !== "rejected");
  if (held) throw new AppError("order-on-hold", `Order ${held.orderNumber} is on hold: wait until Platen releases it.`, 409, "lineIds");
  const now = ctx.clock.now();
  let accepted = 0;
  const touched = new Set<string>();
  await transaction(ctx.db, async (tx) => {
    const tctx = { ...ctx, db: tx };
    // The lines waiting for acceptance are inserted together (a few statements, not one a line).
    const fresh = lines.filter((l) => l.floorStatus === "awaiting");
    for (let i = 0; i < fresh.length; i += ACCEPT_CHUNK) {
      await tx.insert(productionLines).values(
        fresh.slice(i, i + ACCEPT_CHUNK).map((l) => ({
          orderLineId: l.lineId,
          orderId: l.orderId,
          groupId: l.groupId,
          fulfillerId: l.fulfillerId,
          warehouseId: l.warehouseId,
          status: "accepted" as const,
          code: scanCode(l.lineId),
          dueAt: l.dueAt,
          acceptedAt: now,
          updatedAt: now,
        })),
      );
    }
    for (const l of lines) {
      if (l.floorStatus === "awaiting") {
        accepted++;
        touched.add(l.warehouseId);
      } else if (l.floorStatus === "rejected") {
        await lineMachine.transition(tctx, l.lineId, "accepted", {
          reason: "Accepted after all",
          set: { acceptedAt: now, rejectReason: null, updatedAt: now },
        });
        accepted++;
        touched.add(l.warehouseId);
      }
    }
  });
  const batches: BatchView[] = [];
  const houses = await warehousesOf(ctx, input.fulfillerId);
  for (const warehouseId of touched) {
    await scheduleCutoffRelease(ctx.db, warehouseClock(houses.get(warehouseId)), warehouseId, now);
    const settings = await settingsOf(ctx.db, warehouseId);
    if (settings.releaseAtCount) {
      const [{ n }] = (await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(productionLines)
        .where(
          and(eq(productionLines.warehouseId, warehouseId), eq(productionLines.status, "accepted"), isNull(productionLines.batchId)),
        )) as [{ n: number }];
      if (n >= settings.releaseAtCount) {
        const b = await releaseWaiting(ctx, { fulfillerId: input.fulfillerId, warehouseId, releasedBy: "count" });
        if (b) batches.push(b);
      }
    }
  }
  return { accepted, batches };
}

/**
 * Reject a routed line with a reason. The order is held for Platen's team, who re-route it,
 * refund it or sort it out with the print shop (the shop may still accept it after all).
 */
export async function rejectLine(ctx: Ctx, input: { fulfillerId: string; lineId: string; reason: string }): Promise<void> {
  const shop = await shopFor(ctx, input.fulfillerId);
  // Rejecting holds the shopper's order: the owner's call, not the floor's.
  if (!canManageFulfiller(ctx, shop))
    throw new AppError("owner-only", "Only the owner of the print shop can reject a line: ask them, or accept it and make it.", 403);
  const reason = input.reason.trim().slice(0, 500);
  if (reason.length < 3)
    throw new AppError(
      "reject-reason",
      "Say why you cannot make this line (for example: blank out of stock until next week).",
      422,
      "reason",
    );
  const [line] = await listFloor(ctx, { fulfillerId: input.fulfillerId, lineIds: [input.lineId] });
  if (!line) throw new AppError("line-not-open", "That line is not an open line of this print shop.", 409, "lineId");
  if (line.floorStatus !== "awaiting")
    throw new AppError(
      "line-accepted",
      `This line is already ${line.floorStatus === "rejected" ? "rejected" : "accepted"}; only a line waiting for acceptance can be rejected.`,
      409,
      "lineId",
    );
  const now = ctx.clock.now();
  await transaction(ctx.db, async (tx) => {
    await tx.insert(productionLines).values({
      orderLineId: line.lineId,
      orderId: line.orderId,
      groupId: line.groupId,
      fulfillerId: line.fulfillerId,
      warehouseId: line.warehouseId,
      status: "rejected",
      code: scanCode(line.lineId),
      dueAt: line.dueAt,
      rejectReason: reason,
      updatedAt: now,
    });
    if (line.orderStatus !== "on_hold") {
      await holdOrder(
        { ...ctx, db: tx, actor: system(`print shop rejected line ${line.lineId}`) },
        {
          orderId: line.orderId,
          reason: `${line.warehouseName} cannot make ${line.title} (${[line.color, line.size].filter(Boolean).join(" / ")}): ${reason}`,
        },
      );
    }
  });
}

// ---- batches --------------------------------------------------------------------------------

async function settingsOf(db: Db, warehouseId: string): Promise<{ releaseAtCutoff: boolean; releaseAtCount: number | null }> {
  const [row] = await db.select().from(productionSettings).where(eq(productionSettings.warehouseId, warehouseId)).limit(1);
  return { releaseAtCutoff: row?.releaseAtCutoff ?? true, releaseAtCount: row?.releaseAtCount ?? null };
}

/** A warehouse's release rules (defaults: at the cut-off, never by count). */
export async function getReleaseSettings(ctx: Ctx, input: { fulfillerId: string; warehouseId: string }) {
  await shopFor(ctx, input.fulfillerId);
  return settingsOf(ctx.db, input.warehouseId);
}

export async function saveReleaseSettings(
  ctx: Ctx,
  input: { fulfillerId: string; warehouseId: string; releaseAtCutoff: boolean; releaseAtCount: number | null },
): Promise<void> {
  await shopFor(ctx, input.fulfillerId);
  const houses = await warehousesOf(ctx, input.fulfillerId);
  if (!houses.has(input.warehouseId)) throw new AppError("not-found", "That warehouse was not found.", 404);
  if (input.releaseAtCount !== null && (!Number.isInteger(input.releaseAtCount) || input.releaseAtCount < 1 || input.releaseAtCount > 1000))
    throw new AppError("release-count", "Release at a count between 1 and 1000 lines, or leave it empty.", 422, "releaseAtCount");
  const now = ctx.clock.now();
  await ctx.db
    .insert(productionSettings)
    .values({
      warehouseId: input.warehouseId,
      fulfillerId: input.fulfillerId,
      releaseAtCutoff: input.releaseAtCutoff,
      releaseAtCount: input.releaseAtCount,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: productionSettings.warehouseId,
      set: { releaseAtCutoff: input.releaseAtCutoff, releaseAtCount: input.releaseAtCount, updatedAt: now },
    });
}

function matches(l: FloorLine, f: BatchFilter, timeZone: string): boolean {
  if (f.blankId && l.blankId !== f.blankId) return false;
  if (f.technique && l.technique !== f.technique) return false;
  if (f.color && l.color.toLowerCase() !== f.color.toLowerCase()) return false;
  if (f.dueBy && localDate(l.dueAt, timeZone) > f.dueBy) return false;
  return true;
}

/** Validates a batch filter from a form (unknown technique, bad date: 422 next to the field). */
export function parseBatchFilter(input: { blankId?: string; technique?: string; color?: string; dueBy?: string }): BatchFilter {
  const f: BatchFilter = {};
  if (input.blankId?.trim()) f.blankId = input.blankId.trim();
  if (input.technique?.trim()) {
    if (!(TECHNIQUES as readonly string[]).includes(input.technique))
      throw new AppError("technique", "Choose a technique from the list.", 422, "technique");
    f.technique = input.technique as Technique;
  }
  if (input.color?.trim()) f.color = input.color.trim().slice(0, 60);
  if (input.dueBy?.trim()) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input.dueBy.trim()) || Number.isNaN(Date.parse(input.dueBy.trim())))
      throw new AppError("due-by", "Enter the due date as YYYY-MM-DD.", 422, "dueBy");
    f.dueBy = input.dueBy.trim();
  }
  return f;
}

/**
 * Make a batch of a warehouse's accepted lines not yet in a batch: those named (`lineIds`), or
 * every one matching the filter. A named line of another warehouse, not accepted, or already in a
 * live batch is refused by name, and nothing is written. The lines' shipment groups go into
 * production.
 */
export async function createBatch(
  ctx: Ctx,
  input: { fulfillerId: string; warehouseId: string; filter?: BatchFilter; lineIds?: readonly string[]; releasedBy?: ReleasedBy },
): Promise<BatchView> {
  await shopFor(ctx, input.fulfillerId);
  const houses = await warehousesOf(ctx, input.fulfillerId);
  const house = houses.get(input.warehouseId);
  if (!house) throw new AppError("not-found", "That warehouse was not found.", 404);
  const filter = input.filter ?? {};
  let chosen: FloorLine[];
  if (input.lineIds?.length) {
    const named = await readFloor(ctx, { fulfillerId: input.fulfillerId, lineIds: input.lineIds }, { houses });
    const byId = new Map(named.map((l) => [l.lineId, l]));
    for (const id of input.lineIds) {
      const l = byId.get(id);
      if (!l) throw new AppError("line-not-open", `Line ${id} is not an open line of this print shop.`, 409, "lineIds");
      if (l.warehouseId !== input.warehouseId)
        throw new AppError(
          "other-warehouse",
          `Line ${l.code ?? l.lineId} (order ${l.orderNumber}) is made in ${l.warehouseName}, not ${house.name}: a batch holds one warehouse's lines.`,
          422,
          "lineIds",
        );
      if (l.floorStatus !== "accepted")
        throw new AppError(
          "line-not-accepted",
          `Line of order ${l.orderNumber} is ${l.floorStatus === "awaiting" ? "not accepted yet" : l.floorStatus}: only accepted lines go into a batch.`,
          422,
          "lineIds",
        );
      if (l.batchId)
        throw new AppError("line-in-batch", `Line of order ${l.orderNumber} is already in batch ${l.batchRef}.`, 409, "lineIds");
    }
    chosen = named;
  } else {
    const lines = await readFloor(ctx, { fulfillerId: input.fulfillerId, warehouseId: input.warehouseId }, { houses });
    chosen = lines.filter((l) => l.floorStatus === "accepted" && !l.batchId && matches(l, filter, house.timeZone));
    if (!chosen.length)
      throw new AppError("nothing-to-batch", "No accepted line waiting for a batch matches these filters.", 422, "filter");
  }
  return writeBatch(ctx, {
    fulfillerId: input.fulfillerId,
    warehouse: house,
    lines: chosen,
    filter,
    releasedBy: input.releasedBy ?? "manual",
  });
}

async function writeBatch(
  ctx: Ctx,
  input: { fulfillerId: string; warehouse: WarehouseRow; lines: FloorLine[]; filter: BatchFilter; releasedBy: ReleasedBy },
): Promise<BatchView> {
  const now = ctx.clock.now();
  const id = newId("bat");
  const ids = input.lines.map((l) => l.lineId);
  const units = input.lines.reduce((s, l) => s + l.quantity, 0);
  const batch = await transaction(ctx.db, async (tx) => {
    const [b] = await tx
      .insert(productionBatches)
      .values({
        id,
        fulfillerId: input.fulfillerId,
        warehouseId: input.warehouse.id,
        status: "open",
        releasedBy: input.releasedBy,
        filter: input.filter,
        lineCount: ids.length,
        unitCount: units,
        createdBy: actorUserId(ctx.actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // One guarded update: a line taken by another batch meanwhile makes the count differ.
    const taken = await tx
      .update(productionLines)
      .set({ batchId: id, updatedAt: now })
      .where(and(inArray(productionLines.orderLineId, ids), eq(productionLines.status, "accepted"), isNull(productionLines.batchId)))
      .returning({ id: productionLines.orderLineId });
    if (taken.length !== ids.length)
      throw new AppError("conflict", "Some of these lines were batched meanwhile; reload and try again.", 409);
    return b!;
  });
  // The groups go into production (the shopper sees "In production"); each is its own move.
  const pending = [...new Set(input.lines.filter((l) => l.groupStatus === "pending").map((l) => l.groupId))];
  for (const groupId of pending) {
    await startGroupProduction({ ...ctx, actor: system(`batch ${batchRef(batch.number)}`) }, groupId).catch((error: unknown) => {
      // A group moved on meanwhile (cancelled, already in production): the batch stands.
      if (!(error instanceof AppError)) throw error;
    });
  }
  return {
    id: batch.id,
    ref: batchRef(batch.number),
    status: batch.status,
    warehouseId: batch.warehouseId,
    warehouseName: input.warehouse.name,
    releasedBy: batch.releasedBy,
    filter: batch.filter,
    createdAt: batch.createdAt,
    lineCount: batch.lineCount,
    unitCount: batch.unitCount,
    printed: 0,
    packed: 0,
  };
}

/** Release every accepted line of a warehouse waiting for a batch (at the cut-off or a count). */
async function releaseWaiting(
  ctx: Ctx,
  input: { fulfillerId: string; warehouseId: string; releasedBy: ReleasedBy },
): Promise<BatchView | null> {
  const houses = await warehousesOf(ctx, input.fulfillerId);
  const house = houses.get(input.warehouseId);
  if (!house) return null;
  await shopFor(ctx, input.fulfillerId);
  const lines = (await readFloor(ctx, { fulfillerId: input.fulfillerId, warehouseId: input.warehouseId }, { houses })).filter(
    (l) => l.floorStatus === "accepted" && !l.batchId && l.orderStatus !== "on_hold",
  );
  if (!lines.length) return null;
  return writeBatch(ctx, { fulfillerId: input.fulfillerId, warehouse: house, lines, filter: {}, releasedBy: input.releasedBy });
}

async function scheduleCutoffRelease(
  db: Db,
  clock: { cutoffTime: string; timeZone: string },
  warehouseId: string,
  now: Date,
): Promise<void> {
  const at = nextCutoff(now, clock);
  await enqueue(
    db,
    RELEASE_AT_CUTOFF_TOPIC,
    { warehouseId, at: at.toISOString() },
    { runAt: at, dedupeKey: `production-cutoff:${warehouseId}:${at.toISOString()}` },
  );
}

/** The outbox job at a warehouse's cut-off: release what waits, if the warehouse wants it. */
export async function releaseAtCutoffHandler(db: Db, payload: Record<string, unknown>): Promise<void> {
  const warehouseId = String(payload.warehouseId ?? "");
  const [row] = await db
    .select({ fulfillerId: productionLines.fulfillerId })
    .from(productionLines)
    .where(eq(productionLines.warehouseId, warehouseId))
    .limit(1);
  if (!row) return;
  const settings = await settingsOf(db, warehouseId);
  if (!settings.releaseAtCutoff) return;
  const ctx = createCtx(db, system("cut-off release"));
  await releaseWaiting(ctx, { fulfillerId: row.fulfillerId, warehouseId, releasedBy: "cutoff" });
}

async function batchRow(ctx: Ctx, batchId: string): Promise<BatchRow> {
  const [b] = await ctx.db.select().from(productionBatches).where(eq(productionBatches.id, batchId)).limit(1);
  if (!b) throw new AppError("not-found", "That batch was not found.", 404);
  await shopFor(ctx, b.fulfillerId);
  return b;
}

function viewOf(b: BatchRow, warehouseName: string, lines: readonly { status: ProductionLineStatus; quantity?: number }[]): BatchView {
  return {
    id: b.id,
    ref: batchRef(b.number),
    status: b.status,
    warehouseId: b.warehouseId,
    warehouseName,
    releasedBy: b.releasedBy,
    filter: b.filter,
    createdAt: b.createdAt,
    lineCount: b.lineCount,
    unitCount: b.unitCount,
    printed: lines.filter((l) => l.status === "printed" || l.status === "packed").length,
    packed: lines.filter((l) => l.status === "packed").length,
  };
}

/** A warehouse's batches, newest first (each with how far its lines are). */
export async function listBatches(ctx: Ctx, input: { fulfillerId: string; warehouseId: string; limit?: number }): Promise<BatchView[]> {
  await shopFor(ctx, input.fulfillerId);
  const houses = await warehousesOf(ctx, input.fulfillerId);
  const house = houses.get(input.warehouseId);
  if (!house) throw new AppError("not-found", "That warehouse was not found.", 404);
  const rows = await ctx.db
    .select()
    .from(productionBatches)
    .where(eq(productionBatches.warehouseId, input.warehouseId))
    .orderBy(sql`${productionBatches.number} desc`)
    .limit(input.limit ?? 100);
  if (!rows.length) return [];
  const counts = await ctx.db
    .select({ batchId: productionLines.batchId, status: productionLines.status, n: sql<number>`count(*)::int` })
    .from(productionLines)
    .where(
      inArray(
        productionLines.batchId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(productionLines.batchId, productionLines.status);
  return rows.map((b) => {
    const mine = counts.filter((c) => c.batchId === b.id).flatMap((c) => Array.from({ length: c.n }, () => ({ status: c.status })));
    return viewOf(b, house.name, mine);
  });
}

/** One batch with its lines (live ones; lines of orders closed since are left out). */
export async function getBatch(ctx: Ctx, batchId: string): Promise<{ batch: BatchView; lines: FloorLine[] }> {
  const { batch, lines } = await batchWithLines(ctx, batchId);
  return { batch, lines };
}

/** getBatch, with the batch's row (its print shop checked once, its warehouses read once). */
async function batchWithLines(ctx: Ctx, batchId: string): Promise<{ row: BatchRow; batch: BatchView; lines: FloorLine[] }> {
  const b = await batchRow(ctx, batchId);
  const [members, houses] = await Promise.all([
    ctx.db.select().from(productionLines).where(eq(productionLines.batchId, b.id)),
    warehousesOf(ctx, b.fulfillerId),
  ]);
  const memberIds = members.map((r) => r.orderLineId);
  const lines = memberIds.length
    ? await readFloor(ctx, { fulfillerId: b.fulfillerId, lineIds: memberIds, scope: "shippable" }, { houses, rows: members })
    : [];
  return {
    row: b,
    batch: viewOf(
      b,
      houses.get(b.warehouseId)?.name ?? "",
      lines.map((l) => ({ status: l.floorStatus === "shipped" ? "packed" : (l.floorStatus as ProductionLineStatus) })),
    ),
    lines,
  };
}

/** Brings a batch's status in line with its live lines (after a scan, a pack, a closed order). */
export async function refreshBatch(ctx: Ctx, batchId: string): Promise<BatchStatus> {
  return (await followLines(ctx, batchId)).status;
}

/** How many member lines are asked about first when looking for a live one of a status. */
const LIVE_PROBE = 16;

/**
 * refreshBatch, and the batch's number. A batch's status depends only on which statuses its live
 * lines have (`batchStatusOf`), so for each status among its members one live line is looked
 * for: a few of them first (nearly every line is live), the rest only when none of those is; a
 * line the caller knows to be live (the one just scanned) answers for its status. A 500-line
 * batch's scan read its 500 lines from the orders module; now it reads a few.
 */
async function followLines(ctx: Ctx, batchId: string, knownLive?: string): Promise<{ status: BatchStatus; number: number | null }> {
  const [b] = await ctx.db.select().from(productionBatches).where(eq(productionBatches.id, batchId)).limit(1);
  if (!b || b.status === "cancelled") return { status: b?.status ?? "cancelled", number: b?.number ?? null };
  const members = await ctx.db
    .select({ id: productionLines.orderLineId, status: productionLines.status })
    .from(productionLines)
    .where(eq(productionLines.batchId, b.id))
    .orderBy(productionLines.orderLineId);
  const sys = { ...ctx, actor: system("batch follows its lines") };
  const present = new Set<ProductionLineStatus>();
  const known = knownLive ? members.find((m) => m.id === knownLive) : undefined;
  if (known) present.add(known.status);
  const byStatus = new Map<ProductionLineStatus, string[]>();
  for (const m of members) {
    if (present.has(m.status)) continue;
    const ids = byStatus.get(m.status);
    if (ids) ids.push(m.id);
    else byStatus.set(m.status, [m.id]);
  }
  for (const [status, ids] of byStatus) {
    const ask = (lineIds: string[]) => listFulfillmentLines(sys, { fulfillerId: b.fulfillerId, lineIds, scope: "shippable" });
    let live = await ask(ids.slice(0, LIVE_PROBE));
    if (!live.length && ids.length > LIVE_PROBE) live = await ask(ids.slice(LIVE_PROBE));
    if (live.length) present.add(status);
  }
  const target = batchStatusOf([...present]);
  if (target !== b.status)
    await batchMachine.transition(sys, b.id, target, { reason: "Follows its lines", set: { updatedAt: ctx.clock.now() } });
  return { status: target, number: b.number };
}

/** Cancel a batch before anything of it is packed: its lines go back to the queue. */
export async function cancelBatch(ctx: Ctx, batchId: string): Promise<void> {
  const b = await batchRow(ctx, batchId);
  if (b.status === "cancelled") return;
  const members = await ctx.db.select().from(productionLines).where(eq(productionLines.batchId, b.id));
  if (members.some((m) => m.status === "packed"))
    throw new AppError("batch-packed", `Batch ${batchRef(b.number)} has packed lines: unpack them before cancelling it.`, 409);
  const now = ctx.clock.now();
  await transaction(ctx.db, async (tx) => {
    await tx.update(productionLines).set({ batchId: null, updatedAt: now }).where(eq(productionLines.batchId, b.id));
    await batchMachine.transition({ ...ctx, db: tx }, b.id, "cancelled", {
      reason: "Cancelled by the print shop",
      set: { updatedAt: now },
    });
  });
}

// ---- scanning -------------------------------------------------------------------------------

export interface ScanResult {
  lineId: string;
  code: string;
  orderNumber: string;
  title: string;
  from: ProductionLineStatus;
  to: ProductionLineStatus;
  batchRef: string | null;
  batchStatus: BatchStatus | null;
  message: string;
}

/**
 * A scanned (or typed) line code moves the line on: in a batch and accepted → printed; printed →
 * packed. `to` forces a step (a station that only packs). An unknown code, a line not in a batch,
 * or one of an order closed since is refused with what to do.
 */
export async function scanLine(ctx: Ctx, input: { fulfillerId: string; code: string; to?: "printed" | "packed" }): Promise<ScanResult> {
  await shopFor(ctx, input.fulfillerId);
  const code = input.code.replace(/\s+/g, "").toUpperCase();
  if (!code) throw new AppError("scan-empty", "Scan or type a line's code.", 422, "code");
  const [row] = await ctx.db
    .select()
    .from(productionLines)
    .where(and(eq(productionLines.code, code), eq(productionLines.fulfillerId, input.fulfillerId)))
    .limit(1);
  if (!row) throw new AppError("scan-unknown", `No line of this print shop has the code ${code}. Check the print sheet.`, 404, "code");
  // The line as the orders module has it, if it is still to be made (listFloor's "open" lines).
  const [line] = await listFulfillmentLines(ctx, { fulfillerId: input.fulfillerId, lineIds: [row.orderLineId], scope: "open" });
  if (!line)
    throw new AppError(
      "scan-closed",
      `Line ${code} no longer needs making: its order was cancelled, refunded or shipped. Put it aside.`,
      409,
      "code",
    );
  if (line.orderStatus === "on_hold")
    throw new AppError(
      "scan-on-hold",
      `Order ${line.orderNumber} is on hold: put line ${code} aside until Platen releases it.`,
      409,
      "code",
    );
  if (!row.batchId) throw new AppError("scan-no-batch", `Line ${code} is not in a batch yet: add it to a batch first.`, 409, "code");
  const to: ProductionLineStatus | undefined =
    input.to ?? (row.status === "accepted" ? "printed" : row.status === "printed" ? "packed" : undefined);
  if (!to || to === row.status) throw new AppError("scan-done", `Line ${code} is already ${row.status}.`, 409, "code");
  const now = ctx.clock.now();
  await lineMachine.transition(ctx, row.orderLineId, to, {
    reason: `Scanned ${code}`,
    set: { updatedAt: now, ...(to === "printed" ? { printedAt: now } : to === "packed" ? { packedAt: now } : {}) },
  });
  const followed = await followLines(ctx, row.batchId, row.orderLineId);
  return {
    lineId: row.orderLineId,
    code,
    orderNumber: line.orderNumber,
    title: line.title,
    from: row.status,
    to,
    batchRef: followed.number === null ? null : batchRef(followed.number),
    batchStatus: followed.status,
    message: `${line.orderNumber} · ${line.title} (${[line.color, line.size].filter(Boolean).join(" / ")}) × ${line.quantity}: ${to}.`,
  };
}

/**
 * Moves lines to packed (or back to printed) for the shipping module's parcels, in the caller's
 * transaction; refuses lines not printed yet.
 */
export async function markLinesPacked(
  ctx: Ctx,
  input: { fulfillerId: string; lineIds: readonly string[]; packed: boolean },
): Promise<void> {
  const rows = input.lineIds.length
    ? await ctx.db
        .select()
        .from(productionLines)
        .where(and(inArray(productionLines.orderLineId, [...input.lineIds]), eq(productionLines.fulfillerId, input.fulfillerId)))
    : [];
  const now = ctx.clock.now();
  for (const id of input.lineIds) {
    const row = rows.find((r) => r.orderLineId === id);
    if (input.packed) {
      if (!row || (row.status !== "printed" && row.status !== "packed"))
        throw new AppError(
          "line-not-printed",
          `A line of this parcel is ${row ? row.status : "not accepted"}: only printed lines are packed.`,
          422,
          "lineIds",
        );
      if (row.status === "printed")
        await lineMachine.transition(ctx, id, "packed", { reason: "Packed in a parcel", set: { packedAt: now, updatedAt: now } });
    } else if (row?.status === "packed") {
      await lineMachine.transition(ctx, id, "printed", { reason: "Parcel opened again", set: { packedAt: null, updatedAt: now } });
    }
  }
  for (const batchId of new Set(rows.map((r) => r.batchId).filter((b): b is string => !!b))) await refreshBatch(ctx, batchId);
}

/** Brings the batches holding an order's lines in line after the order was closed (an event). */
export async function followClosedOrder(ctx: Ctx, orderId: string): Promise<void> {
  const rows = await ctx.db.select({ batchId: productionLines.batchId }).from(productionLines).where(eq(productionLines.orderId, orderId));
  for (const batchId of new Set(rows.map((r) => r.batchId).filter((b): b is string => !!b))) await refreshBatch(ctx, batchId);
}

// ---- documents' data ------------------------------------------------------------------------

export async function pickListData(ctx: Ctx, batchId: string): Promise<PickListDocument> {
  const { row: b, batch, lines } = await batchWithLines(ctx, batchId);
  const stock = await listStock(ctx, b.fulfillerId).catch(() => []);
  const bins = new Map(
    stock.filter((s) => s.warehouseId === b.warehouseId).map((s) => [s.blankVariantId, (s as { bin?: string }).bin ?? ""]),
  );
  const items = new Map<string, PickListDocument["items"][number]>();
  for (const l of lines) {
    const item = items.get(l.blankVariantId) ?? {
      sku: l.sku,
      blankName: l.blankName,
      color: l.color,
      size: l.size,
      bin: bins.get(l.blankVariantId) || null,
      quantity: 0,
    };
    item.quantity += l.quantity;
    items.set(l.blankVariantId, item);
  }
  return {
    batchRef: batch.ref,
    warehouseName: batch.warehouseName,
    createdAt: batch.createdAt,
    items: [...items.values()].sort((a, z) => (a.bin ?? "").localeCompare(z.bin ?? "") || a.sku.localeCompare(z.sku)),
  };
}

export async function printSheetData(ctx: Ctx, batchId: string): Promise<PrintSheetDocument> {
  const { batch, lines } = await getBatch(ctx, batchId);
  return {
    batchRef: batch.ref,
    warehouseName: batch.warehouseName,
    createdAt: batch.createdAt,
    lines: lines.map((l) => ({
      code: l.code ?? scanCode(l.lineId),
      orderNumber: l.orderNumber,
      title: l.title,
      color: l.color,
      size: l.size,
      sku: l.sku,
      quantity: l.quantity,
      dueOn: l.dueAt,
      files: l.printFiles.map((f) => ({
        area: f.areaKey,
        fileName: f.storageKey.split("/").pop() ?? f.storageKey,
        widthPx: f.widthPx,
        heightPx: f.heightPx,
        dpi: f.dpi,
      })),
    })),
  };
}

/** A batch's documents as PDFs, with a file name (`B-1042-pick-list.pdf`). */
export async function batchDocument(
  ctx: Ctx,
  input: { batchId: string; kind: "pick-list" | "print-sheet" },
): Promise<{ filename: string; body: Buffer }> {
  if (input.kind === "pick-list") {
    const doc = await pickListData(ctx, input.batchId);
    return { filename: `${doc.batchRef}-pick-list.pdf`, body: await pickListPdf(doc) };
  }
  const doc = await printSheetData(ctx, input.batchId);
  return { filename: `${doc.batchRef}-print-sheet.pdf`, body: await printSheetPdf(doc) };
}
