import { describe, expect, it } from "vitest";
import * as gatewayLogic from "@/lib/gateway/forms/logic-operators";
import { applyRule, dateDiff, fillTemplate, LOGIC_OPERATIONS, LogicScope } from "./logic";

describe("JSON Logic of the forms", () => {
  it("has the provider's date operators: whole units from the second date to the first", () => {
    const start = "2026-09-03";
    expect(applyRule({ date_difference_in_months: [{ var: "end" }, start] }, { end: "2027-03-03" })).toBe(6);
    expect(applyRule({ date_difference_in_months: [{ var: "end" }, start] }, { end: "2027-03-02" })).toBe(5);
    expect(applyRule({ date_difference_in_weeks: [{ var: "end" }, start] }, { end: "2026-10-01" })).toBe(4);
    expect(applyRule({ date_difference_in_days: ["2026-09-10", start] }, {})).toBe(7);
    expect(applyRule({ date_difference_in_years: ["2030-09-02", start] }, {})).toBe(3);
    expect(applyRule({ date_difference_in_months: [{ var: "end" }, start] }, {})).toBeNull();
  });

  it("has the API's own operators with the API's semantics", () => {
    for (const [from, to, unit] of [
      ["2025-01-31", "2025-02-28", "months"],
      ["2025-01-01", "2026-01-01", "years"],
      ["2025-03-01", "2025-02-01", "days"],
      ["2025-02-30", "2025-03-01", "days"],
    ] as const) {
      expect(dateDiff(from, to, unit), `${from} ${to} ${unit}`).toBe(gatewayLogic.dateDiff(from, to, unit));
    }
    expect(applyRule({ today: [] }, {})).toBe(new Date().toISOString().slice(0, 10));
    // Every operation the API registers exists here too.
    for (const name of Object.keys(gatewayLogic.LOGIC_OPERATIONS)) expect(LOGIC_OPERATIONS).toHaveProperty(name);
  });

  it("computes values lazily and fills templates", () => {
    const scope = new LogicScope(
      { computedValues: { twice: { rule: { "*": [{ var: "n" }, 2] } }, label: { rule: { cat: [{ var: "n" }, " days"] } } } },
      { n: 1234.5 },
    );
    expect(scope.computed("twice")).toBe(2469);
    expect(fillTemplate("Pay {{twice}} EUR ({{label}}), {{unknown}}", [scope])).toBe("Pay 2,469 EUR (1234.5 days), {{unknown}}");
  });

  it("answers undefined for a rule it cannot evaluate", () => {
    expect(applyRule({ no_such_operation: [1] }, {})).toBeUndefined();
  });
});
