import type { ReactNode } from "react";
import { cn } from "./cn";

export type BadgeTone = "gray" | "blue" | "sky" | "green" | "amber" | "orange" | "red" | "violet" | "teal";

// Text is the -800 shade on a -50 background (light) and -200 on a translucent -500 (dark): AA contrast.
// The classes of app/globals.css (`.ui-badge-<tone>`): one short name per badge, not the utilities' list.
const TONES: Record<BadgeTone, string> = {
  gray: "ui-badge-gray",
  blue: "ui-badge-blue",
  sky: "ui-badge-sky",
  green: "ui-badge-green",
  amber: "ui-badge-amber",
  orange: "ui-badge-orange",
  red: "ui-badge-red",
  violet: "ui-badge-violet",
  teal: "ui-badge-teal",
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
    <span title={title} className={cn("ui-badge", TONES[tone], className)}>
      {dot ? <span aria-hidden="true" className={cn("size-1.5 rounded-full", DOTS[tone])} /> : null}
      {children}
    </span>
  );
}
