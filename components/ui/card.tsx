import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

export function Card({ className, ...props }: ComponentProps<"section">) {
  return (
    <section
      className={cn("rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900", className)}
      {...props}
    />
  );
}

export interface CardHeaderProps {
  title: ReactNode;
  /** Id of the heading, for aria-labelledby on the card. */
  titleId?: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Heading level inside the page (h2 by default). */
  level?: 2 | 3;
}

export function CardHeader({ title, titleId, description, actions, level = 2 }: CardHeaderProps) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
      <div className="min-w-0">
        <Heading id={titleId} className="text-base font-semibold text-slate-900 dark:text-slate-100">
          {title}
        </Heading>
        {description ? <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("px-5 py-4", className)} {...props} />;
}
