"use client";

import { buttonClasses } from "@/components/ui/button";
import { Popover, PopoverChevron, PopoverClose, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import type { EmploymentStatus } from "@/lib/contract";
import { STATUS_OPTIONS } from "@/lib/console/employments/labels";

/** Several statuses at once: a popover with a checkbox per status (spec 3.1 order). */
export function StatusFilter({ selected, onChange }: { selected: EmploymentStatus[]; onChange: (next: EmploymentStatus[]) => void }) {
  const toggle = (status: EmploymentStatus, checked: boolean) =>
    onChange(checked ? [...selected, status] : selected.filter((s) => s !== status));

  return (
    <Popover>
      <PopoverTrigger asChild>
        <button
          type="button"
          // The visible count is a badge; the name says it in words (sr-only spans add stray spaces).
          aria-label={selected.length > 0 ? `Status: ${selected.length} selected` : "Status"}
          className={buttonClasses({ variant: "secondary", className: "group w-full justify-between sm:w-auto" })}
        >
          <span>
            Status
            {selected.length > 0 ? (
              <span aria-hidden="true" className="ml-1.5 rounded-full bg-brand-600 px-1.5 py-0.5 text-xs font-semibold text-white">
                {selected.length}
              </span>
            ) : null}
          </span>
          <PopoverChevron />
        </button>
      </PopoverTrigger>
      <PopoverContent aria-label="Status filter" className="p-3">
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">Show employments in status</legend>
          <div className="grid max-h-[min(28rem,60vh)] gap-0.5 overflow-y-auto pr-1">
            {STATUS_OPTIONS.map((o) => (
              <label
                key={o.value}
                className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm text-slate-800 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={selected.includes(o.value)}
                  onChange={(e) => toggle(o.value, e.target.checked)}
                />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-3 flex justify-between gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
          <button
            type="button"
            className={buttonClasses({ variant: "ghost", size: "sm" })}
            onClick={() => onChange([])}
            disabled={selected.length === 0}
          >
            Clear statuses
          </button>
          <PopoverClose asChild>
            <button type="button" className={buttonClasses({ variant: "secondary", size: "sm" })}>
              Done
            </button>
          </PopoverClose>
        </div>
      </PopoverContent>
    </Popover>
  );
}
