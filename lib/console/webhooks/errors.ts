import type { ApiErrorPayload } from "@/lib/console/api-errors";

// What a webhooks error adds to the API's own message: a 403 names the permission the operation
// needs (spec section 5 scopes; DECISIONS.md: webhook writes are for company owners and admins).

export type WebhookOperation = "read" | "write" | "trigger";

export const WEBHOOK_PERMISSION_HINTS: Record<WebhookOperation, string> = {
  read: "Reading webhooks needs the webhook:read scope on this connection.",
  write:
    "Changing webhooks (register, edit, delete, replay) needs the webhook:write scope, and a company owner or admin: people managers and onboarding managers can't.",
  trigger: "Sending a test event needs the webhook:write scope and a company owner or admin, in the sandbox.",
};

/** Extra lines for the error banner of an operation (the permission for a 403, nothing otherwise). */
export function webhookErrorDetails(error: ApiErrorPayload, operation: WebhookOperation): string[] {
  return error.kind === "forbidden" ? [WEBHOOK_PERMISSION_HINTS[operation]] : [];
}
