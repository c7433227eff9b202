"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { EmploymentListItem, Offboarding } from "@/lib/contract";
import { formatDate, formatDateTime } from "@/lib/console/employments/format";
import { isConfidential, offboardingReasonLabel, proposedEndOf } from "@/lib/console/offboardings/labels";
import { offboardingHref } from "@/lib/console/offboardings/url-state";
import { EmploymentCell } from "../timeoff/people-ops/employment-cell";
import { OffboardingStatusBadge } from "./offboarding-badges";

export const OFFBOARDING_COLUMNS = ["Employee", "Reason", "Termination date", "Submitted", "Status"] as const;

export function OffboardingsTable({
  items,
  names,
  busy,
  caption,
}: {
  items: Offboarding[];
  names: ReadonlyMap<string, EmploymentListItem>;
  busy: boolean;
  caption: string;
}) {
  return (
    <TableContainer label="Offboardings">
      <Table aria-busy={busy || undefined} className={cn("transition-opacity", busy && "opacity-60")}>
        <caption className="sr-only">{caption}</caption>
        <THead>
          <Tr>
            {OFFBOARDING_COLUMNS.map((c) => (
              <Th key={c}>{c}</Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {items.map((o) => (
            <Tr key={o.id} data-offboarding-id={o.id}>
              <Td>
                <EmploymentCell id={o.employment_id} names={names} />
              </Td>
              <Td className="min-w-56">
                <Link
                  href={offboardingHref(o.id)}
                  className="font-medium text-slate-900 underline-offset-2 hover:underline dark:text-white"
                >
                  {offboardingReasonLabel(o)}
                  <span className="sr-only"> — offboarding of {names.get(o.employment_id)?.full_name ?? "this employee"}</span>
                </Link>
                {isConfidential(o) ? (
                  <div className="mt-1">
                    <Badge tone="violet">Confidential</Badge>
                  </div>
                ) : null}
              </Td>
              <Td className="whitespace-nowrap tabular-nums">
                <time dateTime={o.termination_date ?? proposedEndOf(o)}>{formatDate(o.termination_date ?? proposedEndOf(o))}</time>
                {o.termination_date && o.termination_date !== proposedEndOf(o) ? (
                  <div className="text-xs text-slate-600 dark:text-slate-400">Proposed {formatDate(proposedEndOf(o))}</div>
                ) : null}
              </Td>
              <Td className="whitespace-nowrap text-sm">{formatDateTime(o.submitted_at)}</Td>
              <Td>
                <OffboardingStatusBadge status={o.status} />
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableContainer>
  );
}
