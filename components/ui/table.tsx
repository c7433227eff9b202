import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

/**
 * A horizontally scrollable region for a wide table. It is focusable and labelled so keyboard users
 * can scroll it (axe: scrollable-region-focusable).
 */
export function TableContainer({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cn("relative overflow-x-auto", className)}>
      {children}
    </div>
  );
}

export function Table({ className, ...props }: ComponentProps<"table">) {
  return <table className={cn("min-w-full border-separate border-spacing-0 text-left text-sm", className)} {...props} />;
}

export function THead({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("bg-slate-50 dark:bg-slate-800/60", className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&>tr:last-child>td]:border-b-0", className)} {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={className} {...props} />;
}

export function Th({ className, scope = "col", ...props }: ComponentProps<"th">) {
  return <th scope={scope} className={cn("ui-th", className)} {...props} />;
}

export function Td({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("ui-td", className)} {...props} />;
}
