import type { ApiErrorPayload } from "@/lib/console/api-errors";

// What a refusal of the payslip endpoints means for the user (docs/decisions/areas-payroll-scopes.md):
// a 403 names the scope or the role that is missing, so the user knows whom to ask.

export const PAYSLIP_PERMISSIONS = {
  read: "Reading and downloading payslips needs the payslip:read or payroll scope on the API token.",
  release: "Releasing a payslip needs the payroll scope and a writing role (owner, admin, or people manager for their own reports).",
} as const;

/** Extra lines for an error banner: the permission the operation needs, when the API answered 403. */
export function payslipErrorDetails(error: ApiErrorPayload, operation: keyof typeof PAYSLIP_PERMISSIONS): string[] | undefined {
  return error.kind === "forbidden" ? [PAYSLIP_PERMISSIONS[operation]] : undefined;
}
