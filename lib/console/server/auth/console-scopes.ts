import type { Environment } from "@/lib/contract";

// What the console asks consent for (docs/decisions/console-consent-scopes.md): the scopes of the API
// operations it calls, no more. Every operation is a free function of lib/console/server/<area>/api.ts;
// this table names, for each (method, path) they call, the one scope the console requests for it
// (one of the route's accepted scopes, the narrow one where the route accepts several). The console
// does not import lib/gateway, so the table is written by hand; console-scopes.test.ts compares it
// with the calls of the api.ts modules and with the gateway's route declarations, so it cannot drift.

export interface ConsoleOperationScope {
  /** The scope requested for the operation; null when any token will do (identity) or the call is the partner's client-credentials one. */
  scope: string | null;
  /** The route exists on sandbox only: its scope is requested on sandbox only. */
  sandboxOnly?: boolean;
}

/** Keyed "METHOD path" with every path parameter written `{}` (the form the api.ts scan yields). */
export const CONSOLE_OPERATION_SCOPES: Readonly<Record<string, ConsoleOperationScope>> = {
  // Sign-in and the session: whose token it is.
  "GET v1/identity/current": { scope: null },
  // The partner's list of consented companies: a client-credentials call, not part of the consent.
  "GET v1/companies": { scope: null },
  // The company's own record: its billing currency (desired_currency) names the payslips' converted net.
  "GET v1/companies/{}": { scope: "company:read" },
  "GET v1/countries": { scope: "country:read" },
  "GET v1/countries/{}/{}": { scope: "country:read" },
  "GET v1/employments": { scope: "employment:read" },
  "GET v1/employments/{}": { scope: "employment:read" },
  "POST v1/employments": { scope: "employment:write" },
  "PATCH v1/employments/{}": { scope: "employment:write" },
  "PATCH v2/employments/{}": { scope: "employment:write" },
  "POST v1/employments/{}/invite": { scope: "employment:write" },
  "PATCH v1/sandbox/employments/{}": { scope: "employment:write", sandboxOnly: true },
  "GET v1/company-departments": { scope: "company_department:read" },
  "POST v1/company-departments": { scope: "company_department:write" },
  "GET v1/company-managers": { scope: "company_manager:read" },
  "POST v1/company-managers": { scope: "company_manager:write" },
  "DELETE v1/company-managers/{}": { scope: "company_manager:write" },
  "GET v1/contract-amendments": { scope: "contract_amendment:read" },
  "GET v1/contract-amendments/{}": { scope: "contract_amendment:read" },
  "POST v1/contract-amendments": { scope: "contract_amendment:write" },
  "PATCH v1/sandbox/contract-amendments/{}": { scope: "contract_amendment:write", sandboxOnly: true },
  "GET v1/custom-fields": { scope: "custom_field:read" },
  "POST v1/custom-fields": { scope: "custom_field:write" },
  "GET v1/custom-fields/{}/values/{}": { scope: "custom_field_value:read" },
  "PUT v1/custom-fields/{}/values/{}": { scope: "custom_field_value:write" },
  "GET v1/employments/{}/custom-fields": { scope: "custom_field_value:read" },
  "GET v1/expenses": { scope: "expense:read" },
  "GET v1/expenses/{}": { scope: "expense:read" },
  "POST v1/expenses": { scope: "expense:write" },
  "PATCH v1/expenses/{}": { scope: "expense:write" },
  "GET v1/incentives": { scope: "incentive:read" },
  "GET v1/incentives/{}": { scope: "incentive:read" },
  "POST v1/incentives": { scope: "incentive:write" },
  "PATCH v1/incentives/{}": { scope: "incentive:write" },
  "DELETE v1/incentives/{}": { scope: "incentive:write" },
  "GET v1/incentives/recurring": { scope: "incentive:read" },
  "POST v1/incentives/recurring": { scope: "incentive:write" },
  "DELETE v1/incentives/recurring/{}": { scope: "incentive:write" },
  "PUT v1/sandbox/incentives/{}": { scope: "incentive:write", sandboxOnly: true },
  "GET v1/offboardings": { scope: "offboarding:read" },
  "GET v1/offboardings/{}": { scope: "offboarding:read" },
  "POST v1/offboardings": { scope: "offboarding:write" },
  "PATCH v1/sandbox/offboardings/{}": { scope: "offboarding:write", sandboxOnly: true },
  "GET api/v1/employer/outstanding-payments-and-refunds": { scope: "invoices:read" },
  "GET v1/payslips": { scope: "payslip:read" },
  "GET v1/payslips/{}/pdf": { scope: "payslip:read" },
  // Releasing a payslip in the sandbox accepts only the broad `payroll` scope: asked for on sandbox only.
  "POST v1/sandbox/payslips": { scope: "payroll", sandboxOnly: true },
  "GET v1/timeoff": { scope: "timeoff:read" },
  "GET v1/timeoff/{}": { scope: "timeoff:read" },
  "GET v1/timeoff/types": { scope: "timeoff:read" },
  "GET v1/timeoff-balances/{}": { scope: "timeoff:read" },
  "POST v1/timeoff": { scope: "timeoff:write" },
  "PATCH v1/timeoff/{}": { scope: "timeoff:write" },
  "GET v1/companies/{}/webhook-callbacks": { scope: "webhook:read" },
  "GET v1/webhook-callbacks": { scope: "webhook:read" },
  "POST v1/webhook-callbacks": { scope: "webhook:write" },
  "PATCH v1/webhook-callbacks/{}": { scope: "webhook:write" },
  "DELETE v1/webhook-callbacks/{}": { scope: "webhook:write" },
  "GET v1/webhook-deliveries": { scope: "webhook:read" },
  "GET v1/webhook-events": { scope: "webhook:read" },
  "GET v1/webhook-events/{}": { scope: "webhook:read" },
  "POST v1/webhook-events/replay": { scope: "webhook:write" },
  "POST v1/sandbox/webhook-callbacks/trigger": { scope: "webhook:write", sandboxOnly: true },
};

/** The scopes the console requests in an environment: those of the operations it calls there, sorted. */
export function consoleScopes(environment: Environment): string[] {
  const scopes = new Set<string>();
  for (const op of Object.values(CONSOLE_OPERATION_SCOPES)) {
    if (op.scope && (!op.sandboxOnly || environment === "sandbox")) scopes.add(op.scope);
  }
  return [...scopes].sort();
}
