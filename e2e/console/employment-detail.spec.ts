import { getEmployment, listEmployments, type ApiEmployment } from "../support/api";
import { DEMO_COMPANY } from "../support/env";
import { expect, TASK_LABELS, test } from "../support/fixtures";

// Acceptance 3: the onboarding progress of the employment page is the API's record: the same
// completed count (of 9) and the same status for each task. The runner reads the record with the
// demo Customer API token; the browser only sees the console.

const LIFECYCLE_LABELS: Record<string, string> = {
  employment_creation: "Employment creation",
  employee_self_enrollment: "Self-enrolment",
  right_to_work_check: "Right to work check",
  contract_signing: "Contract signing",
  remote_enrollment: "Remote enrolment",
  onboarded: "Onboarded",
  offboarded: "Offboarded",
};

/** A seeded employee part-way through onboarding (some tasks done, some pending): the richest page. */
async function employmentPartWayThroughOnboarding(api: Parameters<typeof getEmployment>[0]): Promise<ApiEmployment> {
  const page = await listEmployments(api, { status: ["review", "pending", "job_title_review", "invited"] });
  for (const item of page.employments.filter((e) => e.type === "employee")) {
    const e = await getEmployment(api, item.id);
    const done = Object.values(e.onboarding_tasks).filter((t) => t.status === "completed").length;
    if (done > 0 && done < 9) return e;
  }
  throw new Error("The demo seed has no employee part-way through onboarding");
}

test("the onboarding progress matches the API's record, task by task", async ({ page, sandboxApi, axe, snap }) => {
  const employment = await employmentPartWayThroughOnboarding(sandboxApi);
  const tasks = employment.onboarding_tasks;
  const completed = Object.values(tasks).filter((t) => t.status === "completed").length;
  expect(Object.keys(tasks)).toHaveLength(9);

  await page.goto(`/employments/${employment.id}`);
  await expect(page.getByRole("heading", { level: 1, name: employment.full_name })).toBeVisible();

  const onboarding = page.getByRole("region", { name: "Onboarding progress" });
  const progress = onboarding.getByRole("progressbar", { name: "Onboarding progress" });
  await expect(progress).toHaveAttribute("aria-valuenow", String(completed));
  await expect(progress).toHaveAttribute("aria-valuemax", "9");
  await expect(progress).toHaveAttribute("aria-valuetext", `${completed} of 9 tasks completed`);
  await expect(onboarding.getByText(`${completed} of 9 tasks completed (${Math.round((completed / 9) * 100)}%)`)).toBeVisible();

  const items = onboarding.getByRole("listitem");
  await expect(items).toHaveCount(9);
  for (const [key, task] of Object.entries(tasks)) {
    const label = TASK_LABELS[key];
    expect(label, `a label for task ${key}`).toBeTruthy();
    const item = items.filter({ hasText: new RegExp(`^${label} (Completed|Pending)`) });
    await expect(item, `task ${key}`).toHaveCount(1);
    await expect(
      item.getByText(task.status === "completed" ? "Completed" : "Pending", { exact: true }),
      `task ${key} is ${task.status}`,
    ).toBeVisible();
    await expect(item.getByText(task.description, { exact: true })).toBeVisible();
  }

  // The lifecycle stepper marks the API's stage as the current one.
  const stepper = page.getByRole("list", { name: "Lifecycle stages" });
  await expect(stepper.getByRole("listitem")).toHaveCount(7);
  const current = stepper.getByRole("listitem").filter({ hasText: "(current stage)" });
  // The step's number is drawn beside its label (hidden from screen readers).
  await expect(current).toHaveText(new RegExp(`^\\d*${LIFECYCLE_LABELS[employment.employment_lifecycle_stage]} \\(current stage\\)$`));
  await expect(current).toHaveAttribute("aria-current", "step");

  await snap(page, "employment-detail");
  await axe(page, "employment-detail");
});

// The header's account menu loads its popover code on first use (components/ui/deferred-popover.tsx,
// docs/decisions/console-bundle-budgets.md): the first press still opens it, with focus inside, and
// Escape closes it and gives focus back to its button.
test("the account menu opens on its first press and closes with Escape", async ({ page }) => {
  await page.goto("/employments");
  const trigger = page.getByRole("banner").getByRole("button", { name: new RegExp(DEMO_COMPANY.name) });
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await trigger.click();
  const panel = page.getByRole("dialog", { name: "Account" });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: new RegExp(DEMO_COMPANY.name) })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: new RegExp(DEMO_COMPANY.name) })).toBeFocused();
});
