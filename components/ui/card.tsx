import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

export function Card({ className, ...props }: ComponentProps<"section">) {
  return <section className={cn("ui-card", className)} {...props} />;
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
    <div className="ui-card-header">
      <div className="min-w-0">
        <Heading id={titleId} className="ui-card-title">
          {title}
        </Heading>
        {description ? <div className="ui-card-description">{description}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("px-5 py-4", className)} {...props} />;
}
