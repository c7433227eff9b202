import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  eachDay,
  formatDaysAndHours,
  formatHoursAsDays,
  generateDayRows,
  isWorkingDay,
  rangeError,
  regenerateDayRows,
  toTimeoffDays,
  totalHours,
  weekdayOf,
} from "./days";

describe("working days", () => {
  it("knows the weekdays (UTC, whatever the machine's zone)", () => {
    expect(weekdayOf("2026-03-02")).toBe("Mon");
    expect(isWorkingDay("2026-03-06")).toBe(true); // Friday
    expect(isWorkingDay("2026-03-07")).toBe(false); // Saturday
    expect(isWorkingDay("2026-03-08")).toBe(false); // Sunday
    expect(isWorkingDay("2026-02-30")).toBe(false); // not a date
  });

  it("lists every day of a range, across months and a leap day", () => {
    expect(eachDay("2028-02-27", "2028-03-01")).toEqual(["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"]);
    expect(eachDay("2026-03-02", "2026-03-02")).toEqual(["2026-03-02"]);
    expect(eachDay("2026-03-05", "2026-03-02")).toEqual([]);
    expect(eachDay("", "2026-03-02")).toEqual([]);
  });

  it("generates one included entry of 8 hours per working day; weekends are listed but left out", () => {
    const rows = generateDayRows("2026-03-05", "2026-03-10"); // Thu … Tue
    expect(rows.map((r) => [r.day, r.included, r.hours])).toEqual([
      ["2026-03-05", true, 8],
      ["2026-03-06", true, 8],
      ["2026-03-07", false, 8],
      ["2026-03-08", false, 8],
      ["2026-03-09", true, 8],
      ["2026-03-10", true, 8],
    ]);
    expect(toTimeoffDays(rows)).toEqual([
      { day: "2026-03-05", hours: 8 },
      { day: "2026-03-06", hours: 8 },
      { day: "2026-03-09", hours: 8 },
      { day: "2026-03-10", hours: 8 },
    ]);
    expect(totalHours(toTimeoffDays(rows))).toBe(32);
  });

  it("keeps the edits of the days still in range when the dates change", () => {
    const edited = generateDayRows("2026-03-02", "2026-03-06").map((r) =>
      r.day === "2026-03-04" ? { ...r, hours: 4 } : r.day === "2026-03-05" ? { ...r, included: false } : r,
    );
    const moved = regenerateDayRows(edited, "2026-03-04", "2026-03-09");
    expect(moved.map((r) => `${r.day}:${r.included ? r.hours : "-"}`)).toEqual([
      "2026-03-04:4",
      "2026-03-05:-",
      "2026-03-06:8",
      "2026-03-07:-",
      "2026-03-08:-",
      "2026-03-09:8",
    ]);
  });

  it("generates only weekdays as included, for any range", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2090-01-01"), noInvalidDate: true }),
        fc.integer({ min: 0, max: 60 }),
        (d, len) => {
          const start = d.toISOString().slice(0, 10);
          const end = new Date(d.getTime() + len * 86_400_000).toISOString().slice(0, 10);
          const rows = generateDayRows(start, end);
          expect(rows).toHaveLength(len + 1);
          for (const r of rows) expect(r.included).toBe(![0, 6].includes(new Date(`${r.day}T00:00:00Z`).getUTCDay()));
        },
      ),
    );
  });

  it("refuses a reversed or too long range", () => {
    expect(rangeError("2026-03-05", "2026-03-04")).toMatch(/on or after/);
    expect(rangeError("2026-01-01", "2027-01-02")).toMatch(/at most 366 days/);
    expect(rangeError("2026-01-01", "2026-12-31")).toBeNull();
    expect(eachDay("2026-01-01", "2027-06-01")).toEqual([]);
  });

  it("writes days and hours as the balance counts them", () => {
    expect(formatDaysAndHours({ days: 2, hours: 4 })).toBe("2 days 4 hours");
    expect(formatDaysAndHours({ days: 1, hours: 0 })).toBe("1 day");
    expect(formatDaysAndHours({ days: 0, hours: 1 })).toBe("1 hour");
    expect(formatDaysAndHours({ days: 0, hours: 0 })).toBe("0 days");
    expect(formatDaysAndHours({ days: -1, hours: -4 })).toBe("-1 day 4 hours");
    expect(formatHoursAsDays(36)).toBe("4 days 4 hours");
    expect(formatHoursAsDays(36, 6)).toBe("6 days");
  });
});
