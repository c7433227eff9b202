import { ApiRequestError, describeApiError, type ApiErrorPayload } from "@/lib/console/api-errors";

// How an API error reads in the console: a title by kind (the UI branches on the kind, never on the
// message's text), the API's own message verbatim, and the request id for support.

export interface ErrorPresentation {
  tone: "error" | "warning";
  title: string;
  message: string;
  requestId: string | null;
}

export function presentApiError(e: ApiErrorPayload): ErrorPresentation {
  const base = { requestId: e.requestId };
  if (isScopeChanged(e)) return { ...base, tone: "warning", title: "Environment changed", message: e.message };
  switch (e.kind) {
    case "conflict":
      // Spec 4.1 rule 4: the message names the company's state; it is shown as the API wrote it.
      return { ...base, tone: "warning", title: "The company can't manage employments right now", message: e.message };
    case "forbidden":
      return { ...base, tone: "error", title: "Permission missing", message: describeApiError(e) };
    case "rate_limited":
      return {
        ...base,
        tone: "warning",
        title: "Too many requests",
        message: `${describeApiError(e)} Roster already waited once as the API asked; nothing was changed.`,
      };
    case "unauthorized":
      return { ...base, tone: "warning", title: "Signed out", message: describeApiError(e) };
    case "network":
      return { ...base, tone: "error", title: "The API is unreachable", message: describeApiError(e) };
    case "not_found":
      return { ...base, tone: "error", title: "Not found", message: e.message };
    case "validation":
      return { ...base, tone: "error", title: "The API refused the request", message: e.message };
    case "bad_request":
      return { ...base, tone: "error", title: "The request was refused", message: e.message };
    default:
      return { ...base, tone: "error", title: "The API failed", message: e.message };
  }
}

/** Code of the BFF's 409 when the session shows another environment or company than the caller's. */
export const SCOPE_CHANGED = "scope_changed";

/** The BFF's 409 when the session was switched to another environment or company meanwhile. */
export function isScopeChanged(e: ApiErrorPayload): boolean {
  return e.status === 409 && typeof e.body === "object" && e.body !== null && (e.body as { code?: unknown }).code === SCOPE_CHANGED;
}

/** Any thrown value as an error payload (the BFF client throws ApiRequestError; anything else is a bug). */
export function toErrorPayload(error: unknown): ApiErrorPayload {
  if (error instanceof ApiRequestError) return error.payload;
  return { kind: "server", status: 0, message: error instanceof Error ? error.message : String(error), requestId: null };
}
