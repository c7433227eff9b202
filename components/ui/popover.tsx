"use client";

import type { ComponentProps } from "react";
import { Popover as PopoverPrimitive } from "radix-ui";
import { cn } from "./cn";

/**
 * A button that shows a panel, on Radix: the trigger carries aria-expanded/aria-controls, Escape and a
 * press outside close the panel, focus moves into it on open and back to the trigger on close.
 * Compose as <Popover><PopoverTrigger asChild><button/></PopoverTrigger><PopoverContent/></Popover>.
 */
export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
/** Closes the popover it sits in (wrap a button with asChild). */
export const PopoverClose = PopoverPrimitive.Close;

export function PopoverContent({ className, align = "end", sideOffset = 8, ...props }: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={8}
        className={cn(
          "z-30 w-72 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900",
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}

// Radix-free, so that a trigger can be drawn before Radix loads (deferred-popover.tsx).
export { PopoverChevron } from "./popover-chevron";
