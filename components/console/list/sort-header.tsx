"use client";

import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { ariaSortOf, type SortOrder } from "@/lib/console/list";

/** The sort a table shows and how a header changes it (useList's `sortModel`). */
export interface TableSort {
  sort: string;
  order: SortOrder;
  /** A header's click: `toggleSort` then `change` (the list goes back to page 1). */
  onSort: (column: string) => void;
  /** The list's rows are not in this order (e.g. too many rows to sort across pages): headers show no arrow. */
  unavailable?: boolean;
}

/**
 * A sortable column's header: a real button (Tab, Enter, Space), its label and an arrow. The
 * header cell carries `aria-sort` (DataTable sets it from the column's `meta.sortKey`); the button's
 * accessible name says what a click does. Clicking the sorted column reverses it; another column
 * sorts by it ascending. docs/decisions/console-sort-and-saved-views.md
 */
export function SortHeader({
  column,
  sort,
  children,
  align,
}: {
  column: string;
  sort: TableSort;
  children: ReactNode;
  align?: "left" | "right";
}) {
  const state = sort.unavailable ? "none" : ariaSortOf(sort, column);
  const active = state !== "none";
  const next = active ? (state === "ascending" ? "descending" : "ascending") : "ascending";
  return (
    <button
      type="button"
      data-sort-key={column}
      onClick={() => sort.onSort(column)}
      className={cn(
        "-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase tracking-wide hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:text-white",
        align === "right" && "flex-row-reverse",
        active && "text-slate-900 dark:text-white",
      )}
    >
      {children}
      <span aria-hidden="true" className={cn("text-[0.7rem]", active ? "text-brand-700 dark:text-brand-50" : "text-slate-400")}>
        {active ? (state === "ascending" ? "▲" : "▼") : "↕"}
      </span>
      <span className="sr-only">{active ? `, sorted ${state}: sort ${next}` : `: sort ${next}`}</span>
    </button>
  );
}
