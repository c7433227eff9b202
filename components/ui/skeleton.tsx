import { cn } from "./cn";

/** A Skeleton's own classes (components/ui/table-skeleton.tsx writes the same markup as text). */
export const SKELETON_CLASS = "animate-pulse rounded-md bg-slate-200 dark:bg-slate-800";

/** A placeholder block; hidden from assistive technology (the loading region announces itself). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn(SKELETON_CLASS, className)} />;
}
