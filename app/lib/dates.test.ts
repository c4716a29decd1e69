import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatLongDate, formatMonthYear } from "./dates.ts";

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
