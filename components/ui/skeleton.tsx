import { cn } from "./cn";

/** A placeholder block; hidden from assistive technology (the loading region announces itself). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-slate-200 dark:bg-slate-800", className)} />;
}
