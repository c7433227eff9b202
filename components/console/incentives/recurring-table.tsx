"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { EmploymentListItem, RecurringIncentive } from "@/lib/contract";
import { formatDate } from "@/lib/console/employments/format";
import { INCENTIVE_TYPE_LABELS, TAX_TYPE_LABELS } from "@/lib/console/incentives/labels";
import { incentivesList } from "@/lib/console/incentives/url-state";
import { formatMinor } from "@/lib/console/timeoff/people-ops/money";
import { EmploymentCell } from "../timeoff/people-ops/employment-cell";
import { RecurringStatusBadge } from "./incentive-badges";

export const RECURRING_COLUMNS = ["Employee", "Type", "Monthly amount", "Period", "Status", "Actions"] as const;

export function RecurringTable({
  items,
  names,
  busy,
  caption,
  onDelete,
}: {
  items: RecurringIncentive[];
  names: ReadonlyMap<string, EmploymentListItem>;
  busy: boolean;
  caption: string;
  onDelete: (r: RecurringIncentive) => void;
}) {
  return (
    <TableContainer label="Recurring incentives">
      <Table aria-busy={busy || undefined} className={cn("transition-opacity", busy && "opacity-60")}>
        <caption className="sr-only">{caption}</caption>
        <THead>
          <Tr>
            {RECURRING_COLUMNS.map((c) => (
              <Th key={c} className={c === "Monthly amount" ? "text-right" : undefined}>
                {c}
              </Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {items.map((r) => {
            const who = names.get(r.employment_id)?.full_name ?? "this employee";
            return (
              <Tr key={r.id} data-recurring-id={r.id}>
                <Td>
                  <EmploymentCell id={r.employment_id} names={names} />
                </Td>
                <Td className="min-w-40">
                  <div>{INCENTIVE_TYPE_LABELS[r.type]}</div>
                  {r.note ? (
                    <div className="max-w-56 truncate text-xs text-slate-600 dark:text-slate-400" title={r.note}>
                      {r.note}
                    </div>
                  ) : null}
                </Td>
                <Td className="whitespace-nowrap text-right tabular-nums">
                  <div>{formatMinor(r.amount)}</div>
                  <div className="text-xs text-slate-600 dark:text-slate-400">{TAX_TYPE_LABELS[r.amount_tax_type]}, monthly</div>
                </Td>
                <Td className="whitespace-nowrap tabular-nums">
                  From <time dateTime={r.start_date}>{formatDate(r.start_date)}</time>
                  <div className="text-xs text-slate-600 dark:text-slate-400">
                    {r.end_date ? `Last payment ${formatDate(r.end_date)}` : "Open-ended"}
                  </div>
                </Td>
                <Td>
                  <RecurringStatusBadge status={r.status} />
                </Td>
                <Td className="min-w-56">
                  <div className="flex flex-wrap items-center gap-1.5">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => onDelete(r)}
                      aria-label={`Delete recurring ${INCENTIVE_TYPE_LABELS[r.type].toLowerCase()} of ${who}`}
                    >
                      Delete…
                    </Button>
                    <Link
                      href={`${incentivesList.href({ ...incentivesList.defaults, employmentId: r.employment_id })}`}
                      className="text-xs font-medium text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-50"
                    >
                      Monthly payments<span className="sr-only"> of {who}</span>
                    </Link>
                  </div>
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </TableContainer>
  );
}
