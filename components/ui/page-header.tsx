import type { ReactNode } from "react";

/** The page's one h1, with an optional kicker above, description and actions. */
export function PageHeader({
  title,
  kicker,
  description,
  actions,
  children,
}: {
  title: ReactNode;
  kicker?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        {kicker ? <div className="mb-1 text-sm text-slate-600 dark:text-slate-400">{kicker}</div> : null}
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        {description ? <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</div> : null}
        {children}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
