import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { presentApiError } from "@/lib/console/employments/errors";

/**
 * An API refusal under a title that names what was refused (the shared ErrorBanner titles a 409 as an
 * employment matter): the API's message verbatim, extra lines, and the request id.
 */
export function RefusalAlert({
  title,
  error,
  details,
  actions,
}: {
  title: string;
  error: ApiErrorPayload;
  details?: string[];
  actions?: ReactNode;
}) {
  const p = presentApiError(error);
  return (
    <Alert tone={p.tone} title={title} role="alert" actions={actions}>
      <p>{p.message}</p>
      {details?.length ? (
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
