"use client";

import { useId } from "react";
import { Select } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { PAGE_SIZE_OPTIONS, pageWindow } from "@/lib/console/list";

// The foot of a list page: rows per page and the page links (shared by the payroll area lists).

export interface ListFooterProps {
  page: number;
  pageSize: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

export function ListFooter({ page, pageSize, totalPages, hrefFor, onPage, onPageSize }: ListFooterProps) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="whitespace-nowrap text-sm text-slate-700 dark:text-slate-300">
          Rows per page
        </label>
        <Select id={id} className="w-24" value={String(pageSize)} onChange={(e) => onPageSize(Number(e.target.value))}>
          {[...new Set([...PAGE_SIZE_OPTIONS, pageSize])]
            .sort((a, b) => a - b)
            .map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
        </Select>
      </div>
      {totalPages > 1 ? (
        <Pagination
          page={page}
          totalPages={totalPages}
          pages={pageWindow(Math.min(page, totalPages), totalPages)}
          hrefFor={hrefFor}
          onNavigate={onPage}
        />
      ) : null}
    </div>
  );
}

/** "Showing 21–40 of 137 payslips." for a page of a list. */
export function rangeText(page: number, pageSize: number, shown: number, total: number, noun: [string, string]): string {
  const name = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? noun[0] : noun[1]}`;
  if (shown === 0) return `${name(total)}.`;
  const from = (page - 1) * pageSize + 1;
  return `Showing ${from.toLocaleString("en-US")}–${(from + shown - 1).toLocaleString("en-US")} of ${name(total)}.`;
}
