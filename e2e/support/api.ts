import { expect, type APIRequestContext } from "@playwright/test";

// The Employment API as the test runner calls it: with the demo Customer API token (sandbox, the
// demo company's owner). Only the runner holds the token; the browser goes through the console.

export type TaskStatus = "completed" | "pending";

export interface ApiEmployment {
  id: string;
  full_name: string;
  status: string;
  type: string;
  employment_model: string | null;
  employment_lifecycle_stage: string;
  external_id: string | null;
  work_email: string | null;
  country: { code: string; name: string } | null;
  department: string | null;
  department_id: string | null;
  /** Absent when no manager is assigned (the provider's Employment). */
  manager?: string;
  manager_email: string | null;
  personal_email: string;
  onboarding_tasks: Record<string, { status: TaskStatus; description: string }>;
  contract_details: Record<string, unknown> | null;
}

export interface ApiEmploymentPage {
  employments: Pick<ApiEmployment, "id" | "full_name" | "status" | "type" | "employment_model">[];
  total_count: number;
  total_pages: number;
  current_page: number;
}

export async function getEmployment(api: APIRequestContext, id: string): Promise<ApiEmployment> {
  const res = await api.get(`/v1/employments/${id}`);
  expect(res.status(), `GET /v1/employments/${id}`).toBe(200);
  return ((await res.json()) as { data: { employment: ApiEmployment } }).data.employment;
}

export async function listEmployments(
  api: APIRequestContext,
  query: { status?: string[]; page?: number; page_size?: number } = {},
): Promise<ApiEmploymentPage> {
  const params: Record<string, string> = { page: String(query.page ?? 1), page_size: String(query.page_size ?? 100) };
  if (query.status?.length) params.status = query.status.join(",");
  const res = await api.get("/v1/employments", { params });
  expect(res.status(), "GET /v1/employments").toBe(200);
  return ((await res.json()) as { data: ApiEmploymentPage }).data;
}

/** A date `days` from today (ISO), far enough ahead for every country's minimum onboarding time. */
export function isoDateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Monday, Tuesday and Wednesday of a week at least a week ahead, in this calendar year when it can be (YYYY-MM-DD). */
export function workingDaysAhead(): [string, string, string] {
  const now = new Date();
  const year = now.getUTCFullYear();
  const at = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
  let monday = at(now, 7 + ((8 - now.getUTCDay()) % 7)); // a Monday at least a week ahead
  if (at(monday, 2).getUTCFullYear() !== year) {
    monday = new Date(Date.UTC(year, 0, 5));
    while (monday.getUTCDay() !== 1) monday = at(monday, 1);
  }
  const day = (n: number) => at(monday, n).toISOString().slice(0, 10);
  return [day(0), day(1), day(2)];
}

let counter = 0;

/**
 * Creates a Portuguese EOR employee (status created) through the API, for a test to change: specs
 * never change the seeded employments other specs read.
 */
export async function createPortugueseEmployee(api: APIRequestContext, label: string): Promise<ApiEmployment> {
  const unique = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const name = `E2E ${label} ${unique}`;
  const res = await api.post("/v1/employments", {
    data: {
      country_code: "PRT",
      type: "employee",
      employment_model: "eor",
      basic_information: {
        name,
        email: `e2e.${unique}@example.com`,
        job_title: "Quality Engineer",
        provisional_start_date: isoDateIn(90),
        has_seniority_date: "no",
      },
    },
  });
  // 200 and the basic fields only, as the provider answers (EmploymentBasicResponse): read the full record.
  expect(res.status(), `POST /v1/employments: ${await res.text()}`).toBe(200);
  const { id } = ((await res.json()) as { data: { employment: { id: string } } }).data.employment;
  return getEmployment(api, id);
}
