import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { presentApiError } from "@/lib/console/employments/errors";

export interface ErrorBannerProps {
  error: ApiErrorPayload;
  /** Extra lines (e.g. field errors that have no field on the form). */
  details?: string[];
  actions?: ReactNode;
  /** "alert" for an error that just happened; none when the page was rendered with it. */
  role?: "alert" | "status";
  className?: string;
}

/** An API error as the user reads it: a title by kind, the API's message verbatim, the request id. */
export function ErrorBanner({ error, details, actions, role, className }: ErrorBannerProps) {
  const p = presentApiError(error);
  return (
    <Alert tone={p.tone} title={p.title} role={role} actions={actions} className={className}>
      <p>{p.message}</p>
      {details && details.length > 0 ? (
        <ul className="list-disc pl-5">
          {details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs opacity-90">
        {p.requestId ? (
          <>
            Request id: <code className="select-all font-mono">{p.requestId}</code> (quote it to support)
          </>
        ) : (
          <>HTTP {error.status || "—"}, no request id</>
        )}
      </p>
    </Alert>
  );
}
