import { splitFieldErrors } from "@/lib/console/errors/split-422";
import { checked, EMAIL_PATTERN, type FormCheck, type FormIssue } from "@/lib/console/form-check";
import { ROLE_LABELS } from "@/lib/console/company-managers/roles";
import { COMPANY_ROLES, type CompanyRole } from "@/lib/contract/enums";

// The "invite a company manager" form (POST /v1/company-managers {name, email, role}): its values,
// its rules (the contract's, written without zod: ./invite-form-schema.ts is the zod schema they
// match, checked by the test), where the API's 422 errors land, and what roles mean.

export interface InviteManagerFormValues {
  name: string;
  email: string;
  role: CompanyRole;
}
export type InviteManagerField = keyof InviteManagerFormValues;
const FIELDS: readonly InviteManagerField[] = ["name", "email", "role"];

/** The form's rules: name 1–255 characters, a valid email address, one of the roles (values trimmed). */
export const checkInviteManagerForm: FormCheck<InviteManagerFormValues> = (v) => {
  const issues: FormIssue[] = [];
  const name = String(v.name ?? "").trim();
  const email = String(v.email ?? "").trim();
  if (name.length < 1) issues.push({ path: "name", message: "can't be blank", code: "too_small" });
  if (name.length > 255) issues.push({ path: "name", message: "must be at most 255 characters", code: "too_big" });
  if (email.length < 1) issues.push({ path: "email", message: "can't be blank", code: "too_small" });
  else if (!EMAIL_PATTERN.test(email)) issues.push({ path: "email", message: "must be a valid email address", code: "invalid_format" });
  if (!(COMPANY_ROLES as readonly string[]).includes(v.role))
    issues.push({
      path: "role",
      message: `Invalid option: expected one of ${COMPANY_ROLES.map((r) => JSON.stringify(r)).join("|")}`,
      code: "invalid_value",
    });
  return checked({ name, email, role: v.role }, issues);
};

export const EMPTY_INVITE: InviteManagerFormValues = { name: "", email: "", role: "admin" };

export { ROLE_LABELS };

export const ROLE_DESCRIPTIONS: Record<CompanyRole, string> = {
  owner: "Everything, including managing other owners.",
  admin: "Everything except managing owners.",
  people_manager: "Manages their own reports' employments.",
  onboarding_manager: "Follows onboarding; can't change employments.",
};

export const ROLE_OPTIONS = COMPANY_ROLES.map((value) => ({ value, label: ROLE_LABELS[value], description: ROLE_DESCRIPTIONS[value] }));

/** The body of POST /v1/company-managers (trimmed). */
export const toInviteBody = (v: InviteManagerFormValues) => ({ name: v.name.trim(), email: v.email.trim(), role: v.role });

export const splitInviteErrors = (fieldErrors: Record<string, string[]> | undefined) =>
  splitFieldErrors<InviteManagerField>(fieldErrors, (key) =>
    FIELDS.includes(key as InviteManagerField) ? (key as InviteManagerField) : null,
  );

/** Owners on the page, when the whole list fits on it (else unknown: null). */
export function ownerCount(managers: readonly { role: string }[], totalPages: number): number | null {
  return totalPages <= 1 ? managers.filter((m) => m.role === "owner").length : null;
}
