import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ONBOARDING_TASK_KEYS } from "@/lib/contract/enums";
import type { Employment } from "@/lib/contract";
import {
  assessOnboardingRisk,
  AT_RISK_WINDOW_DAYS,
  ONBOARDING_STATUSES,
  byUrgency,
  daysBetween,
  onboardingRequirementOf,
  type RiskInput,
} from "./at-risk";

// The "Onboarding at risk" rule (lib/console/overview/at-risk.ts, docs/decisions/console-overview.md).

const FORMS = path.join(process.cwd(), "../shared/fixtures/forms");
const API = path.join(process.cwd(), "../shared/fixtures/api");
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

const TODAY = "2026-11-26";
const tasks = (pending: readonly string[] = []) =>
  Object.fromEntries(
    ONBOARDING_TASK_KEYS.map((k) => [k, { description: k, status: pending.includes(k) ? "pending" : "completed" }]),
  ) as Employment["onboarding_tasks"];

function employment(over: Partial<RiskInput> = {}): RiskInput {
  return {
    id: "6b1d2f3c-0000-4000-8000-000000000001",
    full_name: "Maria Silva",
    type: "employee",
    employment_model: "eor",
    status: "invited",
    country: { code: "PRT", name: "Portugal", alpha_2_code: "PT", supported_json_schemas: [] } as unknown as Employment["country"],
    onboarding_tasks: tasks(),
    provisional_start_date: "2027-03-01",
    ...over,
  };
}

/** Portugal today: 20 working days, earliest start 24 Dec 2026. */
const PRT = { earliestStart: "2026-12-24", workingDays: 20 };

describe("rule 1: a start date inside the country's onboarding time", () => {
  it("is at risk when the start date is before the form's minDate, with the country's working days in words", () => {
    const risk = assessOnboardingRisk(employment({ provisional_start_date: "2026-12-20" }), PRT, TODAY);
    expect(risk?.reasons).toEqual([
      {
        kind: "inside_onboarding_time",
        text: "It starts in 24 days (20 Dec 2026): Portugal needs 20 working days of onboarding, so the earliest start today is 24 Dec 2026.",
      },
    ]);
    expect(risk?.link).toEqual({ href: "/employments/6b1d2f3c-0000-4000-8000-000000000001", label: "Open the employment" });
  });

  it("edge day: the minDate itself is accepted (not at risk), the day before is at risk", () => {
    expect(assessOnboardingRisk(employment({ provisional_start_date: "2026-12-24" }), PRT, TODAY)).toBeNull();
    expect(assessOnboardingRisk(employment({ provisional_start_date: "2026-12-23" }), PRT, TODAY)?.reasons[0]?.kind).toBe(
      "inside_onboarding_time",
    );
  });

  it("without rule 1, the pending tasks' reason carries the start date", () => {
    const risk = assessOnboardingRisk(
      employment({ provisional_start_date: "2026-11-26", onboarding_tasks: tasks(["contract_details"]) }),
      null,
      TODAY,
    );
    expect(risk?.reasons).toEqual([
      { kind: "pending_tasks_soon", text: "1 onboarding task pending (contract details) and it starts today (26 Nov 2026)." },
    ]);
  });

  it("a start date that has passed says so", () => {
    const risk = assessOnboardingRisk(employment({ provisional_start_date: "2026-02-12" }), PRT, TODAY);
    expect(risk?.reasons[0]?.text).toMatch(/^Its start date 12 Feb 2026 has passed: Portugal needs 20 working days/);
    expect(risk?.daysToStart).toBe(-287);
  });

  it("takes the requirement from the served form schema's minDate and meta.mot (fixtures of the provider)", () => {
    if (!existsSync(FORMS)) return expect.fail(`fixtures missing at ${FORMS}`);
    const prt = onboardingRequirementOf(readJson(path.join(FORMS, "PRT-employment_basic_information.json")));
    expect(prt).toEqual({ earliestStart: "2026-02-09", workingDays: 20 });
    // DEU's example declares mot 0 with a minDate: the date is the rule, the days are not stated.
    expect(onboardingRequirementOf(readJson(path.join(FORMS, "DEU-employment_basic_information.json")))).toEqual({
      earliestStart: "2025-05-12",
      workingDays: null,
    });
    // A form without the field (address details) sets no minimum.
    expect(onboardingRequirementOf(readJson(path.join(FORMS, "UNK-address_details.json")))).toBeNull();
  });
});

describe(`rule 2: onboarding tasks pending and a start within ${AT_RISK_WINDOW_DAYS} days`, () => {
  it("is at risk with the pending tasks named, and links to the first task's form", () => {
    const risk = assessOnboardingRisk(
      employment({ provisional_start_date: "2026-12-05", onboarding_tasks: tasks(["personal_details", "bank_account_details"]) }),
      null,
      TODAY,
    );
    expect(risk?.reasons).toEqual([
      {
        kind: "pending_tasks_soon",
        text: "2 onboarding tasks pending (personal details, bank account) and it starts in 9 days (5 Dec 2026).",
      },
    ]);
    expect(risk?.pendingTasks).toEqual(["personal_details", "bank_account_details"]);
    expect(risk?.link).toEqual({
      href: "/employments/6b1d2f3c-0000-4000-8000-000000000001/forms/personal_details",
      label: "Complete personal details",
    });
  });

  it("edge day: day 14 is at risk, day 15 is not", () => {
    const pending = tasks(["address_details"]);
    expect(
      assessOnboardingRisk(employment({ provisional_start_date: "2026-12-10", onboarding_tasks: pending }), null, TODAY),
    ).not.toBeNull();
    expect(assessOnboardingRisk(employment({ provisional_start_date: "2026-12-11", onboarding_tasks: pending }), null, TODAY)).toBeNull();
    expect(daysBetween(TODAY, "2026-12-10")).toBe(AT_RISK_WINDOW_DAYS);
  });

  it("both reasons are given when both hold", () => {
    const risk = assessOnboardingRisk(
      employment({ provisional_start_date: "2026-11-26", onboarding_tasks: tasks(["contract_details"]) }),
      PRT,
      TODAY,
    );
    expect(risk?.reasons.map((r) => r.kind)).toEqual(["inside_onboarding_time", "pending_tasks_soon"]);
    expect(risk?.reasons[1]?.text).toBe("1 onboarding task still pending: contract details.");
  });
});

describe("not at risk otherwise", () => {
  it("a start date after the minDate and beyond the window, even with tasks pending", () => {
    expect(assessOnboardingRisk(employment({ onboarding_tasks: tasks(["personal_details"]) }), PRT, TODAY)).toBeNull();
  });

  it("within the window with every task completed and no country minimum", () => {
    expect(assessOnboardingRisk(employment({ provisional_start_date: "2026-11-30" }), null, TODAY)).toBeNull();
  });

  it("an employment that is active (or leaving) is never at risk, nor one without a start date", () => {
    const soon = { provisional_start_date: "2026-11-27", onboarding_tasks: tasks(["personal_details"]) };
    expect(assessOnboardingRisk(employment({ ...soon, status: "active" }), PRT, TODAY)).toBeNull();
    expect(assessOnboardingRisk(employment({ ...soon, status: "offboarding" }), PRT, TODAY)).toBeNull();
    expect(assessOnboardingRisk(employment({ ...soon, provisional_start_date: undefined }), PRT, TODAY)).toBeNull();
  });

  it("the provider's example employment (PRT, created, start 29 May 2025) is at risk on a later day", () => {
    if (!existsSync(API)) return expect.fail(`fixtures missing at ${API}`);
    const shown = (readJson(path.join(API, "employment.show.PRT.json")).data as { employment: RiskInput }).employment;
    expect(assessOnboardingRisk(shown, null, "2025-05-01")).toBeNull();
    expect(assessOnboardingRisk(shown, null, "2025-05-20")?.reasons[0]?.kind).toBe("pending_tasks_soon");
  });
});

it("orders the most urgent first", () => {
  const a = assessOnboardingRisk(employment({ full_name: "B", provisional_start_date: "2026-12-01" }), PRT, TODAY)!;
  const b = assessOnboardingRisk(employment({ full_name: "A", provisional_start_date: "2026-11-01" }), PRT, TODAY)!;
  expect([a, b].sort(byUrgency).map((r) => r.fullName)).toEqual(["A", "B"]);
});

describe("ONBOARDING_STATUSES", () => {
  it("is every status before the employment is active, and none from active on", () => {
    expect(ONBOARDING_STATUSES).toEqual([
      "created",
      "pre_hire",
      "created_awaiting_reserve",
      "created_reserve_paid",
      "initiated",
      "invited",
      "pending",
      "review",
      "job_title_review",
      "pending_post_self_enrollment_actions",
    ]);
  });
});
