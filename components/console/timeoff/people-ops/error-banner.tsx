import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { isScopeChanged, presentApiError } from "@/lib/console/employments/errors";
import type { PeopleOpsArea } from "@/lib/console/timeoff/people-ops/eligibility";
import { permissionDetails, type PeopleOpsOperation } from "@/lib/console/timeoff/people-ops/permissions";

export interface PeopleOpsErrorBannerProps {
  error: ApiErrorPayload;
  area: PeopleOpsArea;
  operation: PeopleOpsOperation;
  /** Extra lines (field errors that have no field on the form). */
  details?: string[];
  actions?: ReactNode;
  role?: "alert" | "status";
  className?: string;
}

/**
 * An API error of a people-ops operation: a title by kind, the API's message verbatim, the request id,
 * and for a 403 the permission the operation needs. A 409 reads as a conflict with the record's state
 * (the API's message says which: "An incentive in status paid cannot be deleted…"), not as the
 * employments pages' company-state title.
 */
export function PeopleOpsErrorBanner({ error, area, operation, details = [], actions, role, className }: PeopleOpsErrorBannerProps) {
  const p = presentApiError(error);
  const title = error.kind === "conflict" && !isScopeChanged(error) ? "The API refused the change" : p.title;
  const lines = [...permissionDetails(error, area, operation), ...details];
  return (
    <Alert tone={p.tone} title={title} role={role} actions={actions} className={className}>
      <p>{p.message}</p>
      {lines.length > 0 ? (
        <ul className="list-disc pl-5">
          {lines.map((d) => (
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
