import jsonLogic from "json-logic-js";
import { describe, expect, it } from "vitest";
import { dateDiff, registerLogicOperations, today, unknownLogicOperations } from "./logic-operators";

describe("JSON Logic date operations", () => {
  registerLogicOperations();

  it("date_diff counts whole days, months and years, signed", () => {
    expect(dateDiff("2026-01-01", "2026-01-31")).toBe(30);
    expect(dateDiff("2026-01-31", "2026-01-01", "days")).toBe(-30);
    expect(dateDiff("2024-02-29", "2025-02-28", "years")).toBe(0);
    expect(dateDiff("2024-02-29", "2025-03-01", "years")).toBe(1);
    expect(dateDiff("2026-01-31", "2026-02-28", "months")).toBe(0);
    expect(dateDiff("2026-01-15", "2026-03-15", "months")).toBe(2);
    expect(dateDiff("2010-06-15", "2026-06-14", "years")).toBe(15);
    expect(dateDiff("2010-06-15", "2026-06-15", "years")).toBe(16);
    expect(dateDiff("2026-03-15", "2026-01-16", "months")).toBe(-1);
  });

  it("date_diff is null for anything that is not a calendar date", () => {
    for (const bad of [null, undefined, 20260101, "2026-02-30", "15/01/2026", ""]) expect(dateDiff(bad, "2026-01-01")).toBeNull();
    expect(dateDiff("2026-01-01", "2026-01-02", "weeks")).toBeNull();
    // A date-time counts by its date.
    expect(dateDiff("2026-01-01T23:00:00Z", "2026-01-02")).toBe(1);
  });

  it("is usable from rules once registered", () => {
    expect(jsonLogic.apply({ date_diff: [{ var: "a" }, { var: "b" }, "days"] }, { a: "2026-01-01", b: "2026-01-11" })).toBe(10);
    expect(jsonLogic.apply({ today: [] })).toBe(today());
    expect(today(new Date(Date.UTC(2026, 0, 15, 23, 59)))).toBe("2026-01-15");
  });

  it("finds operations no one provides", () => {
    expect(unknownLogicOperations({ and: [{ "==": [{ var: "a" }, 1] }, { date_diff: [{ today: [] }, "2026-01-01"] }] })).toEqual([]);
    expect(unknownLogicOperations({ or: [{ is_tuesday: [] }, { "!": { frobnicate: 1 } }] }).sort()).toEqual(["frobnicate", "is_tuesday"]);
  });
});
