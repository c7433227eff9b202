"use client";

import { useDisclosure } from "@/components/ui/use-disclosure";
import { useId } from "react";
import { cn } from "@/components/ui/cn";
import { buttonClasses } from "@/components/ui/button";
import type { EmploymentStatus } from "@/lib/contract";
import { STATUS_OPTIONS } from "@/lib/console/employments/labels";

/** Several statuses at once: a disclosure with a checkbox per status (spec 3.1 order). */
export function StatusFilter({ selected, onChange }: { selected: EmploymentStatus[]; onChange: (next: EmploymentStatus[]) => void }) {
  const { open, setOpen, root, button } = useDisclosure();
  const id = useId();

  const toggle = (status: EmploymentStatus, checked: boolean) =>
    onChange(checked ? [...selected, status] : selected.filter((s) => s !== status));

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        // The visible count is a badge; the name says it in words (sr-only spans add stray spaces).
        aria-label={selected.length > 0 ? `Status: ${selected.length} selected` : "Status"}
        onClick={() => setOpen((o) => !o)}
        className={buttonClasses({ variant: "secondary", className: "w-full justify-between sm:w-auto" })}
      >
        <span>
          Status
          {selected.length > 0 ? (
            <span aria-hidden="true" className="ml-1.5 rounded-full bg-brand-600 px-1.5 py-0.5 text-xs font-semibold text-white">
              {selected.length}
            </span>
          ) : null}
        </span>
        <svg aria-hidden="true" viewBox="0 0 16 16" className={cn("size-4 text-slate-500 transition-transform", open && "rotate-180")}>
          <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div
        id={`${id}-panel`}
        hidden={!open}
        className="absolute left-0 z-30 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-3 shadow-lg sm:left-auto sm:right-0 dark:border-slate-700 dark:bg-slate-900"
      >
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
          <button type="button" className={buttonClasses({ variant: "secondary", size: "sm" })} onClick={() => setOpen(false)}>
            Done
          </button>
        </div>
      </div>
    </div>
  );
}
