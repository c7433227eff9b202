import type { ReactNode } from "react";
import { cn } from "./cn";

export type AlertTone = "info" | "success" | "warning" | "error";

const TONES: Record<AlertTone, string> = {
  info: "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-700 dark:bg-sky-950/40 dark:text-sky-100",
  success: "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950/40 dark:text-emerald-100",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100",
  error: "border-red-300 bg-red-50 text-red-950 dark:border-red-700 dark:bg-red-950/40 dark:text-red-100",
};

const ICONS: Record<AlertTone, string> = { info: "i", success: "✓", warning: "!", error: "!" };
const ICON_TONES: Record<AlertTone, string> = {
  info: "bg-sky-700 text-white",
  success: "bg-emerald-700 text-white",
  warning: "bg-amber-600 text-white",
  error: "bg-red-700 text-white",
};

export interface AlertProps {
  tone?: AlertTone;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** "alert" interrupts (errors that just happened), "status" is polite; none for static notes. */
  role?: "alert" | "status";
  className?: string;
}

export function Alert({ tone = "info", title, children, actions, role, className }: AlertProps) {
  return (
    <div role={role} className={cn("flex gap-3 rounded-lg border px-4 py-3 text-sm", TONES[tone], className)}>
      <span
        aria-hidden="true"
        className={cn("mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold", ICON_TONES[tone])}
      >
        {ICONS[tone]}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">{title}</p>
        {children ? <div className="space-y-1 break-words">{children}</div> : null}
        {actions ? <div className="flex flex-wrap gap-2 pt-2">{actions}</div> : null}
      </div>
    </div>
  );
}
