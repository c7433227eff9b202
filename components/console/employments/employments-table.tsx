"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { MouseEvent } from "react";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { EmploymentListItem } from "@/lib/contract";
import { employmentHref } from "@/lib/console/employments/links";
import { EMPLOYMENT_CELL_COLUMNS, EmploymentCells } from "./employment-cells";

const COLUMNS = ["Name", ...EMPLOYMENT_CELL_COLUMNS] as const;

/**
 * The employments table. Each row's name is a link (Tab reaches it, Enter opens the employment);
 * a click anywhere else on the row opens it too, for the mouse.
 */
export function EmploymentsTable({ items, busy, caption }: { items: EmploymentListItem[]; busy?: boolean; caption: string }) {
  const router = useRouter();
  const onRowClick = (href: string) => (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest("a, button, input, select, textarea, label")) return;
    if (window.getSelection()?.toString()) return; // selecting text is not a click
    router.push(href);
  };
  return (
    <TableContainer label="Employments">
      <Table aria-busy={busy || undefined} className={cn("transition-opacity", busy && "opacity-60")}>
        <caption className="sr-only">{caption}</caption>
        <THead>
          <Tr>
            {COLUMNS.map((c) => (
              <Th key={c}>{c}</Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {items.map((e) => {
            const href = employmentHref(e.id);
            return (
              <Tr
                key={e.id}
                onClick={onRowClick(href)}
                className="cursor-pointer hover:bg-slate-50 focus-within:bg-slate-50 dark:hover:bg-slate-800/50 dark:focus-within:bg-slate-800/50"
              >
                <Td className="min-w-52">
                  <Link href={href} className="font-medium text-slate-900 underline-offset-2 hover:underline dark:text-white">
                    {e.full_name}
                  </Link>
                  <div className="text-xs text-slate-600 dark:text-slate-400">{e.personal_email}</div>
                </Td>
                <EmploymentCells e={e} />
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </TableContainer>
  );
}

/** The table's shape while the first page loads. */
export function EmploymentsTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading employments…
      </p>
      <Table aria-hidden="true">
        <THead>
          <Tr>
            {COLUMNS.map((c) => (
              <Th key={c}>{c}</Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {Array.from({ length: rows }, (_, i) => (
            <Tr key={i}>
              <Td>
                <Skeleton className="h-4 w-36" />
                <Skeleton className="mt-1.5 h-3 w-44" />
              </Td>
              {COLUMNS.slice(1).map((c) => (
                <Td key={c}>
                  <Skeleton className="h-4 w-20" />
                </Td>
              ))}
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
