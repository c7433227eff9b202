// Scope names of spec section 5.

export const AUTHORIZATION_CODE_SCOPES = [
  "company_department:read", "company_department:write", "webhook:read", "webhook:write", "magic_link:write",
  "offboarding:read", "offboarding:write", "custom_field:read", "custom_field:write", "custom_field_value:read",
  "custom_field_value:write", "address:read", "address:write", "expense:read", "expense:write", "employment:read",
  "employment:write", "identity_verification:read", "identity_verification:write", "timesheet:read",
  "timesheet:write", "travel_letter:read", "travel_letter:write", "incentive:read", "incentive:write",
  "personal_detail:read", "invoices", "invoices:read", "invoices:write", "work_authorization:read",
  "work_authorization:write", "timeoff:read", "timeoff:write", "company_structure:read", "benefit_renewal:read",
  "benefit_renewal:write", "benefit_offer:read", "benefit_offer:write", "employment_documents", "onboarding:write",
  "payroll_run:read", "risk_reserve:write", "resignation_letter:read", "resignation:read", "resignation:write",
  "convert_currency:read", "employments", "probation_document:read", "probation_document:write", "company_admin",
  "payroll", "help_center_article:read", "company_currencies:read", "payslip:read", "pay_item:read",
  "pay_item:write", "payroll_calendar:read", "contract_amendment:read", "contract_amendment:write", "country:read",
  "company_manager:read", "company_manager:write", "company:read", "sso_configuration:read",
  "sso_configuration:write", "contract_eligibility:write", "background_check:read", "document:read",
  "document:write", "time_and_attendance", "employment_payments", "form:read", "contract:read",
] as const;

export const CLIENT_CREDENTIALS_SCOPES = [
  "company:read", "company:write", "company_admin", "company_management", "convert_currency:read", "country:read",
  "employment_documents", "employment_payments", "employments", "help_center_article:read", "invoices", "payroll",
  "payroll_calendar:read", "pricing_plan:read", "pricing_plan:write", "time_and_attendance", "webhook:read",
  "webhook:write",
] as const;

export type Scope = (typeof AUTHORIZATION_CODE_SCOPES)[number] | (typeof CLIENT_CREDENTIALS_SCOPES)[number];

/** Human descriptions shown on the consent page. */
export function describeScope(scope: string): string {
  const [area, access] = scope.split(":");
  const what = (area ?? scope).replace(/_/g, " ");
  if (access === "read") return `Read ${what}`;
  if (access === "write") return `Create and change ${what}`;
  return `Full access to ${what}`;
}
