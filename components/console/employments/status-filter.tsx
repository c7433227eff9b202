"use client";

import { lazy } from "react";
import { buttonClasses } from "@/components/ui/button";
import { DeferredPopover } from "@/components/ui/deferred-popover";
import { PopoverChevron } from "@/components/ui/popover-chevron";
import type { EmploymentStatus } from "@/lib/contract/enums";

// The panel (checkboxes and Radix's close button) and Radix's popover load when the pointer or focus
// first reaches the button: neither is part of the list page's first load
// (docs/decisions/console-bundle-budgets.md).
const loadPanel = () => import("./status-filter-panel");
const StatusFilterPanel = lazy(loadPanel);

/** Several statuses at once: a popover with a checkbox per status (spec 3.1 order). */
export function StatusFilter({ selected, onChange }: { selected: EmploymentStatus[]; onChange: (next: EmploymentStatus[]) => void }) {
  return (
    <DeferredPopover
      label="Status filter"
      className="p-3"
      preload={loadPanel}
      trigger={
        <button
          type="button"
          // The visible count is a badge; the name says it in words (sr-only spans add stray spaces).
          aria-label={selected.length > 0 ? `Status: ${selected.length} selected` : "Status"}
          className={buttonClasses({ variant: "secondary", className: "group w-full sm:w-auto" })}
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
      }
    >
      <StatusFilterPanel selected={selected} onChange={onChange} />
    </DeferredPopover>
  );
}
