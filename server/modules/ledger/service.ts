// The ledger: journals that balance, written once. Posting functions are called by the orders
// module inside its own transactions (it has checked who acts); each is idempotent on the
// business event's key. Reading functions serve the pages of the parties the caller has checked.
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { isUniqueViolation, newId, transaction, type Db } from "../../infra/db/index.ts";
import { AppError, type Actor, type Ctx } from "../../kernel/index.ts";
import { ledgerEntries, ledgerJournals } from "./schema.ts";
import { splitMinor, type Money } from "../../contracts/money.ts";
import { computeOrderShares, LedgerError } from "./shares.ts";
import {
  ACCOUNTS,
  type Balance,
  type FaultCharge,
  type JournalKind,
  type JournalView,
  type OrderBreakdown,
  type OrderMoney,
} from "./types.ts";

type ReadCtx = Pick<Ctx, "db" | "clock">;

interface EntryInput {
  account: string;
  amountMinor: number;
  lineId?: string | null;
  groupId?: string | null;
  availableAt?: Date | null;
}

const actorText = (a: Actor) => (a.kind === "user" ? `user:${a.userId}` : a.kind === "system" ? `system:${a.reason}` : "anonymous");

/** Check a journal's entries: at least two, whole non-zero amounts, summing to zero. */
export function assertBalanced(entries: readonly EntryInput[]): void {
  if (entries.length < 2) throw new LedgerError("A journal needs at least two entries.");
  let sum = 0;
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amountMinor) || e.amountMinor === 0)
      throw new LedgerError(`An entry on ${e.account} is not a whole, non-zero amount (${e.amountMinor}).`);
    sum += e.amountMinor;
  }
  if (sum !== 0) throw new LedgerError(`The journal does not balance: its entries sum to ${sum}.`);
}

async function journalByKey(db: Db, key: string): Promise<JournalView | null> {
  const [j] = await db.select().from(ledgerJournals).where(eq(ledgerJournals.idempotencyKey, key)).limit(1);
  if (!j) return null;
  return (await journalsWith(db, [j]))[0]!;
}

async function journalsWith(db: Db, journals: (typeof ledgerJournals.$inferSelect)[]): Promise<JournalView[]> {
  if (!journals.length) return [];
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.journalId,
        journals.map((j) => j.id),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
  return journals.map((j) => journalView(j, entries));
}

/** A journal and its entries (sorted by id, as read back) as the ledger shows them. */
function journalView(j: typeof ledgerJournals.$inferSelect, entries: readonly (typeof ledgerEntries.$inferSelect)[]): JournalView {
  return {
    id: j.id,
    kind: j.kind,
    orderId: j.orderId,
    createdAt: j.createdAt,
    memo: j.memo,
    entries: entries
      .filter((e) => e.journalId === j.id)
      .map((e) => ({
        account: e.account,
        amountMinor: Number(e.amountMinor),
        lineId: e.lineId,
        groupId: e.groupId,
        availableAt: e.availableAt,
      })),
  };
}

/** Write a balanced journal once per key (a second call returns the first). */
async function post(
  ctx: Ctx,
  j: { kind: JournalKind; orderId: string; key: string; memo: string; currency: string; reverses?: string | null },
  raw: readonly EntryInput[],
): Promise<JournalView> {
  const existing = await journalByKey(ctx.db, j.key);
  if (existing) return existing;
  const entries = raw.filter((e) => e.amountMinor !== 0);
  assertBalanced(entries);
  const id = newId("led");
  const at = ctx.clock.now();
  try {
    // The written rows come back from the inserts: no second read of what was just written.
    return await transaction(ctx.db, async (tx) => {
      const [journal] = await tx
        .insert(ledgerJournals)
        .values({
          id,
          kind: j.kind,
          orderId: j.orderId,
          reversesJournalId: j.reverses ?? null,
          idempotencyKey: j.key,
          memo: j.memo,
          currency: j.currency,
          actor: actorText(ctx.actor),
          createdAt: at,
        })
        .returning();
      const written = await tx
        .insert(ledgerEntries)
        .values(
          entries.map((e) => ({
            id: newId("led"),
            journalId: id,
            account: e.account,
            amountMinor: e.amountMinor,
            currency: j.currency,
            orderId: j.orderId,
            lineId: e.lineId ?? null,
            groupId: e.groupId ?? null,
            availableAt: e.availableAt ?? null,
            createdAt: at,
          })),
        )
        .returning();
      return journalView(
        journal!,
        written.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await journalByKey(ctx.db, j.key);
      if (again) return again;
    }
    throw error;
  }
}

/** The sale: payments clearing on one side; tax, the fulfillers, the platform and the stores on the other. */
export async function postOrderPaid(ctx: Ctx, m: OrderMoney): Promise<JournalView> {
  const s = computeOrderShares(m);
  const entries: EntryInput[] = [{ account: ACCOUNTS.paymentsClearing, amountMinor: m.totalMinor }];
  for (const l of s.lines) {
    const dims = { lineId: l.lineId, groupId: l.groupId };
    entries.push(
      { account: ACCOUNTS.fulfillerPending(l.fulfillerId), amountMinor: -l.baseCostMinor, ...dims },
      { account: ACCOUNTS.platformRevenue, amountMinor: -l.platformFeeMinor, ...dims },
      { account: ACCOUNTS.storePending(l.storeId), amountMinor: -l.storeMinor, ...dims },
      { account: ACCOUNTS.taxPayable, amountMinor: -l.taxMinor, ...dims },
    );
  }
  for (const g of s.groups)
    entries.push(
      { account: ACCOUNTS.fulfillerPending(g.fulfillerId), amountMinor: -g.shippingNetMinor, groupId: g.groupId },
      { account: ACCOUNTS.taxPayable, amountMinor: -g.shippingTaxMinor, groupId: g.groupId },
    );
  return post(
    ctx,
    { kind: "order_paid", orderId: m.orderId, key: `order-paid:${m.orderId}`, memo: "Order paid", currency: m.currency },
    entries,
  );
}

/** A share still standing on the order: one (party account, line, group) slot and what is left of it. */
interface Slot {
  account: string;
  lineId: string | null;
  groupId: string | null;
  standing: number;
  availableAt: Date | null;
}

/** What is left of every share of the order (credits, as positive numbers), after every journal so far. */
async function standingSlots(db: Db, orderId: string): Promise<{ slots: Slot[]; currency: string; paidJournalId: string }> {
  const [paid] = await db
    .select()
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.orderId, orderId), eq(ledgerJournals.kind, "order_paid")))
    .limit(1);
  if (!paid) throw new AppError("ledger-unpaid", "This order has no payment in the ledger.", 409);
  const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(asc(ledgerEntries.id));
  const map = new Map<string, Slot>();
  for (const e of rows) {
    if (e.account === ACCOUNTS.paymentsClearing || e.account === ACCOUNTS.refunds) continue;
    const key = `${e.account}|${e.lineId ?? ""}|${e.groupId ?? ""}`;
    const slot = map.get(key) ?? { account: e.account, lineId: e.lineId, groupId: e.groupId, standing: 0, availableAt: null };
    slot.standing -= Number(e.amountMinor);
    if (e.availableAt) slot.availableAt = e.availableAt;
    map.set(key, slot);
  }
  return { slots: [...map.values()].filter((s) => s.standing > 0), currency: paid.currency, paidJournalId: paid.id };
}

/**
 * Money going back to the shopper: the shares still standing for what is refunded are reversed in
 * proportion (largest remainder). `lines` and `groupIds` name what is refunded with the amount
 * the orders module computed for each; `extraMinor` is an amount spread over everything left.
 * With `kind: "cancelled"` and nothing named, everything left is reversed.
 *
 * With `chargeTo` (a case found the print shop or the platform at fault), the tax is reversed as
 * always but the rest is not taken from the store, the platform and the print shop in proportion:
 * the party at fault pays all of it (the print shop's payable, available now, or the platform's
 * revenue), so the others keep their shares.
 */
export async function postOrderRefund(
  ctx: Ctx,
  input: {
    orderId: string;
    refundId: string;
    kind: "refunded" | "cancelled";
    lines?: { lineId: string; amountMinor: number }[];
    groups?: { groupId: string; amountMinor: number }[];
    extraMinor?: number;
    chargeTo?: FaultCharge;
  },
): Promise<JournalView> {
  const key = `order-refund:${input.refundId}`;
  const existing = await journalByKey(ctx.db, key);
  if (existing) return existing;
  const { slots, currency, paidJournalId } = await standingSlots(ctx.db, input.orderId);
  const everything = !input.lines?.length && !input.groups?.length && !input.extraMinor;
  const taken = new Map<Slot, number>();
  const left = (s: Slot) => s.standing - (taken.get(s) ?? 0);
  const take = (scope: Slot[], amount: number, what: string) => {
    if (amount <= 0) return;
    const pool = scope.filter((s) => left(s) > 0);
    const available = pool.reduce((a, s) => a + left(s), 0);
    const here = Math.min(amount, available);
    const parts = splitMinor(here, pool.map(left));
    pool.forEach((s, i) => taken.set(s, (taken.get(s) ?? 0) + parts[i]!));
    if (here < amount) {
      // What the named line or shipping no longer holds comes out of the rest of the order.
      const rest = slots.filter((s) => !scope.includes(s) && left(s) > 0);
      const more = amount - here;
      const restAvailable = rest.reduce((a, s) => a + left(s), 0);
      if (more > restAvailable)
        throw new AppError("refund-too-much", `The ledger has less left on this order than the refund of ${what}.`, 409);
      const p2 = splitMinor(more, rest.map(left));
      rest.forEach((s, i) => taken.set(s, (taken.get(s) ?? 0) + p2[i]!));
    }
  };
  if (everything) for (const s of slots) taken.set(s, s.standing);
  for (const l of input.lines ?? [])
    take(
      slots.filter((s) => s.lineId === l.lineId),
      l.amountMinor,
      "that item",
    );
  for (const g of input.groups ?? [])
    take(
      slots.filter((s) => s.groupId === g.groupId && s.lineId === null),
      g.amountMinor,
      "that shipping",
    );
  if (input.extraMinor) take(slots, input.extraMinor, "that amount");
  const total = [...taken.values()].reduce((a, b) => a + b, 0);
  if (total <= 0) throw new AppError("refund-empty", "There is nothing left to refund on this order.", 409);
  const entries: EntryInput[] = [];
  const charge = input.chargeTo;
  // What the party at fault pays instead, per (line, group) of the shares it spares.
  const charged = new Map<string, { lineId: string | null; groupId: string | null; amount: number }>();
  for (const [s, amount] of taken) {
    if (amount <= 0) continue;
    if (charge && s.account !== ACCOUNTS.taxPayable) {
      const k = `${s.lineId ?? ""}|${s.groupId ?? ""}`;
      const c = charged.get(k) ?? { lineId: s.lineId, groupId: s.groupId, amount: 0 };
      c.amount += amount;
      charged.set(k, c);
      continue;
    }
    entries.push({ account: s.account, amountMinor: amount, lineId: s.lineId, groupId: s.groupId, availableAt: s.availableAt });
  }
  if (charge)
    for (const c of charged.values())
      entries.push(
        charge.party === "fulfiller"
          ? {
              account: ACCOUNTS.fulfillerPayable(charge.fulfillerId),
              amountMinor: c.amount,
              lineId: c.lineId,
              groupId: c.groupId,
              availableAt: ctx.clock.now(),
            }
          : { account: ACCOUNTS.platformRevenue, amountMinor: c.amount, lineId: c.lineId, groupId: c.groupId },
      );
  // Owed back to the shopper until the provider makes the refund (postRefundPaidOut).
  entries.push({ account: ACCOUNTS.refunds, amountMinor: -total });
  const memo =
    input.kind === "cancelled"
      ? "Order cancelled: everything refunded"
      : !charge
        ? "Refund"
        : charge.party === "fulfiller"
          ? `Refund charged to the print shop (fault: ${charge.fault})`
          : `Refund paid by Platen (fault: ${charge.fault})`;
  return post(
    ctx,
    {
      kind: input.kind === "cancelled" ? "order_cancelled" : "order_refunded",
      orderId: input.orderId,
      key,
      memo,
      currency,
      reverses: paidJournalId,
    },
    entries,
  );
}

/**
 * A case resolved by a reprint (issue 23): the print shop that makes the items again earns their
 * base cost (pending until the reprint is delivered, as for any line), and the party at fault pays
 * it: the print shop itself (its payable is charged now, so it makes them again at its own cost)
 * or the platform (out of its revenue). The shopper pays nothing. Once per reprint group.
 */
export async function postReprint(
  ctx: Ctx,
  input: {
    orderId: string;
    groupId: string;
    fulfillerId: string;
    currency: string;
    lines: { lineId: string; costMinor: number }[];
    chargeTo: FaultCharge;
  },
): Promise<JournalView | null> {
  const key = `reprint:${input.groupId}`;
  const existing = await journalByKey(ctx.db, key);
  if (existing) return existing;
  const entries: EntryInput[] = [];
  for (const l of input.lines) {
    if (!Number.isSafeInteger(l.costMinor) || l.costMinor < 0)
      throw new LedgerError(`A reprint's cost is not a whole amount (${l.costMinor}).`);
    if (l.costMinor === 0) continue;
    const dims = { lineId: l.lineId, groupId: input.groupId };
    entries.push(
      { account: ACCOUNTS.fulfillerPending(input.fulfillerId), amountMinor: -l.costMinor, ...dims },
      input.chargeTo.party === "fulfiller"
        ? {
            account: ACCOUNTS.fulfillerPayable(input.chargeTo.fulfillerId),
            amountMinor: l.costMinor,
            ...dims,
            availableAt: ctx.clock.now(),
          }
        : { account: ACCOUNTS.platformRevenue, amountMinor: l.costMinor, ...dims },
    );
  }
  if (!entries.length) return null; // nothing with a cost (a blank at no cost)
  return post(
    ctx,
    {
      kind: "reprint",
      orderId: input.orderId,
      key,
      memo:
        input.chargeTo.party === "fulfiller"
          ? `Reprint at the print shop's cost (fault: ${input.chargeTo.fault})`
          : `Reprint paid by Platen (fault: ${input.chargeTo.fault})`,
      currency: input.currency,
    },
    entries,
  );
}

/**
 * The payment provider made a refund: what was owed back to the shopper leaves payments clearing.
 * Once per refund; until then the refund shows as owed (`refunds`), so the ledger says what the
 * provider did, not what Platen asked of it.
 */
export async function postRefundPaidOut(ctx: Ctx, input: { orderId: string; refundId: string; amount: Money }): Promise<JournalView> {
  return post(
    ctx,
    {
      kind: "refund_paid_out",
      orderId: input.orderId,
      key: `refund-paid-out:${input.refundId}`,
      memo: "Refund made by the payment provider",
      currency: input.amount.currency,
    },
    [
      { account: ACCOUNTS.refunds, amountMinor: input.amount.amount },
      { account: ACCOUNTS.paymentsClearing, amountMinor: -input.amount.amount },
    ],
  );
}

/**
 * A payment arrived after its order was cancelled or had expired: the money came in and is owed
 * back at once (the refund then pays it out). Once per order.
 */
export async function postLatePayment(ctx: Ctx, input: { orderId: string; amount: Money }): Promise<JournalView> {
  return post(
    ctx,
    {
      kind: "late_payment",
      orderId: input.orderId,
      key: `late-payment:${input.orderId}`,
      memo: "Paid after the order was closed: refunded in full",
      currency: input.amount.currency,
    },
    [
      { account: ACCOUNTS.paymentsClearing, amountMinor: input.amount.amount },
      { account: ACCOUNTS.refunds, amountMinor: -input.amount.amount },
    ],
  );
}

/** A group was delivered: its store and fulfiller shares move from pending to payable, available after the hold. */
export async function postGroupDelivered(
  ctx: Ctx,
  input: { orderId: string; groupId: string; deliveredAt: Date; holdDays: number },
): Promise<JournalView | null> {
  const key = `group-delivered:${input.groupId}`;
  const existing = await journalByKey(ctx.db, key);
  if (existing) return existing;
  const { slots, currency } = await standingSlots(ctx.db, input.orderId);
  const availableAt = new Date(input.deliveredAt.getTime() + input.holdDays * 86_400_000);
  const entries: EntryInput[] = [];
  for (const s of slots) {
    if (s.groupId !== input.groupId) continue;
    const [kind, id] = s.account.split(":");
    const to = kind === "store_pending" ? ACCOUNTS.storePayable(id!) : kind === "fulfiller_pending" ? ACCOUNTS.fulfillerPayable(id!) : null;
    if (!to) continue;
    entries.push(
      { account: s.account, amountMinor: s.standing, lineId: s.lineId, groupId: s.groupId },
      { account: to, amountMinor: -s.standing, lineId: s.lineId, groupId: s.groupId, availableAt },
    );
  }
  if (!entries.length) return null;
  return post(
    ctx,
    { kind: "group_delivered", orderId: input.orderId, key, memo: "Shipment delivered: earnings payable after the hold period", currency },
    entries,
  );
}

// ---- reading ----------------------------------------------------------------------------------

export async function orderJournals(ctx: ReadCtx, orderId: string): Promise<JournalView[]> {
  const journals = await ctx.db
    .select()
    .from(ledgerJournals)
    .where(eq(ledgerJournals.orderId, orderId))
    .orderBy(asc(ledgerJournals.createdAt), asc(ledgerJournals.id));
  return journalsWith(ctx.db, journals);
}

/** A store's or fulfiller's balance: pending until delivered, held for the hold period, then available. */
export async function partyBalance(
  ctx: ReadCtx & { db: Db },
  party: { kind: "store" | "fulfiller"; id: string },
  currency = "USD",
): Promise<Balance> {
  const pending = party.kind === "store" ? ACCOUNTS.storePending(party.id) : ACCOUNTS.fulfillerPending(party.id);
  const payable = party.kind === "store" ? ACCOUNTS.storePayable(party.id) : ACCOUNTS.fulfillerPayable(party.id);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({
      pending: sql<string>`coalesce(-sum(${ledgerEntries.amountMinor}) filter (where ${ledgerEntries.account} = ${pending}), 0)`,
      held: sql<string>`coalesce(-sum(${ledgerEntries.amountMinor}) filter (where ${ledgerEntries.account} = ${payable} and ${ledgerEntries.availableAt} > ${now}), 0)`,
      available: sql<string>`coalesce(-sum(${ledgerEntries.amountMinor}) filter (where ${ledgerEntries.account} = ${payable} and (${ledgerEntries.availableAt} is null or ${ledgerEntries.availableAt} <= ${now})), 0)`,
      currency: sql<string | null>`min(${ledgerEntries.currency})`,
    })
    .from(ledgerEntries)
    .where(or(eq(ledgerEntries.account, pending), eq(ledgerEntries.account, payable)));
  return {
    currency: row?.currency ?? currency,
    pendingMinor: Number(row?.pending ?? 0) || 0,
    heldMinor: Number(row?.held ?? 0) || 0,
    availableMinor: Number(row?.available ?? 0) || 0,
  };
}

/** lineId → the store's current share of that line (after refunds). */
export async function lineEarnings(ctx: ReadCtx, input: { storeId: string; orderIds: string[] }): Promise<Map<string, number>> {
  if (!input.orderIds.length) return new Map();
  const rows = await ctx.db
    .select({ lineId: ledgerEntries.lineId, total: sql<string>`-sum(${ledgerEntries.amountMinor})` })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.orderId, input.orderIds),
        inArray(ledgerEntries.account, [ACCOUNTS.storePending(input.storeId), ACCOUNTS.storePayable(input.storeId)]),
      ),
    )
    .groupBy(ledgerEntries.lineId);
  return new Map(rows.filter((r) => r.lineId).map((r) => [r.lineId!, Number(r.total)]));
}

/** groupId → the fulfiller's current share of that shipment group (base costs and shipping, after refunds). */
export async function fulfillerEarnings(ctx: ReadCtx, input: { fulfillerId: string; orderIds: string[] }): Promise<Map<string, number>> {
  if (!input.orderIds.length) return new Map();
  const rows = await ctx.db
    .select({ groupId: ledgerEntries.groupId, total: sql<string>`-sum(${ledgerEntries.amountMinor})` })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.orderId, input.orderIds),
        inArray(ledgerEntries.account, [ACCOUNTS.fulfillerPending(input.fulfillerId), ACCOUNTS.fulfillerPayable(input.fulfillerId)]),
      ),
    )
    .groupBy(ledgerEntries.groupId);
  return new Map(rows.filter((r) => r.groupId).map((r) => [r.groupId!, Number(r.total)]));
}

/** Where an order's money stands now, after every refund. */
export async function orderBreakdown(ctx: ReadCtx, orderId: string): Promise<OrderBreakdown> {
  const rows = await ctx.db
    .select({
      account: ledgerEntries.account,
      total: sql<string>`sum(${ledgerEntries.amountMinor})`,
      debits: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}) filter (where ${ledgerEntries.amountMinor} > 0), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .groupBy(ledgerEntries.account);
  const out: OrderBreakdown = { charged: 0, refunded: 0, refundPending: 0, tax: 0, platform: 0, stores: {}, fulfillers: {} };
  for (const r of rows) {
    const total = Number(r.total);
    const [kind, id] = r.account.split(":");
    if (kind === "payments_clearing") {
      out.charged = Number(r.debits);
      out.refunded = Number(r.debits) - total;
    } else if (kind === "refunds") out.refundPending = 0 - total || 0;
    else if (kind === "tax_payable") out.tax = 0 - total || 0;
    else if (kind === "platform_revenue") out.platform = 0 - total || 0;
    else if (kind === "store_pending" || kind === "store_payable") out.stores[id!] = (out.stores[id!] ?? 0) - total || 0;
    else if (kind === "fulfiller_pending" || kind === "fulfiller_payable") out.fulfillers[id!] = (out.fulfillers[id!] ?? 0) - total || 0;
  }
  return out;
}

/** Every account's balance (debits positive): the trial balance, which always sums to zero. */
export async function trialBalance(ctx: ReadCtx, opts: { orderId?: string } = {}): Promise<Record<string, number>> {
  const rows = await ctx.db
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amountMinor})` })
    .from(ledgerEntries)
    .where(opts.orderId ? eq(ledgerEntries.orderId, opts.orderId) : undefined)
    .groupBy(ledgerEntries.account);
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.total)]));
}
