import { createPortugueseEmployee, getEmployment } from "../support/api";
import { CONSOLE_URL, DEMO_COMPANY } from "../support/env";
import { expect, test } from "../support/fixtures";

// Acceptance 4: "Edit employment" changes the department and the manager, and the employment page
// shows them. The employment is created for this test through the API (no seeded row is changed).

const DEPARTMENT = "Engineering";
const MANAGER = DEMO_COMPANY.users.people_manager;

test("update the department and the manager, then see them on the employment page", async ({ page, sandboxApi, axe }) => {
  expect(DEMO_COMPANY.departments).toContain(DEPARTMENT);
  const created = await createPortugueseEmployee(sandboxApi, "edit");
  expect(created.department).toBeNull();
  expect(created.manager_email).toBeNull();

  await page.goto(`/employments/${created.id}`);
  await expect(page.getByRole("heading", { level: 1, name: created.full_name })).toBeVisible();
  await page.getByRole("link", { name: "Edit employment" }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/employments/${created.id}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit employment" })).toBeVisible();
  await axe(page, "employment-edit");

  const department = page.getByLabel("Department");
  const manager = page.getByLabel("Manager");
  await expect(department).toHaveValue("");
  await expect(manager.getByRole("option", { selected: true })).toHaveText("No manager assigned");
  await department.selectOption({ label: DEPARTMENT });
  const managerOption =
    (await manager
      .getByRole("option", { name: new RegExp(`^${MANAGER.name} \\(${MANAGER.email.replace(/\./g, "\\.")}\\)`) })
      .textContent()) ?? "";
  expect(managerOption).toContain("People manager");
  await manager.selectOption({ label: managerOption });
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  await page.getByRole("button", { name: "Save changes" }).click();
  const saved = page.getByRole("status").filter({ hasText: "Changes saved" });
  await expect(saved).toBeVisible();
  await saved.getByRole("link", { name: `Back to ${created.full_name}` }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/employments/${created.id}`);

  const job = page.getByRole("region", { name: "Job, manager and department" });
  const expectField = async (label: string, value: string) => {
    const terms = job.getByRole("term");
    await expect(terms.filter({ hasText: new RegExp(`^${label}$`) })).toHaveCount(1);
    const labels = await terms.allTextContents();
    await expect(job.getByRole("definition").nth(labels.indexOf(label))).toHaveText(value);
  };
  await expectField("Department", DEPARTMENT);
  await expectField("Manager", MANAGER.name);
  await expectField("Manager email", MANAGER.email);

  // The page shows what the API now holds, and still does after a reload.
  const after = await getEmployment(sandboxApi, created.id);
  expect(after).toMatchObject({ department: DEPARTMENT, manager: MANAGER.name, manager_email: MANAGER.email });
  await page.reload();
  await expectField("Department", DEPARTMENT);
  await expectField("Manager", MANAGER.name);
});
