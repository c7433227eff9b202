import { describe, expect, it } from "vitest";
import { zodResolver } from "@hookform/resolvers/zod";
import type { ResolverOptions } from "react-hook-form";
import { checkResolver } from "@/lib/console/form-check";
import { checkTestEventForm, OTHER_EMPLOYMENT, testEventFieldOf, toTestEventBody, type TestEventFormValues } from "./test-event-form";
import { TestEventFormSchema } from "./test-event-form-schema";

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

  it("the browser's resolver (no zod) answers as zodResolver over the zod schema does", async () => {
    const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<TestEventFormValues>;
    const samples: TestEventFormValues[] = [
      { employment: "", other_employment_id: "", event_type: "" },
      { employment: "emp-1", other_employment_id: "", event_type: "" },
      { employment: "", other_employment_id: "", event_type: "payslip.released" },
      { employment: OTHER_EMPLOYMENT, other_employment_id: "  ", event_type: "payslip.released" },
      { employment: OTHER_EMPLOYMENT, other_employment_id: "", event_type: "" },
      { employment: OTHER_EMPLOYMENT, other_employment_id: " emp-42 ", event_type: "payslip.released" },
      { employment: "emp-1", other_employment_id: "", event_type: "bogus" as never },
      { employment: OTHER_EMPLOYMENT, other_employment_id: "", event_type: "bogus" as never },
    ];
    const zod = zodResolver(TestEventFormSchema);
    const plain = checkResolver(checkTestEventForm);
    const messages = (r: { errors: Record<string, unknown> }) =>
      Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, (e as { message?: string }).message]));
    for (const sample of samples) {
      const a = await zod(sample, undefined, options);
      const b = await plain(sample, undefined, options);
      expect(messages(b), JSON.stringify(sample)).toEqual(messages(a));
      expect(b.values, JSON.stringify(sample)).toEqual(a.values);
    }
  });
});
