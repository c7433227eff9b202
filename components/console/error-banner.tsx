import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { operationDetails, type ConsoleOperation } from "@/lib/console/errors/operations";
import { presentApiError } from "@/lib/console/errors/present";

export interface ErrorBannerProps {
  error: ApiErrorPayload;
  /** What the user tried: gives a 403 its permission hint and a 409 its meaning (lib/console/errors/operations.ts). */
  operation?: ConsoleOperation;
  /** A title naming what was refused ("The invitation was refused"), instead of the title by status and code. */
  title?: string;
  /** Extra lines (e.g. field errors that have no field on the form). */
  details?: string[];
  actions?: ReactNode;
  /** "alert" for an error that just happened; none when the page was rendered with it. */
  role?: "alert" | "status";
  className?: string;
}

/**
 * The console's one error banner (docs/decisions/console-error-path.md): a title by status and code,
 * the API's message verbatim, the permission the operation needs on a 403, extra lines, the request id.
 */
export function ErrorBanner({ error, operation, title, details = [], actions, role, className }: ErrorBannerProps) {
  const p = presentApiError(error, operation);
  const lines = [...operationDetails(error, operation), ...details];
  return (
    <Alert tone={p.tone} title={title ?? p.title} role={role} actions={actions} className={className}>
      <p>{p.message}</p>
      {lines.length > 0 ? (
        <ul className="list-disc pl-5">
          {lines.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : null}
      {p.requestId ? (
        <p className="text-xs opacity-90">
          Request id: <code className="select-all font-mono">{p.requestId}</code> (quote it to support)
        </p>
      ) : error.status > 0 ? (
        // Without a request id, the status is what support can use; a call that got no answer (status 0) has neither.
        <p className="text-xs opacity-90">{`HTTP ${error.status}`}</p>
      ) : null}
    </Alert>
  );
}

/** A 422 whose reasons were put on the form's fields: says so, with the request id for support. */
export function FieldRefusalNote({ error, what, where = "on the fields below" }: { error: ApiErrorPayload; what: string; where?: string }) {
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      The API refused {what}: its reasons are {where}.
      {error.requestId ? (
        <>
          {" "}
          Request id: <code className="select-all font-mono text-xs">{error.requestId}</code>
        </>
      ) : null}
    </p>
  );
}
