import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDayMonth, formatLongDate, formatMonthYear } from "./dates.ts";

describe("date formatting", () => {
  const at = "2026-03-05T23:07:00Z";
  it("shows every date in UTC, whatever the input type", () => {
    expect(formatDateTime(at)).toBe("5 Mar 2026, 23:07 UTC");
    expect(formatDateTime(new Date(at))).toBe("5 Mar 2026, 23:07 UTC");
    expect(formatDateTime(Date.parse(at))).toBe("5 Mar 2026, 23:07 UTC");
  });
  it("has a short day, a long day and a month", () => {
    expect(formatDate(at)).toBe("5 Mar 2026");
    expect(formatLongDate(at)).toBe("5 March 2026");
    expect(formatMonthYear(at)).toBe("March 2026");
  });
});

describe("written out, exactly as Intl's en-GB in UTC writes them", () => {
  const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" });
  const intl = {
    dateTime: utc({ dateStyle: "medium", timeStyle: "short" }),
    date: utc({ dateStyle: "medium" }),
    long: utc({ dateStyle: "long" }),
    monthYear: utc({ month: "long", year: "numeric" }),
    dayMonth: utc({ day: "numeric", month: "short" }),
  };
  const check = (d: Date) => {
    expect(formatDateTime(d), d.toISOString()).toBe(`${intl.dateTime.format(d)} UTC`);
    expect(formatDate(d), d.toISOString()).toBe(intl.date.format(d));
    expect(formatLongDate(d), d.toISOString()).toBe(intl.long.format(d));
    expect(formatMonthYear(d), d.toISOString()).toBe(intl.monthYear.format(d));
    expect(formatDayMonth(d), d.toISOString()).toBe(intl.dayMonth.format(d));
  };

  it("every day of two years, at midnight, noon and a minute before midnight", () => {
    for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000)
      for (const offset of [0, 12 * 3_600_000 + 5 * 60_000, 86_400_000 - 60_000]) check(new Date(t + offset));
  });

  it("random instants in 1000-9999, and years far before and after", () => {
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const lo = Date.UTC(1000, 0, 1);
    const hi = Date.UTC(9999, 11, 31, 23, 59);
    for (let i = 0; i < 3000; i++) check(new Date(lo + Math.floor(next() * (hi - lo))));
    for (const year of [-5000, -1, 0, 1, 45, 999, 10_000, 275_000]) {
      const d = new Date(0);
      d.setUTCFullYear(year, 8, 9);
      check(d);
    }
  });

  it("refuses an invalid date as Intl does", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(() => formatDateTime(Number.NaN)).toThrow(RangeError);
  });
});
