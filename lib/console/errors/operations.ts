import type { ApiErrorPayload } from "@/lib/console/api-errors";

// One table of console operations: what a 403 of each needs (spec section 5 scopes, DECISIONS.md
// roles, docs/decisions/areas-people-ops-write-rules.md) and, where the spec names it, what a 409
// means. The error banner takes the operation; no area keeps its own helper.
// docs/decisions/console-error-path.md.

const PEOPLE_OPS_WRITE_ROLES = "a company owner, admin or people manager (people managers only for the employments they manage)";

const peopleOps = (scope: string) => ({
  read: `Reading this needs the ${scope}:read scope on this connection.`,
  write: `This change needs the ${scope}:write scope on this connection, and ${PEOPLE_OPS_WRITE_ROLES}; onboarding managers can't.`,
  sandbox: `Sandbox simulations need the ${scope}:write scope and ${PEOPLE_OPS_WRITE_ROLES}, in the sandbox environment.`,
});
const timeoff = peopleOps("timeoff");
const expenses = peopleOps("expense");
const incentives = peopleOps("incentive");
const offboardings = peopleOps("offboarding");

export const PERMISSION_HINTS = {
  "timeoff.read": timeoff.read,
  "timeoff.write": timeoff.write,
  "timeoff.sandbox": timeoff.sandbox,
  "expenses.read": expenses.read,
  "expenses.write": expenses.write,
  "expenses.sandbox": expenses.sandbox,
  "incentives.read": incentives.read,
  "incentives.write": incentives.write,
  "incentives.sandbox": incentives.sandbox,
  "offboardings.read": offboardings.read,
  "offboardings.write": offboardings.write,
  "offboardings.sandbox": offboardings.sandbox,
  "webhooks.read": "Reading webhooks needs the webhook:read scope on this connection.",
  "webhooks.write":
    "Changing webhooks (register, edit, delete, replay) needs the webhook:write scope, and a company owner or admin: people managers and onboarding managers can't.",
  "webhooks.trigger": "Sending a test event needs the webhook:write scope and a company owner or admin, in the sandbox.",
  "payslips.read": "Reading and downloading payslips needs the payslip:read or payroll scope on the API token.",
  "payslips.release":
    "Releasing a payslip needs the payroll scope and a writing role (owner, admin, or people manager for their own reports).",
  "contract-amendments.read": "Reading contract amendments needs the contract_amendment:read scope on the API token.",
  "contract-amendments.write":
    "Requesting or approving an amendment needs the contract_amendment:write scope and a writing role (owner, admin, or people manager for their own reports).",
  "custom-fields.read": "Reading custom field definitions needs the custom_field:read scope on the API token.",
  "custom-fields.create":
    "Creating a custom field needs the custom_field:write scope, and the owner or admin role: definitions are company settings.",
  "custom-fields.read-values":
    "Reading an employment's custom field values needs the custom_field:read and custom_field_value:read scopes.",
  "custom-fields.write-value":
    "Setting a value needs the custom_field_value:write scope and a writing role (owner, admin, or people manager for their own reports).",
  "company-managers.read": "Listing company managers needs the company_manager:read scope on the API token.",
  "company-managers.write":
    "Inviting or removing company managers needs the company_manager:write scope and the owner or admin role; only owners invite or remove owners.",
  "outstanding-payments.read": "Reading outstanding payments needs the invoices:read or invoices scope on the API token, for a company.",
} as const;

/** Operations whose 409 the spec names (the title says what the conflict is about). */
const CONFLICT_TITLES = {
  // Spec 4.1 rule 4: a company not in status active cannot manage employments (409).
  "employments.write": "The company can't manage employments right now",
  // The same rule guards an amendment of an employment (lib/gateway/services/contract-amendments.ts).
  "contract-amendments.write": "The company can't manage employments right now",
} as const;

export type ConsoleOperation = keyof typeof PERMISSION_HINTS | keyof typeof CONFLICT_TITLES;

export function permissionHint(operation: ConsoleOperation): string | null {
  return (PERMISSION_HINTS as Record<string, string>)[operation] ?? null;
}

export function conflictTitle(operation: ConsoleOperation): string | null {
  return (CONFLICT_TITLES as Record<string, string>)[operation] ?? null;
}

/** Extra lines for an error of an operation: the permission it needs for a 403, nothing otherwise. */
export function operationDetails(error: ApiErrorPayload, operation: ConsoleOperation | undefined): string[] {
  if (!operation || error.kind !== "forbidden") return [];
  const hint = permissionHint(operation);
  return hint ? [hint] : [];
}
