import type { ReactNode } from "react";
import { ErrorBanner } from "@/components/console/error-banner";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { webhookErrorDetails, type WebhookOperation } from "@/lib/console/webhooks/errors";

/** An API error of a webhooks operation: the API's message and request id, plus the permission a 403 needs. */
export function WebhookErrorBanner({
  error,
  operation,
  details = [],
  actions,
  role,
  className,
}: {
  error: ApiErrorPayload;
  operation: WebhookOperation;
  details?: string[];
  actions?: ReactNode;
  role?: "alert" | "status";
  className?: string;
}) {
  return (
    <ErrorBanner
      error={error}
      details={[...webhookErrorDetails(error, operation), ...details]}
      actions={actions}
      role={role}
      className={className}
    />
  );
}
