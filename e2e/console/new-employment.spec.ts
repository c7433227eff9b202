import { getEmployment, isoDateIn, type ApiEmployment } from "../support/api";
import { CONSOLE_URL } from "../support/env";
import { expect, test } from "../support/fixtures";

// The new-employment flow end to end: country and type, then Portugal's basic information (a
// country form), which creates the employment through the BFF; a further section (the emergency
// contact, with its conditional "Describe the relationship"); the invitation; and the sandbox's
// "Activate". After each step the API's own record is read (the runner's token, not the browser's)
// to check what the console did. Every step is checked with axe.

type Recorded = ApiEmployment & { emergency_contact_details: Record<string, unknown> | null };

test("create an employment, fill a section, invite it and activate it in the sandbox", async ({ page, sandboxApi, axe }) => {
  // Six states of the flow, axe on each, the API read after each step: more than the project's 60 s on a busy machine.
  test.setTimeout(150_000);
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const name = `E2E New ${unique}`;
  const email = `e2e.new.${unique}@example.com`;
  const record = async (id: string) => (await getEmployment(sandboxApi, id)) as Recorded;

  await page.goto("/employments");
  await page.getByRole("link", { name: "New employment" }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/employments/new`);
  await expect(page.getByRole("heading", { level: 1, name: "New employment" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Steps of the new employment" })).toBeVisible();
  await axe(page, "new-employment");

  // 1. Country and type.
  await page.getByLabel("Country").selectOption({ label: "Portugal" });
  await expect(page.getByRole("group", { name: "Type of employment" }).getByLabel("Employee", { exact: true })).toBeChecked();
  await expect(page.getByRole("group", { name: "Employment model" }).getByLabel(/^EOR/)).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/employments/new?country=PRT`);
  await expect(page.getByRole("heading", { level: 2, name: "Basic information" })).toBeVisible();
  await expect(page.getByLabel("Full name")).toBeVisible();
  await axe(page, "new-employment-basic-information");

  // 2. Basic information: creates the employment.
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Personal email").fill(email);
  await page.getByLabel("Job title").fill("Quality Engineer");
  await page.getByLabel("Provisional start date").fill(isoDateIn(90));
  await page
    .getByRole("group", { name: /^Does the employee have a seniority date\?/ })
    .getByLabel("No")
    .check();
  await page.getByRole("button", { name: "Create employment" }).click();

  await expect(page).toHaveURL(/\/employments\/new\?employment=[0-9a-f-]{36}$/);
  const id = new URL(page.url()).searchParams.get("employment")!;
  const details = page.getByRole("navigation", { name: "Employment details" });
  await expect(details).toContainText(`${name} was created (Created)`);

  const created = await record(id);
  expect(created).toMatchObject({
    full_name: name,
    personal_email: email,
    status: "created",
    type: "employee",
    employment_model: "eor",
    country: { code: "PRT" },
  });
  expect(created.onboarding_tasks.emergency_contact_details?.status).toBe("pending");
  expect(created.emergency_contact_details ?? {}).toEqual({});

  // 3. A further section: the emergency contact. "Other" asks to describe the relationship.
  await details.getByRole("button", { name: /^Emergency contact/ }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/employments/new?employment=${id}&section=emergency_contact_details`);
  await expect(page.getByRole("heading", { level: 2, name: "Emergency contact" })).toBeVisible();
  await expect(details.getByRole("button", { name: /^Emergency contact/ })).toHaveAttribute("aria-current", "step");
  const describe = page.getByLabel("Describe the relationship");
  await page.getByLabel("Full name").fill("Rita Almeida");
  await expect(describe).toHaveCount(0);
  await page.getByLabel("Relationship").selectOption({ label: "Other" });
  await expect(describe).toBeVisible();
  await describe.fill("Neighbour");
  await page.getByLabel("Phone number").fill("+351912345678");
  await axe(page, "new-employment-section");
  const [saved] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === "PATCH" && r.url().includes(`/api/bff/employments/${id}/sections/emergency_contact_details`),
    ),
    page.getByRole("button", { name: "Save and continue" }).click(),
  ]);
  expect(saved.status()).toBe(200);
  // Saved: the flow moves on to the next section and marks this one.
  await expect(page).toHaveURL(new RegExp(`/employments/new\\?employment=${id}&section=(?!emergency_contact_details)\\w+$`));
  await expect(details.getByRole("button", { name: /^Emergency contact/ })).toContainText("Saved");

  const withSection = await record(id);
  expect(withSection.emergency_contact_details).toEqual({
    name: "Rita Almeida",
    relationship: "other",
    relationship_details: "Neighbour",
    phone_number: "+351912345678",
  });
  expect(withSection.onboarding_tasks.emergency_contact_details?.status).toBe("completed");
  expect(withSection.status).toBe("created");

  // 4. The invitation.
  await details.getByRole("button", { name: "Continue to the invitation" }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/employments/new?employment=${id}&step=invite`);
  await expect(page.getByRole("heading", { level: 2, name: "Invite the employee" })).toBeVisible();
  await axe(page, "new-employment-invite");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invitation sent" })).toContainText(
    `${name} was invited to complete their details at ${email}.`,
  );
  await expect(page.getByRole("button", { name: "Send invitation" })).toBeDisabled();

  const invited = await record(id);
  expect(invited).toMatchObject({ status: "invited", employment_lifecycle_stage: "employee_self_enrollment" });

  // 5. Sandbox only: activate at once.
  await page.getByRole("button", { name: "Activate (sandbox)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Employment activated" })).toContainText(
    `${name}'s employment is now active in the sandbox.`,
  );
  await expect(page.getByRole("button", { name: "Activate (sandbox)" })).toBeDisabled();
  await expect(page.getByText("The employment is active: there is nobody left to invite.")).toBeVisible();
  await axe(page, "new-employment-activated");

  const activated = await record(id);
  expect(activated).toMatchObject({ status: "active", employment_lifecycle_stage: "onboarded" });
  // What was filled in the flow is still there.
  expect(activated.emergency_contact_details).toEqual(withSection.emergency_contact_details);
});
