import Link from "next/link";
import type { EmploymentListItem } from "@/lib/contract";
import { employmentHref } from "@/lib/console/employments/links";
import { unnamedEmployment } from "@/lib/console/people-ops/eligibility";

/** The employment a record belongs to: its name (a link to the employment) and job, or its id. */
export function EmploymentCell({ id, names }: { id: string; names: ReadonlyMap<string, EmploymentListItem> }) {
  const e = names.get(id);
  return (
    <div className="min-w-40">
      <Link href={employmentHref(id)} className="list-row-link">
        {e ? e.full_name : unnamedEmployment(id)}
      </Link>
      {e?.job_title ? <div className="text-xs text-slate-600 dark:text-slate-400">{e.job_title}</div> : null}
    </div>
  );
}
