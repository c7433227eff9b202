import { describe, expect, it } from "vitest";
import { generateDayRows } from "./days";
import {
  splitTimeoffFieldErrors,
  TimeoffRequestFormSchema,
  timeoffRequestDefaults,
  toCreateTimeoffBody,
  type TimeoffRequestFormValues,
} from "./request-form";

const values = (patch: Partial<TimeoffRequestFormValues> = {}): TimeoffRequestFormValues => ({
  ...timeoffRequestDefaults({ employmentId: "0b9c8b3e-5b4a-4c5e-9a53-0a4c2d0f9f11", timezone: "Europe/Lisbon" }),
  timeoff_type: "paid_time_off",
  start_date: "2026-03-05",
  end_date: "2026-03-09",
  days: generateDayRows("2026-03-05", "2026-03-09"),
  ...patch,
});

const issues = (v: TimeoffRequestFormValues) =>
  (TimeoffRequestFormSchema.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("request time off form", () => {
  it("sends the included days only, with the contract's shape", () => {
    expect(toCreateTimeoffBody(values({ notes: "  Long weekend " }))).toEqual({
      employment_id: "0b9c8b3e-5b4a-4c5e-9a53-0a4c2d0f9f11",
      timeoff_type: "paid_time_off",
      start_date: "2026-03-05",
      end_date: "2026-03-09",
      timezone: "Europe/Lisbon",
      timeoff_days: [
        { day: "2026-03-05", hours: 8 },
        { day: "2026-03-06", hours: 8 },
        { day: "2026-03-09", hours: 8 },
      ],
      notes: "Long weekend",
    });
  });

  it("validates what the API validates", () => {
    expect(issues(values())).toEqual([]);
    expect(issues(values({ timezone: "Mars/Olympus" }))).toEqual(["timezone: must be an IANA time zone identifier (e.g. Europe/Lisbon)"]);
    expect(issues(values({ end_date: "2026-03-01" }))).toContain("end_date: The end date must be on or after the start date.");
    expect(issues(values({ days: generateDayRows("2026-03-05", "2026-03-09").map((d) => ({ ...d, included: false })) }))).toEqual([
      "days: include at least one day",
    ]);
    expect(issues(values({ days: generateDayRows("2026-03-05", "2026-03-09").map((d) => ({ ...d, hours: 0 })) }))).toEqual([
      "days: the included days must add up to some hours",
    ]);
    expect(issues(values({ timeoff_type: "" }))).toEqual(["timeoff_type: choose a type"]);
  });

  it("checks the hours of included days only (an emptied box of a left-out day is fine)", () => {
    const days = generateDayRows("2026-03-05", "2026-03-09");
    days[0] = { ...days[0]!, hours: 25 };
    days[2] = { ...days[2]!, hours: Number.NaN }; // Saturday, left out
    expect(issues(values({ days }))).toEqual(["days.0.hours: must be at most 24"]);
  });

  it("says nothing about the days before both dates are chosen", () => {
    expect(issues(values({ start_date: "", end_date: "", days: [] }))).toEqual(["start_date: choose a date", "end_date: choose a date"]);
  });

  it("puts the API's 422 keys on the form's fields", () => {
    expect(
      splitTimeoffFieldErrors({
        start_date: ["overlaps time off 1 (2026-03-01 to 2026-03-06)"],
        "timeoff_days.2.hours": ["must be at most 24"],
        approver_id: ["is not a manager"],
      }),
    ).toEqual({
      byField: { start_date: "overlaps time off 1 (2026-03-01 to 2026-03-06)", days: "must be at most 24" },
      other: ["approver_id: is not a manager"],
    });
  });
});
