// Cases (issue 23 §3, ADR 0018): a shopper reports a problem with lines of one shipment (damaged,
// misprint, wrong item, not delivered, other) with a description and photos; Platen, the print
// shop and the shopper talk in the case's thread (Platen and the print shop also in internal
// notes); Platen asks either party, then resolves the case by a reprint, a refund or a rejection
// with a fault code that says who pays, and closes it. Every step is one transaction with its
// e-mails; the money goes through the orders module (a reprint is a new routed shipment; a refund
// is the orders module's durable refund, charged in the ledger to the party at fault).
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { env } from "../../config/env.ts";
import { formatAmount } from "../../contracts/money.ts";
import { isUniqueViolation, newId, transaction, UntilWriteMemo, type Db } from "../../infra/db/index.ts";
import { uploadedImageToWebp } from "../../infra/images/index.ts";
import { actorUserId, AppError, hasRole, stateHistory, withDb, type Ctx } from "../../kernel/index.ts";
import { canManageFulfiller, canWorkFloor, getFulfillerById, type FulfillerRow } from "../fulfillment/index.ts";
import { adminContacts, contactsOf, displayNamesOf } from "../identity/index.ts";
import type { FaultCharge } from "../ledger/index.ts";
import { sendEmail } from "../notifications/index.ts";
import {
  createReprint,
  getOrder,
  orderToken,
  orderViewer,
  refundAfterCommit,
  refundOrderInTransaction,
  type OrderView,
  type ShipmentGroupView,
} from "../orders/index.ts";
import { caseLines, caseMessages, caseNumberSeq, cases } from "./schema.ts";
import { caseMachine } from "./states.ts";
import {
  CASE_DESCRIPTION_MAX,
  CASE_DESCRIPTION_MIN,
  CASE_KIND_LABELS,
  CASE_MESSAGE_MAX,
  CASE_PHOTO_MAX,
  CASE_PHOTO_MAX_BYTES,
  CASE_RESOLUTION_LABELS,
  CASE_STATUS_LABELS,
  CASE_WINDOW_DAYS,
  FAULT_LABELS,
  FAULT_PAYER,
  FIRST_RESPONSE_HOURS,
  OPEN_CASE_STATUSES,
  caseRef,
  isCaseKind,
  isCaseStatus,
  isFaultCode,
  isOpenCaseStatus,
  type CaseAuthor,
  type CaseHold,
  type CaseKind,
  type CaseListRow,
  type CaseParty,
  type CaseResolution,
  type CaseStatus,
  type CaseView,
  type FaultCode,
  type ReportableLine,
} from "./types.ts";

type CaseRow = typeof cases.$inferSelect;
type CaseLineRow = typeof caseLines.$inferSelect;

const HOUR = 3_600_000;
const DAY = 86_400_000;
const CASE_ID = /^cas_[0-9a-z]{26}$/;

const notFound = () => new AppError("not-found", "We couldn't find that case.", 404);

// ---- reading a case and who may see it ---------------------------------------------------------

async function loadCase(db: Db, caseId: string, forUpdate = false): Promise<CaseRow> {
  if (typeof caseId !== "string" || !CASE_ID.test(caseId)) throw notFound();
  const q = db.select().from(cases).where(eq(cases.id, caseId)).limit(1);
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound();
  return row;
}

/** Who may see or work on a case from a party's pages. */
export interface CaseAccess {
  caseId: string;
  as: CaseParty;
  /** The order's signed link (a guest shopper). */
  token?: string | null;
  /** The print shop whose pages ask (its cases only). */
  fulfillerId?: string;
}

/**
 * The case if the actor may see it as `as`, with how it acts: the shopper (the order's account or
 * whoever holds its signed link; admins may look at the shopper's page but not write on it), the
 * print shop's owner (its own cases; admins too) or an admin. Anyone else gets a 404.
 */
async function authorize(
  ctx: Ctx,
  access: CaseAccess,
  forUpdate = false,
): Promise<{ row: CaseRow; author: CaseAuthor; mayWrite: boolean; shop: FulfillerRow | null }> {
  const row = await loadCase(ctx.db, access.caseId, forUpdate);
  if (access.as === "shopper") {
    let viewer: "buyer" | "admin" | "link";
    try {
      viewer = await orderViewer(ctx, { orderId: row.orderId, token: access.token ?? null });
    } catch {
      throw notFound();
    }
    return { row, author: "shopper", mayWrite: viewer !== "admin", shop: null };
  }
  if (access.as === "print_shop") {
    if (access.fulfillerId && access.fulfillerId !== row.fulfillerId) throw notFound();
    const shop = await getFulfillerById(ctx, row.fulfillerId);
    if (!shop || !canManageFulfiller(ctx, shop)) throw notFound();
    return { row, author: hasRole(ctx.actor, "admin") ? "admin" : "print_shop", mayWrite: true, shop };
  }
  if (!hasRole(ctx.actor, "admin")) throw notFound();
  return { row, author: "admin", mayWrite: true, shop: null };
}

const overdue = (r: Pick<CaseRow, "firstResponseAt" | "firstResponseDueAt" | "status">, now: Date) =>
  !r.firstResponseAt && isOpenCaseStatus(r.status) && r.firstResponseDueAt.getTime() < now.getTime();

function listRow(r: CaseRow, lineCount: number, now: Date): CaseListRow {
  return {
    id: r.id,
    ref: caseRef(r.number),
    status: r.status,
    kind: r.kind,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    fulfillerId: r.fulfillerId,
    fulfillerName: r.fulfillerName,
    warehouseName: r.warehouseName,
    shopperName: r.shopperName,
    lineCount,
    openedAt: r.createdAt,
    firstResponseDueAt: r.firstResponseDueAt,
    firstResponseAt: r.firstResponseAt,
    overdue: overdue(r, now),
    lastActivityAt: r.lastActivityAt,
    resolution: r.resolution,
    faultCode: r.faultCode,
  };
}

async function lineCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ caseId: caseLines.caseId, n: count() })
    .from(caseLines)
    .where(inArray(caseLines.caseId, ids))
    .groupBy(caseLines.caseId);
  return new Map(rows.map((r) => [r.caseId, Number(r.n)]));
}

/** One case as a party's page shows it: the thread (internal notes only for Platen and the print shop), history and what may be done now. */
export async function getCase(ctx: Ctx, access: CaseAccess): Promise<CaseView> {
  const { row, author, mayWrite, shop } = await authorize(ctx, access);
  const now = ctx.clock.now();
  const [lines, messages, history, fulfiller] = await Promise.all([
    ctx.db.select().from(caseLines).where(eq(caseLines.caseId, row.id)),
    ctx.db.select().from(caseMessages).where(eq(caseMessages.caseId, row.id)).orderBy(asc(caseMessages.createdAt), asc(caseMessages.id)),
    stateHistory(ctx.db, "case", row.id),
    shop ? Promise.resolve(shop) : getFulfillerById(ctx, row.fulfillerId),
  ]);
  const shopper = access.as === "shopper";
  const admin = access.as === "admin";
  const names = admin
    ? await displayNamesOf(
        ctx.db,
        messages.map((m) => (m.author === "admin" ? m.authorUserId : null)),
      )
    : {};
  const firstName = row.shopperName.trim().split(/\s+/)[0] || "The shopper";
  const nameOf = (m: (typeof messages)[number]): string => {
    if (m.author === "shopper") return shopper ? "You" : firstName;
    if (m.author === "print_shop") return access.as === "print_shop" && author === "print_shop" ? "You" : row.fulfillerName;
    if (m.author === "admin") return admin && m.authorUserId ? (names[m.authorUserId] ?? "Platen") : "Platen";
    return "Platen";
  };
  const live = row.status !== "closed";
  return {
    id: row.id,
    ref: caseRef(row.number),
    status: row.status,
    kind: row.kind,
    description: row.description,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    groupId: row.groupId,
    fulfillerId: row.fulfillerId,
    fulfillerName: row.fulfillerName,
    fulfillerHandle: fulfiller?.handle ?? null,
    warehouseName: row.warehouseName,
    shopperName: row.shopperName,
    shopperEmail: shopper ? null : row.shopperEmail,
    currency: row.currency,
    lines: lines.map((l) => ({
      lineId: l.lineId,
      title: l.title,
      variantLabel: l.variantLabel,
      quantity: l.quantity,
      image: l.image ?? null,
    })),
    photoCount: row.photoKeys.length,
    openedAt: row.createdAt,
    firstResponseDueAt: row.firstResponseDueAt,
    firstResponseAt: row.firstResponseAt,
    overdue: overdue(row, now),
    resolution: row.resolution,
    faultCode: shopper ? null : row.faultCode,
    resolutionNote: row.resolutionNote,
    refundMinor: row.refundMinor,
    reprintGroupId: row.reprintGroupId,
    resolvedAt: row.resolvedAt,
    closedAt: row.closedAt,
    messages: messages
      .filter((m) => !(shopper && m.internal))
      .map((m) => ({ id: m.id, author: m.author, authorName: nameOf(m), body: m.body, internal: m.internal, at: m.createdAt })),
    history: history
      .filter((h) => isCaseStatus(h.from) && isCaseStatus(h.to))
      .map((h) => ({ at: h.at, from: h.from as CaseStatus, to: h.to as CaseStatus, reason: h.reason })),
    can: {
      reply: live && mayWrite,
      note: live && !shopper,
      ask: admin && isOpenCaseStatus(row.status),
      resolve: admin && isOpenCaseStatus(row.status),
      close: admin && row.status === "resolved",
    },
  };
}

/** A case's photo (n from 0) for its shopper, its print shop and admins; anyone else a 404. */
export async function casePhoto(ctx: Ctx, access: CaseAccess & { index: number }): Promise<{ body: Buffer; contentType: string }> {
  const { row } = await authorize(ctx, access);
  const key = Number.isInteger(access.index) ? row.photoKeys[access.index] : undefined;
  if (!key) throw new AppError("not-found", "That photo was not found.", 404);
  const o = await ctx.ports.storage.get(key);
  if (!o) throw new AppError("not-found", "That photo was not found.", 404);
  return { body: o.body, contentType: o.contentType };
}

// ---- lists -------------------------------------------------------------------------------------

export interface CaseFilter {
  /** "active" (open or waiting: the default), one status, or "all". */
  status?: CaseStatus | "active" | "all";
  kind?: CaseKind;
  fulfillerId?: string;
  /** Only cases whose first answer is late. */
  overdue?: boolean;
  page?: number;
}
export const CASE_PAGE_SIZE = 50;

function statusCondition(status: CaseFilter["status"]): SQL | undefined {
  if (!status || status === "active") return inArray(cases.status, [...OPEN_CASE_STATUSES]);
  if (status === "all") return undefined;
  return eq(cases.status, status);
}

/**
 * Admins: the queue. Overdue first answers first, then the oldest first answer due; filters by
 * status, kind, print shop and overdue. Counts per status for the filter's labels.
 */
export async function listCases(
  ctx: Ctx,
  filter: CaseFilter = {},
): Promise<{
  rows: CaseListRow[];
  total: number;
  page: number;
  pages: number;
  counts: Record<CaseStatus, number>;
  overdue: number;
  printShops: { id: string; name: string }[];
}> {
  if (!hasRole(ctx.actor, "admin")) throw new AppError("forbidden", "Only the Platen team works on cases.", 403);
  const now = ctx.clock.now();
  const conds: SQL[] = [];
  const s = statusCondition(filter.status);
  if (s) conds.push(s);
  if (filter.kind) conds.push(eq(cases.kind, filter.kind));
  if (filter.fulfillerId) conds.push(eq(cases.fulfillerId, filter.fulfillerId));
  const overdueCond = and(
    isNull(cases.firstResponseAt),
    inArray(cases.status, [...OPEN_CASE_STATUSES]),
    lt(cases.firstResponseDueAt, now),
  )!;
  if (filter.overdue) conds.push(overdueCond);
  const where = conds.length ? and(...conds) : undefined;
  const [{ total }] = (await ctx.db.select({ total: count() }).from(cases).where(where)) as [{ total: number }];
  const pages = Math.max(1, Math.ceil(Number(total) / CASE_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filter.page ?? 1)), pages);
  const rows = await ctx.db
    .select()
    .from(cases)
    .where(where)
    .orderBy(
      sql`case when ${overdueCond} then 0 when ${cases.status} in ('open', 'waiting_on_print_shop', 'waiting_on_shopper') then 1 else 2 end`,
      asc(cases.firstResponseDueAt),
      desc(cases.id),
    )
    .limit(CASE_PAGE_SIZE)
    .offset((page - 1) * CASE_PAGE_SIZE);
  const [byStatus, [late], shops, n] = await Promise.all([
    ctx.db.select({ status: cases.status, n: count() }).from(cases).groupBy(cases.status),
    ctx.db.select({ n: count() }).from(cases).where(overdueCond),
    ctx.db.selectDistinct({ id: cases.fulfillerId, name: cases.fulfillerName }).from(cases).orderBy(asc(cases.fulfillerName)).limit(200),
    lineCounts(
      ctx.db,
      rows.map((r) => r.id),
    ),
  ]);
  const counts = Object.fromEntries(
    (["open", "waiting_on_print_shop", "waiting_on_shopper", "resolved", "closed"] as const).map((k) => [k, 0]),
  ) as Record<CaseStatus, number>;
  for (const r of byStatus) if (isCaseStatus(r.status)) counts[r.status] = Number(r.n);
  return {
    rows: rows.map((r) => listRow(r, n.get(r.id) ?? 0, now)),
    total: Number(total),
    page,
    pages,
    counts,
    overdue: Number(late?.n ?? 0),
    printShops: [...new Map(shops.map((x) => [x.id, x])).values()],
  };
}

/** Admins: how many cases wait on Platen or a party (the admin navigation's pending count). */
/** The admin navigation's count, on every admin page: kept until the next write (embedded engine, ADR 0016). */
const activeCount = new UntilWriteMemo<number>(1);

export async function countActiveCases(ctx: Ctx): Promise<number> {
  if (!hasRole(ctx.actor, "admin")) return 0;
  return activeCount.get(ctx.db, "active", async () => {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(cases)
      .where(inArray(cases.status, [...OPEN_CASE_STATUSES]));
    return Number(row?.n ?? 0);
  });
}

/**
 * How many cases were opened in a window on a print shop's orders (its analytics' defect rate),
 * whatever became of them. Its owner and admins only (404 for anyone else).
 */
export async function countPrintShopCases(ctx: Ctx, input: { fulfillerId: string; from: Date; to: Date }): Promise<number> {
  const shop = await getFulfillerById(ctx, input.fulfillerId);
  if (!shop || !canManageFulfiller(ctx, shop)) throw new AppError("not-found", "That print shop was not found.", 404);
  const [row] = await ctx.db
    .select({ n: count() })
    .from(cases)
    .where(and(eq(cases.fulfillerId, input.fulfillerId), gte(cases.createdAt, input.from), lt(cases.createdAt, input.to)));
  return Number(row?.n ?? 0);
}

/** A print shop's own cases (its owner, or an admin): open ones first, then the rest, newest first. */
export async function listPrintShopCases(
  ctx: Ctx,
  input: { fulfillerId: string; status?: CaseStatus | "active" | "all" },
): Promise<CaseListRow[]> {
  const shop = await getFulfillerById(ctx, input.fulfillerId);
  if (!shop || !canManageFulfiller(ctx, shop)) throw new AppError("not-found", "That print shop was not found.", 404);
  const now = ctx.clock.now();
  const s = statusCondition(input.status ?? "all");
  const rows = await ctx.db
    .select()
    .from(cases)
    .where(and(eq(cases.fulfillerId, shop.id), s))
    .orderBy(sql`case when ${cases.status} in ('open', 'waiting_on_print_shop', 'waiting_on_shopper') then 0 else 1 end`, desc(cases.id))
    .limit(300);
  const n = await lineCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => listRow(r, n.get(r.id) ?? 0, now));
}

/** The shipments of a print shop that an open case holds ("On hold: case C-… open" on its pages). */
export async function caseHoldsForPrintShop(ctx: Ctx, fulfillerId: string): Promise<CaseHold[]> {
  const shop = await getFulfillerById(ctx, fulfillerId);
  if (!shop || !canWorkFloor(ctx, shop)) throw new AppError("not-found", "That print shop was not found.", 404);
  const rows = await ctx.db
    .select({ id: cases.id, number: cases.number, groupId: cases.groupId, status: cases.status })
    .from(cases)
    .where(and(eq(cases.fulfillerId, shop.id), inArray(cases.status, [...OPEN_CASE_STATUSES])))
    .orderBy(asc(cases.number));
  return rows.map((r) => ({ groupId: r.groupId, caseId: r.id, ref: caseRef(r.number), status: r.status }));
}

/** An order's cases and the shipments open ones hold, for whoever may see the order (404 otherwise). */
export async function casesOfOrder(
  ctx: Ctx,
  access: { orderId: string; token?: string | null },
): Promise<{ cases: CaseListRow[]; holds: CaseHold[] }> {
  await orderViewer(ctx, access);
  const now = ctx.clock.now();
  const rows = await ctx.db.select().from(cases).where(eq(cases.orderId, access.orderId)).orderBy(desc(cases.id));
  const n = await lineCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    cases: rows.map((r) => listRow(r, n.get(r.id) ?? 0, now)),
    holds: rows
      .filter((r) => isOpenCaseStatus(r.status))
      .map((r) => ({ groupId: r.groupId, caseId: r.id, ref: caseRef(r.number), status: r.status })),
  };
}

// ---- reporting a problem -------------------------------------------------------------------------

/** Whether a line of a shipment may be reported now, and if not why (null: it may). */
function blockedReason(order: OrderView, g: ShipmentGroupView, left: number, openRef: string | undefined, now: Date): string | null {
  if (order.status === "pending_payment") return "This order is not paid.";
  if (order.status === "cancelled" || order.status === "refunded") return "This order was cancelled or refunded.";
  if (g.status === "cancelled") return "Not made: refunded before it shipped.";
  if (left <= 0) return "Refunded.";
  if (openRef) return `Case ${openRef} is open about it.`;
  if (g.status === "delivered" && g.deliveredAt && now.getTime() - new Date(g.deliveredAt).getTime() > CASE_WINDOW_DAYS * DAY)
    return `Delivered more than ${CASE_WINDOW_DAYS} days ago.`;
  if ((g.status === "pending" || g.status === "in_production") && !late(g, now))
    return `Not shipped yet: it should arrive by ${g.estimate.to}.`;
  return null;
}

/** A shipment not sent and past the end of its delivery estimate. */
const late = (g: ShipmentGroupView, now: Date) => now.getTime() > new Date(`${g.estimate.to}T23:59:59Z`).getTime();

async function openCaseOfLines(db: Db, lineIds: string[]): Promise<Map<string, string>> {
  if (!lineIds.length) return new Map();
  const rows = await db
    .select({ lineId: caseLines.lineId, number: cases.number })
    .from(caseLines)
    .innerJoin(cases, eq(cases.id, caseLines.caseId))
    .where(and(inArray(caseLines.lineId, lineIds), eq(caseLines.open, true)));
  return new Map(rows.map((r) => [r.lineId, caseRef(r.number)]));
}

/**
 * What the shopper may report on an order (the "Report a problem" page): every line with whether
 * it may be reported now, and the order's cases. `canReport` is false for an admin looking at it.
 */
export async function reportableLines(
  ctx: Ctx,
  access: { orderId: string; token?: string | null },
): Promise<{ order: OrderView; lines: ReportableLine[]; cases: CaseListRow[]; canReport: boolean }> {
  const viewer = await orderViewer(ctx, access);
  const order = await getOrder(ctx, access);
  const all = order.groups.flatMap((g) => g.lines);
  const openRefs = await openCaseOfLines(
    ctx.db,
    all.map((l) => l.id),
  );
  const now = ctx.clock.now();
  const lines = order.groups.flatMap((g) =>
    g.lines.map((l) => {
      const left = l.quantity - l.refundedQuantity;
      return {
        lineId: l.id,
        groupId: g.id,
        title: l.title,
        variantLabel: l.variantLabel,
        quantity: Math.max(0, left),
        image: l.image,
        blockedBy: blockedReason(order, g, left, openRefs.get(l.id), now),
      };
    }),
  );
  const { cases: list } = await casesOfOrder(ctx, access);
  return { order, lines, cases: list, canReport: viewer !== "admin" };
}

export interface OpenCaseInput {
  orderId: string;
  token?: string | null;
  /** The lines and how many of each are affected. */
  lines: { lineId: string; quantity: number }[];
  kind: string;
  description: string;
  /** Up to four photos, as uploaded. */
  photos?: Buffer[];
}

/**
 * The shopper (the order's account or whoever holds its signed link) reports a problem with lines
 * of one shipment. Everything is checked first, the photos by content, size and pixel count, and a
 * refusal names its field with nothing written; a line of someone else's order is a 404. The case
 * opens with its first answer due in 48 hours; the shopper, the print shop and Platen's admins are
 * e-mailed in the same transaction.
 */
export async function openCase(ctx: Ctx, input: OpenCaseInput): Promise<{ id: string; ref: string }> {
  const access = { orderId: input.orderId, token: input.token ?? null };
  const viewer = await orderViewer(ctx, access);
  if (viewer === "admin") throw new AppError("forbidden", "Only the shopper who placed the order can report a problem with it.", 403);
  const order = await getOrder(ctx, access);
  if (!isCaseKind(input.kind)) throw new AppError("case-kind", "Choose what went wrong.", 422, "kind");
  const kind = input.kind;
  const description = (input.description ?? "").trim();
  if (description.length < CASE_DESCRIPTION_MIN)
    throw new AppError(
      "case-description",
      `Describe the problem in at least ${CASE_DESCRIPTION_MIN} characters: what you see, and on which item.`,
      422,
      "description",
    );
  if (description.length > CASE_DESCRIPTION_MAX)
    throw new AppError("case-description", `Use at most ${CASE_DESCRIPTION_MAX.toLocaleString("en-US")} characters.`, 422, "description");
  const wanted = input.lines.filter((l) => l.quantity !== 0);
  if (!wanted.length) throw new AppError("case-lines", "Choose the items the problem is about.", 422, "lines");
  const now = ctx.clock.now();
  const openRefs = await openCaseOfLines(
    ctx.db,
    wanted.map((l) => l.lineId),
  );
  const chosen = wanted.map((w) => {
    const g = order.groups.find((x) => x.lines.some((l) => l.id === w.lineId));
    // A line of another order (or no line at all) reveals nothing: the same 404 as another order.
    if (!g) throw new AppError("not-found", "That item is not part of this order.", 404, "lines");
    const line = g.lines.find((l) => l.id === w.lineId)!;
    const left = line.quantity - line.refundedQuantity;
    const blocked = blockedReason(order, g, left, openRefs.get(line.id), now);
    if (blocked) throw new AppError("case-line-blocked", `${line.title} (${line.variantLabel}): ${blocked}`, 409, "lines");
    if (!Number.isInteger(w.quantity) || w.quantity < 1 || w.quantity > left)
      throw new AppError("case-quantity", `Choose from 1 to ${left} of ${line.title}.`, 422, `qty.${line.id}`);
    return { g, line, quantity: w.quantity };
  });
  if (new Set(chosen.map((c) => c.line.id)).size !== chosen.length)
    throw new AppError("case-lines", "Choose each item once.", 422, "lines");
  const groups = new Set(chosen.map((c) => c.g.id));
  if (groups.size > 1)
    throw new AppError("case-groups", "These items came in different parcels: report a problem for each parcel separately.", 422, "lines");
  const group = chosen[0]!.g;
  if ((group.status === "pending" || group.status === "in_production") && kind !== "not_delivered" && kind !== "other")
    throw new AppError("case-kind", "These items have not shipped yet: report them as not delivered.", 422, "kind");
  const photos = (input.photos ?? []).filter((p) => p.byteLength > 0);
  if (photos.length > CASE_PHOTO_MAX) throw new AppError("case-photos", `Add at most ${CASE_PHOTO_MAX} photos.`, 422, "photos");
  // Every photo is read and re-encoded before anything is written: a fake or oversized one is refused here.
  const webps: Buffer[] = [];
  for (const [i, p] of photos.entries()) {
    try {
      webps.push(
        await uploadedImageToWebp(p, {
          field: "photos",
          limits: { maxBytes: CASE_PHOTO_MAX_BYTES, minSide: 200 },
          width: 2000,
          height: 2000,
          fit: "inside",
          quality: 82,
        }),
      );
    } catch (error) {
      if (error instanceof AppError && photos.length > 1)
        throw new AppError(error.code, `Photo ${i + 1}: ${error.message}`, error.status, "photos");
      throw error;
    }
  }
  const shop = await getFulfillerById(ctx, group.fulfillerId);
  const id = newId("cas");
  const keys = webps.map((_, i) => `case-photos/${id}/${i + 1}.webp`);
  const stored: string[] = [];
  try {
    for (const [i, body] of webps.entries()) {
      await ctx.ports.storage.put(keys[i]!, body, { contentType: "image/webp" });
      stored.push(keys[i]!);
    }
    return await transaction(ctx.db, async (tx) => {
      const seq = (await tx.execute(sql`select nextval(${sql.raw(`'${caseNumberSeq.seqName}'`)})::text as n`)) as unknown as {
        rows: { n: string }[];
      };
      const number = Number(seq.rows[0]!.n);
      const [row] = await tx
        .insert(cases)
        .values({
          id,
          number,
          status: "open",
          kind,
          description,
          orderId: order.id,
          orderNumber: order.number,
          groupId: group.id,
          fulfillerId: group.fulfillerId,
          fulfillerName: group.fulfillerName,
          warehouseName: group.warehouseName,
          shopperUserId: order.userId,
          shopperEmail: order.email,
          shopperName: order.address.fullName,
          currency: order.currency,
          photoKeys: keys,
          firstResponseDueAt: new Date(now.getTime() + FIRST_RESPONSE_HOURS * HOUR),
          createdAt: now,
          updatedAt: now,
          lastActivityAt: now,
        })
        .returning();
      try {
        await tx.insert(caseLines).values(
          chosen.map((c) => ({
            caseId: id,
            lineId: c.line.id,
            title: c.line.title,
            variantLabel: c.line.variantLabel,
            quantity: c.quantity,
            image: c.line.image,
            open: true,
          })),
        );
      } catch (error) {
        if (isUniqueViolation(error, "case_lines_one_open_case"))
          throw new AppError(
            "case-line-blocked",
            "A case about one of these items was opened meanwhile: open it from your order.",
            409,
            "lines",
          );
        throw error;
      }
      const c = row!;
      const what = chosen.map((x) => `${x.quantity} × ${x.line.title}${x.line.variantLabel ? ` (${x.line.variantLabel})` : ""}`).join(", ");
      const due = formatWhen(c.firstResponseDueAt);
      await tell(
        ctx,
        tx,
        c,
        shop,
        {
          shopper: {
            subject: `We received your report about order ${c.orderNumber} (case ${caseRef(number)})`,
            heading: "We're on it",
            paragraphs: [
              `Thank you for telling us. Your report about ${what} is case ${caseRef(number)}: ${CASE_KIND_LABELS[kind].toLowerCase()}.`,
              `We answer by ${due} at the latest, usually much sooner. If the item is faulty, we make it again at no charge or refund it.`,
            ],
            action: "View your case",
          },
          printShop: {
            subject: `Case ${caseRef(number)}: a problem with order ${c.orderNumber}`,
            heading: `A shopper reported a problem with order ${c.orderNumber}`,
            paragraphs: [
              `${CASE_KIND_LABELS[kind]}: ${what}, shipped from ${c.warehouseName}.`,
              `"${clip(description)}"`,
              "Tell Platen what you know (the batch, the packing photo, what the carrier says) on the case. The shipment shows on hold while the case is open.",
            ],
            action: "Open the case",
          },
          admins: {
            subject: `New case ${caseRef(number)}: ${CASE_KIND_LABELS[kind].toLowerCase()} on order ${c.orderNumber}`,
            heading: `New case ${caseRef(number)}`,
            paragraphs: [
              `${c.shopperName} reported: ${CASE_KIND_LABELS[kind].toLowerCase()}, ${what} from ${c.fulfillerName} (${c.warehouseName}).`,
              `"${clip(description)}"`,
              `First answer due by ${due}.`,
            ],
            action: "Open the case",
          },
        },
        true,
      );
      return { id, ref: caseRef(number) };
    });
  } catch (error) {
    // Nothing half-written: the photos stored for a case that was not made go again.
    await Promise.all(stored.map((k) => ctx.ports.storage.delete(k).catch(() => undefined)));
    throw error;
  }
}

// ---- the thread ------------------------------------------------------------------------------------

function parseBody(body: string, field = "body"): string {
  const text = (body ?? "").trim();
  if (!text) throw new AppError("case-message", "Write a message.", 422, field);
  if (text.length > CASE_MESSAGE_MAX)
    throw new AppError("case-message", `Use at most ${CASE_MESSAGE_MAX.toLocaleString("en-US")} characters.`, 422, field);
  return text;
}

/**
 * A message on the case's thread, or an internal note (admins and the print shop only, never shown
 * to the shopper). A reply from the party Platen waits on makes it Platen's turn again; the first
 * message the shopper can read from Platen or the print shop is the first answer. The other
 * parties who can read it are e-mailed.
 */
export async function postCaseMessage(ctx: Ctx, input: CaseAccess & { body: string; internal?: boolean }): Promise<void> {
  const body = parseBody(input.body);
  const { row, author, mayWrite, shop } = await authorize(ctx, input);
  if (!mayWrite) throw new AppError("forbidden", "Answer this case from its page in the admin.", 403);
  const internal = Boolean(input.internal);
  if (internal && author === "shopper") throw new AppError("forbidden", "Only Platen and the print shop write internal notes.", 403);
  await transaction(ctx.db, async (tx) => {
    const tctx = withDb(ctx, tx);
    const c = await loadCase(tx, row.id, true);
    if (c.status === "closed") throw new AppError("case-closed", `Case ${caseRef(c.number)} is closed: it takes no more messages.`, 409);
    const now = ctx.clock.now();
    await tx.insert(caseMessages).values({
      id: newId("csm"),
      caseId: c.id,
      author,
      authorUserId: actorUserId(ctx.actor),
      body,
      internal,
      createdAt: now,
    });
    const answers = !internal && author !== "shopper" && !c.firstResponseAt;
    await tx
      .update(cases)
      .set({ lastActivityAt: now, updatedAt: now, ...(answers ? { firstResponseAt: now } : {}) })
      .where(eq(cases.id, c.id));
    if (!internal && author === "shopper" && c.status === "waiting_on_shopper")
      await caseMachine.transition(tctx, c.id, "open", { reason: "The shopper answered", expectFrom: "waiting_on_shopper" });
    if (!internal && author === "print_shop" && c.status === "waiting_on_print_shop")
      await caseMachine.transition(tctx, c.id, "open", { reason: "The print shop answered", expectFrom: "waiting_on_print_shop" });
    const who = author === "shopper" ? c.shopperName : author === "print_shop" ? c.fulfillerName : "Platen";
    const ref = caseRef(c.number);
    const quote = [`${who} wrote${internal ? " (internal note)" : ""}:`, `"${clip(body)}"`];
    await tell(ctx, tx, c, shop, {
      ...(internal || author === "shopper"
        ? {}
        : {
            shopper: {
              subject: `New message on your case ${ref}`,
              heading: `A new message on case ${ref}`,
              paragraphs: quote,
              action: "Reply",
            },
          }),
      ...(author === "print_shop"
        ? {}
        : {
            printShop: {
              subject: `Case ${ref}: new ${internal ? "note" : "message"} on order ${c.orderNumber}`,
              heading: `New on case ${ref}`,
              paragraphs: quote,
              action: "Open the case",
            },
          }),
      ...(author === "admin"
        ? {}
        : { admins: { subject: `Case ${ref}: ${who} wrote`, heading: `New on case ${ref}`, paragraphs: quote, action: "Open the case" } }),
    });
  });
}

/**
 * Admin: ask the print shop or the shopper (the case waits on them; a question to the party
 * already waited on is just a message). The message is on the thread; everyone who can read it is
 * e-mailed, the party asked with a request to answer.
 */
export async function askCase(ctx: Ctx, input: { caseId: string; who: "print_shop" | "shopper"; body: string }): Promise<void> {
  if (!hasRole(ctx.actor, "admin")) throw new AppError("forbidden", "Only the Platen team works on cases.", 403);
  const body = parseBody(input.body);
  if (input.who !== "print_shop" && input.who !== "shopper") throw new AppError("case-ask", "Choose whom to ask.", 422, "who");
  const target: CaseStatus = input.who === "print_shop" ? "waiting_on_print_shop" : "waiting_on_shopper";
  const row = await loadCase(ctx.db, input.caseId);
  const shop = await getFulfillerById(ctx, row.fulfillerId);
  await transaction(ctx.db, async (tx) => {
    const tctx = withDb(ctx, tx);
    const c = await loadCase(tx, row.id, true);
    if (!isOpenCaseStatus(c.status))
      throw new AppError(
        "case-not-open",
        `Case ${caseRef(c.number)} is ${CASE_STATUS_LABELS[c.status].toLowerCase()}: there is nothing to ask.`,
        409,
      );
    const now = ctx.clock.now();
    await tx.insert(caseMessages).values({
      id: newId("csm"),
      caseId: c.id,
      author: "admin",
      authorUserId: actorUserId(ctx.actor),
      body,
      internal: false,
      createdAt: now,
    });
    await tx
      .update(cases)
      .set({ lastActivityAt: now, updatedAt: now, ...(c.firstResponseAt ? {} : { firstResponseAt: now }) })
      .where(eq(cases.id, c.id));
    if (c.status !== target)
      await caseMachine.transition(tctx, c.id, target, {
        reason: input.who === "print_shop" ? "Platen asked the print shop" : "Platen asked the shopper",
        expectFrom: c.status,
      });
    const ref = caseRef(c.number);
    const asked = (party: "print_shop" | "shopper") => input.who === party;
    await tell(ctx, tx, c, shop, {
      shopper: {
        subject: asked("shopper") ? `We need your answer on case ${ref}` : `New message on your case ${ref}`,
        heading: asked("shopper") ? "A question about your report" : `A new message on case ${ref}`,
        paragraphs: [`"${clip(body)}"`, ...(asked("shopper") ? ["Reply on the case's page: your answer comes straight to us."] : [])],
        action: asked("shopper") ? "Answer" : "View your case",
      },
      printShop: {
        subject: asked("print_shop")
          ? `Case ${ref}: Platen needs your answer (order ${c.orderNumber})`
          : `Case ${ref}: new message on order ${c.orderNumber}`,
        heading: asked("print_shop") ? `Platen asks about order ${c.orderNumber}` : `New on case ${ref}`,
        paragraphs: [`"${clip(body)}"`, ...(asked("print_shop") ? ["Answer on the case: the case waits on you."] : [])],
        action: "Open the case",
      },
    });
  });
}

// ---- resolving ---------------------------------------------------------------------------------

export interface ResolveInput {
  caseId: string;
  resolution: string;
  faultCode: string;
  /** What was decided, told to the shopper and the print shop. */
  note: string;
  /** A reprint: the case's lines and how many of each (default: all of them). */
  reprintLines?: { lineId: string; quantity: number }[];
  /** A refund: some of the case's lines (quantities), or an amount in minor units of the order's currency. */
  refund?: { lines?: { lineId: string; quantity: number }[]; amountMinor?: number | null };
}

function chargeFor(c: CaseRow, fault: FaultCode): FaultCharge {
  const label = FAULT_LABELS[fault].replace(/^[^:]+:\s*/, "");
  return FAULT_PAYER[fault] === "print_shop"
    ? { party: "fulfiller", fulfillerId: c.fulfillerId, fault: label }
    : { party: "platform", fault: label };
}

/**
 * Admin: resolve an open case by a reprint (a new routed shipment at no charge, booked to the party
 * at fault), a refund (all or part, the orders module's durable refund, charged to the party at
 * fault) or a rejection (the shopper's error), in one transaction with the case, its lines let go
 * and every party's e-mail. The provider is asked for a refund after the commit.
 */
export async function resolveCase(ctx: Ctx, input: ResolveInput): Promise<{ reprintGroupId: string | null; refundMinor: number | null }> {
  if (!hasRole(ctx.actor, "admin")) throw new AppError("forbidden", "Only the Platen team resolves cases.", 403);
  const resolution = input.resolution as CaseResolution;
  if (!["reprint", "refund", "rejected"].includes(resolution))
    throw new AppError("case-resolution", "Choose a reprint, a refund or a rejection.", 422, "resolution");
  if (!isFaultCode(input.faultCode)) throw new AppError("case-fault", "Choose who is at fault (it says who pays).", 422, "faultCode");
  const fault = input.faultCode;
  if (resolution !== "rejected" && FAULT_PAYER[fault] === "shopper")
    throw new AppError(
      "case-fault",
      "A shopper's error is not remedied at someone else's cost: reject the case, or choose who is at fault.",
      422,
      "faultCode",
    );
  if (resolution === "rejected" && FAULT_PAYER[fault] !== "shopper")
    throw new AppError(
      "case-fault",
      'A rejection means nobody but the shopper is at fault: choose "Shopper: ordered or reported in error", or resolve it by a reprint or a refund.',
      422,
      "faultCode",
    );
  const note = (input.note ?? "").trim();
  if (note.length < 3) throw new AppError("case-note", "Say what was decided (the shopper and the print shop read it).", 422, "note");
  if (note.length > 2000) throw new AppError("case-note", "Use at most 2,000 characters.", 422, "note");
  const row = await loadCase(ctx.db, input.caseId);
  const shop = await getFulfillerById(ctx, row.fulfillerId);
  const out = await transaction(ctx.db, async (tx) => {
    const tctx = withDb(ctx, tx);
    const c = await loadCase(tx, row.id, true);
    const ref = caseRef(c.number);
    if (!isOpenCaseStatus(c.status))
      throw new AppError("case-resolved", `Case ${ref} is already ${c.status === "closed" ? "closed" : "resolved"}.`, 409);
    const lines = await tx.select().from(caseLines).where(eq(caseLines.caseId, c.id));
    const reason = `Case ${ref}: ${note}`;
    const now = ctx.clock.now();
    let reprintGroupId: string | null = null;
    let refundMinor: number | null = null;
    let refundId: string | null = null;
    if (resolution === "reprint") {
      const chosen = pickLines(lines, input.reprintLines, "reprint");
      const made = await createReprint(tctx, { orderId: c.orderId, lines: chosen, reason, chargeTo: chargeFor(c, fault) });
      reprintGroupId = made.groupId;
    } else if (resolution === "refund") {
      const amount = input.refund?.amountMinor ?? null;
      const byLines = input.refund?.lines?.filter((l) => l.quantity > 0) ?? [];
      if (amount !== null && byLines.length)
        throw new AppError("case-refund", "Refund either chosen items or an amount, not both.", 422, "amount");
      if (amount === null && !byLines.length)
        throw new AppError("case-refund", "Choose the items to refund, or enter an amount.", 422, "amount");
      const request =
        amount !== null
          ? { amountMinor: amount, reason, idempotencyKey: `case:${c.id}` }
          : { lines: pickLines(lines, byLines, "refund"), reason, idempotencyKey: `case:${c.id}` };
      const granted = await refundOrderInTransaction(tctx, { orderId: c.orderId, request, chargeTo: chargeFor(c, fault) });
      refundMinor = granted.amountMinor;
      refundId = granted.refundId;
    }
    await caseMachine.transition(tctx, c.id, "resolved", {
      reason: `${CASE_RESOLUTION_LABELS[resolution]} (${FAULT_LABELS[fault]})`,
      expectFrom: c.status,
      set: {
        resolution,
        faultCode: fault,
        resolutionNote: note,
        refundMinor,
        refundId,
        reprintGroupId,
        resolvedAt: now,
        updatedAt: now,
        lastActivityAt: now,
        ...(c.firstResponseAt ? {} : { firstResponseAt: now }),
      },
    });
    await tx.update(caseLines).set({ open: false }).where(eq(caseLines.caseId, c.id));
    await tx.insert(caseMessages).values({
      id: newId("csm"),
      caseId: c.id,
      author: "admin",
      authorUserId: actorUserId(ctx.actor),
      body: note,
      internal: false,
      createdAt: now,
    });
    const amount = refundMinor !== null ? formatAmount(refundMinor, c.currency) : "";
    const outcome =
      resolution === "reprint"
        ? "We are making the items again at no charge to you: they ship from the same print shop, and you get an e-mail with the tracking number."
        : resolution === "refund"
          ? `We are refunding ${amount} to the card you paid with. Banks usually show a refund within 5 to 10 business days.`
          : "We looked into it carefully and cannot offer a reprint or a refund for it.";
    const pays =
      FAULT_PAYER[fault] === "print_shop"
        ? resolution === "reprint"
          ? "As the fault is the print shop's, the reprint is at your cost: the base cost is charged to your balance, and you earn it back when the reprint is delivered."
          : `As the fault is the print shop's, the refund of ${amount} is charged to your balance.`
        : FAULT_PAYER[fault] === "platform"
          ? resolution === "reprint"
            ? "Platen pays you the base cost of the reprint, as for any order."
            : `Platen bears the refund of ${amount}; your earnings on the order stay as they were.`
          : "Nothing is charged to you.";
    await tell(ctx, tx, c, shop, {
      shopper: {
        subject: `Case ${ref}: ${resolution === "rejected" ? "our answer" : resolution === "reprint" ? "we're making it again" : "refund on its way"}`,
        heading:
          resolution === "rejected"
            ? `Our answer on case ${ref}`
            : resolution === "reprint"
              ? "A new one is on its way"
              : `We refunded ${amount}`,
        paragraphs: [outcome, `"${clip(note)}"`],
        action: "View your case",
      },
      printShop: {
        subject: `Case ${ref} resolved: ${CASE_RESOLUTION_LABELS[resolution].toLowerCase()} (order ${c.orderNumber})`,
        heading: `Case ${ref} is resolved`,
        paragraphs: [
          `${CASE_RESOLUTION_LABELS[resolution]}. Fault: ${FAULT_LABELS[fault]}.`,
          ...(resolution === "reprint" ? ["The reprint is in your orders as a new shipment of the same order, due from today."] : []),
          pays,
          `"${clip(note)}"`,
        ],
        action: "Open the case",
      },
      admins: {
        subject: `Case ${ref} resolved: ${CASE_RESOLUTION_LABELS[resolution].toLowerCase()}`,
        heading: `Case ${ref} is resolved`,
        paragraphs: [
          `${CASE_RESOLUTION_LABELS[resolution]}${amount ? ` (${amount})` : ""}. Fault: ${FAULT_LABELS[fault]}.`,
          `"${clip(note)}"`,
        ],
        action: "Open the case",
      },
    });
    return { reprintGroupId, refundMinor, refundId };
  });
  if (out.refundId) await refundAfterCommit(ctx.db, out.refundId);
  return { reprintGroupId: out.reprintGroupId, refundMinor: out.refundMinor };
}

/** The case's lines chosen for a remedy (all by default), each at most what the case is about. */
function pickLines(
  lines: CaseLineRow[],
  wanted: { lineId: string; quantity: number }[] | undefined,
  what: "reprint" | "refund",
): { lineId: string; quantity: number }[] {
  if (!wanted?.length) return lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity }));
  return wanted.map((w) => {
    const l = lines.find((x) => x.lineId === w.lineId);
    if (!l) throw new AppError("case-line", "That item is not part of this case.", 422, "lines");
    if (!Number.isInteger(w.quantity) || w.quantity < 1 || w.quantity > l.quantity)
      throw new AppError(
        "case-quantity",
        `The case is about ${l.quantity} of ${l.title}: ${what} from 1 to ${l.quantity}.`,
        422,
        `qty.${l.lineId}`,
      );
    return { lineId: l.lineId, quantity: w.quantity };
  });
}

/** Admin: close a resolved case (with an optional last word); the shopper and the print shop are told. */
export async function closeCase(ctx: Ctx, input: { caseId: string; note?: string }): Promise<void> {
  if (!hasRole(ctx.actor, "admin")) throw new AppError("forbidden", "Only the Platen team closes cases.", 403);
  const note = (input.note ?? "").trim();
  if (note.length > CASE_MESSAGE_MAX)
    throw new AppError("case-message", `Use at most ${CASE_MESSAGE_MAX.toLocaleString("en-US")} characters.`, 422, "note");
  const row = await loadCase(ctx.db, input.caseId);
  const shop = await getFulfillerById(ctx, row.fulfillerId);
  await transaction(ctx.db, async (tx) => {
    const tctx = withDb(ctx, tx);
    const c = await loadCase(tx, row.id, true);
    const now = ctx.clock.now();
    if (c.status !== "resolved")
      throw new AppError(
        "case-not-resolved",
        c.status === "closed" ? `Case ${caseRef(c.number)} is already closed.` : `Resolve case ${caseRef(c.number)} before closing it.`,
        409,
      );
    if (note)
      await tx.insert(caseMessages).values({
        id: newId("csm"),
        caseId: c.id,
        author: "admin",
        authorUserId: actorUserId(ctx.actor),
        body: note,
        internal: false,
        createdAt: now,
      });
    await caseMachine.transition(tctx, c.id, "closed", {
      reason: "Closed",
      expectFrom: "resolved",
      set: { closedAt: now, updatedAt: now, lastActivityAt: now },
    });
    const ref = caseRef(c.number);
    const last = note ? [`"${clip(note)}"`] : [];
    await tell(ctx, tx, c, shop, {
      shopper: {
        subject: `Case ${ref} is closed`,
        heading: `Case ${ref} is closed`,
        paragraphs: [
          `We closed your case about order ${c.orderNumber}. Thank you for your patience.`,
          ...last,
          "Something else not right? Report it from your order's page.",
        ],
        action: "View your case",
      },
      printShop: {
        subject: `Case ${ref} is closed (order ${c.orderNumber})`,
        heading: `Case ${ref} is closed`,
        paragraphs: [`Platen closed the case about order ${c.orderNumber}.`, ...last],
        action: "Open the case",
      },
      admins: {
        subject: `Case ${ref} is closed`,
        heading: `Case ${ref} is closed`,
        paragraphs: [`Case ${ref} about order ${c.orderNumber} is closed.`, ...last],
        action: "Open the case",
      },
    });
  });
}

// ---- e-mails -----------------------------------------------------------------------------------

interface Notice {
  subject: string;
  heading: string;
  paragraphs: string[];
  action: string;
}

const clip = (text: string, max = 1200) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** "May 6, 2026, 9:30 AM UTC". */
function formatWhen(d: Date): string {
  return `${new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(d)} UTC`;
}

/**
 * E-mails a step to each party named (never to the person who took it): the shopper at the order's
 * address with the case's signed link, the print shop's owner, and Platen's admins.
 */
async function tell(
  ctx: Ctx,
  tx: Db,
  c: CaseRow,
  shop: FulfillerRow | null,
  notices: { shopper?: Notice; printShop?: Notice; admins?: Notice },
  /** Also e-mail the shopper when the shopper took the step (the receipt of a new report). */
  receipt = false,
): Promise<void> {
  const base = env().PUBLIC_URL.replace(/\/+$/, "");
  const now = ctx.clock.now();
  const me = actorUserId(ctx.actor);
  const ref = caseRef(c.number);
  const send = (to: string, name: string, n: Notice, url: string, reason: string) =>
    sendEmail(tx, {
      to,
      toName: name,
      template: "notice",
      params: { name, subject: n.subject, heading: n.heading, paragraphs: n.paragraphs, actionLabel: n.action, actionUrl: url, reason },
    });
  if (notices.shopper && (receipt || !(me && me === c.shopperUserId)))
    await send(
      c.shopperEmail,
      c.shopperName,
      notices.shopper,
      `${base}/shop/orders/${c.orderId}/cases/${c.id}?token=${encodeURIComponent(orderToken(c.orderId, now))}`,
      `You reported a problem with order ${c.orderNumber} on Platen (case ${ref}).`,
    );
  if (notices.printShop && shop && shop.ownerUserId !== me) {
    const owner = (await contactsOf(tx, [shop.ownerUserId]))[shop.ownerUserId];
    if (owner)
      await send(
        owner.email,
        shop.name,
        notices.printShop,
        `${base}/fulfillment/@${shop.handle}/administration/cases/${c.id}`,
        `${shop.name} made order ${c.orderNumber} for Platen.`,
      );
  }
  if (notices.admins)
    for (const a of await adminContacts(tx))
      if (a.userId !== me) await send(a.email, a.name, notices.admins, `${base}/admin/cases/${c.id}`, "You are an admin of Platen.");
}
