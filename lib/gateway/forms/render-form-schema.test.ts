import { describe, expect, it } from "vitest";
import { BUILT_IN_COUNTRIES } from "./countries";
import { addWorkingDays, renderFormSchema, subtractYears } from "./render-form-schema";

describe("renderFormSchema", () => {
  it("counts working days, skipping weekends", () => {
    // Thursday 15 January 2026
    const thursday = new Date(Date.UTC(2026, 0, 15, 9));
    expect(addWorkingDays(thursday, 0)).toBe("2026-01-15");
    expect(addWorkingDays(thursday, 1)).toBe("2026-01-16");
    expect(addWorkingDays(thursday, 2)).toBe("2026-01-19");
    expect(addWorkingDays(thursday, 20)).toBe("2026-02-12");
    expect(subtractYears(new Date(Date.UTC(2028, 1, 29)), 16)).toBe("2012-02-29");
    expect(subtractYears(new Date(Date.UTC(2028, 1, 29)), 15)).toBe("2013-02-28");
  });

  it("fills minDate from the minimum onboarding time and maxDate from the minimum age, sharing the rest", () => {
    const stored = BUILT_IN_COUNTRIES.get("PRT")!.forms.employment_basic_information.schema;
    const served = renderFormSchema(stored, new Date(Date.UTC(2026, 0, 15)));
    const start = (served.properties as Record<string, Record<string, Record<string, unknown>>>).provisional_start_date!;
    expect(start["x-jsf-presentation"]).toMatchObject({ inputType: "date", minDate: "2026-02-12", meta: { mot: 20 } });
    // The stored schema is untouched, and what did not change is the same object.
    expect(JSON.stringify(stored)).not.toContain("2026-02-12");
    expect((served.properties as Record<string, unknown>).name).toBe((stored.properties as Record<string, unknown>).name);

    const personal = renderFormSchema(BUILT_IN_COUNTRIES.get("GBR")!.forms.personal_details.schema, new Date(Date.UTC(2026, 0, 15)));
    const dob = (personal.properties as Record<string, Record<string, Record<string, unknown>>>).date_of_birth!;
    expect(dob["x-jsf-presentation"]).toMatchObject({ minDate: "1900-01-01", maxDate: "2010-01-15" });
  });

  it("leaves a schema without relative dates as it is", () => {
    const stored = BUILT_IN_COUNTRIES.get("PRT")!.forms.pricing_plan_details.schema;
    expect(renderFormSchema(stored, new Date())).toBe(stored);
  });
});
