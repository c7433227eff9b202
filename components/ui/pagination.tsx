"use client";

import type { MouseEvent } from "react";
import { cn } from "./cn";

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** Page numbers and gaps (null) to show. */
  pages: (number | null)[];
  hrefFor: (page: number) => string;
  /** Called on a plain left click (a modified click opens the link normally). */
  onNavigate?: (page: number) => void;
  className?: string;
}

const item =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";

export function Pagination({ page, totalPages, pages, hrefFor, onNavigate, className }: PaginationProps) {
  const go = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(target);
  };
  const edge = (target: number, label: string, text: string, enabled: boolean) =>
    enabled ? (
      <a href={hrefFor(target)} onClick={go(target)} aria-label={label} className={item}>
        {text}
      </a>
    ) : (
      <span aria-disabled="true" className={cn(item, "cursor-not-allowed text-slate-400 hover:bg-transparent dark:text-slate-500")}>
        {text}
      </span>
    );
  return (
    <nav aria-label="Pagination" className={className}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>{edge(page - 1, "Previous page", "‹ Previous", page > 1)}</li>
        {pages.map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={p}>
              <a
                href={hrefFor(p)}
                onClick={go(p)}
                aria-label={`Page ${p}`}
                aria-current={p === page ? "page" : undefined}
                className={cn(item, p === page && "bg-brand-600 text-white hover:bg-brand-700 dark:text-white dark:hover:bg-brand-700")}
              >
                {p}
              </a>
            </li>
          ),
        )}
        <li>{edge(page + 1, "Next page", "Next ›", page < totalPages)}</li>
      </ul>
    </nav>
  );
}
