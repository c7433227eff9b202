"use client";

import { buttonClasses } from "@/components/ui/button";
import { PopoverClose } from "@/components/ui/popover";
import type { EmploymentStatus } from "@/lib/contract/enums";
import { STATUS_OPTIONS } from "@/lib/console/employments/labels";

/** The status filter's panel (status-filter.tsx), loaded on first use: a checkbox per status. */
export default function StatusFilterPanel({
  selected,
  onChange,
}: {
  selected: EmploymentStatus[];
  onChange: (next: EmploymentStatus[]) => void;
}) {
  const toggle = (status: EmploymentStatus, checked: boolean) =>
    onChange(checked ? [...selected, status] : selected.filter((s) => s !== status));

  return (
    <>
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
    </>
  );
}
