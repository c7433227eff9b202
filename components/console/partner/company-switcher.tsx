"use client";

import { cn } from "@/components/ui/cn";
import { DeferredPopover } from "@/components/ui/deferred-popover";
import { PopoverChevron } from "@/components/ui/popover-chevron";

export interface SwitcherCompany {
  id: string;
  name: string;
}

/** A company of the switcher with the link that opens it (built on the server: see ConsoleHeader). */
export interface SwitcherEntry extends SwitcherCompany {
  href: string;
}

/**
 * The operator's company switcher: which company the console acts for, and the way into another one
 * (or back to the partner view). A popover of plain links: each one is a navigation, so the whole
 * page (and every cached query) belongs to the company chosen.
 */
export function CompanySwitcher({ current, companies }: { current: SwitcherCompany | null; companies: SwitcherEntry[] }) {
  const item = "block rounded-md px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800";
  return (
    <DeferredPopover
      label="Companies"
      className="p-2"
      trigger={
        <button
          type="button"
          className="group flex items-center gap-2 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          <span className="text-slate-600 dark:text-slate-400">Company:</span>
          <span>{current?.name ?? "All companies"}</span>
          <PopoverChevron />
        </button>
      }
    >
      <nav aria-label="Switch company">
        <ul>
          <li>
            <a href="/partner" className={item} aria-current={current === null ? "true" : undefined}>
              All companies (partner view)
            </a>
          </li>
          {companies.map((c) => (
            <li key={c.id}>
              <a
                href={c.href}
                className={cn(item, current?.id === c.id && "font-semibold")}
                aria-current={current?.id === c.id ? "true" : undefined}
              >
                {c.name}
              </a>
            </li>
          ))}
        </ul>
        {companies.length === 0 ? <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">No connected company yet.</p> : null}
      </nav>
    </DeferredPopover>
  );
}
