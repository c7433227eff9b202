import { EmploymentSchema, ONBOARDING_TASK_KEYS, type Employment, type EmploymentListItem } from "@/lib/contract";

// Valid employments for the helpers' tests (parsed with the contract, so they stay valid).

export function makeEmployment(overrides: Partial<Employment> = {}): Employment {
  return EmploymentSchema.parse({
    id: "0b6a3b8e-8a3c-4c39-9a49-2d7a2f1c0a11",
    short_id: "ABC234",
    company_id: "6f1f0c6e-7a1e-4f0e-8f4e-3b9a2c1d0e22",
    type: "employee",
    employment_model: "eor",
    status: "created",
    employment_lifecycle_stage: "employment_creation",
    user_status: "created",
    full_name: "Zoë Müller",
    job_title: "Staff engineer",
    personal_email: "zoe@example.com",
    login_email: "zoe@example.com",
    work_email: "zoe@acme.example",
    manager: "Ada Owner",
    manager_email: "owner@acme.example",
    manager_employment_id: null,
    department: "Engineering",
    department_id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
    external_id: "HR-42",
    provisional_start_date: "2024-09-02",
    eligible_for_onboarding_cancellation: true,
    created_at: "2024-03-07T14:03:09Z",
    updated_at: "2024-03-08T09:00:00Z",
    country: { code: "DEU", alpha_2_code: "DE", name: "Germany", region: "Europe" },
    onboarding_tasks: Object.fromEntries(
      ONBOARDING_TASK_KEYS.map((k, i) => [k, { description: `About ${k}`, status: i < 3 ? "completed" : "pending" }]),
    ),
    pricing_plan_details: { frequency: "monthly" },
    files: [],
    personal_details: {},
    basic_information: {},
    address_details: {},
    work_address_details: {},
    billing_address_details: {},
    administrative_details: {},
    contract_details: {},
    emergency_contact_details: {},
    bank_account_details: [],
    ...overrides,
  });
}

export function makeListItem(overrides: Partial<EmploymentListItem> = {}): EmploymentListItem {
  const e = makeEmployment();
  return {
    id: e.id,
    short_id: e.short_id,
    full_name: e.full_name,
    job_title: e.job_title,
    personal_email: e.personal_email,
    login_email: e.login_email,
    work_email: e.work_email,
    status: e.status,
    type: e.type,
    employment_model: e.employment_model,
    employment_lifecycle_stage: e.employment_lifecycle_stage,
    country: e.country,
    department: e.department,
    department_id: e.department_id,
    external_id: e.external_id ?? null,
    work_address_details: e.work_address_details,
    ...overrides,
  };
}
