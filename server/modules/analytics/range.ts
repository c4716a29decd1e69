// The date range of an analytics page or CSV: days (of the print shop's time zone, or UTC), both ends
// included, at most a leap year.
import { z } from "zod";
import { AppError } from "../../kernel/index.ts";
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS, type AnalyticsRange } from "./types.ts";

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const dayField = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, c) => {
      if (!v) return null;
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      const at = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
      if (!m || Number.isNaN(at) || isoDay(new Date(at)) !== v || Number(m[1]) < 2000) {
        c.addIssue({ code: "custom", message: `Enter the ${name} date as YYYY-MM-DD, for example 2026-03-01.` });
        return z.NEVER;
      }
      return at;
    });

const rangeQuery = z.object({ from: dayField("start"), to: dayField("end") });

/** `name` when it is an IANA time zone name this runtime knows (safe to inline in SQL), else UTC. */
export function knownTimeZone(name: string | null | undefined): string {
  if (!name || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return name;
  } catch {
    return "UTC";
  }
}

/** The day (`YYYY-MM-DD`) of `at` in `timeZone`. */
export function dayIn(at: Date, timeZone: string): string {
  return isoDay(new Date(at.getTime() + offsetAt(at.getTime(), timeZone)));
}

/** The range of the last ANALYTICS_DEFAULT_DAYS days, today (in `timeZone`, UTC by default) included. */
export function defaultRange(now: Date, timeZone = "UTC"): AnalyticsRange {
  const to = Date.parse(`${dayIn(now, timeZone)}T00:00:00Z`);
  return rangeOf(to - (ANALYTICS_DEFAULT_DAYS - 1) * DAY, to);
}

function rangeOf(from: number, to: number): AnalyticsRange {
  return { from: isoDay(new Date(from)), to: isoDay(new Date(to)), days: Math.round((to - from) / DAY) + 1 };
}

export type RangeResult = { ok: true; range: AnalyticsRange } | { ok: false; errors: Partial<Record<"from" | "to", string>> };

/**
 * Read `from` and `to` (`YYYY-MM-DD`, both included). Either may be left out: the end defaults to
 * today (in `timeZone`) and the start to ANALYTICS_DEFAULT_DAYS days before the end. Refused, with the
 * message on its field: a date that is not one, a start after the end, more than
 * ANALYTICS_MAX_DAYS days.
 */
export function parseAnalyticsRange(input: { from?: string | null; to?: string | null }, now: Date, timeZone = "UTC"): RangeResult {
  const parsed = rangeQuery.safeParse({ from: input.from ?? undefined, to: input.to ?? undefined });
  if (!parsed.success) {
    const errors: Partial<Record<"from" | "to", string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "to" ? "to" : "from";
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const today = defaultRange(now, timeZone);
  const to = parsed.data.to ?? Date.parse(`${today.to}T00:00:00Z`);
  const from = parsed.data.from ?? to - (ANALYTICS_DEFAULT_DAYS - 1) * DAY;
  if (from > to) return { ok: false, errors: { from: "The start date is after the end date." } };
  if (Math.round((to - from) / DAY) + 1 > ANALYTICS_MAX_DAYS)
    return { ok: false, errors: { to: `Choose at most ${ANALYTICS_MAX_DAYS} days: the range has ${Math.round((to - from) / DAY) + 1}.` } };
  return { ok: true, range: rangeOf(from, to) };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second")) - (at - (at % 1000));
}

/** The instant a day (`YYYY-MM-DD`) starts in `timeZone` (its first minute; after a spring-forward gap). */
export function startOfDay(day: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let at = wall - offsetAt(wall, timeZone);
  at = wall - offsetAt(at, timeZone);
  return new Date(at);
}

/**
 * A range as the instants the queries read: from the start of `from` to the start of the day after
 * `to` (excluded), both in `timeZone` (an IANA name: the print shop's, UTC for a store).
 */
export function windowOf(range: AnalyticsRange, timeZone = "UTC"): { from: Date; to: Date; timeZone: string } {
  const next = isoDay(new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY));
  return { from: startOfDay(range.from, timeZone), to: startOfDay(next, timeZone), timeZone };
}

/** Every day of the range, in order. */
export function daysOf(range: AnalyticsRange): string[] {
  const start = Date.parse(`${range.from}T00:00:00Z`);
  return Array.from({ length: range.days }, (_, i) => isoDay(new Date(start + i * DAY)));
}

/** A range that must be valid (service callers that took it from a page): 422 on the field otherwise. */
export function assertRange(range: AnalyticsRange): AnalyticsRange {
  const r = parseAnalyticsRange({ from: range.from, to: range.to }, new Date(`${range.to}T12:00:00Z`));
  if (!r.ok) {
    const [field, message] = Object.entries(r.errors)[0]!;
    throw new AppError("invalid-range", message, 422, field);
  }
  return r.range;
}
