import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { amendmentsOfEmploymentHref } from "@/lib/console/contract-amendments/list";
import { newAmendmentHref } from "@/lib/console/contract-amendments/url-state";
import { expensesList } from "@/lib/console/expenses/url-state";
import { incentivesList } from "@/lib/console/incentives/url-state";
import { offboardingsList } from "@/lib/console/offboardings/url-state";
import { payslipsOfEmploymentHref } from "@/lib/console/payslips/list";
import { timeoffList } from "@/lib/console/timeoff/url-state";

// The employment page's links to the other areas of the console, each filtered to that employment.
// One list: each area adds its own entry here, and the page itself never changes for it.

export interface EmploymentAreaLink {
  label: string;
  /** One line under the label: what the area shows for this employment. */
  description?: string;
  href: (employmentId: string) => string;
}

export const EMPLOYMENT_AREA_LINKS: readonly EmploymentAreaLink[] = [
  { label: "Payslips", description: "Released payslips and their PDFs", href: payslipsOfEmploymentHref },
  { label: "Contract amendments", description: "Requested changes to the contract", href: amendmentsOfEmploymentHref },
  { label: "Request a contract amendment", description: "Through the country's amendment form", href: newAmendmentHref },
  // People-ops areas (docs/decisions/console-people-ops-pages.md).
  {
    label: "Time off",
    description: "Requests and the paid time off balance",
    href: (id: string) => timeoffList.hrefFor({ employmentId: id }),
  },
  {
    label: "Expenses",
    description: "Submitted expenses and their receipts",
    href: (id: string) => expensesList.hrefFor({ employmentId: id }),
  },
  {
    label: "Incentives",
    description: "One-time and recurring bonuses and allowances",
    href: (id: string) => incentivesList.hrefFor({ employmentId: id }),
  },
  {
    label: "Offboardings",
    description: "Termination requests and their review",
    href: (id: string) => offboardingsList.hrefFor({ employmentId: id }),
  },
];

/** The links of EMPLOYMENT_AREA_LINKS for one employment (server or client, no state). */
export function EmploymentAreaLinks({
  employmentId,
  links = EMPLOYMENT_AREA_LINKS,
}: {
  employmentId: string;
  links?: readonly EmploymentAreaLink[];
}) {
  return (
    <Card aria-labelledby="employment-areas-title">
      <CardHeader titleId="employment-areas-title" title="More about this employment" />
      <nav aria-labelledby="employment-areas-title">
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {links.map((l) => (
            <li key={l.label}>
              <Link
                href={l.href(employmentId)}
                className="group flex items-center justify-between gap-3 px-5 py-3 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 dark:hover:bg-slate-800/50 dark:focus-visible:bg-slate-800/50"
              >
                <span className="min-w-0">
                  <span className="block font-medium text-brand-700 group-hover:underline dark:text-brand-50">{l.label}</span>
                  {l.description ? <span className="block text-xs text-slate-600 dark:text-slate-400">{l.description}</span> : null}
                </span>
                <span aria-hidden="true" className="text-slate-400">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
