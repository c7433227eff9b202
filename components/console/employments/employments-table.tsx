"use client";

import { useRouter } from "next/navigation";
import { useMemo, type MouseEvent } from "react";
import { DataTable, RowLink, type ListColumn, type RowSelection, type TableSort } from "@/components/console/list";
import { withSortKeys } from "@/components/console/readmodel/sortable-columns";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { EmploymentListItem } from "@/lib/contract";
import { employmentHref } from "@/lib/console/employments/links";
import { EMPLOYMENT_CELL_COLUMN_DEFS, EMPLOYMENT_CELL_COLUMNS } from "./employment-cells";

const COLUMNS = ["Name", ...EMPLOYMENT_CELL_COLUMNS] as const;

/**
 * The employments table. Each row's name is a link (Tab reaches it, Enter opens the employment);
 * a click anywhere else on the row opens it too, for the mouse.
 */
export function EmploymentsTable({
  items,
  busy,
  caption,
  selection,
  sort,
  hidden,
}: {
  items: readonly EmploymentListItem[];
  busy?: boolean;
  caption: string;
  /** Row checkboxes (bulk invite). */
  selection?: RowSelection<EmploymentListItem>;
  /** Sortable headers (the list served from the read model): columns get their read-model sort key. */
  sort?: TableSort;
  /** Ids of the hidden columns (the list's `?hide=`). */
  hidden?: readonly string[];
}) {
  const router = useRouter();
  const columns = useMemo<ListColumn<EmploymentListItem>[]>(
    () => [
      {
        id: "name",
        header: "Name",
        meta: { className: "min-w-52" },
        cell: ({ row: { original: e } }) => (
          <>
            <RowLink href={employmentHref(e.id)} className="font-medium text-slate-900 underline-offset-2 hover:underline dark:text-white">
              {e.full_name}
            </RowLink>
            <div className="text-xs text-slate-600 dark:text-slate-400">{e.personal_email}</div>
          </>
        ),
      },
      ...EMPLOYMENT_CELL_COLUMN_DEFS,
    ],
    [],
  );
  const shown = useMemo(() => (sort ? withSortKeys(columns) : columns), [columns, sort]);
  const onRowClick = (href: string) => (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest("a, button, input, select, textarea, label")) return;
    if (window.getSelection()?.toString()) return; // selecting text is not a click
    router.push(href);
  };
  return (
    <DataTable
      label="Employments"
      caption={caption}
      rows={items}
      columns={shown}
      getRowId={(e) => e.id}
      sort={sort}
      hidden={hidden}
      busy={busy}
      selection={selection}
      rowProps={(e) => ({
        "data-employment-id": e.id,
        onClick: onRowClick(employmentHref(e.id)),
        className: "cursor-pointer hover:bg-slate-50 focus-within:bg-slate-50 dark:hover:bg-slate-800/50 dark:focus-within:bg-slate-800/50",
      })}
    />
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
