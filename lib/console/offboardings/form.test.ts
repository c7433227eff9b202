import { describe, expect, it } from "vitest";
import {
  OffboardingFormSchema,
  offboardingFormDefaults,
  splitOffboardingFieldErrors,
  toCreateOffboardingBody,
  toggleRiskReason,
  type OffboardingFormValues,
} from "./form";
import { sandboxOffboardingMoves } from "./rules";

const values = (patch: Partial<OffboardingFormValues> = {}): OffboardingFormValues => ({
  ...offboardingFormDefaults("0b9c8b3e-5b4a-4c5e-9a53-0a4c2d0f9f11"),
  proposed_termination_date: "2027-01-31",
  termination_reason: "mutual_agreement",
  reason_description: " Both parties agreed ",
  risk_assessment_reasons: ["none_of_these"],
  will_challenge_termination: "no",
  ...patch,
});

const issues = (v: OffboardingFormValues) =>
  (OffboardingFormSchema.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("start offboarding form", () => {
  it("builds the termination details of the contract", () => {
    expect(
      toCreateOffboardingBody(
        values({ employee_aware: true, employee_awareness_date: "2026-11-20", agrees_to_pto_amount: "yes", confidential: true }),
      ),
    ).toEqual({
      employment_id: "0b9c8b3e-5b4a-4c5e-9a53-0a4c2d0f9f11",
      type: "termination",
      termination_details: {
        confidential: true,
        proposed_termination_date: "2027-01-31",
        termination_reason: "mutual_agreement",
        reason_description: "Both parties agreed",
        risk_assessment_reasons: ["none_of_these"],
        will_challenge_termination: false,
        additional_comments: null,
        employee_awareness: { date: "2026-11-20", note: null },
        agrees_to_pto_amount: true,
      },
    });
    const minimal = toCreateOffboardingBody(values()).termination_details;
    expect(minimal).not.toHaveProperty("agrees_to_pto_amount");
    expect(minimal).not.toHaveProperty("employee_awareness");
    expect(minimal).not.toHaveProperty("will_challenge_termination_description");
  });

  it("checks the contract's rules", () => {
    expect(issues(values())).toEqual([]);
    expect(issues(values({ risk_assessment_reasons: [] }))).toEqual([
      "risk_assessment_reasons: choose at least one (None of these when none applies)",
    ]);
    expect(issues(values({ risk_assessment_reasons: ["none_of_these", "sick_leave"] }))).toEqual([
      "risk_assessment_reasons: None of these can't be combined with other reasons",
    ]);
    expect(issues(values({ will_challenge_termination: "yes" }))).toEqual([
      "will_challenge_termination_description: describe how the employee may challenge it",
    ]);
    expect(issues(values({ will_challenge_termination: "" }))).toEqual([
      "will_challenge_termination: say whether the employee is expected to challenge it",
    ]);
    expect(issues(values({ employee_aware: true }))).toEqual(["employee_awareness_date: give the date the employee was told"]);
  });

  it("keeps None of these alone", () => {
    expect(toggleRiskReason(["sick_leave", "family_leave"], "none_of_these", true)).toEqual(["none_of_these"]);
    expect(toggleRiskReason(["none_of_these"], "sick_leave", true)).toEqual(["sick_leave"]);
    expect(toggleRiskReason(["sick_leave"], "caring_responsibilities", true)).toEqual(["caring_responsibilities", "sick_leave"]);
    expect(toggleRiskReason(["sick_leave", "family_leave"], "sick_leave", false)).toEqual(["family_leave"]);
  });

  it("maps the API's termination_details errors onto the fields", () => {
    expect(
      splitOffboardingFieldErrors({
        "termination_details.proposed_termination_date": ["must be today or later"],
        "termination_details.employee_awareness.date": ["must be a date"],
        "termination_details.risk_assessment_reasons.1": ["is not a known risk assessment reason"],
        employment_id: ["employment_not_active"],
        personal_email: ["is not supported"],
      }),
    ).toEqual({
      byField: {
        proposed_termination_date: "must be today or later",
        employee_awareness_date: "must be a date",
        risk_assessment_reasons: "is not a known risk assessment reason",
        employment_id: "employment_not_active",
      },
      other: ["personal_email: is not supported"],
    });
  });

  it("offers the sandbox review's moves", () => {
    expect(sandboxOffboardingMoves("submitted")).toEqual(["in_review", "canceled"]);
    expect(sandboxOffboardingMoves("in_review")).toEqual(["done", "canceled"]);
    expect(sandboxOffboardingMoves("done")).toEqual([]);
    expect(sandboxOffboardingMoves("canceled")).toEqual([]);
  });
});
