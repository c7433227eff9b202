import { z } from "zod";
import { splitFieldErrors } from "@/lib/console/errors/split-422";
import { MANAGER_ROLES, UpdateEmploymentV2BodySchema, type Department, type Employment, type UpdateEmploymentV2Body } from "@/lib/contract";
import type { CompanyManagerRead } from "@/lib/console/api-read";
import { labelOf } from "@/lib/console/read-labels";
import { ROLE_LABELS } from "@/lib/console/company-managers/roles";

// The update-employment form (spec 4.1): its values, its schema (the contract's rules for each
// field), the body it sends, and where the API's 422 errors land.

const bodyShape = UpdateEmploymentV2BodySchema.shape;

/**
 * Form values are strings (inputs and selects hold strings); "" means "none" for the department and
 * "leave as is" for the manager. Each field's rule is the contract's own.
 */
export const UpdateEmploymentFormSchema = z.object({
  department_id: z.string(),
  manager_id: z.string(),
  external_id: z.string().trim().pipe(bodyShape.external_id.unwrap().unwrap()),
  work_email: z.string().trim().min(1, "can't be blank").pipe(bodyShape.work_email.unwrap()),
});
export type UpdateEmploymentFormValues = z.infer<typeof UpdateEmploymentFormSchema>;
export type UpdateEmploymentField = keyof UpdateEmploymentFormValues;
export const UPDATE_EMPLOYMENT_FIELDS = Object.keys(UpdateEmploymentFormSchema.shape) as UpdateEmploymentField[];

/**
 * The provider's Employment names its manager by `manager_email` (no user id): the current manager's
 * user id is that of the company manager with this email, "" when none matches (or none is known).
 */
export function currentManagerId(e: Pick<Employment, "manager_email">, managers: readonly CompanyManagerRead[]): string {
  const email = e.manager_email?.toLowerCase();
  return (email && managers.find((m) => m.user_email.toLowerCase() === email)?.user_id) || "";
}

export function updateFormDefaults(
  e: Pick<Employment, "department_id" | "manager_email" | "external_id" | "work_email">,
  managers: readonly CompanyManagerRead[] = [],
): UpdateEmploymentFormValues {
  return {
    department_id: e.department_id ?? "",
    manager_id: currentManagerId(e, managers),
    external_id: e.external_id ?? "",
    work_email: e.work_email ?? "",
  };
}

/**
 * The body of `PATCH /v2/employments/{id}`: the fields that changed, plus `external_id` always,
 * because spec 4.1 says it "defaults to null when not provided" and leaving it out could erase it.
 */
export function toUpdateBody(values: UpdateEmploymentFormValues, defaults: UpdateEmploymentFormValues): UpdateEmploymentV2Body {
  const body: UpdateEmploymentV2Body = {};
  if (values.department_id !== defaults.department_id) body.department_id = values.department_id || null;
  // The API has no way to unassign a manager (manager_id is a string, not nullable): "" sends nothing.
  if (values.manager_id && values.manager_id !== defaults.manager_id) body.manager_id = values.manager_id;
  body.external_id = values.external_id.trim() || null;
  const workEmail = values.work_email.trim();
  if (workEmail && workEmail !== defaults.work_email) body.work_email = workEmail;
  return UpdateEmploymentV2BodySchema.parse(body);
}

export { ROLE_LABELS };

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * Manager candidates: company users with role owner, admin or people manager (spec 4.1), by name.
 * A current manager who is no longer a candidate stays listed (marked), so the form shows the truth.
 */
export function managerOptions(
  managers: readonly CompanyManagerRead[],
  current?: { id: string | null | undefined; name?: string | null },
): SelectOption[] {
  const options = managers
    .filter((m) => (MANAGER_ROLES as readonly string[]).includes(m.role))
    .sort((a, b) => a.user_name.localeCompare(b.user_name, "en"))
    .map((m) => ({ value: m.user_id, label: `${m.user_name} (${m.user_email}) · ${labelOf(ROLE_LABELS, m.role)}` }));
  if (current?.id && !options.some((o) => o.value === current.id)) {
    options.unshift({ value: current.id, label: `${current.name ?? current.id} · current, not a manager candidate` });
  }
  return options;
}

export function departmentOptions(departments: readonly Department[]): SelectOption[] {
  return [...departments].sort((a, b) => a.name.localeCompare(b.name, "en")).map((d) => ({ value: d.id, label: d.name }));
}

/**
 * The API's 422 field errors split into those of the form's fields and the rest (shown in the banner).
 * Keys may be prefixed (`body.manager_id`) by the BFF's own validation.
 */
export const splitUpdateFieldErrors = (fieldErrors: Record<string, string[]> | undefined) =>
  splitFieldErrors<UpdateEmploymentField>(fieldErrors, (key) =>
    (UPDATE_EMPLOYMENT_FIELDS as string[]).includes(key) ? (key as UpdateEmploymentField) : null,
  );
