"use client";

import { Suspense, type ReactElement, type ReactNode } from "react";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

/** DeferredPopover's Radix half, in its own chunk: the popover, open from the start (it loads on a press). */
export default function PopoverPanel({
  trigger,
  label,
  className,
  children,
}: {
  trigger: ReactElement;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Popover defaultOpen>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent aria-label={label} className={className}>
        {/* Content that loads lazily suspends here, not at DeferredPopover's boundary: that one would
            hide the open trigger and show its plain copy meanwhile (two buttons of the same name). */}
        <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading…</p>}>{children}</Suspense>
      </PopoverContent>
    </Popover>
  );
}
