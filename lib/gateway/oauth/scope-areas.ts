import { describeScope } from "@/lib/contract";

// The consent page's grouping of scopes: one line per area naming what is asked there ("View and change
// employment; view payslip") with the scopes behind it, so a long request reads as a few areas.

interface ScopeArea {
  id: string;
  label: string;
  prefixes: readonly string[];
}

export const SCOPE_AREAS: readonly ScopeArea[] = [
  {
    id: "employments",
    label: "Employments",
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
    prefixes: ["timeoff", "timesheet", "time_and_attendance"],
  },
  {
    id: "pay",
    label: "Pay, expenses and benefits",
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
    prefixes: ["invoices", "risk_reserve", "company_currencies", "convert_currency"],
  },
  {
    id: "company",
    label: "Company settings",
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
  { id: "webhooks", label: "Webhooks", prefixes: ["webhook"] },
  {
    id: "reference",
    label: "Countries and reference data",
    prefixes: ["country", "form", "help_center_article"],
  },
];

export interface ScopeGroup {
  id: string;
  label: string;
  /** One line of what is asked in the area: "View and change expense and incentive; view payslip". */
  summary: string;
  scopes: { scope: string; description: string }[];
}

const changes = (scope: string) => !scope.endsWith(":read");
const subject = (scope: string) => scope.split(":")[0]!.replace(/_/g, " ");
const list = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/** One line of what is asked, never more: "View and change employment and expense; view payslip". */
function summarize(scopes: readonly string[]): string {
  const changed = [...new Set(scopes.filter(changes).map(subject))];
  const viewed = [...new Set(scopes.map(subject))].filter((s) => !changed.includes(s));
  const parts = [changed.length ? `view and change ${list(changed)}` : "", viewed.length ? `view ${list(viewed)}` : ""].filter(Boolean);
  const line = parts.join("; ");
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** The requested scopes grouped by area, in the areas' order; scopes of no known area come last, under "Other". */
export function groupScopes(scopes: readonly string[]): ScopeGroup[] {
  const groups = new Map<string, ScopeGroup>();
  const areaOf = (scope: string) => SCOPE_AREAS.find((a) => a.prefixes.includes(scope.split(":")[0]!));
  for (const scope of scopes) {
    const area = areaOf(scope);
    const id = area?.id ?? "other";
    let group = groups.get(id);
    if (!group) {
      group = { id, label: area?.label ?? "Other", summary: "", scopes: [] };
      groups.set(id, group);
    }
    group.scopes.push({ scope, description: describeScope(scope) });
  }
  const order = [...SCOPE_AREAS.map((a) => a.id), "other"];
  return [...groups.values()]
    .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
    .map((g) => ({ ...g, summary: summarize(g.scopes.map((s) => s.scope)) }));
}
