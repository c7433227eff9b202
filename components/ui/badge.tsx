import type { ReactNode } from "react";
import { cn } from "./cn";

export type BadgeTone = "gray" | "blue" | "sky" | "green" | "amber" | "orange" | "red" | "violet" | "teal";

// Text is the -800 shade on a -50 background (light) and -200 on a translucent -500 (dark): AA contrast.
const TONES: Record<BadgeTone, string> = {
  gray: "bg-slate-100 text-slate-800 ring-slate-500/25 dark:bg-slate-500/15 dark:text-slate-200 dark:ring-slate-400/30",
  blue: "bg-blue-50 text-blue-800 ring-blue-600/25 dark:bg-blue-500/15 dark:text-blue-200 dark:ring-blue-400/30",
  sky: "bg-sky-50 text-sky-800 ring-sky-600/25 dark:bg-sky-500/15 dark:text-sky-200 dark:ring-sky-400/30",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-600/25 dark:bg-emerald-500/15 dark:text-emerald-200 dark:ring-emerald-400/30",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/30 dark:bg-amber-500/15 dark:text-amber-200 dark:ring-amber-400/30",
  orange: "bg-orange-50 text-orange-800 ring-orange-600/25 dark:bg-orange-500/15 dark:text-orange-200 dark:ring-orange-400/30",
  red: "bg-red-50 text-red-800 ring-red-600/25 dark:bg-red-500/15 dark:text-red-200 dark:ring-red-400/30",
  violet: "bg-violet-50 text-violet-800 ring-violet-600/25 dark:bg-violet-500/15 dark:text-violet-200 dark:ring-violet-400/30",
  teal: "bg-teal-50 text-teal-800 ring-teal-600/25 dark:bg-teal-500/15 dark:text-teal-200 dark:ring-teal-400/30",
};

const DOTS: Record<BadgeTone, string> = {
  gray: "bg-slate-500",
  blue: "bg-blue-600",
  sky: "bg-sky-600",
  green: "bg-emerald-600",
  amber: "bg-amber-500",
  orange: "bg-orange-500",
  red: "bg-red-600",
  violet: "bg-violet-600",
  teal: "bg-teal-600",
};

export interface BadgeProps {
  tone?: BadgeTone;
  dot?: boolean;
  title?: string;
  className?: string;
  children: ReactNode;
}

export function Badge({ tone = "gray", dot, title, className, children }: BadgeProps) {
  return (
    <span
      title={title}
      className={cn(
        "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        TONES[tone],
        className,
      )}
    >
      {dot ? <span aria-hidden="true" className={cn("size-1.5 rounded-full", DOTS[tone])} /> : null}
      {children}
    </span>
  );
}
