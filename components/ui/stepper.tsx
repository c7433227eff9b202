import { cn } from "./cn";

export interface Step {
  key: string;
  label: string;
  state: "complete" | "current" | "upcoming";
}

const STATE_TEXT = { complete: "completed", current: "current stage", upcoming: "not reached" } as const;

/** An ordered list of steps; the current one carries aria-current="step". */
export function Stepper({ steps, label, className }: { steps: Step[]; label: string; className?: string }) {
  return (
    <ol aria-label={label} className={cn("grid gap-3 sm:grid-flow-col sm:auto-cols-fr sm:gap-0", className)}>
      {steps.map((step, i) => (
        <li key={step.key} aria-current={step.state === "current" ? "step" : undefined} className="ui-step">
          {i > 0 ? (
            <span
              aria-hidden="true"
              className={cn("ui-step-line", step.state === "upcoming" ? "bg-slate-200 dark:bg-slate-700" : "bg-brand-600")}
            />
          ) : null}
          <span
            aria-hidden="true"
            className={cn(
              "ui-step-dot",
              step.state === "complete" && "bg-brand-600 text-white ring-brand-600",
              step.state === "current" && "bg-white text-brand-700 ring-brand-600 dark:bg-slate-900 dark:text-brand-50",
              step.state === "upcoming" &&
                "bg-white text-slate-500 ring-slate-300 dark:bg-slate-900 dark:text-slate-400 dark:ring-slate-600",
            )}
          >
            {step.state === "complete" ? (
              <svg viewBox="0 0 16 16" fill="none" className="size-3.5">
                <path d="m3.5 8.5 3 3 6-7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            ) : (
              i + 1
            )}
          </span>
          <span
            className={cn(
              "ui-step-label",
              step.state === "current" ? "font-semibold text-slate-900 dark:text-white" : "text-slate-600 dark:text-slate-400",
            )}
          >
            {step.label}
            <span className="sr-only"> ({STATE_TEXT[step.state]})</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
