import { describe, expect, it } from "vitest";
import { LIFECYCLE_STAGES, ONBOARDING_TASK_KEYS } from "@/lib/contract";
import { lifecycleSteps, onboardingProgress } from "./onboarding";
import { makeEmployment } from "@/test-support/console/employment-fixtures";

const tasksWith = (completed: number) =>
  Object.fromEntries(
    ONBOARDING_TASK_KEYS.map((k, i) => [k, { description: k, status: i < completed ? "completed" : "pending" }]),
  ) as ReturnType<typeof makeEmployment>["onboarding_tasks"];

describe("onboarding progress", () => {
  it("counts completed tasks out of nine", () => {
    for (const n of [0, 1, 4, 9]) {
      const p = onboardingProgress(makeEmployment({ onboarding_tasks: tasksWith(n) }));
      expect(p.completed).toBe(n);
      expect(p.total).toBe(9);
      expect(p.percent).toBe(Math.round((n / 9) * 100));
    }
  });

  it("lists the nine tasks with description, status and action", () => {
    const p = onboardingProgress(makeEmployment({ onboarding_tasks: tasksWith(3) }));
    expect(p.tasks.map((t) => t.key)).toEqual([...ONBOARDING_TASK_KEYS]);
    expect(p.tasks[0]).toMatchObject({
      label: "Personal details",
      description: "personal_details",
      status: "completed",
      action: { kind: "form", label: "Edit personal details" },
    });
    expect(p.tasks[3]).toMatchObject({ status: "pending", action: { kind: "form" } });
  });
});

describe("lifecycle stepper", () => {
  it("follows the order of spec 3.2", () => {
    expect(lifecycleSteps("employment_creation").map((s) => s.key)).toEqual([...LIFECYCLE_STAGES]);
  });

  it("marks the stages before the current one complete", () => {
    const steps = lifecycleSteps("contract_signing");
    expect(steps.map((s) => s.state)).toEqual(["complete", "complete", "complete", "current", "upcoming", "upcoming", "upcoming"]);
    expect(steps[3]).toMatchObject({ label: "Contract signing", position: 4 });
    expect(lifecycleSteps("offboarded").at(-1)?.state).toBe("current");
  });
});
