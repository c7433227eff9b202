import { describeScope } from "@/lib/contract";

// The consent page's grouping of scopes: one line per area ("View and change employments and the
// people's records") with the scopes of that area behind it, so a long request reads as a few areas.

interface ScopeArea {
  id: string;
  label: string;
  /** What the area covers, as the object of "View" / "View and change". */
  covers: string;
  prefixes: readonly string[];
}

export const SCOPE_AREAS: readonly ScopeArea[] = [
  {
    id: "employments",
    label: "Employments",
    covers: "employments and the people's records",
    prefixes: [
      "employment",
      "employments",
      "personal_detail",
      "address",
      "onboarding",
      "work_authorization",
      "identity_verification",
      "background_check",
      "contract_eligibility",
      "magic_link",
      "travel_letter",
    ],
  },
  {
    id: "contracts",
    label: "Contracts and offboarding",
    covers: "contracts, amendments, documents and offboardings",
    prefixes: [
      "contract",
      "contract_amendment",
      "document",
      "employment_documents",
      "probation_document",
      "resignation",
      "resignation_letter",
      "offboarding",
    ],
  },
  {
    id: "time",
    label: "Time off and time tracking",
    covers: "time off requests, balances and timesheets",
    prefixes: ["timeoff", "timesheet", "time_and_attendance"],
  },
  {
    id: "pay",
    label: "Pay, expenses and benefits",
    covers: "expenses, incentives, payslips, payroll and benefits",
    prefixes: [
      "expense",
      "incentive",
      "payslip",
      "payroll",
      "payroll_run",
      "payroll_calendar",
      "pay_item",
      "employment_payments",
      "benefit_offer",
      "benefit_renewal",
    ],
  },
  {
    id: "billing",
    label: "Invoices and billing",
    covers: "invoices, outstanding payments, the risk reserve and currencies",
    prefixes: ["invoices", "risk_reserve", "company_currencies", "convert_currency"],
  },
  {
    id: "company",
    label: "Company settings",
    covers: "the company, its departments, managers, custom fields and sign-in settings",
    prefixes: [
      "company",
      "company_admin",
      "company_management",
      "company_department",
      "company_structure",
      "company_manager",
      "custom_field",
      "custom_field_value",
      "sso_configuration",
      "pricing_plan",
    ],
  },
  { id: "webhooks", label: "Webhooks", covers: "webhook subscriptions and deliveries", prefixes: ["webhook"] },
  {
    id: "reference",
    label: "Countries and reference data",
    covers: "countries, their forms and help articles",
    prefixes: ["country", "form", "help_center_article"],
  },
];

export interface ScopeGroup {
  id: string;
  label: string;
  /** One line: "View employments and the people's records" or "View and change …". */
  summary: string;
  scopes: { scope: string; description: string }[];
}

const changes = (scope: string) => !scope.endsWith(":read");

/** The requested scopes grouped by area, in the areas' order; scopes of no known area come last, under "Other". */
export function groupScopes(scopes: readonly string[]): ScopeGroup[] {
  const groups = new Map<string, ScopeGroup>();
  const areaOf = (scope: string) => SCOPE_AREAS.find((a) => a.prefixes.includes(scope.split(":")[0]!));
  for (const scope of scopes) {
    const area = areaOf(scope);
    const id = area?.id ?? "other";
    let group = groups.get(id);
    if (!group) {
      group = { id, label: area?.label ?? "Other", summary: area?.covers ?? "other data", scopes: [] };
      groups.set(id, group);
    }
    group.scopes.push({ scope, description: describeScope(scope) });
  }
  const order = [...SCOPE_AREAS.map((a) => a.id), "other"];
  return [...groups.values()]
    .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
    .map((g) => ({ ...g, summary: `${g.scopes.some((s) => changes(s.scope)) ? "View and change" : "View"} ${g.summary}` }));
}
