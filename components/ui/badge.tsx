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

export interface BadgeProps {
  tone?: BadgeTone;
  /** A dot of the tone's colour before the text (`.ui-badge-dot::before` of app/globals.css: no element of its own). */
  dot?: boolean;
  title?: string;
  className?: string;
  children: ReactNode;
}

export function Badge({ tone = "gray", dot, title, className, children }: BadgeProps) {
  return (
    <span title={title} className={cn("ui-badge", TONES[tone], dot && "ui-badge-dot", className)}>
      {children}
    </span>
  );
}
