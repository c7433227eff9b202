"use client";

import { useRouter } from "next/navigation";
import { useMemo, type MouseEvent } from "react";
import { DataTable, type ListColumn, type RowSelection } from "@/components/console/list/data-table";
import { RowLink } from "@/components/console/list/row-link";
import type { TableSort } from "@/components/console/list/sort-header";
import { withSortKeys } from "@/components/console/readmodel/sortable-columns";
import type { EmploymentListItem } from "@/lib/contract";
import { employmentHref } from "@/lib/console/employments/links";
import { EMPLOYMENT_CELL_COLUMN_DEFS } from "./employment-cells";

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
            <RowLink href={employmentHref(e.id)} className="list-row-link">
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
        className: "list-row-clickable",
      })}
    />
  );
}
