import { describe, expect, it } from "vitest";
import { dueAt, localDate, nextCutoff, zonedParts, zonedPartsByFormatting, zonedTime } from "./due.ts";

const chicago = { cutoffTime: "14:00", timeZone: "America/Chicago" };
const leipzig = { cutoffTime: "13:00", timeZone: "Europe/Berlin" };

describe("a line's due time", () => {
  it("counts production days from the day paid, at the cut-off time, in the warehouse's zone", () => {
    // 10:00 in Chicago (CST, UTC-6) on Monday 2026-11-02: before the cut-off.
    expect(dueAt(new Date("2026-11-02T16:00:00Z"), 3, chicago).toISOString()).toBe("2026-11-05T20:00:00.000Z");
    // 15:00 in Chicago: after the cut-off, the clock starts the next day.
    expect(dueAt(new Date("2026-11-02T21:00:00Z"), 3, chicago).toISOString()).toBe("2026-11-06T20:00:00.000Z");
    // Exactly at the cut-off counts as after it.
    expect(dueAt(new Date("2026-11-02T20:00:00Z"), 1, chicago).toISOString()).toBe("2026-11-04T20:00:00.000Z");
  });

  it("uses the warehouse's local date, not UTC's (late evening in Chicago is the next day in UTC)", () => {
    // 2026-11-02 23:30 in Chicago = 2026-11-03 05:30 UTC: paid after the cut-off of the 2nd.
    expect(dueAt(new Date("2026-11-03T05:30:00Z"), 2, chicago).toISOString()).toBe("2026-11-05T20:00:00.000Z");
    expect(localDate(new Date("2026-11-03T05:30:00Z"), "America/Chicago")).toBe("2026-11-02");
  });

  it("keeps the local cut-off across a daylight-saving change", () => {
    // Berlin leaves summer time on 2026-10-25: 13:00 local is 11:00Z before, 12:00Z after.
    expect(dueAt(new Date("2026-10-23T08:00:00Z"), 3, leipzig).toISOString()).toBe("2026-10-26T12:00:00.000Z");
    expect(zonedTime(2026, 10, 24, 13, 0, "Europe/Berlin").toISOString()).toBe("2026-10-24T11:00:00.000Z");
  });

  it("finds the next cut-off after a moment", () => {
    expect(nextCutoff(new Date("2026-11-02T16:00:00Z"), chicago).toISOString()).toBe("2026-11-02T20:00:00.000Z");
    expect(nextCutoff(new Date("2026-11-02T20:00:00Z"), chicago).toISOString()).toBe("2026-11-03T20:00:00.000Z");
  });
});

describe("a zone's wall clock from its offset through the hour", () => {
  it("reads what Intl formats across a year, minute by minute around every offset change, in zones with odd offsets", () => {
    const zones = [
      "UTC",
      "America/Chicago",
      "Europe/Berlin",
      "America/St_Johns", // UTC-3:30, daylight saving
      "Australia/Lord_Howe", // changes by half an hour, at 02:00 local (not on a UTC hour)
      "Asia/Kathmandu", // UTC+5:45
      "Pacific/Chatham", // UTC+12:45 / +13:45
      "Africa/Casablanca", // leaves daylight saving for Ramadan
    ];
    const offset = (t: number, zone: string) => {
      const p = zonedPartsByFormatting(new Date(t), zone);
      return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(t / 60_000) * 60_000;
    };
    const same = (t: number, zone: string) => {
      const at = new Date(t);
      const [mine, intl] = [zonedParts(at, zone), zonedPartsByFormatting(at, zone)];
      if (
        mine.year !== intl.year ||
        mine.month !== intl.month ||
        mine.day !== intl.day ||
        mine.hour !== intl.hour ||
        mine.minute !== intl.minute
      )
        expect(mine, `${zone} ${at.toISOString()}`).toEqual(intl);
    };
    const start = Date.parse("2026-01-01T00:00:00Z");
    const step = 97 * 60_000 + 13_000;
    let changes = 0;
    for (const zone of zones)
      for (let t = start; t < start + 366 * 86_400_000; t += step) {
        same(t, zone);
        if (offset(t, zone) !== offset(t + step, zone)) {
          changes += 1;
          for (let u = t; u < t + step; u += 60_000 + 1_000) same(u, zone);
        }
      }
    // Chicago, Berlin, St John's, Lord Howe and Chatham change twice; Casablanca around Ramadan.
    expect(changes).toBeGreaterThanOrEqual(12);
  });
});
