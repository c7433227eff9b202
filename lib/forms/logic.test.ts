import jsonLogic from "json-logic-js";
import { describe, expect, it } from "vitest";
import { applyRule, fillTemplate, findInactiveRules, getJsonLogic, isRuleActive, LogicScope } from "./logic";
import { computeWorkHours, dateDiff, LOGIC_OPERATIONS, todayIso, unknownOperations } from "./operations";

describe("JSON Logic of the forms: the provider's date operations", () => {
  const start = "2026-09-03";

  it("date_difference_in_*: whole units from the second date to the first (date-fns' differenceIn*)", () => {
    expect(applyRule({ date_difference_in_months: [{ var: "end" }, start] }, { end: "2027-03-03" })).toBe(6);
    expect(applyRule({ date_difference_in_months: [{ var: "end" }, start] }, { end: "2027-03-02" })).toBe(5);
    expect(applyRule({ date_difference_in_weeks: [{ var: "end" }, start] }, { end: "2026-10-01" })).toBe(4);
    expect(applyRule({ date_difference_in_weeks: [{ var: "end" }, start] }, { end: "2026-09-30" })).toBe(3);
    expect(applyRule({ date_difference_in_days: ["2026-09-10", start] }, {})).toBe(7);
    expect(applyRule({ date_difference_in_days: [start, "2026-09-10"] }, {})).toBe(-7);
    expect(applyRule({ date_difference_in_years: ["2030-09-02", start] }, {})).toBe(3);
    expect(applyRule({ date_difference_in_years: ["2030-09-03", start] }, {})).toBe(4);
  });

  it("counts a month to the last day of a shorter month as full, as date-fns does (the provider's kit)", () => {
    // date-fns: from 31 January, 28 February (the last day) completes a month.
    expect(applyRule({ date_difference_in_months: ["2026-02-28", "2026-01-31"] }, {})).toBe(1);
    expect(applyRule({ date_difference_in_months: ["2026-02-27", "2026-01-31"] }, {})).toBe(0);
    expect(applyRule({ date_difference_in_months: ["2026-01-31", "2026-02-28"] }, {})).toBe(0);
  });

  it("date_add_*: the date moved by whole units, YYYY-MM-DD (date-fns' add*; month ends are clamped)", () => {
    expect(applyRule({ date_add_days: ["2026-12-30", 3] }, {})).toBe("2027-01-02");
    expect(applyRule({ date_add_days: ["2026-03-01", -1] }, {})).toBe("2026-02-28");
    expect(applyRule({ date_add_weeks: ["2026-09-03", 2] }, {})).toBe("2026-09-17");
    expect(applyRule({ date_add_months: ["2026-01-31", 1] }, {})).toBe("2026-02-28");
    expect(applyRule({ date_add_months: ["2026-07-30", 6] }, {})).toBe("2027-01-30");
    expect(applyRule({ date_add_years: ["2024-02-29", 1] }, {})).toBe("2025-02-28");
    expect(applyRule({ date_add_months: ["2026-07-30", "12"] }, {})).toBe("2027-07-30");
    for (const bad of [1.5, "x", null, Number.NaN]) expect(applyRule({ date_add_days: ["2026-07-30", bad] }, {}), String(bad)).toBeNull();
  });

  it("date_format: date-fns' patterns; null for a bad date or pattern", () => {
    expect(applyRule({ date_format: ["2026-09-03", "dd/MM/yyyy"] }, {})).toBe("03/09/2026");
    expect(applyRule({ date_format: ["2026-09-03", "MMMM d, yyyy"] }, {})).toBe("September 3, 2026");
    expect(applyRule({ date_format: ["2026-09-03", "yyyy-jj"] }, {})).toBeNull();
    expect(applyRule({ date_format: ["not a date", "yyyy"] }, {})).toBeNull();
  });

  it("answers null where an argument is not a calendar date (the kit throws)", () => {
    for (const bad of [null, undefined, 20260101, "2026-02-30", "15/01/2026", "", Number.NaN]) {
      expect(applyRule({ date_difference_in_days: [bad, start] }, {}), String(bad)).toBeNull();
      expect(applyRule({ date_add_months: [bad, 1] }, {}), String(bad)).toBeNull();
    }
    expect(applyRule({ date_difference_in_months: [{ var: "end" }, start] }, {})).toBeNull();
    // A date-time counts by its date.
    expect(applyRule({ date_difference_in_days: ["2026-09-04T23:30:00Z", start] }, {})).toBe(1);
  });

  it("gives the same calendar answers in any time zone (dates are taken at local noon)", () => {
    // The process runs in one zone; the answer must not depend on it: no UTC instant is involved.
    expect(applyRule({ date_add_days: ["2026-03-28", 2] }, {})).toBe("2026-03-30");
    expect(applyRule({ date_difference_in_days: ["2026-03-30", "2026-03-28"] }, {})).toBe(2);
  });
});

describe("JSON Logic of the forms: weekly work hours", () => {
  const day = (start_time: string, end_time: string, break_duration_minutes?: number | string) => ({
    start_time,
    end_time,
    ...(break_duration_minutes === undefined ? {} : { break_duration_minutes }),
  });
  const schedule = {
    monday: day("09:00", "18:00", 60),
    tuesday: day("09:00", "18:00", 60),
    wednesday: day("09:00", "13:00", 0),
    friday: day("08:30", "17:10", "30"),
  };

  it("adds up the worked days, breaks deducted on request, each day rounded to 2 decimals", () => {
    expect(computeWorkHours(["monday", "tuesday"], schedule, true)).toBe(16);
    expect(computeWorkHours(["monday", "tuesday"], schedule, false)).toBe(18);
    expect(computeWorkHours(["monday", "tuesday"], schedule)).toBe(18);
    // 8:40 less 30 minutes = 8h10 = 8.17 h.
    expect(computeWorkHours(["friday"], schedule, true)).toBe(8.17);
    expect(computeWorkHours(["monday", "wednesday", "friday"], schedule, true)).toBe(20.17);
    expect(computeWorkHours([], schedule, true)).toBe(0);
    // A day listed twice counts once.
    expect(computeWorkHours(["monday", "monday"], schedule, true)).toBe(8);
  });

  it("is the rule the provider's schedules use: compute_work_hours(selected_days, schedule, true)", () => {
    const rule = { compute_work_hours: [{ var: "daily_schedule.selected_days" }, { var: "daily_schedule.schedule" }, true] };
    expect(applyRule(rule, { daily_schedule: { selected_days: ["monday", "tuesday", "wednesday"], schedule } })).toBe(20);
  });

  it("is null while the schedule is incomplete", () => {
    expect(computeWorkHours(["thursday"], schedule, true)).toBeNull();
    expect(computeWorkHours(["monday"], { monday: day("9:00", "18:00") }, true)).toBeNull();
    expect(computeWorkHours(["monday"], { monday: { start_time: "09:00" } }, true)).toBeNull();
    expect(computeWorkHours(null, schedule, true)).toBeNull();
    expect(computeWorkHours(["monday"], null, true)).toBeNull();
    expect(computeWorkHours([1], schedule, true)).toBeNull();
  });
});

describe("JSON Logic of the forms: our own operations", () => {
  it("date_diff counts whole days, weeks, months and years from the first date to the second, signed", () => {
    expect(dateDiff("2026-01-01", "2026-01-31")).toBe(30);
    expect(dateDiff("2026-01-31", "2026-01-01", "days")).toBe(-30);
    expect(dateDiff("2026-01-01", "2026-01-15", "weeks")).toBe(2);
    expect(dateDiff("2024-02-29", "2025-02-28", "years")).toBe(0);
    expect(dateDiff("2024-02-29", "2025-03-01", "years")).toBe(1);
    expect(dateDiff("2026-01-31", "2026-02-28", "months")).toBe(0);
    expect(dateDiff("2026-01-15", "2026-03-15", "months")).toBe(2);
    expect(dateDiff("2010-06-15", "2026-06-14", "years")).toBe(15);
    expect(dateDiff("2010-06-15", "2026-06-15", "years")).toBe(16);
    expect(dateDiff("2026-03-15", "2026-01-16", "months")).toBe(-1);
    expect(dateDiff("2026-01-01", "2026-01-02", "fortnights")).toBeNull();
    for (const bad of [null, undefined, 20260101, "2026-02-30", "15/01/2026", ""]) expect(dateDiff(bad, "2026-01-01")).toBeNull();
    // A date-time counts by its date.
    expect(dateDiff("2026-01-01T23:00:00Z", "2026-01-02")).toBe(1);
  });

  it("today is the UTC date, and both are usable from rules", () => {
    expect(todayIso(new Date(Date.UTC(2026, 0, 15, 23, 59)))).toBe("2026-01-15");
    expect(applyRule({ today: [] }, {})).toBe(todayIso());
    expect(applyRule({ date_diff: [{ var: "a" }, { var: "b" }, "days"] }, { a: "2026-01-01", b: "2026-01-11" })).toBe(10);
  });

  it("registers the table on json-logic-js once (the API and the console evaluate with the same table)", () => {
    expect(getJsonLogic()).toBe(jsonLogic);
    for (const name of Object.keys(LOGIC_OPERATIONS)) expect(() => jsonLogic.apply({ [name]: [] } as never, {}), name).not.toThrow();
  });

  it("keeps working when another user of json-logic-js removes an operation of the same name (the provider's engine does)", () => {
    jsonLogic.rm_operation("date_difference_in_days");
    expect(applyRule({ date_difference_in_days: ["2026-09-10", "2026-09-03"] }, {})).toBe(7);
  });
});

describe("rules and their operations", () => {
  it("finds operations no one provides", () => {
    expect(unknownOperations({ and: [{ "==": [{ var: "a" }, 1] }, { date_diff: [{ today: [] }, "2026-01-01"] }] })).toEqual([]);
    expect([...unknownOperations({ or: [{ is_tuesday: [] }, { "!": { frobnicate: 1 } }] })].sort()).toEqual(["frobnicate", "is_tuesday"]);
    expect(isRuleActive({ compute_work_hours: [[], {}, true] })).toBe(true);
    expect(isRuleActive({ date_difference_in_fortnights: ["2026-01-01", "2026-01-01"] })).toBe(false);
  });

  it("leaves a rule naming an unknown operation inactive: no value, and the rest of the form's logic works", () => {
    expect(applyRule({ no_such_operation: [1] }, {})).toBeUndefined();
    const scope = new LogicScope(
      {
        computedValues: { broken: { rule: { frobnicate: [{ var: "n" }] } }, twice: { rule: { "*": [{ var: "n" }, 2] } } },
        validations: { broken: { rule: { is_tuesday: [] }, errorMessage: "x" }, positive: { rule: { ">": [{ var: "n" }, 0] } } },
      },
      { n: 2 },
    );
    expect(scope.computed("broken")).toBeUndefined();
    expect(scope.computed("twice")).toBe(4);
    expect(scope.validation("broken")).toMatchObject({ active: false });
    expect(scope.validation("positive")).toMatchObject({ active: true });
  });

  it("lists the inactive rules of a schema, nested fieldsets included", () => {
    const schema = {
      type: "object",
      properties: {
        equity: { type: "object", properties: {}, "x-jsf-logic": { validations: { v: { rule: { is_tuesday: [] } } } } },
      },
      "x-jsf-logic": {
        computedValues: { ok: { rule: { var: "a" } }, c: { rule: { if: [{ frobnicate: [] }, { is_tuesday: [] }, 1] } } },
      },
    };
    expect(findInactiveRules(schema)).toEqual([
      { rule: "equity: validations.v", operations: ["is_tuesday"] },
      { rule: "computedValues.c", operations: ["frobnicate", "is_tuesday"] },
    ]);
  });

  it("gives rules the provider's data: a top-level null is NaN, so comparisons with it are false", () => {
    expect(applyRule({ "<": [{ var: "n" }, 5] }, { n: null })).toBe(false);
    expect(applyRule({ "<": [{ var: "n" }, 5] }, {})).toBe(true);
  });
});

describe("computed values", () => {
  it("computes values lazily and fills templates", () => {
    const scope = new LogicScope(
      { computedValues: { twice: { rule: { "*": [{ var: "n" }, 2] } }, label: { rule: { cat: [{ var: "n" }, " days"] } } } },
      { n: 1234.5 },
    );
    expect(scope.computed("twice")).toBe(2469);
    expect(fillTemplate("Pay {{twice}} EUR ({{label}}), {{unknown}}", [scope])).toBe("Pay 2,469 EUR (1234.5 days), {{unknown}}");
  });
});
