import type { Environment } from "@/lib/contract/enums";
import { cn } from "@/components/ui/cn";

export const ENVIRONMENT_LABELS: Record<Environment, string> = { sandbox: "Sandbox", production: "Production" };

const STYLES: Record<Environment, string> = {
  sandbox: "bg-amber-100 text-amber-900 ring-amber-500/50 dark:bg-amber-400/15 dark:text-amber-200 dark:ring-amber-400/40",
  production: "bg-emerald-100 text-emerald-900 ring-emerald-600/40 dark:bg-emerald-400/15 dark:text-emerald-200 dark:ring-emerald-400/40",
};

/** The environment the console shows, always visible in the header. */
export function EnvironmentBadge({ environment, className }: { environment: Environment; className?: string }) {
  return (
    <span
      data-environment={environment}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset",
        STYLES[environment],
        className,
      )}
    >
      <span aria-hidden="true" className={cn("size-2 rounded-full", environment === "sandbox" ? "bg-amber-500" : "bg-emerald-600")} />
      <span className="sr-only">Environment: </span>
      {ENVIRONMENT_LABELS[environment]}
    </span>
  );
}
