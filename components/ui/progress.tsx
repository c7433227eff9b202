import { cn } from "./cn";

export interface ProgressProps {
  value: number;
  max: number;
  label: string;
  /** Read by screen readers instead of the bare number, e.g. "4 of 9 tasks completed". */
  valueText?: string;
  className?: string;
}

export function Progress({ value, max, label, valueText, className }: ProgressProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={cn("h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700", className)}
    >
      <div
        className={cn("h-full rounded-full transition-[width]", percent >= 100 ? "bg-emerald-600" : "bg-brand-600")}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
