"use client";

import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * A navigation that collapses behind a menu button under 640 px (docs/decisions/console-phone-layout.md).
 * A disclosure: the button says whether the links are shown (aria-expanded) and which element it
 * shows (aria-controls); Escape closes it and returns focus to the button; following a link closes it.
 * From 640 px up the button is hidden and the links are always shown, as before.
 */
export function CollapsibleNav({ label, menuLabel = "Menu", children }: { label: string; menuLabel?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  // Closes on navigation (a client navigation keeps this component mounted).
  useEffect(() => setOpen(false), [pathname]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !open) return;
    e.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  // A link to the current page changes no pathname: close on any link followed.
  const onClick = (e: MouseEvent) => {
    if ((e.target as Element).closest("a")) setOpen(false);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onKeyDown}
        className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:hidden dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          {open ? (
            <path d="M5.3 4.3a1 1 0 0 1 1.4 0L10 7.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 9l3.3 3.3a1 1 0 0 1-1.4 1.4L10 10.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 9 5.3 5.7a1 1 0 0 1 0-1.4Z" />
          ) : (
            <path d="M3 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm0 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm1 4a1 1 0 1 0 0 2h12a1 1 0 1 0 0-2H4Z" />
          )}
        </svg>
        {menuLabel}
      </button>
      <nav
        id={id}
        aria-label={label}
        onKeyDown={onKeyDown}
        onClick={onClick}
        className={cn(
          "max-sm:order-last max-sm:basis-full max-sm:[&_a]:block max-sm:[&_ul]:flex-col max-sm:[&_ul]:items-stretch",
          open ? undefined : "max-sm:hidden",
        )}
      >
        {children}
      </nav>
    </>
  );
}
