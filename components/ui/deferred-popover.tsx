"use client";

import { cloneElement, lazy, Suspense, useState, type HTMLAttributes, type ReactElement, type ReactNode } from "react";

// A popover whose Radix code (positioning, focus scope, dismissable layer: about 18 KB gzip) is not
// part of the page's first load: the console's header shows its menus on every page, and they are
// opened rarely. The trigger is drawn as a plain button (collapsed, as Radix draws it); the pointer
// or focus reaching it starts the download, a press opens the popover once Radix is there. From then
// on it is Radix's popover (popover.tsx) with its keyboard, focus and dismissal behaviour.
// docs/decisions/console-bundle-budgets.md.

const loadPanel = () => import("./popover-panel");
const PopoverPanel = lazy(loadPanel);

type TriggerProps = HTMLAttributes<HTMLElement> & { "aria-expanded"?: boolean; "aria-haspopup"?: "dialog" };

export function DeferredPopover({
  trigger,
  label,
  className,
  children,
  preload: preloadContent,
}: {
  /** The trigger: one button element (its own onClick is not used). */
  trigger: ReactElement<TriggerProps>;
  /** The panel's accessible name. */
  label: string;
  /** Classes of the panel (PopoverContent). */
  className?: string;
  children: ReactNode;
  /** Starts the download of lazily loaded content (next to Radix's), when the trigger is approached. */
  preload?: () => unknown;
}) {
  const [wanted, setWanted] = useState(false);
  const preload = () => {
    void loadPanel();
    if (preloadContent) void preloadContent();
  };
  const plain = cloneElement(trigger, {
    "aria-haspopup": "dialog",
    "aria-expanded": false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => setWanted(true),
  });
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <PopoverPanel trigger={trigger} label={label} className={className}>
        {children}
      </PopoverPanel>
    </Suspense>
  );
}
