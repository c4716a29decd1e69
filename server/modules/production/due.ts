// A line's clock (fulfillment notes: "a clock on every line"): due = the day it was paid, moved to
// the next day when paid at or after the warehouse's daily cut-off (its local time), plus the
// blank's production days, at the cut-off time of that day. Pure; time zones through Intl.

/** One formatter a time zone, made once (making one costs far more than using it: a floor list asks for hundreds). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    if (formatters.size < 1000) formatters.set(timeZone, f);
  }
  return f;
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number };

/** The wall-clock parts of `at` in `timeZone`, as Intl formats them. */
export function zonedPartsByFormatting(at: Date, timeZone: string): Parts {
  const parts = formatterOf(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute") };
}

const HOUR = 3_600_000;
/**
 * A zone's offset from UTC (ms) through each UTC hour, or NaN for an hour in which it changes: by
 * time zone, then hour. Formatting an instant costs a few microseconds and a floor page asks for
 * hundreds (every line's due time, a few for each); the offset holds for hours at a time.
 */
const offsets = new Map<string, Map<number, number>>();
const MAX_HOURS = 20_000;

function offsetAt(t: number, timeZone: string): number {
  const p = zonedPartsByFormatting(new Date(t), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(t / 60_000) * 60_000;
}

function hourOffset(t: number, timeZone: string): number {
  const hour = Math.floor(t / HOUR);
  let zone = offsets.get(timeZone);
  if (!zone) {
    if (offsets.size >= 1000) offsets.clear();
    offsets.set(timeZone, (zone = new Map()));
  }
  let offset = zone.get(hour);
  if (offset === undefined) {
    // The same offset at the hour's first and last millisecond: no change in between (a zone
    // changes its offset at most once in an hour).
    const first = offsetAt(hour * HOUR, timeZone);
    offset = first === offsetAt(hour * HOUR + HOUR - 1, timeZone) ? first : Number.NaN;
    if (zone.size >= MAX_HOURS) zone.clear();
    zone.set(hour, offset);
  }
  return offset;
}

/** The wall-clock parts of `at` in `timeZone` (what Intl formats, from the zone's offset through that hour). */
export function zonedParts(at: Date, timeZone: string): Parts {
  const t = at.getTime();
  const offset = timeZone === "UTC" ? 0 : hourOffset(t, timeZone);
  if (Number.isNaN(offset)) return zonedPartsByFormatting(at, timeZone);
  const d = new Date(t + offset);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
}

/** The instant at which the wall clock in `timeZone` shows the given date and time. */
export function zonedTime(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wanted;
  // Two rounds settle any offset (and a time skipped by a DST change moves forward).
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(guess), timeZone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    guess += wanted - shown;
  }
  return new Date(guess);
}

export function parseCutoff(cutoff: string): { hour: number; minute: number } {
  const m = /^(\d{1,2}):(\d{2})$/.exec(cutoff);
  const hour = m ? Number(m[1]) : 14;
  const minute = m ? Number(m[2]) : 0;
  return hour < 24 && minute < 60 ? { hour, minute } : { hour: 14, minute: 0 };
}

/** The warehouse's local date (YYYY-MM-DD) of an instant. */
export function localDate(at: Date, timeZone: string): string {
  const p = zonedParts(at, timeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** When a line paid at `paidAt` must ship from a warehouse with this cut-off and time zone. */
export function dueAt(paidAt: Date, productionDays: number, warehouse: { cutoffTime: string; timeZone: string }): Date {
  const { hour, minute } = parseCutoff(warehouse.cutoffTime);
  const p = zonedParts(paidAt, warehouse.timeZone);
  const afterCutoff = p.hour * 60 + p.minute >= hour * 60 + minute;
  const start = new Date(Date.UTC(p.year, p.month - 1, p.day + (afterCutoff ? 1 : 0)));
  const due = new Date(start.getTime() + Math.max(0, productionDays) * 86_400_000);
  return zonedTime(due.getUTCFullYear(), due.getUTCMonth() + 1, due.getUTCDate(), hour, minute, warehouse.timeZone);
}

/** The next cut-off strictly after `at` in the warehouse's time zone. */
export function nextCutoff(at: Date, warehouse: { cutoffTime: string; timeZone: string }): Date {
  const { hour, minute } = parseCutoff(warehouse.cutoffTime);
  const p = zonedParts(at, warehouse.timeZone);
  const today = zonedTime(p.year, p.month, p.day, hour, minute, warehouse.timeZone);
  if (today.getTime() > at.getTime()) return today;
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
  return zonedTime(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), hour, minute, warehouse.timeZone);
}
