"use client";

import type { ReactElement, ReactNode } from "react";
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
        {children}
      </PopoverContent>
    </Popover>
  );
}
