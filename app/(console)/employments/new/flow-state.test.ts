import { describe, expect, it } from "vitest";
import { creationBlockedReason, currentStep, filledSections, nextSection, sectionsForCountry } from "./flow-state";

describe("new-employment flow", () => {
  it("creates only employees under the EOR model, and says why not otherwise", () => {
    expect(creationBlockedReason("employee", "eor")).toBeNull();
    expect(creationBlockedReason("contractor", "eor")).toMatch(
      /Contractor employments can't be created.*only listing and viewing.*section 1/,
    );
    expect(creationBlockedReason("global_payroll_employee", "eor")).toMatch(/Global payroll employee/);
    expect(creationBlockedReason("employee", "peo")).toMatch(/PEO model can't be created/);
  });

  it("asks the sections the country has forms for", () => {
    expect(
      sectionsForCountry({ supported_json_schemas: ["employment_basic_information", "contract_details", "personal_details"] }),
    ).toEqual(["contract_details", "personal_details"]);
    // A country naming its forms otherwise (the real provider's "emergency_contact") gets every section.
    expect(sectionsForCountry({ supported_json_schemas: ["emergency_contact"] })).toContain("bank_account_details");
    expect(sectionsForCountry(null).length).toBe(10);
  });

  it("knows what is filled and what comes next", () => {
    const tasks = Object.fromEntries(
      [
        "address_details",
        "administrative_details",
        "bank_account_details",
        "billing_address_details",
        "contract_details",
        "emergency_contact_details",
        "employment_document_details",
        "personal_details",
        "pricing_plan_details",
      ].map((k) => [k, { description: k, status: k === "contract_details" ? "completed" : "pending" }]),
    ) as never;
    expect([...filledSections({ onboarding_tasks: tasks }, ["work_address_details"])].sort()).toEqual([
      "contract_details",
      "work_address_details",
    ]);
    expect(nextSection(["contract_details", "personal_details"], "contract_details")).toBe("personal_details");
    expect(nextSection(["contract_details", "personal_details"], "personal_details")).toBeUndefined();
  });

  it("resumes from the URL", () => {
    expect(currentStep({})).toBe("start");
    expect(currentStep({ country: "PRT" })).toBe("basic");
    expect(currentStep({ employment: "e1" })).toBe("sections");
    expect(currentStep({ employment: "e1", step: "invite" })).toBe("invite");
  });
});
