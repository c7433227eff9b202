import { describe, expect, it } from "vitest";
import { OTHER_EMPLOYMENT, TestEventFormSchema, testEventFieldOf, toTestEventBody } from "./test-event-form";

describe("test event form", () => {
  it("needs an employment and an event type", () => {
    const r = TestEventFormSchema.safeParse({ employment: "", other_employment_id: "", event_type: "" });
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join("."))).toEqual(["employment", "event_type"]);
  });

  it("takes the pasted ID for another employment", () => {
    const v = { employment: OTHER_EMPLOYMENT, other_employment_id: " emp-42 ", event_type: "payslip.released" as const };
    expect(TestEventFormSchema.safeParse(v).success).toBe(true);
    expect(toTestEventBody(v)).toEqual({ employment_id: "emp-42", event_type: "payslip.released" });
    expect(TestEventFormSchema.safeParse({ ...v, other_employment_id: "" }).success).toBe(false);
    expect(testEventFieldOf("employment_id", v)).toBe("other_employment_id");
    expect(testEventFieldOf("event_type", v)).toBe("event_type");
    expect(testEventFieldOf("body", v)).toBeNull();
  });
});
