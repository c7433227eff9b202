import { z } from "zod";
import { splitFieldErrors } from "@/lib/console/errors/split-422";
import { COMPANY_ROLES, CompanyRoleSchema, type CompanyRole } from "@/lib/contract";
import { ROLE_LABELS } from "@/lib/console/employments/update-form";

// The "invite a company manager" form (POST /v1/company-managers {name, email, role}): its values,
// its schema (the contract's rules), where the API's 422 errors land, and what roles mean.

export const InviteManagerFormSchema = z.object({
  name: z.string().trim().min(1, "can't be blank").max(255, "must be at most 255 characters"),
  email: z.string().trim().min(1, "can't be blank").pipe(z.email("must be a valid email address")),
  role: CompanyRoleSchema,
});
export type InviteManagerFormValues = z.input<typeof InviteManagerFormSchema>;
export type InviteManagerField = keyof InviteManagerFormValues;
const FIELDS: readonly InviteManagerField[] = ["name", "email", "role"];

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
