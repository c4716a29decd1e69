// What the analytics module (ADR 0018) reads of the ledger: a party's share booked per day,
// when its payables become available, and its entries on order lines as a subquery. Every figure
// is a sum of entries, never an estimate. The caller has checked who asks.
import { and, eq, gt, gte, inArray, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Ctx } from "../../kernel/index.ts";
import { ledgerEntries } from "./schema.ts";
import { ACCOUNTS } from "./types.ts";

type ReadCtx = Pick<Ctx, "db" | "clock">;

export interface LedgerParty {
  kind: "store" | "fulfiller";
  id: string;
}

const accountsOf = (p: LedgerParty) =>
  p.kind === "store"
    ? [ACCOUNTS.storePending(p.id), ACCOUNTS.storePayable(p.id)]
    : [ACCOUNTS.fulfillerPending(p.id), ACCOUNTS.fulfillerPayable(p.id)];

/** The date of a timestamp column in an IANA time zone, in SQL (the name is checked, then inlined so the select and its group by are one expression). */
const dateIn = (column: SQL | AnyColumn, timeZone = "UTC") => {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) throw new Error(`Not a time zone name: ${timeZone}`);
  return sql`(${column} at time zone ${sql.raw(`'${timeZone}'`)})::date`;
};
/** That date as `YYYY-MM-DD`. */
const asDay = (date: SQL) => sql<string>`to_char(${date}, 'YYYY-MM-DD')`;
/** The day (`YYYY-MM-DD`) of a timestamp column in an IANA time zone, in SQL. */
const dayIn = (column: SQL | AnyColumn, timeZone = "UTC") => asDay(dateIn(column, timeZone));

/**
 * The party's share booked per day (in `timeZone`, default UTC) in `[from, to)`, in `currency`: what sales credited it less
 * what refunds took back, on the day each was booked (a delivery only moves a share from pending
 * to payable, so it nets to zero here). Reads the party's entries of the window by (account, created_at).
 */
export async function partyDailyShares(
  ctx: ReadCtx,
  party: LedgerParty,
  window: { from: Date; to: Date; currency: string; timeZone?: string },
): Promise<{ date: string; amountMinor: number }[]> {
  // Grouped by date, formatted once per day (not once per entry).
  const date = dateIn(ledgerEntries.createdAt, window.timeZone);
  const rows = await ctx.db
    .select({ date: asDay(date), amount: sql<string>`-sum(${ledgerEntries.amountMinor})` })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.account, accountsOf(party)),
        gte(ledgerEntries.createdAt, window.from),
        lt(ledgerEntries.createdAt, window.to),
        eq(ledgerEntries.currency, window.currency),
      ),
    )
    .groupBy(date);
  return rows.map((r) => ({ date: r.date, amountMinor: Number(r.amount) || 0 }));
}

/**
 * When the party's delivered earnings become available to pay out: the payable still inside its
 * hold period, summed per day of `available_at` (in `timeZone`, default UTC), soonest first (at
 * most `limit` days).
 */
export async function payableSchedule(
  ctx: ReadCtx,
  party: LedgerParty,
  options: { currency: string; limit?: number; timeZone?: string },
): Promise<{ date: string; amountMinor: number }[]> {
  const account = party.kind === "store" ? ACCOUNTS.storePayable(party.id) : ACCOUNTS.fulfillerPayable(party.id);
  const day = dayIn(ledgerEntries.availableAt, options.timeZone);
  const rows = await ctx.db
    .select({ date: day, amount: sql<string>`-sum(${ledgerEntries.amountMinor})` })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.account, account), gt(ledgerEntries.availableAt, ctx.clock.now()), eq(ledgerEntries.currency, options.currency)),
    )
    .groupBy(day)
    .orderBy(day)
    .limit(Math.max(1, Math.min(366, options.limit ?? 60)));
  return rows.map((r) => ({ date: r.date, amountMinor: Number(r.amount) || 0 })).filter((r) => r.amountMinor !== 0);
}

/**
 * The party's entries on order lines booked in `[from, to)`, as a parenthesised subquery to join
 * with an alias (columns: line_id, amount_minor; credits positive): one row per entry, for the
 * caller to sum per line or per what it joins them to (summing once, after the join, is cheaper
 * than summing per line first). Reads the party's entries by (account, created_at).
 */
export function partyLineEntriesSql(party: LedgerParty, window: { from: Date; to: Date; currency: string }): SQL {
  const [pending, payable] = accountsOf(party);
  return sql`(select ${ledgerEntries.lineId} as line_id, -${ledgerEntries.amountMinor}::bigint as amount_minor
    from ${ledgerEntries}
    where ${ledgerEntries.account} in (${pending}, ${payable}) and ${ledgerEntries.createdAt} >= ${window.from}
      and ${ledgerEntries.createdAt} < ${window.to} and ${ledgerEntries.currency} = ${window.currency}
      and ${ledgerEntries.lineId} is not null)`;
}
