import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { amendmentsOfEmploymentHref } from "@/lib/console/contract-amendments/list";
import { newAmendmentHref } from "@/lib/console/contract-amendments/links";
import { expensesList } from "@/lib/console/expenses/list";
import { incentivesList } from "@/lib/console/incentives/list";
import { offboardingsList } from "@/lib/console/offboardings/list";
import { payslipsOfEmploymentHref } from "@/lib/console/payslips/list";
import { timeoffList } from "@/lib/console/timeoff/list";

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
        <ul className="detail-divided">
          {links.map((l) => (
            <li key={l.label}>
              <Link href={l.href(employmentId)} className="group detail-area-link">
                <span className="min-w-0">
                  <span className="detail-area-label">{l.label}</span>
                  {l.description ? <span className="detail-area-description">{l.description}</span> : null}
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
