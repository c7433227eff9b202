"use client";

import { useDisclosure } from "@/components/ui/use-disclosure";
import { useId } from "react";
import { cn } from "@/components/ui/cn";
import { openCompanyHref } from "@/lib/console/partner/url-state";

export interface SwitcherCompany {
  id: string;
  name: string;
}

/**
 * The operator's company switcher: which company the console acts for, and the way into another one
 * (or back to the partner view). A disclosure of plain links: each one is a navigation, so the whole
 * page (and every cached query) belongs to the company chosen.
 */
export function CompanySwitcher({ current, companies }: { current: SwitcherCompany | null; companies: SwitcherCompany[] }) {
  const { open, setOpen, root, button } = useDisclosure();
  const panelId = useId();

  const item = "block rounded-md px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800";
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        <span className="text-slate-600 dark:text-slate-400">Company:</span>
        <span>{current?.name ?? "All companies"}</span>
        <svg aria-hidden="true" viewBox="0 0 16 16" className={cn("size-4 text-slate-500 transition-transform", open && "rotate-180")}>
          <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-30 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
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
                  href={openCompanyHref(c.id)}
                  className={cn(item, current?.id === c.id && "font-semibold")}
                  aria-current={current?.id === c.id ? "true" : undefined}
                >
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
          {companies.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">No connected company yet.</p>
          ) : null}
        </nav>
      </div>
    </div>
  );
}
